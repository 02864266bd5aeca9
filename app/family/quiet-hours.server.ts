// Safe Play's quiet hours for what the socket says about a coach (decision 0022, issue 24). Between QUIET_HOURS in
// ORG_TIME_ZONE a coach cannot message a minor (sendRefusal), and a minor is not shown the coach typing or reading
// either: a typing indicator at 23:00 is contact too. Guardians and adults still see it. And a coach Safe Play's read
// rule keeps from a conversation (not cleared, no staff-confirmed guardian of the minor in it) shows nobody in it any
// activity at any hour (decision 0074): their read receipt told the minor they were there, though they may not read it.
// The socket's hub asks this before it fans out any live signal about a person (server/realtime/hub.ts); the browser
// decides nothing.
// It uses Safe Play's `isMinorPerson`, `readRefusal` and `getConversationsSafety`, so "minor" and "participant" mean
// what they mean for sending and reading.
import { getConversationsSafety, isMinorPerson, readRefusal, type SafePlaySettings, type SafetyPerson } from "../safe-play/index.server";
import { inQuietHours } from "~/safe-play/safe-play";
import type { SqlExecutor } from "../../db/client";

/** Whether anyone's live signals can be withheld at `now`: outside quiet hours everyone sees everyone's. */
export function activityMayBeWithheld(settings: SafePlaySettings, now: Date = settings.clock()): boolean {
  return inQuietHours(now, settings.timeZone, settings.quietHours);
}

/**
 * The rule: may `listener` be told, live, that `actor` is typing or reading in a conversation they share? Not when the
 * actor is a coach, the listener a minor and it is quiet hours. A listener who is not a participant is told nothing;
 * an actor who is not found is treated as a coach (withholding a typing dot costs nothing).
 */
export function canSeeActivity(
  actor: Pick<SafetyPerson, "role"> | undefined,
  listener: Pick<SafetyPerson, "role" | "kind" | "dateOfBirth"> | undefined,
  settings: SafePlaySettings,
  now: Date = settings.clock(),
): boolean {
  if (!listener) return false;
  if (!activityMayBeWithheld(settings, now)) return true;
  return canSeeActivityInQuietHours(actor, listener, settings);
}

/** The rule above once it is quiet hours (asked once per batch of signals, not once per listener). */
function canSeeActivityInQuietHours(
  actor: Pick<SafetyPerson, "role"> | undefined,
  listener: Pick<SafetyPerson, "role" | "kind" | "dateOfBirth">,
  settings: SafePlaySettings,
): boolean {
  return (actor !== undefined && actor.role !== "coach") || !isMinorPerson(listener, settings);
}

export type ActivityAudience = (conversationId: string, actorId: string, listenerId: string) => boolean;

/**
 * The rule for a batch of signals in the given conversations: who may see whose activity now, on their participants
 * (by conversation id; the read rule needs them at any hour) and the settings' clock. A coach the read rule keeps
 * from a conversation shows its activity to nobody there; otherwise, outside quiet hours everyone may see it, and during them the
 * quiet-hours rule above answers. A conversation not asked about has no participants here, so nobody in it is told
 * anything of anyone but a client outside quiet hours.
 */
function audienceOf(byConversation: Map<string, SafetyPerson[]>, settings: SafePlaySettings): ActivityAudience {
  const now = settings.clock();
  const quiet = activityMayBeWithheld(settings, now);
  const people = new Map([...byConversation].map(([id, list]) => [id, new Map(list.map((p) => [p.id, p]))] as const));
  // Whether the read rule keeps the actor from the conversation, asked once per actor and conversation of the batch.
  const keptOut = new Map<string, boolean>();
  const isKeptOut = (conversationId: string, actorId: string) => {
    const key = `${conversationId} ${actorId}`;
    let out = keptOut.get(key);
    if (out === undefined) {
      const list = byConversation.get(conversationId) ?? [];
      const actor = list.find((p) => p.id === actorId);
      // A coach not found in it (they left) is kept out too; a client never is (the read rule is about staff).
      out = actor ? readRefusal(list, actorId, settings) !== null : true;
      keptOut.set(key, out);
    }
    return out;
  };
  return (conversationId, actorId, listenerId) => {
    const inIt = people.get(conversationId);
    if (inIt?.get(actorId)?.role !== "client" && isKeptOut(conversationId, actorId)) return false;
    if (!quiet) return true;
    // canSeeActivity's rule with the time of day read once above for the batch: reading it formats the date in the
    // org's zone, and once per listener it was 1-2% of the server's time in a night-time bench:messages (issue 43).
    const listener = inIt?.get(listenerId);
    return listener !== undefined && canSeeActivityInQuietHours(inIt?.get(actorId), listener, settings);
  };
}

/** Conversations whose participants one process remembers for the rule at most (the oldest are forgotten first). */
const REMEMBERED_CONVERSATIONS = 20_000;

/**
 * The same rule for a process that hands on every typing and reading signal (the socket's hub): each conversation's
 * participants, as the rule reads them, are remembered until its Safe Play version moves. Every change the rule reads
 * moves that version and the database announces it (migrations 0015, 0028, 0045); the hub calls `forget` when the
 * announcement reaches it, in the order announcements came, and `forgetAll` when announcements may have been missed.
 * So a batch of signals asks PostgreSQL only about conversations it has not seen since their last change (asking on
 * every batch made messaging's quiet p99 five times longer, issue 43). Time is not remembered: the clock is read on
 * every batch, so a training that lapses at midnight or an 18th birthday counts at once.
 */
export function createActivityAudiences(db: SqlExecutor, settings: SafePlaySettings, limit = REMEMBERED_CONVERSATIONS) {
  const remembered = new Map<string, SafetyPerson[]>();
  // Moves on every forgetting: a read that began before one is not remembered (it may predate the change).
  let generation = 0;
  return {
    async audience(conversationIds: string[]): Promise<ActivityAudience> {
      const missing = [...new Set(conversationIds)].filter((id) => !remembered.has(id));
      const byConversation = new Map<string, SafetyPerson[]>();
      if (missing.length) {
        const began = generation;
        const read = await getConversationsSafety(db, missing);
        for (const [id, list] of read) {
          byConversation.set(id, list);
          if (generation !== began) continue;
          remembered.set(id, list);
          if (remembered.size > limit) remembered.delete(remembered.keys().next().value as string);
        }
      }
      for (const id of conversationIds) {
        const list = byConversation.get(id) ?? remembered.get(id);
        if (list) byConversation.set(id, list);
      }
      return audienceOf(byConversation, settings);
    },
    /** The conversation's Safe Play version moved: read its participants again when next asked. */
    forget(conversationId: string) {
      generation++;
      remembered.delete(conversationId);
    },
    /** Announcements may have been missed (the listener reconnected): read every conversation again. */
    forgetAll() {
      generation++;
      remembered.clear();
    },
    /** How many conversations are remembered (for tests). */
    get size() {
      return remembered.size;
    },
  };
}

export type ActivityAudiences = ReturnType<typeof createActivityAudiences>;
