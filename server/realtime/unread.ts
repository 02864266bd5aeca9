// The header's unread count, pushed to the sockets that watch it: per person, coalesced (a burst of messages costs
// one count per person), and only when it changed.
import type { Db } from "../../db/client";
import type { Announcement } from "../../app/messaging/index.server";
import { getParticipantIds, getUnreadCounts } from "../../app/messaging/index.server";
import { errorSummary } from "../../app/lib/error-summary";
import type { FanOut } from "./fan-out";
import type { Client, Registry } from "./registry";

const UNREAD_FLUSH_MS = 150;
/**
 * A recipient whose page here has the conversation open marks each message read as it arrives
 * (app/messaging/conversation-page.tsx): their count is asked this long (to twice this long) after the message, unless
 * their read comes first and has it asked (issue 43, decision 0094).
 */
export const LIVE_READER_FLUSH_MS = 1_000;

export type UnreadCounts = ReturnType<typeof createUnreadCounts>;

/** Where the counts and a conversation's participants are read: the messaging capability's, or a test's own. */
export type UnreadStore = { getUnreadCounts: typeof getUnreadCounts; getParticipantIds: typeof getParticipantIds };

export function createUnreadCounts(db: Db, registry: Registry, fanOut: FanOut, store: UnreadStore = { getUnreadCounts, getParticipantIds }) {
  const { byUser } = registry;
  let watchers = 0;
  const due = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Recipients reading the conversation live: counted at the latest 1-2 LIVE_READER_FLUSH_MS after the message, or with
  // the next flush after anything else queues them (their read), which comes after the message and so counts it.
  // Counted at once, such a reader was told 1 and, a moment later, 0 whenever a flush fell between the message and
  // their read: with guardians that was up to four pushes a message more, and more of them the further the server
  // fell behind (decision 0094).
  // Two generations: those queued in this tick and those queued in the last one, counted at the next tick (each waits
  // one to two ticks): one timer for all, and none counted sooner than a tick after their message.
  let later = new Set<string>();
  let older = new Set<string>();
  let laterTimer: ReturnType<typeof setInterval> | null = null;
  // The count each person was last told, so that a message read as it arrives (up one, down one within a flush)
  // costs their sockets nothing.
  const lastUnread = new Map<string, number>();
  const watching = (userId: string) => [...(byUser.get(userId) ?? [])].filter((c) => c.watchUnread);
  const isWatched = (userId: string) => {
    for (const c of byUser.get(userId) ?? []) if (c.watchUnread) return true;
    return false;
  };

  function queue(userId: string) {
    if (watchers === 0 || !byUser.get(userId)?.size) return;
    later.delete(userId);
    older.delete(userId);
    due.add(userId);
    timer ??= setTimeout(() => void flush(), UNREAD_FLUSH_MS);
  }

  /** Whether a socket of the person here has the conversation open (its page marks what arrives read). */
  const readingLive = (userId: string, conversationId: string) => {
    for (const c of byUser.get(userId) ?? []) if (c.subscriptions.has(conversationId)) return true;
    return false;
  };

  /** A new message for a person reading its conversation live: counted once their read came, or LIVE_READER_FLUSH_MS to twice that later. */
  function queueLive(userId: string) {
    if (watchers === 0) return;
    // Whatever else had them due waits too: the later count sees it as well.
    due.delete(userId);
    if (!older.has(userId)) later.add(userId);
    laterTimer ??= setInterval(tick, LIVE_READER_FLUSH_MS);
  }

  function tick() {
    const users = older;
    older = later;
    later = new Set();
    for (const u of users) queue(u);
    if (older.size === 0 && laterTimer) {
      clearInterval(laterTimer);
      laterTimer = null;
    }
  }

  async function flush() {
    timer = null;
    const users = [...due].filter(isWatched);
    due.clear();
    if (users.length === 0) return;
    try {
      const counts = await store.getUnreadCounts(db, users);
      for (const [userId, count] of counts) {
        if (lastUnread.get(userId) === count) continue;
        lastUnread.set(userId, count);
        fanOut.sendAll(watching(userId), { type: "unread", count });
      }
    } catch (err) {
      console.error("realtime: unread count failed:", errorSummary(err));
    }
  }

  return {
    /** The person's count may have changed (queued only while some socket here watches a count). */
    queue,
    /**
     * The messages' recipients' counts changed: from the announcement's participants, or read when it had none. The
     * sender's own count does not change (their own messages are never unread to them), so they are not asked about
     * when the announcement says who sent it (half of the people counted in a chat between two, issue 43).
     */
    async queueFor(batch: Array<Extract<Announcement, { kind: "message" }>>) {
      if (watchers === 0) return;
      const unknown = new Set<string>();
      for (const a of batch) {
        const sender = a.row?.sender_id;
        if (a.participants) {
          for (const userId of a.participants) if (userId !== sender) (readingLive(userId, a.conversationId) ? queueLive : queue)(userId);
        } else unknown.add(a.conversationId);
      }
      for (const id of unknown) for (const userId of await store.getParticipantIds(db, id)) queue(userId);
    },
    /** Starts pushing the person's unread count to this socket, beginning with the count now. */
    async watch(c: Client) {
      if (!c.watchUnread) watchers++;
      c.watchUnread = true;
      const count = (await store.getUnreadCounts(db, [c.userId])).get(c.userId) ?? 0;
      lastUnread.set(c.userId, count);
      fanOut.send(c, { type: "unread", count });
    },
    /** The socket is gone (`lastOfPerson`: its person has no other socket here). */
    forget(c: Client, lastOfPerson: boolean) {
      if (lastOfPerson) lastUnread.delete(c.userId);
      if (c.watchUnread) watchers--;
      c.watchUnread = false;
    },
    close: () => {
      if (timer) clearTimeout(timer);
      if (laterTimer) clearInterval(laterTimer);
    },
  };
}
