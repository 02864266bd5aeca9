// The roster's message to every family (issue 29, issue 39) in Safe Play's model (model.ts): a coach of the session
// messages each enrolled household from the roster, through messageRoster (its own conversation each, started and sent
// through messaging's one path); at night the families quiet hours alone held back may have it kept for 8:00
// (scheduleRosterMessage, the roster's "message-later"), and the job sends it later (coach-actions.ts's
// send-kept-messages, which asks the oracle again at that moment: a pause, a suspension, a confirmation withdrawn or a
// clearance lapsed in between must refuse it). What must hold: the roster's message reaches no thread the oracle
// forbids its sender to send into, now or when the job sends what was kept.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { messageRoster, scheduleRosterMessage } from "~/enrollment/index.server";
import { spec, staff, type ActionSpec } from "./cast";
import { limitsAt, NIGHT, settingsAt } from "./coach-actions";
import type { World } from "./model";

/** Conversations of the staff member with families of this run the model does not follow yet: followed from now on. */
async function followNewConversations(w: World, staffId: string): Promise<number> {
  // The families of the run (staff are shared by every run on the database, and are in conversations of their own).
  const cast = [...w.byId.values()].filter((p) => !p.staff).map((p) => p.id);
  const before = w.conversations.length;
  if (cast.length === 0) return 0;
  const { rows } = await w.db.execute<{ id: string }>(sql`
    select distinct p.conversation_id::text as id from conversation_participants p
    join conversation_participants o on o.conversation_id = p.conversation_id and o.user_id in (${sql.join(
      cast.map((id) => sql`${id}`),
      sql`, `,
    )})
    where p.user_id = ${staffId}`);
  for (const r of rows) if (!w.conversations.includes(r.id)) w.conversations.push(r.id);
  return w.conversations.length - before;
}

/** The conversations `words` from `senderId` were stored in. */
async function deliveredIn(w: World, senderId: string, words: string) {
  const { rows } = await w.db.execute<{ id: string }>(
    sql`select distinct conversation_id::text as id from messages where sender_id = ${senderId} and content = ${words}`,
  );
  return rows.map((r) => r.id);
}

/** Each delivery must be one the oracle lets the sender make: a break goes to World.expect. */
async function expectDeliveries(w: World, senderLabel: string, conversationIds: string[]) {
  const sender = w.people.get(senderLabel)!;
  for (const conversationId of conversationIds) {
    const { rows } = await w.db.execute<{ user_id: string }>(
      sql`select user_id from conversation_participants where conversation_id = ${conversationId}`,
    );
    const ids = rows.map((r) => r.user_id);
    const forbidden = await w.sendForbidden(sender, ids, conversationId);
    if (forbidden)
      w.expect("roster-message", forbidden.door, `${senderLabel}'s roster message reached a thread with ${w.names(ids)}: ${forbidden.why}`);
  }
}

let said = 0;
/** What one roster message says (no other step writes it: its deliveries are told apart from every other message). */
const rosterWords = (w: World) => `To every family of the clinic (${w.run} ${++said}): practice moves to court 3`;

/** The coach who presses the roster's button: the session's two most often (the others are refused). */
const rosterCoach = fc.oneof({ arbitrary: fc.constantFrom("K1", "K2"), weight: 3 }, { arbitrary: staff as fc.Arbitrary<string>, weight: 1 });

export const ROSTER_ACTIONS: ActionSpec<unknown>[] = [
  spec({
    name: "roster-message",
    weight: 3,
    covers: ["messageRoster", "route:rosters.$sessionId#message"],
    // In the afternoon, "Message every family" on the session's roster.
    args: fc.record({ who: rosterCoach }),
    show: (a) => `${a.who} messages every family of the roster`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const words = rosterWords(w);
      const r = await messageRoster(w.db, { id: st.id, role: "coach" }, w.eventId, words, limitsAt(w, w.site.settings));
      if (!r) return false;
      const opened = await followNewConversations(w, st.id);
      await expectDeliveries(w, a.who, await deliveredIn(w, st.id, words));
      // A change (the invariants are asked of it) when a family got it or a conversation was opened for it.
      return r.sent > 0 || opened > 0;
    },
  }),
  spec({
    name: "roster-message-later",
    weight: 4,
    covers: ["scheduleRosterMessage", "route:rosters.$sessionId#message-later"],
    // Before 8 AM, "Message every family": the families of minors are held back by quiet hours alone, and the coach
    // presses "Send at 8:00 AM" for them (the roster's message-later, with the athletes the page was told of).
    args: fc.record({ who: rosterCoach }),
    show: (a) => `${a.who}, before 8 AM, messages every family of the roster and keeps it for 8:00 where quiet hours held it`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const nightClock = settingsAt(w, NIGHT);
      const night = limitsAt(w, nightClock);
      const words = rosterWords(w);
      const actor = { id: st.id, role: "coach" as const };
      const now = await messageRoster(w.db, actor, w.eventId, words, night);
      if (!now) return false;
      const opened = await followNewConversations(w, st.id);
      // Sent at the night's hour, judged on the night's date (World.judgedAt).
      const delivered = await deliveredIn(w, st.id, words);
      await w.judgedAt(nightClock.clock(), () => expectDeliveries(w, a.who, delivered));
      const changed = now.sent > 0 || opened > 0;
      if (!now.later) return changed;
      const later = await scheduleRosterMessage(w.db, actor, w.eventId, words, now.later.athleteIds, night);
      if (!later || later.scheduled === 0) return changed;
      const { rows } = await w.db.execute<{ id: string; conversation_id: string }>(sql`
        select id::text, conversation_id::text from scheduled_messages where sender_id = ${st.id} and content = ${words} and status = 'scheduled'`);
      for (const r of rows)
        if (!w.kept.some((k) => k.id === r.id)) w.kept.push({ id: r.id, sender: st.id, conversationId: r.conversation_id, content: words });
      return true;
    },
  }),
];
