// The WebSocket hub at /ws. It authenticates by the session cookie, accepts only pages of this site (Origin),
// checks membership for every subscription, and pushes to its own sockets what the database announces
// (server/notify-listener.ts). The socket never carries anything the database has not committed.
import type http from "node:http";
import type { Duplex } from "node:stream";
import { fromNodeHeaders } from "better-auth/node";
import { WebSocket, WebSocketServer } from "ws";
import { ClientEventSchema, MessageContentSchema, TYPING_THROTTLE_MS, type ClientEvent, type ServerEvent } from "../app/lib/messaging";
import { getParticipantIds, getUnreadCount, isConversationParticipant } from "../app/models/conversations.server";
import { announce, createMessage, getMessagesByIds, markConversationRead, type Announcement } from "../app/models/messages.server";
import type { AppServices } from "./context";
import { listenForAnnouncements } from "./notify-listener";
import { allowedOriginsFor } from "./security";

export const REALTIME_PATH = "/ws";
const MAX_BUFFERED_BYTES = 1024 * 1024;

type Client = {
  ws: WebSocket;
  userId: string;
  subscriptions: Set<string>;
  watchUnread: boolean;
  lastTyping: Map<string, number>;
  alive: boolean;
};

export function attachRealtime(server: http.Server, services: AppServices, databaseUrl: string) {
  const { db, auth, config } = services;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const byConversation = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  let unreadWatchers = 0;

  const send = (c: Client, e: ServerEvent) => {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    // A browser that stops reading must not make the server hold unbounded data for it.
    if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) return c.ws.terminate();
    c.ws.send(JSON.stringify(e));
  };
  const add = <K>(map: Map<K, Set<Client>>, key: K, c: Client) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(c);
  };
  const remove = <K>(map: Map<K, Set<Client>>, key: K, c: Client) => {
    const set = map.get(key);
    set?.delete(c);
    if (set?.size === 0) map.delete(key);
  };

  const refuseUpgrade = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`);
  };

  // Only our path: every other upgrade (Vite's HMR socket in development) is left to its own handler.
  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== REALTIME_PATH) return;
    socket.on("error", () => socket.destroy());
    void (async () => {
      const forwarded = config.trustProxy ? String(req.headers["x-forwarded-proto"] ?? "").split(",")[0]?.trim() : "";
      const protocol = forwarded || ("encrypted" in socket && socket.encrypted ? "https" : "http");
      const origin = req.headers.origin;
      if (!origin || !allowedOriginsFor(req.headers.host, protocol, config).includes(origin)) return refuseUpgrade(socket, 403, "Forbidden");
      let session;
      try {
        session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
      } catch (err) {
        console.error("realtime: session check failed:", err);
        return refuseUpgrade(socket, 500, "Internal Server Error");
      }
      if (!session) return refuseUpgrade(socket, 401, "Unauthorized");
      const userId = session.user.id;
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, userId));
    })();
  };
  server.on("upgrade", onUpgrade);

  function onConnection(ws: WebSocket, userId: string) {
    const c: Client = { ws, userId, subscriptions: new Set(), watchUnread: false, lastTyping: new Map(), alive: true };
    add(byUser, userId, c);
    ws.on("pong", () => (c.alive = true));
    ws.on("error", () => ws.terminate());
    ws.on("close", () => {
      for (const id of c.subscriptions) remove(byConversation, id, c);
      remove(byUser, userId, c);
      if (c.watchUnread) unreadWatchers--;
    });
    // Handled one at a time per socket, so a subscribe is settled before the next message is read.
    let queue = Promise.resolve();
    ws.on("message", (raw) => {
      queue = queue.then(() => handle(c, raw.toString())).catch((err) => {
        console.error("realtime: message handling failed:", err);
        send(c, { type: "error", error: "Something went wrong." });
      });
    });
    send(c, { type: "ready", userId });
  }

  async function handle(c: Client, raw: string) {
    let event: ClientEvent;
    try {
      const parsed = ClientEventSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) return send(c, { type: "error", error: "Invalid request." });
      event = parsed.data;
    } catch {
      return send(c, { type: "error", error: "Invalid request." });
    }
    switch (event.type) {
      case "subscribe": {
        if (c.subscriptions.has(event.conversationId)) return send(c, { type: "subscribed", conversationId: event.conversationId });
        if (!(await isConversationParticipant(db, event.conversationId, c.userId))) {
          return send(c, { type: "error", error: "forbidden", conversationId: event.conversationId });
        }
        if (c.ws.readyState !== WebSocket.OPEN) return;
        c.subscriptions.add(event.conversationId);
        add(byConversation, event.conversationId, c);
        return send(c, { type: "subscribed", conversationId: event.conversationId });
      }
      case "unsubscribe":
        c.subscriptions.delete(event.conversationId);
        remove(byConversation, event.conversationId, c);
        return;
      case "typing": {
        if (!c.subscriptions.has(event.conversationId)) return send(c, { type: "error", error: "forbidden", conversationId: event.conversationId });
        const now = Date.now();
        if (now - (c.lastTyping.get(event.conversationId) ?? 0) < TYPING_THROTTLE_MS) return;
        c.lastTyping.set(event.conversationId, now);
        return announce(db, { k: "t", c: event.conversationId, u: c.userId });
      }
      case "read": {
        const n = await markConversationRead(db, event.conversationId, c.userId);
        if (n === null) send(c, { type: "error", error: "forbidden", conversationId: event.conversationId });
        return;
      }
      case "watchUnread":
        if (!c.watchUnread) unreadWatchers++;
        c.watchUnread = true;
        return send(c, { type: "unread", count: await getUnreadCount(db, c.userId) });
      case "send": {
        const content = MessageContentSchema.safeParse(event.content);
        if (!content.success) return send(c, { type: "error", error: content.error.issues[0]!.message, ref: event.ref });
        const message = await createMessage(db, { conversationId: event.conversationId, senderId: c.userId, content: content.data });
        if (!message) return send(c, { type: "error", error: "forbidden", conversationId: event.conversationId, ref: event.ref });
        return send(c, { type: "ack", ref: event.ref, message });
      }
    }
  }

  async function pushUnreadCounts(conversationId: string, except: string | null) {
    if (unreadWatchers === 0) return;
    for (const userId of await getParticipantIds(db, conversationId)) {
      if (userId === except) continue;
      const watchers = [...(byUser.get(userId) ?? [])].filter((c) => c.watchUnread);
      if (watchers.length === 0) continue;
      const count = await getUnreadCount(db, userId);
      for (const w of watchers) send(w, { type: "unread", count });
    }
  }

  async function onAnnouncement(a: Announcement) {
    const subscribers = byConversation.get(a.c);
    if (a.k === "t") {
      for (const c of subscribers ?? []) if (c.userId !== a.u) send(c, { type: "typing", conversationId: a.c, userId: a.u });
      return;
    }
    if (a.k === "r") {
      for (const c of subscribers ?? []) send(c, { type: "read", conversationId: a.c, readerId: a.u, upTo: a.at });
      const watchers = [...(byUser.get(a.u) ?? [])].filter((c) => c.watchUnread);
      if (watchers.length) {
        const count = await getUnreadCount(db, a.u);
        for (const w of watchers) send(w, { type: "unread", count });
      }
      return;
    }
    pendingMessages.push(a);
    if (!draining) void drainMessages();
  }

  // Announced messages are read back in batches: one query for whatever arrived while the last one ran.
  const pendingMessages: Array<Extract<Announcement, { k: "m" }>> = [];
  let draining = false;
  async function drainMessages() {
    draining = true;
    try {
      while (pendingMessages.length) {
        const batch = pendingMessages.splice(0, 500);
        const wanted = batch.filter((a) => byConversation.get(a.c)?.size).map((a) => a.id);
        const found = new Map((await getMessagesByIds(db, wanted)).map((m) => [m.id, m]));
        for (const a of batch) {
          const message = found.get(a.id);
          if (message) for (const c of byConversation.get(a.c) ?? []) send(c, { type: "message", message });
          void pushUnreadCounts(a.c, message?.senderId ?? null).catch((err) => console.error("realtime: unread count failed:", err));
        }
      }
    } catch (err) {
      console.error("realtime: reading announced messages failed:", err);
      for (const set of byUser.values()) for (const c of set) send(c, { type: "resync" });
    } finally {
      draining = false;
    }
  }

  const listener = listenForAnnouncements(
    databaseUrl,
    (a) => void onAnnouncement(a).catch((err) => console.error("realtime: announcement failed:", err)),
    () => {
      for (const set of byUser.values()) for (const c of set) send(c, { type: "resync" });
    },
  );

  // Drops sockets whose browser vanished without closing (sleep, lost network).
  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) {
      for (const c of set) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }
  }, 30_000);
  heartbeat.unref();

  return {
    ready: listener.ready,
    /** Closes every socket with `code` (1012 "Service Restart" on a stop: the browser reconnects). */
    close: async (code = 1001) => {
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.close(code, "Server restarting");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const ws of wss.clients) ws.terminate();
      await listener.close();
    },
  };
}
