// A coach messages a whole roster in one step (issue 29): each household gets the message in its own conversation
// with the coach (the athlete and, through Safe Play, their guardians), so replies stay private to that family. It
// goes through messaging's one send path (startConversation and createMessage), so Safe Play, quiet hours, the
// families' confirmation and the missed-message mails all apply as to any other message; nothing is sent another way.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ConversationRuleError, createMessage, refusalAnswer, startConversation, type SendLimits } from "~/messaging/index.server";
import { m } from "~/paraglide/messages";
import { isCoachOfSession, type Actor } from "./access.server";

export type RosterMessageResult = {
  sent: number;
  refused: Array<{ athlete: string; reason: string }>;
};

/**
 * Sends `content` from the coach to each household with an athlete enrolled in the session: one conversation each
 * (the first enrolled athlete of a household stands for it; their guardians are in it). A refusal for one family
 * (quiet hours with a minor, a family staff have not confirmed) is reported beside the others and sends nothing there.
 */
export async function messageRoster(db: Db, actor: Actor, eventId: string, content: string, limits: SendLimits): Promise<RosterMessageResult | null> {
  if (!(await isCoachOfSession(db, actor, eventId))) return null;
  const { rows } = await db.execute<{ athlete_id: string; full_name: string | null }>(sql`
    select distinct on (coalesce(hm.household_id::text, e.athlete_id)) e.athlete_id, a.full_name
    from enrollments e join users a on a.id = e.athlete_id and a.deleted_at is null
    left join household_members hm on hm.user_id = e.athlete_id
    where e.event_id = ${eventId} and e.status = 'enrolled'
    order by coalesce(hm.household_id::text, e.athlete_id), e.seq`);
  // One message a household, all at once: the coach's allowance is at least the roster's size for this step.
  const rosterLimits: SendLimits = { ...limits, burst: Math.max(limits.burst, rows.length + 1) };
  const result: RosterMessageResult = { sent: 0, refused: [] };
  for (const r of rows) {
    const athlete = r.full_name ?? "";
    try {
      const conversation = await startConversation(db, actor, r.athlete_id, limits.safePlay);
      const sent = await createMessage(db, { conversationId: conversation.id, senderId: actor.id, content }, rosterLimits);
      if (sent.ok) result.sent += 1;
      else result.refused.push({ athlete, reason: refusalAnswer(sent).error });
    } catch (err) {
      if (!(err instanceof ConversationRuleError)) throw err;
      result.refused.push({ athlete, reason: err.message });
    }
  }
  if (rows.length === 0) result.refused.push({ athlete: "", reason: m.enroll_message_nobody() });
  return result;
}
