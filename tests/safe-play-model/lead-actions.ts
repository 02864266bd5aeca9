// The safeguarding lead's process in Safe Play's model (model.ts; decision 0022): a person in a conversation reports a
// message (the conversation page's "report"), and the lead, on /safeguarding, pauses a reported conversation (nobody
// sends in it) or resumes it, and suspends the messaging with minors of a coach a report names (no send or start
// wherever a minor is) or lifts it. The oracle keeps its own account (World.paused, World.suspended), and the send and
// start probes, a kept message's job and the roster's message are judged by it: a pause or a suspension made between a
// message being kept and its job must refuse it. Neither keeps anyone from reading (the lead's own rule).
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { reportMessage, setCoachSuspension, setConversationPause } from "~/family/reports.server";
import { isSafeguardingLead } from "~/safe-play/safe-play.server";
import { ADDRESSES, spec, staff, type ActionSpec } from "./cast";
import type { World } from "./model";

/** The lead as /safeguarding's action asks (requireSafeguardingLead): anyone else is refused before anything changes. */
async function leadOf(w: World, label: string) {
  const st = w.person(label);
  return st && (await isSafeguardingLead(w.db, st.id)) ? st : null;
}

/** Whom the lead names: most often the lead (L) and the cleared coach (K1), who send most. */
const lead = fc.oneof({ arbitrary: fc.constant("L"), weight: 4 }, { arbitrary: staff as fc.Arbitrary<string>, weight: 1 });

export const LEAD_ACTIONS: ActionSpec<unknown>[] = [
  spec({
    name: "report-message",
    weight: 3,
    covers: ["reportMessage", "route:messages.$conversationId#report"],
    // Someone in conversation #n (the family most often) reports its latest message from someone else, a staff
    // member's when there is one.
    args: fc.record({
      who: fc.oneof(
        { arbitrary: fc.constantFrom("p", "t1", "C"), weight: 3 },
        { arbitrary: fc.constantFrom(...ADDRESSES, ...(["K1", "L"] as const)), weight: 1 },
      ),
      // The first conversation most often: the coach's with the real child, once the season is under way.
      n: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat(2), weight: 1 }),
    }),
    show: (a) => `${a.who} reports the latest message in conversation #${a.n}`,
    run: async (w, a) => {
      const me = w.person(a.who);
      const conversationId = w.conversations[a.n];
      if (!me || !conversationId) return false;
      const { rows } = await w.db.execute<{ id: string }>(sql`
        select m.id::text from messages m left join users s on s.id = m.sender_id
        where m.conversation_id = ${conversationId} and m.sender_id is distinct from ${me.id}
        order by (s.role = 'coach') desc, m.created_at desc limit 1`);
      const message = rows[0];
      if (!message) return false;
      const reviewer = await reportMessage(w.db, w.site.context as never, {
        conversationId,
        messageId: message.id,
        reporterId: me.id,
        reason: "asked for my cell number",
      });
      return reviewer !== null;
    },
  }),
  spec({
    name: "lead-pause",
    weight: 5,
    covers: ["setConversationPause", "route:safeguarding#pause", "route:safeguarding#resume"],
    // The lead reads reported conversations only (/safeguarding): the n-th of the run's that a report names.
    args: fc.record({
      who: lead,
      n: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.constant(1), weight: 1 }),
      pause: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
    }),
    show: (a) => `${a.who} ${a.pause ? "pauses" : "resumes"} reported conversation #${a.n}`,
    run: async (w, a) => {
      const st = await leadOf(w, a.who);
      if (!st || w.conversations.length === 0) return false;
      const { rows } = await w.db.execute<{ id: string }>(sql`
        select c.id::text from unnest(${`{${w.conversations.join(",")}}`}::uuid[]) with ordinality as c(id, n)
        where exists (select 1 from message_reports r where r.conversation_id = c.id) order by c.n`);
      const conversationId = rows[a.n]?.id;
      if (!conversationId) return false;
      if (!(await setConversationPause(w.db, conversationId, st.id, a.pause ? "asked a child for a phone number" : null))) return false;
      if (a.pause) w.paused.add(conversationId);
      else w.paused.delete(conversationId);
      return true;
    },
  }),
  spec({
    name: "lead-suspend",
    weight: 3,
    covers: ["setCoachSuspension", "route:safeguarding#suspend", "route:safeguarding#lift"],
    args: fc.record({
      who: lead,
      coach: fc.oneof({ arbitrary: fc.constant("K1"), weight: 3 }, { arbitrary: staff as fc.Arbitrary<string>, weight: 1 }),
      suspend: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
    }),
    show: (a) => `${a.who} ${a.suspend ? "suspends" : "lifts the suspension of"} ${a.coach}'s messaging with minors`,
    run: async (w, a) => {
      const st = await leadOf(w, a.who);
      const coach = w.person(a.coach)!;
      if (!st) return false;
      if (!(await setCoachSuspension(w.db, coach.id, st.id, a.suspend ? "asked a child for a phone number" : null))) return false;
      // Staff are shared by the runs on this database: the next run starts them unsuspended again.
      w.site.shared!.checksChanged = true;
      if (a.suspend) w.suspended.add(a.coach);
      else w.suspended.delete(a.coach);
      return true;
    },
  }),
];
