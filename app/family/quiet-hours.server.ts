// Safe Play's quiet hours for what the socket says about a coach (decision 0022, issue 24). Between QUIET_HOURS in
// ORG_TIME_ZONE a coach cannot message a minor (sendRefusal), and a minor is not shown the coach typing or reading
// either: a typing indicator at 23:00 is contact too. Guardians and adults still see it. And a coach Safe Play's read
// rule keeps from a conversation (not cleared, no staff-confirmed guardian of the minor in it) shows nobody in it any
// activity at any hour (decision 0074): their read receipt told the minor they were there, though they may not read it.
// The socket's hub asks this before it fans out any live signal about a person (server/realtime/hub.ts); the browser
// decides nothing.
// It lives beside safe-play.server.ts and uses its `isMinorPerson` and `getConversationSafety`, so "minor" and
// "participant" mean what they mean for sending.
import { getConversationsSafety, isMinorPerson, readRefusal, type SafePlaySettings, type SafetyPerson } from "../safe-play/index.server";
import { inQuietHours } from "~/safe-play/safe-play";
import type { Db } from "../../db/client";

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
  return (actor !== undefined && actor.role !== "coach") || !isMinorPerson(listener, settings);
}

export type ActivityAudience = (conversationId: string, actorId: string, listenerId: string) => boolean;

/**
 * The rule for a batch of signals in the given conversations: who may see whose activity now. The participants are
 * read once for the batch (the read rule needs them at any hour). A coach the read rule keeps from a conversation
 * shows its activity to nobody there; otherwise, outside quiet hours everyone may see it, and during them the
 * quiet-hours rule above answers. A conversation not asked about has no participants here, so nobody in it is told
 * anything of anyone but a client outside quiet hours.
 */
export async function getActivityAudience(db: Pick<Db, "execute">, conversationIds: string[], settings: SafePlaySettings): Promise<ActivityAudience> {
  const now = settings.clock();
  const quiet = activityMayBeWithheld(settings, now);
  const byConversation = await getConversationsSafety(db, conversationIds);
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
    return canSeeActivity(inIt?.get(actorId), inIt?.get(listenerId), settings, now);
  };
}
