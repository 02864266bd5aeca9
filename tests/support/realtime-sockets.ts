// The realtime server of one app process over real sockets, for integration tests: attached to a real HTTP server
// and a real PostgreSQL (its LISTEN connection included). Only the session lookup is stood in for (as in
// tests/support/route-context.ts): it reads the sessions table, so the hub's own session checks see real rows.
import { clearCoach } from "./cleared";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { loadConfig } from "../../server/config";
import type { AppServices } from "../../server/context";
import { attachRealtime } from "../../server/realtime/index";

export type Person = { id: string; token: string };

/** A person with a live session (its token goes in the test cookie). */
export async function makePerson(
  db: Db,
  role: "client" | "coach",
  fullName: string,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<Person> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, fullName, role, ...extra });
  if (role === "coach") await clearCoach(db, id);
  const token = crypto.randomBytes(16).toString("hex");
  await db.insert(sessions).values({ id: crypto.randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 3600_000) });
  return { id, token };
}

/**
 * The realtime server of one app process; `env` adds settings (e.g. SAFE_PLAY_NOW, the clock Safe Play reads). Given a
 * `clock`, Safe Play reads that instead (a test moves it), and `midnight()` runs what the hub's own midnight timer runs
 * (read-rechecks.ts: every subscription asked again), since a test cannot wait for the timer's hours.
 */
export async function startRealtime(db: Db, url: string, env: Record<string, string> = {}, clock?: () => Date) {
  // Better Auth's getSession, stood in for: the session whose token the cookie carries, read from the database.
  const sessionFor = async (headers: Headers) => {
    const token = /(?:^|;\s*)test_session=([0-9a-f]+)/.exec(headers.get("cookie") ?? "")?.[1];
    if (!token) return null;
    const { rows } = await db.execute<{ id: string; user_id: string; expires_at: Date }>(
      sql`select id, user_id, expires_at from sessions where token = ${token} and expires_at > now()`,
    );
    const s = rows[0];
    return s ? { user: { id: s.user_id }, session: { id: s.id, expiresAt: s.expires_at } } : null;
  };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: origin, ORG_TIME_ZONE: "America/New_York", ...env });
  // One settings object: config.messaging.safePlay is config.safePlay (server/config.ts).
  if (clock) Object.assign(config.safePlay, { clock: () => new Date(clock().getTime()), clockFixed: true });
  const auth = { api: { getSession: ({ headers }: { headers: Headers }) => sessionFor(headers) } };
  const realtime = withMidnightTimer(() => attachRealtime(server, { db, config, auth, secret: "s".repeat(32) } as unknown as AppServices, url));
  await realtime.ready;
  return {
    origin,
    /** The hub's midnight: its timer's own callback, run now (it asks every subscription again and sets the next). */
    midnight: realtime.midnight,
    close: async () => {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Runs `attach` (attachRealtime: its hub sets the timer for the next midnight of Safe Play's clock while it is made) and
 * keeps that timer's callback: the one timer set then for more than a minute (the others are intervals or seconds).
 */
function withMidnightTimer<T>(attach: () => T): T & { midnight?: () => void } {
  const real = globalThis.setTimeout;
  const long: Array<() => void> = [];
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if ((ms ?? 0) > 60_000) long.push(fn);
    return real(fn, ms, ...rest);
  }) as typeof setTimeout;
  try {
    const attached = attach();
    // Not found (the real clock a minute before midnight): no midnight to run (a caller that needs one says so).
    return Object.assign(attached as object, { midnight: long.length === 1 ? long[0] : undefined }) as T & { midnight?: () => void };
  } finally {
    globalThis.setTimeout = real;
  }
}

export type Socket = {
  events: Array<Record<string, unknown>>;
  send: (e: unknown) => void;
  /** Waits (up to 5 s) until an event that matches has arrived. */
  next: (match: (e: Record<string, unknown>) => boolean) => Promise<void>;
  close: () => void;
  /** Whether the socket is still open (the server closes a person's sockets when their sessions end). */
  isOpen: () => boolean;
};

/** A signed-in page's socket: open, and told who it is ("ready"). */
export async function openSocket(origin: string, person: Person): Promise<Socket> {
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/ws`, { headers: { Origin: origin, Cookie: `test_session=${person.token}` } });
  const events: Array<Record<string, unknown>> = [];
  const waiting = new Set<() => void>();
  ws.on("message", (d) => {
    events.push(JSON.parse(String(d)) as Record<string, unknown>);
    for (const check of waiting) check();
  });
  const socket: Socket = {
    events,
    send: (e) => ws.send(JSON.stringify(e)),
    next: (match) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such event; got ${JSON.stringify(events)}`)), 5000);
        const check = () => {
          if (!events.some(match)) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    close: () => ws.close(),
    isOpen: () => ws.readyState === WebSocket.OPEN,
  };
  await socket.next((e) => e.type === "ready");
  return socket;
}

/** Opens a socket per person and subscribes each to the conversation. */
export async function subscribedSockets(origin: string, people: Person[], conversationId: string): Promise<Socket[]> {
  const sockets = await Promise.all(people.map((p) => openSocket(origin, p)));
  for (const s of sockets) {
    s.send({ type: "subscribe", conversationId });
    await s.next((e) => e.type === "subscribed" && e.conversationId === conversationId);
  }
  return sockets;
}
