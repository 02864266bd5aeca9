// Requests, the coaches' steps, the family's answers and the waitlist's offers (issue 29, decision 0033).
// Every change that can take or free a place first locks the session's events row (`for update`), so requests for
// one session are decided one after another: the count each sees includes the one before it, the request past
// capacity is waitlisted, and the waitlist keeps the order the requests took the lock in (`seq`). The database's
// trigger (migration 0024) refuses any row that would still take the session past capacity.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, row, rows } from "../../db/rows";
import { athleteLevels, enrollments } from "../../db/schema";
import { holdForForms } from "~/consent/index.server";
import { logSafeguarding } from "~/family/index.server";
import { dayInZone } from "~/lib/datetime";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx } from "~/mail/index.server";
import { addJob } from "~/models/jobs.server";
import { m } from "~/paraglide/messages";
import { actForAthleteRefusal, isCoachOfSession, type Actor } from "./access.server";
import { getMisfit } from "./eligibility.server";
import { tellFamilyOfEnrollment, type EnrollmentChange, type EnrollmentServices } from "./mails.server";
import { noPlaceFor, placesTaken, waitlistBareRequestsWhenFull } from "./places.server";
import { PLACED_OUTSIDE, placementOutside } from "./placement-outside.server";
import type { PlaceInput, RequestInput } from "./schemas";
import { canCoachStep, canFamilyWithdraw, statusAfter, STATUSES, type CoachStep, type EnrollmentStatus } from "./status";

export type EnrollResult =
  | { ok: true; enrollmentId: string; status: EnrollmentStatus; position: number | null }
  | { ok: false; status: number; error: string; field?: string };

export const OFFER_EXPIRY_JOB = "enrollment_offer_expiry";
const offerKey = (enrollmentId: string) => `${OFFER_EXPIRY_JOB}:${enrollmentId}`;
const DEFAULT_OFFER_HOURS = 48;
/** Today in the organisation's zone, by the services' clock. */
const today = (services: Pick<EnrollmentServices, "config">) => dayInZone(services.config.safePlay.clock(), services.config.site.timeZone);

const SessionRow = z.object({ id: z.string(), capacity: z.number().nullable(), levels: z.array(z.number()), closed: z.boolean() });

/** The session row, locked until the transaction ends; null when there is no such session of a program. */
async function lockSession(tx: DbOrTx, eventId: string) {
  if (!isUuid(eventId)) return null;
  const { rows } = await tx.execute(sql`
    select id, capacity, levels, closed from events where id = ${eventId} and program_slug is not null for update`);
  return rows[0] ? SessionRow.parse(rows[0]) : null;
}

/** The athlete's current level (their latest placement), or null. */
export async function currentLevel(tx: DbOrTx, athleteId: string): Promise<number | null> {
  const latest = await maybeRow(
    tx,
    z.object({ level: z.number() }),
    sql`select level from athlete_levels where athlete_id = ${athleteId} order by placed_on desc, created_at desc limit 1`,
  );
  return latest?.level ?? null;
}

/**
 * Where a request that has a place starts: an athlete already placed at a level the session takes is enrolled at
 * once (a returning player); anyone else waits for a coach's evaluation and placement.
 */
function statusWithPlace(level: number | null, sessionLevels: number[]): EnrollmentStatus {
  if (level === null) return "requested";
  return sessionLevels.length === 0 || sessionLevels.includes(level) ? "enrolled" : "requested";
}

async function waitlistPosition(tx: DbOrTx, enrollmentId: string): Promise<number | null> {
  const { n } = await row(
    tx,
    z.object({ n: z.number() }),
    sql`
    select count(*)::int as n from enrollments w join enrollments e on e.id = ${enrollmentId}
    where w.event_id = e.event_id and w.status = 'waitlisted' and w.seq <= e.seq and e.status = 'waitlisted'`,
  );
  return n > 0 ? n : null;
}

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
};

/**
 * A guardian asks a place in a session for their athlete (an adult athlete for themselves). Inside `within` (the
 * registration form's transaction, a verified address's claim), the request is decided in a savepoint of it: a
 * refusal leaves the caller's transaction usable and the caller decides what else to keep.
 */
export async function createEnrollmentRequest(
  services: EnrollmentServices,
  actor: Actor,
  eventId: string,
  input: RequestInput,
  within?: DbOrTx,
): Promise<EnrollResult> {
  const db = within ?? services.db;
  const refusal = await actForAthleteRefusal(db, actor, input.athleteId, services.config.safePlay);
  if (refusal) return { ok: false, status: 403, error: refusal, field: "athleteId" };
  try {
    return await db.transaction(async (tx) => {
      const session = await lockSession(tx, eventId);
      if (!session) return { ok: false, status: 404, error: m.enroll_error_no_session() };
      if (session.closed) return { ok: false, status: 409, error: m.enroll_error_closed() };
      // Issue 39: the session's ages and levels, in the words the enroll form shows beside the athlete.
      const unfit = await getMisfit(tx, eventId, input.athleteId, today(services));
      if (unfit) return { ok: false, status: 400, error: unfit.words, field: "athleteId" };
      const taken = await placesTaken(tx, eventId);
      const full = session.capacity !== null && taken >= session.capacity;
      const status = full ? "waitlisted" : statusWithPlace(await currentLevel(tx, input.athleteId), session.levels);
      const [row] = await tx
        .insert(enrollments)
        .values({ ...input, eventId, requestedBy: actor.id, status: status === "enrolled" ? "placed" : status })
        .returning({ id: enrollments.id });
      // Issue 40, the consent gate (app/consent, decision 0043): a returning player is enrolled only with the program's
      // forms signed; until then the request stays placed and the last signature enrolls it.
      const entered = status === "enrolled" && (await holdForForms(tx, services, row!.id)) ? "placed" : status;
      if (entered === "enrolled") await setStatus(tx, row!.id, "enrolled");
      await tellFamilyOfEnrollment(tx, services, row!.id, entered);
      await waitlistBareRequestsWhenFull(tx, services, session);
      return { ok: true, enrollmentId: row!.id, status: entered, position: full ? await waitlistPosition(tx, row!.id) : null };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, status: 409, error: m.enroll_error_already(), field: "athleteId" };
    throw err;
  }
}

const EnrollmentRow = z.object({
  id: z.string(),
  event_id: z.string(),
  athlete_id: z.string(),
  status: z.enum(STATUSES),
});

/** A request's session id without locking (to lock the session first, always in that order). */
async function sessionOf(tx: DbOrTx, enrollmentId: string): Promise<string | null> {
  if (!isUuid(enrollmentId)) return null;
  const found = await maybeRow(tx, z.object({ event_id: z.string() }), sql`select event_id from enrollments where id = ${enrollmentId}`);
  return found?.event_id ?? null;
}

/**
 * The session, then the request, locked in that order (every path takes them so: no deadlock between two; the
 * capacity trigger takes the session's lock again on a status update). Evaluations booked for a request lock so too.
 */
export async function lockEnrollment(tx: DbOrTx, enrollmentId: string) {
  const eventId = await sessionOf(tx, enrollmentId);
  if (!eventId) return null;
  const session = await lockSession(tx, eventId);
  const { rows } = await tx.execute(sql`select id, event_id, athlete_id, status from enrollments where id = ${enrollmentId} for update`);
  return session && rows[0] ? { session, enrollment: EnrollmentRow.parse(rows[0]) } : null;
}

/**
 * The job a request's end queues (withdrawn or declined, in that transaction): booking cancels an evaluation still to
 * come that was booked for it and tells the family and the coach (app/booking, cancelEvaluationsOfEndedRequest). A job
 * rather than a call, so enrollment does not reach into booking, which already calls enrollment; never lost either way.
 */
export const REQUEST_ENDED_JOB = "enrollment_request_ended";

/** A request's new status, with what ends or offers it; an end queues REQUEST_ENDED_JOB. Every status change is this. */
export async function setStatus(
  tx: DbOrTx,
  id: string,
  status: EnrollmentStatus,
  extra: { closedReason?: "family" | "coach" | "offer-expired" | "session-cancelled"; offeredUntil?: Date | null } = {},
) {
  await tx.execute(sql`
    update enrollments set status = ${status}, status_changed_at = now(), updated_at = now(),
      closed_reason = ${extra.closedReason ?? null}, offered_until = ${extra.offeredUntil?.toISOString() ?? null}::timestamptz
    where id = ${id}`);
  if (status === "withdrawn" || status === "declined") await addJob(tx, REQUEST_ENDED_JOB, { enrollmentId: id }, { maxAttempts: 10 });
}

/** Hours an offered place is held (app_settings 'enrollment.offer_hours', set on /rosters; 48 until then). */
export async function getOfferHours(tx: DbOrTx): Promise<number> {
  const setting = await maybeRow(tx, z.object({ value: z.string() }), sql`select value from app_settings where key = 'enrollment.offer_hours'`);
  const n = Number(setting?.value);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_OFFER_HOURS;
}

export async function setOfferHours(tx: DbOrTx, hours: number) {
  await tx.execute(sql`insert into app_settings (key, value) values ('enrollment.offer_hours', ${String(hours)})
    on conflict (key) do update set value = excluded.value`);
}

/**
 * While the (locked) session has a free place, the first on its waitlist is offered it, held for the set hours; the
 * offer's job passes it on when it lapses. Then, with the session full, the bare requests that hold no place (the
 * organisation's setting) wait on the waitlist too. Called after every change of a request's status, in its
 * transaction: it settles the session whichever way the change went.
 */
export async function offerFreePlaces(tx: DbOrTx, services: EnrollmentServices, session: { id: string; capacity: number | null }) {
  if (session.capacity === null) return;
  const hours = await getOfferHours(tx);
  let free = session.capacity - (await placesTaken(tx, session.id));
  while (free > 0) {
    const next = await maybeRow(
      tx,
      z.object({ id: z.string() }),
      sql`select id from enrollments where event_id = ${session.id} and status = 'waitlisted' order by seq limit 1 for update`,
    );
    if (!next) break;
    const until = new Date(services.config.safePlay.clock().getTime() + hours * 3600_000);
    await setStatus(tx, next.id, "offered", { offeredUntil: until });
    await addJob(tx, OFFER_EXPIRY_JOB, { enrollmentId: next.id }, { runAt: until, jobKey: offerKey(next.id), maxAttempts: 10 });
    await tellFamilyOfEnrollment(tx, services, next.id, "offered");
    free -= 1;
  }
  await waitlistBareRequestsWhenFull(tx, services, session);
}

export type StepResult = { ok: true; status: EnrollmentStatus } | { ok: false; status: number; error: string; field?: string };

/**
 * Why a placement's date is refused, or null: a level is placed on a day that has come (today in the organisation's
 * zone, or before), never in the future (issue 38). Read by every placement, from the roster or from /appointments.
 */
export function placementDateRefusal(placedOn: string, services: Pick<EnrollmentServices, "config">): string | null {
  return placedOn > today(services) ? m.enroll_error_placed_future() : null;
}

/** A coach's step on a request (evaluate, place at a level, enroll, withdraw, decline); each one mails the family. */
export async function takeCoachStep(
  services: EnrollmentServices,
  actor: Actor,
  enrollmentId: string,
  step: CoachStep,
  placement?: Omit<PlaceInput, "enrollmentId" | "overrideReason"> & { overrideReason?: string },
): Promise<StepResult> {
  return services.db.transaction(async (tx) => {
    const locked = await lockEnrollment(tx, enrollmentId);
    if (!locked || !(await isCoachOfSession(tx, actor, locked.session.id))) return { ok: false, status: 404, error: m.enroll_error_unknown() };
    const { enrollment: e, session } = locked;
    if (!canCoachStep(e.status, step)) return { ok: false, status: 409, error: m.enroll_error_step_not_now() };
    if (step === "place" && !placement) return { ok: false, status: 400, error: m.enroll_error_level(), field: "level" };
    const futureDate = step === "place" && placement ? placementDateRefusal(placement.placedOn, services) : null;
    if (futureDate) return { ok: false, status: 400, error: futureDate, field: "placedOn" };
    const outside = step === "place" && placement && e.status !== "enrolled" ? await placementOutside(tx, today(services), e, placement) : null;
    if (outside && !outside.ok) return outside;
    const next = statusAfter(e.status, step);
    if (await noPlaceFor(tx, session, e.status, next)) return { ok: false, status: 409, error: m.enroll_error_full() };
    // Issue 40, the consent gate (app/consent, decision 0043): "Enroll" with the program's forms unsigned leaves the
    // request placed, waiting for them (the family is mailed what to sign; the last signature enrolls it).
    if (next === "enrolled" && e.status !== "enrolled" && (await holdForForms(tx, services, e.id)))
      return { ok: false, status: 409, error: m.consent_enroll_waits_for_forms() };
    if (step === "place" && placement) {
      await tx.insert(athleteLevels).values({
        athleteId: e.athlete_id,
        level: placement.level,
        placedOn: placement.placedOn,
        coachId: actor.id,
        note: placement.note,
        enrollmentId: e.id,
      });
    }
    if (outside?.ok) await logSafeguarding(tx, { actorId: actor.id, athleteId: e.athlete_id, action: PLACED_OUTSIDE, detail: outside.detail });
    if (next !== e.status) {
      await setStatus(tx, e.id, next, next === "withdrawn" || next === "declined" ? { closedReason: "coach" } : {});
      if (e.status === "offered") await tx.execute(sql`select graphile_worker.remove_job(${offerKey(e.id)})`);
      await offerFreePlaces(tx, services, session);
    }
    await tellFamilyOfEnrollment(tx, services, e.id, next);
    return { ok: true, status: next };
  });
}

export type FamilyAnswer = "accept" | "withdraw";

/** The family takes an offered place, or withdraws a request (an offer declined is a withdrawal). */
export async function answerAsFamily(services: EnrollmentServices, actor: Actor, enrollmentId: string, answer: FamilyAnswer): Promise<StepResult> {
  return services.db.transaction(async (tx) => {
    const locked = await lockEnrollment(tx, enrollmentId);
    if (!locked || (await actForAthleteRefusal(tx, actor, locked.enrollment.athlete_id, services.config.safePlay)))
      return { ok: false, status: 404, error: m.enroll_error_unknown() };
    const { enrollment: e, session } = locked;
    let next: EnrollmentStatus;
    if (answer === "accept") {
      if (e.status !== "offered") return { ok: false, status: 409, error: m.enroll_error_offer_gone() };
      // Issue 39: an offered place follows the session's rule. A player placed at one of its levels is enrolled; anyone
      // else keeps the place for an evaluation first (an evaluation holds a place whatever the organisation's setting).
      next = statusWithPlace(await currentLevel(tx, e.athlete_id), session.levels) === "enrolled" ? "enrolled" : "evaluation";
      // Issue 40, the consent gate (app/consent, decision 0043): enrolled only with the program's forms signed.
      if (next === "enrolled" && (await holdForForms(tx, services, e.id))) next = "placed";
      await setStatus(tx, e.id, next);
    } else {
      if (!canFamilyWithdraw(e.status)) return { ok: false, status: 409, error: m.enroll_error_step_not_now() };
      next = "withdrawn";
      await setStatus(tx, e.id, next, { closedReason: "family" });
    }
    await offerFreePlaces(tx, services, session);
    if (e.status === "offered") await tx.execute(sql`select graphile_worker.remove_job(${offerKey(e.id)})`);
    await tellFamilyOfEnrollment(tx, services, e.id, next);
    return { ok: true, status: next };
  });
}

const OfferPayload = z.object({ enrollmentId: z.uuid() });

/**
 * The job: an offer not taken in time lapses (the request ends, "offer-expired") and the place passes to the next on
 * the waitlist. An offer taken, withdrawn or not yet due does nothing.
 */
export async function expireOffer(services: EnrollmentServices, payload: unknown) {
  const parsed = OfferPayload.safeParse(payload);
  if (!parsed.success) return;
  await services.db.transaction(async (tx) => {
    const locked = await lockEnrollment(tx, parsed.data.enrollmentId);
    if (!locked || locked.enrollment.status !== "offered") return;
    // offered_until is null only on a request that is not offered: `due` is null then, and nothing lapses.
    const { due } = await row(
      tx,
      z.object({ due: z.boolean().nullable() }),
      sql`
      select offered_until <= ${services.config.safePlay.clock().toISOString()}::timestamptz as due from enrollments where id = ${locked.enrollment.id}`,
    );
    if (!due) return;
    await setStatus(tx, locked.enrollment.id, "withdrawn", { closedReason: "offer-expired" });
    await tellFamilyOfEnrollment(tx, services, locked.enrollment.id, "offer-expired" satisfies EnrollmentChange);
    await offerFreePlaces(tx, services, locked.session);
  });
}

/**
 * A session's places changed on the calendar's event form (decision 0031), in its transaction with the event row
 * locked: the places already held when fewer is refused (null when allowed). The database's trigger says the same.
 */
export async function capacityBelowPlaces(tx: DbOrTx, eventId: string, capacity: number | null): Promise<number | null> {
  if (capacity === null) return null;
  const taken = await placesTaken(tx, eventId);
  return capacity < taken ? taken : null;
}

/**
 * A coach sets a session's places. Fewer than the places already held is refused (the database's trigger says the
 * same); more frees places, which go to the waitlist at once.
 */
export async function setSessionCapacity(
  services: EnrollmentServices,
  actor: Actor,
  eventId: string,
  capacity: number,
): Promise<StepResult | { ok: true }> {
  return services.db.transaction(async (tx) => {
    const session = await lockSession(tx, eventId);
    if (!session || !(await isCoachOfSession(tx, actor, eventId))) return { ok: false, status: 404, error: m.enroll_error_no_session() };
    const taken = await placesTaken(tx, eventId);
    if (capacity < taken) return { ok: false, status: 400, error: m.enroll_error_capacity_below({ taken: String(taken) }), field: "capacity" };
    await tx.execute(sql`update events set capacity = ${capacity}, updated_at = now() where id = ${eventId}`);
    await offerFreePlaces(tx, services, { id: eventId, capacity });
    return { ok: true };
  });
}

/**
 * An athlete's account deleted (app/account/account.server.ts, in its transaction): their open requests end, withdrawn
 * by the family, and every request of theirs loses what was about them on court (medical and allergy notes, who may
 * pick them up, photo consent, the emergency contact). The rows stay, emptied, so the funder report's past sessions
 * still count them (as "Deleted user"). A place freed goes to the waitlist when the caller can mail (`services`).
 */
export async function endEnrollmentsOnDeletion(tx: DbOrTx, athleteId: string, services?: EnrollmentServices) {
  const ended = await rows(
    tx,
    z.object({ event_id: z.string() }),
    sql`
    update enrollments set status = 'withdrawn', closed_reason = 'family', offered_until = null,
      status_changed_at = now(), updated_at = now()
    where athlete_id = ${athleteId} and status not in ('withdrawn', 'declined')
    returning event_id`,
  );
  await tx.execute(sql`
    update enrollments set medical_notes = '', pickup_people = '', photo_consent = false,
      emergency_name = '-', emergency_phone = '(removed)', updated_at = now()
    where athlete_id = ${athleteId}`);
  if (!services) return;
  for (const eventId of new Set(ended.map((r) => r.event_id))) {
    const session = await maybeRow(
      tx,
      z.object({ id: z.string(), capacity: z.number().nullable() }),
      sql`select id, capacity from events where id = ${eventId}`,
    );
    if (session) await offerFreePlaces(tx, services, session);
  }
}
