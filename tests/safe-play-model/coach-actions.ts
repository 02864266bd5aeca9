// Staff actions of Safe Play's model (model.ts) that came after issue 37's first search: a coach confirming the people
// of a roster family (issue 39) or taking a family off the roster, a message kept for the end of quiet hours and the
// job that sends it (decision 0047), and an administrator recording or clearing a coach's checks (the clearance a kept
// message may lose meanwhile). Each drives the site's own function, as its route or job calls it, and says what must
// hold afterwards: a confirmation only by whom and of whom it may be (expectations.ts), a kept message delivered only
// where the oracle lets its sender reach the thread at the moment the job sends it.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { users } from "../../db/schema";
import { addDays } from "~/lib/datetime";
import { confirmRosterFamily, takeCoachStep } from "~/enrollment/index.server";
import { answerScheduledIntent, getScheduledMessages, sendScheduledMessage, startConversation, type SendLimits } from "~/messaging/index.server";
import { anyone, CLEARED, isRefusal, spec, STAFF, staff, type ActionSpec, type StaffLabel } from "./cast";
import { confirmedNow, expectConfirmation } from "./expectations";
import type { Site, World } from "./model";

/** What a kept message says (no other step writes it, so its delivery is told apart from every other message). */
const KEPT_WORDS = "kept overnight: text me on my cell instead";

/**
 * Safe Play's settings with its clock at `time` (UTC) of the day after the model's day (the site's others stay): the
 * night and the job's morning come after every afternoon step of the model's day, as they would. A clock that went
 * back would meet answers the send path remembered for later times (createMessage's SafePlayAnswers: an afternoon's
 * answer holds until quiet hours begin, which a clock turned back to the same morning never reaches).
 */
export function settingsAt(w: World, time: string) {
  const next = new Date(Date.parse(`${w.site.today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { ...w.site.settings, clock: () => new Date(`${next}T${time}Z`) };
}
/** 11:00 UTC: 6 AM in New York in winter, 7 AM in summer, quiet hours that end at 8:00 the same morning. */
export const NIGHT = "11:00:00";
/** 19:00 UTC: the afternoon after that night, when the job has sent what was kept for 8:00. */
export const NEXT_AFTERNOON = "19:00:00";

/** The send limits of the job and the conversation page, with no allowance to run out (the search sends a lot). */
export const limitsAt = (w: World, settings: SendLimits["safePlay"]): SendLimits => ({
  ...w.site.context.config.messaging,
  burst: 1e9,
  perSecond: 1e9,
  attachmentBytesPerDay: 1e9,
  safePlay: settings,
});

/**
 * A coach's check dates: current (cleared), a Safe Play training more than a year old, one that lapses at tonight's
 * midnight (a year ago tomorrow: clock-actions.ts), or none on record.
 */
type Checks = "current" | "expired" | "lapses" | "none";
function checkDates(today: string, checks: Checks) {
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  if (checks === "none") return { safePlayCheckedOn: null, backgroundCheckedOn: null };
  if (checks === "lapses")
    return { safePlayCheckedOn: `${Number(today.slice(0, 4)) - 1}${addDays(today, 1).slice(4)}`, backgroundCheckedOn: daysAgo(30) };
  return { safePlayCheckedOn: daysAgo(checks === "current" ? 30 : 400), backgroundCheckedOn: daysAgo(30) };
}

/**
 * The staff's checks as a new run starts them (K1 and L cleared, K2 and A not, nobody suspended): the dates and
 * suspensions another run changed, put back.
 */
export async function restoreStaffChecks(site: Site) {
  const shared = site.shared!;
  const cleared = checkDates(site.today, "current");
  const ids = (labels: readonly string[]) => `{${labels.map((l) => shared.staff[l as StaffLabel]).join(",")}}`;
  // Two statements for the four of them (the set-up runs once a sequence).
  await site.db.execute(sql`
    update coach_profiles set
      safe_play_checked_on = case when user_id = any(${ids([...CLEARED])}::text[]) then ${cleared.safePlayCheckedOn}::date end,
      background_checked_on = case when user_id = any(${ids([...CLEARED])}::text[]) then ${cleared.backgroundCheckedOn}::date end
    where user_id = any(${ids(STAFF)}::text[])`);
  await site.db
    .update(users)
    .set({ minorMessagingSuspendedAt: null, minorMessagingSuspendedReason: null })
    .where(sql`${users.id} = any(${ids(STAFF)}::text[])`);
  shared.checksChanged = false;
}

/** The job's services, as the job queue hands them: the site's database, secret and configuration. */
export function jobServices(w: World) {
  const { config, secret } = w.site.context;
  return { db: w.db, secret, config: { ...config, messaging: limitsAt(w, settingsAt(w, NEXT_AFTERNOON)) } };
}

/** Whom coaches' actions name: the real child most often (the one on the roster once the parent asked a place). */
const towardC = fc.oneof({ arbitrary: fc.constant("C"), weight: 2 }, { arbitrary: anyone, weight: 2 });

/** The athlete's latest request in the model's session (the roster card's), whatever its status. */
export async function requestOf(w: World, athleteId: string) {
  const { rows } = await w.db.execute<{ id: string }>(
    sql`select id::text from enrollments where event_id = ${w.eventId} and athlete_id = ${athleteId} order by seq desc limit 1`,
  );
  return rows[0]?.id ?? null;
}

export const COACH_ACTIONS: ActionSpec<unknown>[] = [
  spec({
    name: "roster-confirm",
    weight: 4,
    covers: ["confirmRosterFamily", "route:rosters.$sessionId#confirm"],
    // A coach (most often the session's two) names, on an athlete's roster card, the people waiting, or anyone at all.
    args: fc.record({
      who: fc.oneof({ arbitrary: fc.constantFrom("K1", "K2"), weight: 3 }, { arbitrary: staff as fc.Arbitrary<string>, weight: 1 }),
      of: towardC,
      people: fc.oneof(fc.constant("waiting" as const), fc.uniqueArray(anyone, { minLength: 1, maxLength: 2 })),
    }),
    show: (a) => `${a.who} confirms ${a.people === "waiting" ? "everyone waiting" : a.people.join(" and ")} from ${a.of}'s roster card`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const athlete = w.person(a.of);
      if (!athlete) return false;
      // The roster card's form: the athlete's request in this session, and the people of the household it shows.
      const enrollmentId = await requestOf(w, athlete.id);
      const { rows: homes } = await w.db.execute<{ household_id: string }>(
        sql`select household_id from household_members where user_id = ${athlete.id}`,
      );
      const household = homes[0] ? { householdId: homes[0].household_id } : null;
      if (!enrollmentId || !household) return false;
      const { rows: members } = await w.db.execute<{ user_id: string; role: string; confirmed: boolean }>(sql`
        select m.user_id, m.role, m.confirmed_at is not null as confirmed from household_members m
        join users u on u.id = m.user_id and u.deleted_at is null where m.household_id = ${household.householdId}`);
      const people =
        a.people === "waiting" ? members.filter((m) => !m.confirmed).map((m) => m.user_id) : a.people.map((l) => w.people.get(l)?.id ?? l);
      const before = await confirmedNow(w);
      const r = await confirmRosterFamily(
        w.db,
        { id: st.id, role: "coach" },
        w.eventId,
        { enrollmentId, people, how: "met them at the clinic" },
        w.site.settings,
      );
      const after = await confirmedNow(w);
      expectConfirmation(w, before, after, { label: st.label, via: "roster", athleteOnRoster: athlete.id }, household.householdId, new Set(people));
      if (r.ok)
        for (const m of members)
          if (people.includes(m.user_id) && !m.confirmed) w.confirmedIn.set(m.user_id, { household: household.householdId, role: m.role });
      return r.ok || after.size !== before.size;
    },
  }),
  spec({
    name: "roster-step",
    weight: 2,
    covers: ["takeCoachStep", "route:rosters.$sessionId#step", "route:rosters.$sessionId#place"],
    // A coach of the session places an athlete (the roster's placement form, with a reason should the athlete be
    // outside the session's ages or levels) or enrolls them (the roster's message goes to the enrolled), or withdraws
    // or declines the request: the family leaves the roster.
    args: fc.record({
      who: fc.oneof({ arbitrary: fc.constantFrom("K1", "K2"), weight: 3 }, { arbitrary: staff as fc.Arbitrary<string>, weight: 1 }),
      of: towardC,
      step: fc.constantFrom("place" as const, "enroll" as const, "withdraw" as const, "decline" as const),
    }),
    show: (a) => `${a.who} ${{ place: "places", enroll: "enrolls", withdraw: "withdraws", decline: "declines" }[a.step]} ${a.of}'s request`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const athlete = w.person(a.of);
      const enrollmentId = athlete && (await requestOf(w, athlete.id));
      if (!athlete || !enrollmentId) return false;
      const placement = { level: 2, placedOn: w.site.today, note: "", overrideReason: "seen at the clinic" };
      const r =
        a.step === "place"
          ? await takeCoachStep(w.site.services, { id: st.id, role: "coach" }, enrollmentId, "place", placement)
          : await takeCoachStep(w.site.services, { id: st.id, role: "coach" }, enrollmentId, a.step);
      if (r.ok && (a.step === "withdraw" || a.step === "decline")) w.enrolled.delete(athlete.id);
      return r.ok;
    },
  }),
  spec({
    name: "keep-message",
    weight: 5,
    covers: ["answerScheduledIntent", "scheduleMessage", "route:messages.$conversationId#schedule"],
    // Before 8 AM a staff member opens a conversation with someone (or one of the run's) and writes; a send to a minor's
    // family is refused for quiet hours alone, so they keep it for 8:00 (the conversation page's "Send at 8:00 AM").
    args: fc.record({
      who: fc.oneof({ arbitrary: fc.constant("K1"), weight: 3 }, { arbitrary: staff as fc.Arbitrary<string>, weight: 1 }),
      to: fc.oneof({ arbitrary: towardC.map((label) => ({ with: label })), weight: 2 }, { arbitrary: fc.nat(2).map((n) => ({ n })), weight: 1 }),
    }),
    show: (a) =>
      `${a.who}, before 8 AM, keeps a message for 8:00 in ${"with" in a.to ? `a conversation with ${a.to.with}` : `conversation #${a.to.n}`}`,
    run: async (w, a) => {
      const st = w.person(a.who)!;
      const night = settingsAt(w, NIGHT);
      let conversationId = "n" in a.to ? w.conversations[a.to.n] : undefined;
      let opened = false;
      if ("with" in a.to) {
        const other = w.person(a.to.with);
        if (!other) return false;
        try {
          conversationId = (await startConversation(w.db, { id: st.id, role: "coach" }, other.id, night)).id;
        } catch (err) {
          if (isRefusal(err)) return false;
          throw err;
        }
        opened = !w.conversations.includes(conversationId);
        if (opened) w.conversations.push(conversationId);
      }
      if (!conversationId) return false;
      const input = { conversationId, senderId: st.id, content: KEPT_WORDS, scheduledId: "" };
      // A conversation it opened is a change (the invariants are asked of it) even when nothing could be kept in it.
      if ((await answerScheduledIntent(w.db, "schedule", input, limitsAt(w, night))).status !== 200) return opened;
      // The message it kept, as the sender's list shows it.
      const [kept] = await getScheduledMessages(w.db, st.id, { conversationIds: [conversationId] });
      if (kept && !w.kept.some((k) => k.id === kept.id)) w.kept.push({ id: kept.id, sender: st.id, conversationId, content: KEPT_WORDS });
      return true;
    },
  }),
  spec({
    name: "send-kept-messages",
    weight: 4,
    covers: ["sendScheduledMessage", "job:send_scheduled_message"],
    // The job at 8 AM and after (the afternoon after the night): each message of the run still kept, sent through
    // createMessage.
    args: fc.constant({}),
    show: () => "the job sends the kept messages",
    run: async (w) => {
      let ran = false;
      for (const kept of w.kept) {
        const { rows } = await w.db.execute<{ status: string }>(sql`select status from scheduled_messages where id = ${kept.id}`);
        if (rows[0]?.status !== "scheduled") continue;
        ran = true;
        const { rows: people } = await w.db.execute<{ user_id: string }>(
          sql`select user_id from conversation_participants where conversation_id = ${kept.conversationId}`,
        );
        const ids = people.map((p) => p.user_id);
        const sender = w.byId.get(kept.sender)!;
        // What the oracle holds before the job, on the job's date (World.judgedAt): may this staff member send into
        // this thread (a pause or a suspension the lead made since it was kept included)?
        const forbidden = await w.judgedAt(settingsAt(w, NEXT_AFTERNOON).clock(), () => w.sendForbidden(sender, ids, kept.conversationId));
        const delivered = async () =>
          Number(
            (
              await w.db.execute<{ n: number }>(sql`select count(*)::int as n from messages
                where conversation_id = ${kept.conversationId} and sender_id = ${kept.sender} and content = ${kept.content}`)
            ).rows[0]?.n ?? 0,
          );
        const before = await delivered();
        await sendScheduledMessage(jobServices(w), { id: kept.id });
        if (forbidden && (await delivered()) > before)
          w.expect("kept", forbidden.door, `the job delivered ${sender.label}'s kept message into a thread with ${w.names(ids)}: ${forbidden.why}`);
      }
      return ran;
    },
  }),
  spec({
    name: "record-checks",
    // Picked more than most (decision 0074): a clearance lost while a page stays open, and one lapsing at the next
    // midnight, are doors the random search did not reach at weight 1. Most often the session's cleared coach, the one
    // in the run's conversations, and a training that lapses tonight.
    weight: 6,
    covers: ["setStaffChecks", "route:staff#checks"],
    // The administrator (/staff is theirs) records a coach's dates, lets the training lapse, or clears both.
    args: fc.record({
      coach: fc.oneof({ arbitrary: fc.constant("K1" as const), weight: 3 }, { arbitrary: fc.constantFrom("L" as const, "K2" as const), weight: 2 }),
      checks: fc.oneof(
        { arbitrary: fc.constant<Checks>("lapses"), weight: 2 },
        { arbitrary: fc.constantFrom<Checks>("none", "expired", "current"), weight: 3 },
      ),
    }),
    show: (a) => `A records ${a.coach}'s checks: ${a.checks}`,
    run: async (w, a) => {
      const admin = w.person("A")!;
      const coach = w.person(a.coach)!;
      const ok = await w.site.outside.setStaffChecks(
        w.db,
        { id: admin.id, name: "Staff A" },
        { userId: coach.id, ...checkDates(w.site.today, a.checks) },
      );
      if (!ok) return false;
      w.site.shared!.checksChanged = true;
      // A training that lapses tonight is current until the model's midnight (after it, it has lapsed already).
      const current = a.checks === "current" || (a.checks === "lapses" && w.day === w.site.today);
      if (current) w.cleared.add(a.coach);
      else w.cleared.delete(a.coach);
      if (a.checks === "lapses" && current) w.lapsing.add(a.coach);
      else w.lapsing.delete(a.coach);
      return true;
    },
  }),
];
