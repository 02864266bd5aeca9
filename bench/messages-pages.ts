// The pages bench:messages opens (bench/messages.ts): a signed-in page's socket, and what the pages receive, counted.
import WebSocket from "ws";

/**
 * A signed-in page with a conversation open, as app/messaging/realtime-client.ts does it: one socket, subscribed to the
 * conversation, watching the unread count for the header's badge, and marking the conversation read (`read`)
 * when the other side's message arrives while it is open (app/routes/messages.$conversationId.tsx).
 */
export function connect(base: string, cookie: string, conversationId: string, onEvent: (e: Record<string, unknown>) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, { headers: { Origin: base, Cookie: cookie } });
    let userId: string | undefined;
    ws.on("message", (d) => {
      const e = JSON.parse(String(d)) as Record<string, unknown>;
      if (e.type === "ready") userId = e.userId as string;
      if (e.type === "subscribed") resolve(ws);
      const m = e.message as { id: string; senderId: string } | undefined;
      if (e.type === "message" && m!.senderId !== userId) ws.send(JSON.stringify({ type: "read", conversationId, upTo: m!.id }));
      onEvent(e);
    });
    ws.once("open", () => {
      ws.send(JSON.stringify({ type: "subscribe", conversationId }));
      ws.send(JSON.stringify({ type: "watchUnread" }));
    });
    ws.once("error", reject);
    ws.once("unexpected-response", (_q, r) => reject(new Error(`socket refused: ${r.statusCode}`)));
  });
}

/**
 * Frames the pages received, by type, while `on()` says the window is being measured: a push the server did not need
 * costs it a write and the pages a read (issue 43, decision 0094).
 */
export function frameCounter(on: () => boolean) {
  const frames = new Map<string, number>();
  return {
    count(e: Record<string, unknown>) {
      if (on()) frames.set(String(e.type), (frames.get(String(e.type)) ?? 0) + 1);
    },
    /** Each type's frames per chat message sent in the window, the most first: "1.00 ack, 3.00 message, ...". */
    perMessage(chatMessages: number): string {
      return [...frames]
        .sort((a, b) => b[1] - a[1])
        .map(([type, n]) => `${(chatMessages === 0 ? 0 : n / chatMessages).toFixed(2)} ${type}`)
        .join(", ");
    },
  };
}
