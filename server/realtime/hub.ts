// The hub: which sockets this process holds, for whom, on which session, subscribed to what. It pushes to
// them what the database announces (messages, read receipts, typing), and closes every socket of a session
// the moment that session ends anywhere (sign-out, "sign out everywhere", password change, expiry).
// What it says about a person's activity (typing, reading) goes only to those Safe Play lets see it: during quiet
// hours, not from a coach to a minor (app/family/quiet-hours.server.ts).
import { WebSocket } from "ws";
import type { Db } from "../../db/client";
import { getActivityAudience, type ActivityAudience } from "../../app/family/index.server";
import { DEFAULT_SAFE_PLAY, type SafePlaySettings } from "../../app/safe-play/index.server";
import { SESSION_ENDED_CLOSE_CODE, type MessageView, type ServerEvent } from "../../app/messaging/core";
import { getParticipantIds, getUnreadCounts, getMessagesByIds, toView, type Announcement, getLiveSessions } from "../../app/messaging/index.server";
import { errorSummary } from "../../app/lib/error-summary";
import { createReadRechecks } from "./read-rechecks";

export { errorSummary };

/** A browser will not read more than this: past it the socket is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How often sockets are checked against their session's expiry (sessions ended by a write are announced). */
export const SESSION_SWEEP_MS = 1000;
const UNREAD_FLUSH_MS = 150;

export type Client = {
  /** The socket's row in realtime_sockets. */
  id: string;
  ws: WebSocket;
  userId: string;
  sessionId: string;
  sessionExpiresAt: number;
  subscriptions: Set<string>;
  watchUnread: boolean;
  lastTyping: Map<string, number>;
  alive: boolean;
  /** Client events read but not yet handled (bounded by the protocol). */
  pending: number;
  queue: Promise<void>;
};

export type Hub = ReturnType<typeof createHub>;

export function createHub(db: Db, safePlay: SafePlaySettings = DEFAULT_SAFE_PLAY) {
  const byConversation = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  let unreadWatchers = 0;

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

  function send(c: Client, e: ServerEvent) {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) return c.ws.terminate();
    write(c, JSON.stringify(e));
  }

  // Everything written to a socket in one turn of the event loop leaves in one system call: the socket is corked
  // at its first write and uncorked once the turn's work is done (profiles under load put a quarter of the
  // process's time in one writev per event).
  const corked = new Set<Client>();
  /** The TCP socket under a WebSocket (ws keeps it as `_socket`). */
  const tcpOf = (c: Client) => (c.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
  function write(c: Client, text: string) {
    const socket = tcpOf(c);
    if (socket && !corked.has(c)) {
      socket.cork();
      if (corked.size === 0) setImmediate(uncorkAll);
      corked.add(c);
    }
    c.ws.send(text);
  }
  function uncorkAll() {
    for (const c of corked) tcpOf(c)?.uncork();
    corked.clear();
  }

  /** The same event to many sockets: serialised once, not once per socket. */
  function sendAll(clients: Iterable<Client>, e: ServerEvent, skip?: (c: Client) => boolean) {
    let text: string | null = null;
    for (const c of clients) {
      if (skip?.(c) || c.ws.readyState !== WebSocket.OPEN) continue;
      if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        c.ws.terminate();
        continue;
      }
      write(c, (text ??= JSON.stringify(e)));
    }
  }

  function allClients(): Client[] {
    const out: Client[] = [];
    for (const set of byUser.values()) out.push(...set);
    return out;
  }

  function register(c: Client) {
    add(byUser, c.userId, c);
    add(bySession, c.sessionId, c);
  }

  function unregister(c: Client) {
    for (const id of c.subscriptions) remove(byConversation, id, c);
    c.subscriptions.clear();
    remove(byUser, c.userId, c);
    if (!byUser.has(c.userId)) lastUnread.delete(c.userId);
    remove(bySession, c.sessionId, c);
    if (c.watchUnread) unreadWatchers--;
    c.watchUnread = false;
  }

  // Removals (announcement "x") by person and conversation, numbered: a subscription whose membership check started
  // before a removal was heard is refused, whichever of the check's answer and the removal's announcement came first.
  let heardCount = 0;
  const removals = new Map<string, number>();
  const removalKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

  /** A mark to take before checking a subscription's membership (see subscribe). */
  const mark = () => heardCount;

  // Safe Play changes by conversation, numbered the same way: a subscription whose read check started before one was
  // heard is checked again once it is in place (read-rechecks.ts).
  const safetyChanges = new Map<string, number>();
  const rechecks = createReadRechecks(db, safePlay, {
    readersOf: (conversationId) => new Set([...(byConversation.get(conversationId) ?? [])].map((c) => c.userId)),
    conversations: () => byConversation.keys(),
    withhold: (conversationId, userId) => {
      for (const c of byUser.get(userId) ?? []) {
        if (!c.subscriptions.has(conversationId)) continue;
        unsubscribe(c, conversationId);
        send(c, { type: "withheld", conversationId });
      }
    },
  });

  /** Subscribes the socket, unless its person was removed from the conversation since `since` (mark()). */
  function subscribe(c: Client, conversationId: string, since = heardCount): boolean {
    if ((removals.get(removalKey(conversationId, c.userId)) ?? -1) >= since) return false;
    c.subscriptions.add(conversationId);
    add(byConversation, conversationId, c);
    if ((safetyChanges.get(conversationId) ?? -1) >= since) void rechecks.recheck([conversationId]).catch(() => rechecks.recheckAll());
    return true;
  }

  /** The person left the conversation: every socket of theirs here stops hearing it at once, and is told. */
  function removeFromConversation(conversationId: string, userId: string) {
    removals.set(removalKey(conversationId, userId), heardCount++);
    if (removals.size > 10_000) removals.delete(removals.keys().next().value!);
    for (const c of byUser.get(userId) ?? []) {
      if (!c.subscriptions.has(conversationId)) continue;
      unsubscribe(c, conversationId);
      send(c, { type: "removed", conversationId });
    }
  }

  function unsubscribe(c: Client, conversationId: string) {
    c.subscriptions.delete(conversationId);
    remove(byConversation, conversationId, c);
  }

  /** Closes every socket of the session on this process: it can neither hear nor send anything more. */
  function endSession(sessionId: string) {
    const set = bySession.get(sessionId);
    if (!set) return;
    for (const c of [...set]) {
      unregister(c);
      c.ws.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
      // A browser that does not answer the close handshake is cut off anyway.
      setTimeout(() => c.ws.terminate(), 1000).unref();
    }
  }

  /** Re-reads the given sessions and ends the ones that are gone or expired; extends the others' expiry. */
  async function verifySessions(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    const live = await getLiveSessions(db, sessionIds);
    for (const id of sessionIds) {
      const expires = live.get(id);
      if (!expires) endSession(id);
      else for (const c of bySession.get(id) ?? []) c.sessionExpiresAt = expires.getTime();
    }
  }

  // Natural expiry writes nothing, so nothing is announced: each second, sockets whose session's known expiry
  // has passed are checked against the database (Better Auth may have extended it meanwhile).
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    const now = Date.now();
    const due = [...bySession.entries()].filter(([, set]) => [...set].some((c) => c.sessionExpiresAt <= now)).map(([id]) => id);
    if (due.length === 0) return;
    sweeping = true;
    verifySessions(due)
      .catch((err) => console.error("realtime: session sweep failed:", errorSummary(err)))
      .finally(() => (sweeping = false));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  // Unread counts are pushed per person, coalesced: a burst of messages costs one count per person.
  const unreadDue = new Set<string>();
  let unreadTimer: ReturnType<typeof setTimeout> | null = null;
  function queueUnread(userId: string) {
    if (!byUser.get(userId)?.size) return;
    unreadDue.add(userId);
    unreadTimer ??= setTimeout(() => void flushUnread(), UNREAD_FLUSH_MS);
  }
  // The count each person was last told, so that a message read as it arrives (up one, down one within a flush)
  // costs their sockets nothing.
  const lastUnread = new Map<string, number>();
  async function flushUnread() {
    unreadTimer = null;
    const users = [...unreadDue].filter((userId) => [...(byUser.get(userId) ?? [])].some((c) => c.watchUnread));
    unreadDue.clear();
    if (users.length === 0) return;
    try {
      const counts = await getUnreadCounts(db, users);
      for (const [userId, count] of counts) {
        if (lastUnread.get(userId) === count) continue;
        lastUnread.set(userId, count);
        sendAll(
          [...(byUser.get(userId) ?? [])].filter((c) => c.watchUnread),
          { type: "unread", count },
        );
      }
    } catch (err) {
      console.error("realtime: unread count failed:", errorSummary(err));
    }
  }

  /** Starts pushing the person's unread count to this socket, beginning with the count now. */
  async function watchUnread(c: Client) {
    if (!c.watchUnread) unreadWatchers++;
    c.watchUnread = true;
    const count = (await getUnreadCounts(db, [c.userId])).get(c.userId) ?? 0;
    lastUnread.set(c.userId, count);
    send(c, { type: "unread", count });
  }

  // Every announcement is handled in the order it came, in batches: a typing signal that waits for Safe Play's check
  // must not overtake the message typed after it. Messages come with their content when it fits in the payload; the
  // others are read back (one query for whatever arrived while the last one ran), and only for conversations someone
  // here listens to. Signals about a person's activity are read against the quiet-hours rule, which reads the
  // participants only during quiet hours.
  const pending: Announcement[] = [];
  let draining = false;
  async function onAnnouncement(a: Announcement) {
    pending.push(a);
    if (!draining) void drain();
  }

  async function drain() {
    draining = true;
    try {
      while (pending.length) {
        const batch = pending.splice(0, 500);
        const heard = batch.filter((a) => byConversation.get(a.conversationId)?.size);
        const wanted = heard.flatMap((a) => (a.kind === "message" && !a.row ? [a.id] : []));
        const active = heard.flatMap((a) => (a.kind === "typing" || a.kind === "read" ? [a.conversationId] : []));
        const [found, audience] = await Promise.all([
          wanted.length ? getMessagesByIds(db, wanted).then((ms) => new Map(ms.map((m) => [m.id, m]))) : new Map<string, MessageView>(),
          getActivityAudience(db, active, safePlay),
        ]);
        for (const a of batch) {
          if (a.kind === "safety") {
            safetyChanges.set(a.conversationId, heardCount++);
            if (safetyChanges.size > 10_000) safetyChanges.delete(safetyChanges.keys().next().value!);
            // Asked before anything announced after the change is handed to the readers it may now refuse.
            if (byConversation.has(a.conversationId)) await rechecks.recheck([a.conversationId]);
          } else if (a.kind === "left") {
            removeFromConversation(a.conversationId, a.userId);
            if (unreadWatchers > 0) queueUnread(a.userId);
          } else if (a.kind === "message") {
            const message = a.row ? toView(a.row) : found.get(a.id);
            const subscribers = byConversation.get(a.conversationId);
            if (message && subscribers) sendAll(subscribers, { type: "message", message });
          } else if (a.kind === "typing") {
            sendActivity(a, audience, { type: "typing", conversationId: a.conversationId, userId: a.userId });
          } else {
            sendActivity(a, audience, { type: "read", conversationId: a.conversationId, readerId: a.userId, upTo: a.upTo });
            if (unreadWatchers > 0) queueUnread(a.userId);
          }
        }
        if (unreadWatchers > 0) await queueUnreadFor(batch.filter((a) => a.kind === "message"));
      }
    } catch (err) {
      console.error("realtime: handling announcements failed:", errorSummary(err));
      resyncAll();
    } finally {
      draining = false;
    }
  }

  /**
   * The one way a signal about a person's activity (typing, reading) leaves this process: to the others subscribed to
   * the conversation whom the quiet-hours rule lets see it. The person's own sockets are not told.
   */
  function sendActivity(a: Extract<Announcement, { kind: "typing" | "read" }>, audience: ActivityAudience, e: ServerEvent) {
    const subscribers = byConversation.get(a.conversationId);
    if (subscribers) sendAll(subscribers, e, (c) => c.userId === a.userId || !audience(a.conversationId, a.userId, c.userId));
  }

  async function queueUnreadFor(batch: Array<Extract<Announcement, { kind: "message" }>>) {
    const unknown = new Set<string>();
    for (const a of batch) {
      if (a.participants) for (const userId of a.participants) queueUnread(userId);
      else unknown.add(a.conversationId);
    }
    for (const id of unknown) for (const userId of await getParticipantIds(db, id)) queueUnread(userId);
  }

  function resyncAll() {
    sendAll(allClients(), { type: "resync" });
  }

  // Drops sockets whose browser vanished without closing (sleep, lost network).
  const heartbeat = setInterval(() => {
    for (const c of allClients()) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, 30_000);
  heartbeat.unref();

  return {
    send,
    register,
    unregister,
    mark,
    subscribe,
    unsubscribe,
    watchUnread,
    endSession,
    verifySessions,
    onAnnouncement,
    /** A session was deleted or its expiry brought forward: if this process holds its sockets, re-read it. */
    onSessionChanged: (sessionId: string) => {
      if (!bySession.has(sessionId)) return;
      void verifySessions([sessionId]).catch((err) => console.error("realtime: session check failed:", errorSummary(err)));
    },
    /** After the database listener reconnects: announcements may have been missed, so browsers reload and every session is re-checked. */
    onResync: () => {
      resyncAll();
      void rechecks.recheckAll();
      void verifySessions([...bySession.keys()]).catch((err) => console.error("realtime: session check failed:", errorSummary(err)));
    },
    clients: allClients,
    close: () => {
      rechecks.close();
      clearInterval(sweep);
      clearInterval(heartbeat);
      if (unreadTimer) clearTimeout(unreadTimer);
    },
  };
}
