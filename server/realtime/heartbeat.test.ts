// The heartbeat (issue 43): every socket is pinged once every 30 s and dropped when it did not answer the last ping,
// but a thirtieth of them a second, never all in one turn. Fake sockets and timers: nothing but the schedule is tested.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { startHeartbeat } from "./hub";
import { createRegistry, newClient, type Client } from "./registry";

function fakeClient(i: number): Client {
  const ws = { ping: vi.fn(), terminate: vi.fn() } as unknown as WebSocket;
  return newClient({ id: `socket ${i}`, ws, userId: `person ${i % 20}`, sessionId: `session ${i}`, sessionExpiresAt: Infinity });
}

const pings = (c: Client) => vi.mocked(c.ws.ping).mock.calls.length;

afterEach(() => {
  vi.useRealTimers();
});

describe("the heartbeat", () => {
  it("pings every socket once in 30 s, at most a thirtieth of them in any second, and drops one that did not answer", async () => {
    vi.useFakeTimers();
    const registry = createRegistry();
    const clients = Array.from({ length: 90 }, (_, i) => fakeClient(i));
    for (const c of clients) registry.register(c);
    const silent = clients[7]!;
    const heartbeat = startHeartbeat(registry);
    try {
      let before = 0;
      for (let second = 1; second <= 30; second++) {
        await vi.advanceTimersByTimeAsync(1000);
        const now = clients.reduce((n, c) => n + pings(c), 0);
        expect(now - before).toBeLessThanOrEqual(3);
        before = now;
        // Everyone but the silent socket answers its ping.
        for (const c of clients) if (c !== silent) c.alive = true;
      }
      expect(clients.map(pings)).toEqual(clients.map(() => 1));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(vi.mocked(silent.ws.terminate)).toHaveBeenCalledTimes(1);
      expect(clients.filter((c) => vi.mocked(c.ws.terminate).mock.calls.length > 0)).toEqual([silent]);
      expect(clients.filter((c) => c !== silent).map(pings)).toEqual(clients.slice(1).map(() => 2));
    } finally {
      clearInterval(heartbeat);
    }
  });
});
