// The hub: which sockets this process holds, for whom, on which session, subscribed to what (registry.ts). It pushes to
// them what the database announces (messages, read receipts, typing; fan-out.ts, unread.ts), and closes every socket of
// a session the moment that session ends anywhere (session-ends.ts).
// What it says about a person's activity (typing, reading) goes only to those Safe Play lets see it: during quiet
// hours, not from a coach to a minor (app/family/quiet-hours.server.ts).
import type { Db } from "../../db/client";
import { createActivityAudiences, type ActivityAudience, type ActivityAudiences } from "../../app/family/index.server";
import { DEFAULT_SAFE_PLAY, type SafePlaySettings } from "../../app/safe-play/index.server";
import type { MessageView, ServerEvent } from "../../app/messaging/core";
import { getMessagesByIds, toView, type Announcement } from "../../app/messaging/index.server";
import { errorSummary } from "../../app/lib/error-summary";
import { createFanOut, type FanOut } from "./fan-out";
import { createReadRechecks } from "./read-rechecks";
import { createRegistry, type Client, type Registry } from "./registry";
import { createSessionEnds } from "./session-ends";
import { createUnreadCounts, type UnreadCounts } from "./unread";

export { errorSummary };
export type { Client };
export { SESSION_SWEEP_MS } from "./session-ends";

export type Hub = ReturnType<typeof createHub>;

/** How often every socket is pinged; one that did not answer the last ping is dropped. */
const HEARTBEAT_MS = 30_000;
/** The heartbeat pings a slice of the sockets this often (HEARTBEAT_MS is a whole number of slices). */
const HEARTBEAT_SLICE_MS = 1_000;
/** Announcements handled in one batch (one read-back query, one Safe Play audience). */
const ANNOUNCEMENT_BATCH = 500;

export function createHub(db: Db, safePlay: SafePlaySettings = DEFAULT_SAFE_PLAY) {
  const registry = createRegistry();
  const { byConversation, byUser, bySession } = registry;
  const fanOut = createFanOut();
  const unread = createUnreadCounts(db, registry, fanOut);
  const unregister = (c: Client) => unread.forget(c, registry.unregister(c));
  const sessions = createSessionEnds(db, registry, unregister);
  const resyncAll = () => fanOut.sendAll(registry.allClients(), { type: "resync" });

  const rechecks = createReadRechecks(db, safePlay, {
    readersOf: (conversationId) => new Set([...(byConversation.get(conversationId) ?? [])].map((c) => c.userId)),
    conversations: () => byConversation.keys(),
    withhold: (conversationId, userId) => {
      for (const c of byUser.get(userId) ?? []) {
        if (!c.subscriptions.has(conversationId)) continue;
        registry.unsubscribe(c, conversationId);
        fanOut.send(c, { type: "withheld", conversationId });
      }
    },
  });

  /** Subscribes the socket, unless its person was removed from the conversation since `since` (mark()). */
  function subscribe(c: Client, conversationId: string, since = registry.mark()): boolean {
    const answer = registry.subscribe(c, conversationId, since);
    if (answer === "recheck") void rechecks.recheck([conversationId]).catch(() => rechecks.recheckAll());
    return answer !== "refused";
  }

  const audiences = createActivityAudiences(db, safePlay);
  const announcements = createAnnouncements(db, { registry, fanOut, unread, rechecks, resyncAll, audiences });
  const heartbeat = startHeartbeat(registry);

  return {
    send: fanOut.send,
    register: registry.register,
    unregister,
    mark: registry.mark,
    subscribe,
    unsubscribe: registry.unsubscribe,
    watchUnread: unread.watch,
    endSession: sessions.endSession,
    verifySessions: sessions.verifySessions,
    onAnnouncement: announcements.onAnnouncement,
    /** A session was deleted or its expiry brought forward: if this process holds its sockets, re-read it. */
    onSessionChanged: (sessionId: string) => {
      if (bySession.has(sessionId)) sessions.check([sessionId]);
    },
    /** After the database listener reconnects: announcements may have been missed, so browsers reload and every session is re-checked. */
    onResync: () => {
      audiences.forgetAll();
      resyncAll();
      void rechecks.recheckAll();
      sessions.check([...bySession.keys()]);
    },
    clients: registry.allClients,
    close: () => {
      rechecks.close();
      sessions.close();
      clearInterval(heartbeat);
      unread.close();
    },
  };
}

type AnnouncementDeps = {
  registry: Registry;
  fanOut: FanOut;
  unread: UnreadCounts;
  rechecks: ReturnType<typeof createReadRechecks>;
  resyncAll: () => void;
  audiences: ActivityAudiences;
};

// Every announcement is handled in the order it came, in batches: a typing signal that waits for Safe Play's check
// must not overtake the message typed after it. Messages come with their content when it fits in the payload; the
// others are read back (one query for whatever arrived while the last one ran), and only for conversations someone
// here listens to. Signals about a person's activity are read against Safe Play's activity rule, on each
// conversation's participants as remembered since its last safety change (a safety announcement in the batch is
// forgotten before the batch is read, so no signal after a change is judged on what came before it).
function createAnnouncements(db: Db, { registry, fanOut, unread, rechecks, resyncAll, audiences }: AnnouncementDeps) {
  const { byConversation } = registry;
  const pending: Announcement[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    try {
      while (pending.length) {
        const batch = pending.splice(0, ANNOUNCEMENT_BATCH);
        const heard = batch.filter((a) => byConversation.get(a.conversationId)?.size);
        const wanted = heard.flatMap((a) => (a.kind === "message" && !a.row ? [a.id] : []));
        const active = heard.flatMap((a) => (a.kind === "typing" || a.kind === "read" ? [a.conversationId] : []));
        for (const a of batch) if (a.kind === "safety") audiences.forget(a.conversationId);
        const [found, audience] = await Promise.all([
          wanted.length ? getMessagesByIds(db, wanted).then((ms) => new Map(ms.map((m) => [m.id, m]))) : new Map<string, MessageView>(),
          audiences.audience(active),
        ]);
        for (const a of batch) {
          const waiting = handOn(a, found, audience);
          if (waiting) await waiting;
        }
        await unread.queueFor(batch.filter((a) => a.kind === "message"));
      }
    } catch (err) {
      console.error("realtime: handling announcements failed:", errorSummary(err));
      resyncAll();
    } finally {
      draining = false;
    }
  }

  /** One announcement to the sockets here that hear it; a promise when the next must wait for it. */
  function handOn(a: Announcement, found: Map<string, MessageView>, audience: ActivityAudience): Promise<void> | undefined {
    if (a.kind === "safety") {
      registry.safetyChanged(a.conversationId);
      // Asked before anything announced after the change is handed to the readers it may now refuse.
      if (byConversation.has(a.conversationId)) return rechecks.recheck([a.conversationId]);
    } else if (a.kind === "left") {
      // The person left the conversation: every socket of theirs here stops hearing it at once, and is told.
      for (const c of registry.removed(a.conversationId, a.userId)) fanOut.send(c, { type: "removed", conversationId: a.conversationId });
      unread.queue(a.userId);
    } else if (a.kind === "message") {
      const message = a.row ? toView(a.row) : found.get(a.id);
      const subscribers = byConversation.get(a.conversationId);
      if (message && subscribers) fanOut.sendAll(subscribers, { type: "message", message });
    } else if (a.kind === "typing") {
      sendActivity(a, audience, { type: "typing", conversationId: a.conversationId, userId: a.userId });
    } else {
      sendActivity(a, audience, { type: "read", conversationId: a.conversationId, readerId: a.userId, upTo: a.upTo });
      unread.queue(a.userId);
    }
  }

  /**
   * The one way a signal about a person's activity (typing, reading) leaves this process: to the others subscribed to
   * the conversation whom the quiet-hours rule lets see it. The person's own sockets are not told.
   */
  function sendActivity(a: Extract<Announcement, { kind: "typing" | "read" }>, audience: ActivityAudience, e: ServerEvent) {
    const subscribers = byConversation.get(a.conversationId);
    if (subscribers) fanOut.sendAll(subscribers, e, (c) => c.userId === a.userId || !audience(a.conversationId, a.userId, c.userId));
  }

  return {
    async onAnnouncement(a: Announcement) {
      pending.push(a);
      if (!draining) void drain();
    },
  };
}

/**
 * Drops sockets whose browser vanished without closing (sleep, lost network). Each socket is pinged every
 * HEARTBEAT_MS and dropped if it did not answer the last ping; the sockets are pinged a slice a second, each in its
 * own slice for as long as it is open, not all at once: with 3,000 sockets that was 3,000 writes (a system call each)
 * in one turn of the event loop and 3,000 pongs read right after it, every 30 s, while everyone's messages waited
 * behind them (issue 43).
 */
export function startHeartbeat(registry: Registry) {
  const slices = HEARTBEAT_MS / HEARTBEAT_SLICE_MS;
  const sliceOf = new WeakMap<Client, number>();
  let nextSlice = 0;
  let tick = 0;
  const heartbeat = setInterval(() => {
    const slice = tick++ % slices;
    for (const c of registry.allClients()) {
      let own = sliceOf.get(c);
      if (own === undefined) sliceOf.set(c, (own = nextSlice++ % slices));
      if (own !== slice) continue;
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, HEARTBEAT_SLICE_MS);
  heartbeat.unref();
  return heartbeat;
}
