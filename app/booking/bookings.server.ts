// Booking, cancelling and moving. The database keeps two bookings of a coach (with the buffer) or of an athlete from
// overlapping: exclusion constraints, so of many requests for one slot exactly one commits and the others are told
// "That time was just taken" with the next free times (decision 0032). The rules are access.server.ts's. An evaluation
// booked for an enrollment request moves that request to "evaluation" in the booking's transaction (enrollment's
// startEvaluationForBooking), and its cancellation gives the request back its turn.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { bookings } from "../../db/schema";
import { reopenAfterCancelledEvaluation, startEvaluationForBooking } from "~/enrollment/index.server";
import { dayInZone, formatDayLong } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { isUuid } from "~/lib/uuid";
import { m } from "~/paraglide/messages";
import { bookForRefusal, insideNotice, isCoachOfBooking, isFamilyOfAthlete } from "./access.server";
import { getAvailabilitySnapshot, getCancelledDays, getFreeSlots } from "./availability.server";
import { getBookingDetail, tellCoachOfBooking, tellFamilyOfBooking, type BookingDetail, type BookingServices } from "./mails.server";
import type { DbOrTx } from "~/mail/index.server";
import { tellBookingChanged } from "./changes.server";
import type { BookInput, MoveInput } from "./schemas";
import { EVALUATION_MINUTES, NOTICE_MS, offeringWindow, slotMinutes, START_STEP_MINUTES, wallClockInstant, windowHolding, type Slot } from "./slots";

type Actor = Pick<Profile, "id" | "role">;

export type BookingResult = { ok: true; bookingId: string } | { ok: false; status: number; error: string; field?: string; nextFree?: Slot[] };

/** The exclusion constraints' names (migration 0023): which one refused says whose time it was. */
const COACH_OVERLAP = "bookings_coach_no_overlap";
const ATHLETE_OVERLAP = "bookings_athlete_no_overlap";

/** The unique index of a booker's idempotency keys (migration 0031). */
const REQUEST_KEY = "bookings_request_key_idx";

/** The unique index that keeps a request to one active evaluation booking (migration 0026). */
const ONE_EVALUATION_PER_REQUEST = "bookings_one_evaluation_per_request_idx";

/** The constraint a violation of `code` (23P01 exclusion, 23505 unique) names, whether the driver's error is wrapped or not. */
function violated(err: unknown, code: "23P01" | "23505"): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return e.constraint ?? "";
  }
  return null;
}
const exclusionViolated = (err: unknown) => violated(err, "23P01");

/**
 * Bookings of one coach, and of one athlete, are written one at a time: each transaction that inserts or moves a
 * booking first takes a transaction-scoped lock on its coach and its athlete, always in the same order. The exclusion
 * constraints still decide who gets a time; without the locks, concurrent inserts checked each other's uncommitted
 * rows and waited on each other, and in a 50-post race one such wait between two losers held every post for more than
 * 30 seconds (found by the suite from a fresh clone; PostgreSQL did not break it in that time).
 */
async function lockBookingKeys(tx: Pick<Db, "execute">, coachId: string, athleteId: string) {
  for (const key of [`booking:coach:${coachId}`, `booking:athlete:${athleteId}`].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** A refusal found inside a transaction: thrown to roll it back, answered as the result it carries. */
class Refused extends Error {
  constructor(readonly result: BookingResult & { ok: false }) {
    super(result.error);
  }
}

const FREE_DAYS = 14;

/** The next free times of the same kind and length, from a refused start on, for the "just taken" message. */
async function nextFreeSlots(services: BookingServices, input: { coachId: string | null; kind: BookInput["kind"]; minutes: number; start: Date }) {
  const { timeZone } = services.config.site;
  const now = services.config.safePlay.clock();
  const { slots } = await getFreeSlots(services.db, {
    from: dayInZone(input.start, timeZone),
    days: FREE_DAYS,
    timeZone,
    kind: input.kind,
    minutes: input.minutes,
    notBefore: new Date(now.getTime() + NOTICE_MS),
    coachId: input.coachId,
  });
  return slots.filter((s) => s.start > input.start.getTime()).slice(0, 3);
}

/** What the family reads when an evaluation cannot be booked for the request it chose. */
function requestRefusal(reason: "not-found" | "not-now" | "not-evaluator"): BookingResult & { ok: false } {
  if (reason === "not-found") return { ok: false, status: 404, error: m.booking_error_request_unknown(), field: "enrollmentId" };
  if (reason === "not-now") return { ok: false, status: 409, error: m.booking_error_request_not_waiting(), field: "enrollmentId" };
  return { ok: false, status: 400, error: m.booking_error_request_coach(), field: "start" };
}

/** The booking `actor` made with the form's idempotency key, if any (whatever became of it since). */
async function bookingMadeWithKey(services: BookingServices, actor: Actor, requestKey: string | null | undefined) {
  if (!requestKey) return null;
  const [row] = await services.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.bookedBy, actor.id), eq(bookings.requestKey, requestKey)));
  return row?.id ?? null;
}

/**
 * A guardian books for their athlete, an adult athlete for themselves, a free slot at least 24 hours ahead. A post
 * retried with the same idempotency key (its answer lost) returns the booking it made; the key is unique per booker.
 */
export async function createBooking(services: BookingServices, actor: Actor, input: BookInput): Promise<BookingResult> {
  const { db } = services;
  const refusal = await bookForRefusal(db, actor, input.athleteId, services.config.safePlay);
  if (refusal) return { ok: false, status: 403, error: refusal, field: "athleteId" };
  const made = await bookingMadeWithKey(services, actor, input.requestKey);
  if (made) return { ok: true, bookingId: made };
  // A request is placed by an evaluation; a lesson is never booked for one (the database's CHECK says so too).
  if (input.enrollmentId && input.kind !== "evaluation") return { ok: false, status: 400, error: m.booking_error_request_lesson(), field: "kind" };
  const { timeZone } = services.config.site;
  const now = services.config.safePlay.clock();
  const start = new Date(input.start);
  const minutes = slotMinutes(input.kind, input.minutes);
  if (start.getTime() <= now.getTime()) return { ok: false, status: 400, error: m.booking_error_past(), field: "start" };
  if (insideNotice(start, now))
    return { ok: false, status: 400, error: m.booking_notice_book({ phone: services.config.site.phone }), field: "start" };
  const day = dayInZone(start, timeZone);
  const snapshot = await getAvailabilitySnapshot(db, { from: day, days: 1, timeZone }, input.coachId);
  const rules = snapshot.rules.get(input.coachId);
  const window = offeringWindow(
    { coachId: input.coachId, kind: input.kind, start: start.getTime(), minutes },
    day,
    snapshot.windows,
    rules,
    snapshot.cancelledDays,
    timeZone,
  );
  if (!window || !rules) return { ok: false, status: 400, error: m.booking_error_not_offered(), field: "start" };
  const end = new Date(start.getTime() + minutes * 60_000);
  try {
    const bookingId = await db.transaction(async (tx) => {
      await lockBookingKeys(tx, input.coachId, input.athleteId);
      const [row] = await tx
        .insert(bookings)
        .values({
          coachId: input.coachId,
          athleteId: input.athleteId,
          bookedBy: actor.id,
          kind: input.kind,
          startsAt: start,
          endsAt: end,
          blockedUntil: new Date(end.getTime() + rules.bufferMinutes * 60_000),
          place: window.place,
          note: input.note,
          enrollmentId: input.enrollmentId,
          requestKey: input.requestKey ?? null,
        })
        .returning({ id: bookings.id });
      // The request moves to "evaluation" with the booking, or neither happens: a refusal rolls the insert back.
      if (input.enrollmentId) {
        const refused = await startEvaluationForBooking(tx, services, actor, { ...input, enrollmentId: input.enrollmentId });
        if (refused) throw new Refused(requestRefusal(refused.reason));
      }
      await tellFamilyOfBooking(tx, services, row!.id, "booked");
      await tellCoachOfBooking(tx, services, row!.id, "booked");
      return row!.id;
    });
    return { ok: true, bookingId };
  } catch (err) {
    if (err instanceof Refused) return err.result;
    // The same form posted twice at once: the second waits for the first, then finds the time (or the key) taken.
    // It is told of the booking its form made.
    if (violated(err, "23505") === REQUEST_KEY || exclusionViolated(err) !== null) {
      const first = await bookingMadeWithKey(services, actor, input.requestKey);
      if (first) return { ok: true, bookingId: first };
    }
    // Two bookings for one request at once: the second waits for the first and then fails on the unique index.
    if (violated(err, "23505") === ONE_EVALUATION_PER_REQUEST)
      return { ok: false, status: 409, error: m.booking_error_request_not_waiting(), field: "enrollmentId" };
    const constraint = exclusionViolated(err);
    if (constraint === null) throw err;
    // Both constraints may hold (the athlete's own earlier request won the slot): the coach's time is the news.
    if (constraint === ATHLETE_OVERLAP && !(await coachTaken(services, input.coachId, start, end)))
      return { ok: false, status: 409, error: m.booking_error_athlete_busy(), field: "start" };
    const nextFree = await nextFreeSlots(services, { coachId: input.coachId, kind: input.kind, minutes, start });
    return { ok: false, status: 409, error: m.booking_taken(), field: "start", nextFree };
  }
}

/** Whether the coach has an active booking overlapping [start, end). */
async function coachTaken(services: BookingServices, coachId: string, start: Date, end: Date) {
  const { rows } = await services.db.execute(sql`
    select 1 from bookings where coach_id = ${coachId} and cancelled_at is null
      and tstzrange(starts_at, blocked_until, '[)') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`);
  return rows.length > 0;
}

/** An active booking, or null (unknown, or already cancelled). */
async function activeBooking(services: BookingServices, bookingId: string) {
  if (!isUuid(bookingId)) return null;
  const b = await getBookingDetail(services.db, bookingId);
  return b && !b.cancelled_at ? b : null;
}

/** The family cancels, at least 24 hours before; inside 24 hours the message says to call the coach. */
export async function cancelByFamily(services: BookingServices, actor: Actor, bookingId: string): Promise<BookingResult> {
  const b = await activeBooking(services, bookingId);
  if (!b || !(await isFamilyOfAthlete(services.db, actor, b.athlete_id, services.config.safePlay)))
    return { ok: false, status: 404, error: m.booking_error_unknown() };
  if (insideNotice(b.starts_at, services.config.safePlay.clock()))
    return { ok: false, status: 400, error: m.booking_notice_cancel({ phone: services.config.site.phone }) };
  return cancel(services, actor, b, null, "family");
}

/** A coach cancels one of their own bookings, whenever, with a reason the family reads at once. */
export async function cancelByCoach(services: BookingServices, actor: Actor, bookingId: string, reason: string): Promise<BookingResult> {
  const b = await activeBooking(services, bookingId);
  if (!b || !isCoachOfBooking(actor, { coachId: b.coach_id })) return { ok: false, status: 404, error: m.booking_error_unknown() };
  return cancel(services, actor, b, reason, "coach");
}

/**
 * Everyone hears of a cancellation but whoever made it: the family by mail (and, when the coach cancelled, on their
 * phones at once: issue 27), the coach by mail when the family cancelled. A cancelled evaluation booked for a request
 * that no coach has placed since puts the request back to "requested", so the family can book another (decision 0032).
 */
async function cancel(
  services: BookingServices,
  actor: Actor,
  b: BookingDetail,
  reason: string | null,
  by: "family" | "coach",
): Promise<BookingResult> {
  // The site's clock (as the 24-hour rule reads it): the credit a cancellation gets is decided from this moment (migration 0048).
  const now = services.config.safePlay.clock();
  const done = await services.db.transaction(async (tx) => {
    const rows = await tx
      .update(bookings)
      .set({ cancelledAt: now, cancelledBy: actor.id, reason, sequence: sql`${bookings.sequence} + 1`, updatedAt: new Date() })
      .where(and(eq(bookings.id, b.id), isNull(bookings.cancelledAt)))
      .returning({ id: bookings.id });
    if (rows.length === 0) return false;
    await tellFamilyOfBooking(tx, services, b.id, "cancelled");
    if (b.enrollment_id) await reopenAfterCancelledEvaluation(tx, services, b.enrollment_id);
    if (by === "family") await tellCoachOfBooking(tx, services, b.id, "cancelled");
    else await tellBookingChanged(tx, { bookingId: b.id, athleteId: b.athlete_id, change: "cancelled" });
    return true;
  });
  return done ? { ok: true, bookingId: b.id } : { ok: false, status: 404, error: m.booking_error_unknown() };
}

const RequestEnded = z.object({ enrollmentId: z.uuid() });

/**
 * The job of a request that ended (withdrawn by the family, declined or withdrawn by a coach: REQUEST_ENDED_JOB): an
 * evaluation still to come that was booked for it is cancelled, and the family and the coach get the CANCEL of its
 * invitation, as for any cancellation. Nobody cancelled it by hand, so it has no canceller and no reason; the
 * request's own mail said why. Run twice, it finds nothing left to cancel.
 */
export async function cancelEvaluationsOfEndedRequest(services: BookingServices, payload: unknown) {
  const parsed = RequestEnded.safeParse(payload);
  if (!parsed.success) return;
  const now = services.config.safePlay.clock();
  await services.db.transaction(async (tx) => {
    const rows = await tx
      .update(bookings)
      .set({ cancelledAt: now, cancelledBy: null, reason: null, sequence: sql`${bookings.sequence} + 1`, updatedAt: now })
      .where(and(eq(bookings.enrollmentId, parsed.data.enrollmentId), isNull(bookings.cancelledAt), gt(bookings.startsAt, now)))
      .returning({ id: bookings.id });
    for (const { id } of rows) {
      await tellFamilyOfBooking(tx, services, id, "cancelled");
      await tellCoachOfBooking(tx, services, id, "cancelled");
    }
  });
}

/**
 * A child's data deleted (app/childdata, issue 40, decision 0061): the athlete's lessons and evaluations still to come
 * are cancelled in the caller's transaction, and each coach is told as when a family cancels. Called before the record
 * is emptied, so the coach's mail names the athlete. Returns how many were cancelled.
 */
export async function cancelFutureBookingsOfAthlete(tx: DbOrTx, services: BookingServices, athleteId: string): Promise<number> {
  const now = services.config.safePlay.clock();
  const rows = await tx
    .update(bookings)
    .set({ cancelledAt: now, cancelledBy: null, reason: null, sequence: sql`${bookings.sequence} + 1`, updatedAt: now })
    .where(and(eq(bookings.athleteId, athleteId), isNull(bookings.cancelledAt), gt(bookings.startsAt, now)))
    .returning({ id: bookings.id });
  for (const { id } of rows) await tellCoachOfBooking(tx, services, id, "cancelled");
  return rows.length;
}

/**
 * Why a coach's move to `start` (for `minutes`) is refused, or null. A move stays true to the rules families book by,
 * but for the coach's own windows and days off: not in the past, on the 5-minute step, not on a date the organisation
 * cancelled (the rule slots follow), a lesson 30 or 60 minutes (the schema) and an evaluation EVALUATION_MINUTES.
 * Outside the coach's published windows is allowed: a coach arranging a time with a family is what a move is for.
 */
async function moveRefusal(services: BookingServices, b: BookingDetail, start: Date, minutes: number) {
  const { timeZone } = services.config.site;
  if (start.getTime() <= services.config.safePlay.clock().getTime()) return { error: m.booking_error_past(), field: "day" };
  if (start.getTime() % (START_STEP_MINUTES * 60_000) !== 0) return { error: m.booking_error_move_step(), field: "time" };
  if (b.kind === "evaluation" && minutes !== EVALUATION_MINUTES)
    return { error: m.booking_error_evaluation_length({ minutes: EVALUATION_MINUTES }), field: "minutes" };
  const day = dayInZone(start, timeZone);
  if ((await getCancelledDays(services.db, day, 1)).has(day))
    return { error: m.booking_error_move_cancelled({ day: formatDayLong(day) }), field: "day" };
  return null;
}

/**
 * Where a moved booking takes place: the place of the coach's window of its kind that holds the new time (whatever
 * lengths they offer families), or, outside their windows, where it was.
 */
async function placeAfterMove(services: BookingServices, b: BookingDetail, start: Date, minutes: number) {
  const { timeZone } = services.config.site;
  const day = dayInZone(start, timeZone);
  const { windows } = await getAvailabilitySnapshot(services.db, { from: day, days: 1, timeZone }, b.coach_id);
  return windowHolding({ coachId: b.coach_id, kind: b.kind, start: start.getTime(), minutes }, day, windows, timeZone)?.place ?? b.place;
}

/**
 * A coach moves one of their own bookings to another day, time and (for a lesson) length, keeping its buffer, within
 * moveRefusal's rules; the family gets the new invitation (same UID, next SEQUENCE) and a notice on their phones. The
 * coach's other bookings and the athlete's still may not overlap: the database refuses it.
 */
export async function moveByCoach(services: BookingServices, actor: Actor, input: MoveInput): Promise<BookingResult> {
  const b = await activeBooking(services, input.bookingId);
  if (!b || !isCoachOfBooking(actor, { coachId: b.coach_id })) return { ok: false, status: 404, error: m.booking_error_unknown() };
  const start = new Date(wallClockInstant(input.day, input.time, services.config.site.timeZone));
  const minutes = input.minutes ?? Math.round((b.ends_at.getTime() - b.starts_at.getTime()) / 60_000);
  const refusal = await moveRefusal(services, b, start, minutes);
  if (refusal) return { ok: false, status: 400, ...refusal };
  const end = new Date(start.getTime() + minutes * 60_000);
  const place = await placeAfterMove(services, b, start, minutes);
  try {
    await services.db.transaction(async (tx) => {
      await lockBookingKeys(tx, b.coach_id, b.athlete_id);
      await tx
        .update(bookings)
        .set({
          startsAt: start,
          endsAt: end,
          // The buffer the booking was made with follows it (the old end to the old blocked_until).
          blockedUntil: sql`${end.toISOString()}::timestamptz + (${bookings.blockedUntil} - ${bookings.endsAt})`,
          place,
          reason: input.reason,
          sequence: sql`${bookings.sequence} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(bookings.id, b.id), isNull(bookings.cancelledAt)));
      await tellFamilyOfBooking(tx, services, b.id, "moved");
      await tellBookingChanged(tx, { bookingId: b.id, athleteId: b.athlete_id, change: "moved" });
    });
  } catch (err) {
    const constraint = exclusionViolated(err);
    if (constraint === null) throw err;
    return {
      ok: false,
      status: 409,
      error: constraint === COACH_OVERLAP ? m.booking_error_coach_busy() : m.booking_error_athlete_busy(),
      field: "time",
    };
  }
  return { ok: true, bookingId: b.id };
}
