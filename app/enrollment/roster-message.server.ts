// A coach messages a whole roster in one step (issue 29): each household gets the message in its own conversation
// with the coach (the athlete and, through Safe Play, their guardians), so replies stay private to that family. It
// goes through messaging's one send path (startConversation and createMessage), so Safe Play, quiet hours, the
// families' confirmation and the missed-message mails all apply as to any other message; nothing is sent another way.
// The answer accounts for every family (issue 39): sent, or not sent and why; the families quiet hours alone held
// back may have it kept for the end of quiet hours (messaging's scheduleMessage, which asks Safe Play again itself).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import {
  ConversationRuleError,
  createMessage,
  refusalAnswer,
  scheduleMessage,
  scheduleOfferFor,
  startConversation,
  type ScheduleOffer,
  type SendLimits,
} from "~/messaging/index.server";
import { m } from "~/paraglide/messages";
import { isCoachOfSession, type Actor } from "./access.server";

export type RosterMessageResult = {
  sent: number;
  refused: Array<{ athlete: string; reason: string }>;
  /** The families quiet hours alone held back, by athlete, and when the message could go to them. */
  later: { athleteIds: string[]; offer: ScheduleOffer } | null;
};

export type RosterScheduleResult = { scheduled: number; at: string; refused: Array<{ athlete: string; reason: string }> };

/** One athlete a household with an athlete enrolled in the session (the first enrolled stands for it), by name. */
async function getRosterHouseholds(db: Db, eventId: string, only?: string[]) {
  if (only?.length === 0) return [];
  const athletes = await rows(
    db,
    z.object({ athlete_id: z.string(), full_name: z.string().nullable() }),
    sql`
    select distinct on (coalesce(hm.household_id::text, e.athlete_id)) e.athlete_id, a.full_name
    from enrollments e join users a on a.id = e.athlete_id and a.deleted_at is null
    left join household_members hm on hm.user_id = e.athlete_id
    where e.event_id = ${eventId} and e.status = 'enrolled'
      ${
        only
          ? sql`and e.athlete_id in (${sql.join(
              only.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    order by coalesce(hm.household_id::text, e.athlete_id), e.seq`,
  );
  return athletes.map((r) => ({ athleteId: r.athlete_id, athlete: r.full_name ?? "" }));
}

/**
 * Sends `content` from the coach to each household with an athlete enrolled in the session: one conversation each
 * (the first enrolled athlete of a household stands for it; their guardians are in it). A refusal for one family
 * (quiet hours with a minor, a family staff have not confirmed) is reported beside the others and sends nothing there.
 */
export async function messageRoster(db: Db, actor: Actor, eventId: string, content: string, limits: SendLimits): Promise<RosterMessageResult | null> {
  if (!(await isCoachOfSession(db, actor, eventId))) return null;
  const households = await getRosterHouseholds(db, eventId);
  // One message a household, all at once: the coach's allowance is at least the roster's size for this step.
  const rosterLimits: SendLimits = { ...limits, burst: Math.max(limits.burst, households.length + 1) };
  const result: RosterMessageResult = { sent: 0, refused: [], later: null };
  for (const { athleteId, athlete } of households) {
    try {
      const conversation = await startConversation(db, actor, athleteId, limits.safePlay);
      const sent = await createMessage(db, { conversationId: conversation.id, senderId: actor.id, content }, rosterLimits);
      if (sent.ok) {
        result.sent += 1;
        continue;
      }
      result.refused.push({ athlete, reason: refusalAnswer(sent).error });
      const offer = limits.safePlay ? scheduleOfferFor(sent, limits.safePlay) : null;
      if (offer) result.later = { athleteIds: [...(result.later?.athleteIds ?? []), athleteId], offer };
    } catch (err) {
      if (!(err instanceof ConversationRuleError)) throw err;
      result.refused.push({ athlete, reason: err.message });
    }
  }
  if (households.length === 0) result.refused.push({ athlete: "", reason: m.enroll_message_nobody() });
  return result;
}

/**
 * Keeps `content` for the end of quiet hours for the named households of the roster (those messageRoster said quiet
 * hours held back). Each goes through scheduleMessage, which keeps nothing for a family Safe Play refuses for any
 * other reason, or could message now: those are reported, not kept. An athlete not enrolled here is ignored.
 */
export async function scheduleRosterMessage(
  db: Db,
  actor: Actor,
  eventId: string,
  content: string,
  athleteIds: string[],
  limits: SendLimits,
): Promise<RosterScheduleResult | null> {
  if (!(await isCoachOfSession(db, actor, eventId))) return null;
  const result: RosterScheduleResult = { scheduled: 0, at: "", refused: [] };
  for (const { athleteId, athlete } of await getRosterHouseholds(db, eventId, athleteIds)) {
    try {
      const conversation = await startConversation(db, actor, athleteId, limits.safePlay);
      const kept = await scheduleMessage(db, { conversationId: conversation.id, senderId: actor.id, content }, limits);
      if (kept.ok) {
        result.scheduled += 1;
        result.at = kept.scheduled.sendAt;
      } else result.refused.push({ athlete, reason: kept.error });
    } catch (err) {
      if (!(err instanceof ConversationRuleError)) throw err;
      result.refused.push({ athlete, reason: err.message });
    }
  }
  return result;
}
