// Booking, cancelling and moving. The database keeps two bookings of a coach (with the buffer) or of an athlete from
// overlapping: exclusion constraints, so of many requests for one slot exactly one commits and the others are told
// "That time was just taken" with the next free times (decision 0032). The rules are access.server.ts's.
import { and, eq, isNull, sql } from "drizzle-orm";
import { bookings } from "../../db/schema";
import { dayInZone } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { isUuid } from "~/lib/uuid";
import { m } from "~/paraglide/messages";
import { bookForRefusal, insideNotice, isCoachOfBooking, isFamilyOfAthlete } from "./access.server";
import { getAvailabilitySnapshot, getFreeSlots } from "./availability.server";
import { getBookingDetail, tellFamilyOfBooking, type BookingServices } from "./mails.server";
import { queueBookingNotice } from "~/notifications/booking-notice.server";
import type { BookInput, MoveInput } from "./schemas";
import { NOTICE_MS, offeringWindow, slotMinutes, wallClockInstant, type Slot } from "./slots";

type Actor = Pick<Profile, "id" | "role">;

export type BookingResult = { ok: true; bookingId: string } | { ok: false; status: number; error: string; field?: string; nextFree?: Slot[] };

/** The exclusion constraints' names (migration 0023): which one refused says whose time it was. */
const COACH_OVERLAP = "bookings_coach_no_overlap";
const ATHLETE_OVERLAP = "bookings_athlete_no_overlap";

/** The constraint an exclusion violation (23P01) names, whether the driver's error is wrapped or not. */
function exclusionViolated(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23P01") return e.constraint ?? "";
  }
  return null;
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

/** A guardian books for their athlete, an adult athlete for themselves, a free slot at least 24 hours ahead. */
export async function createBooking(services: BookingServices, actor: Actor, input: BookInput): Promise<BookingResult> {
  const { db } = services;
  const refusal = await bookForRefusal(db, actor, input.athleteId, services.config.safePlay);
  if (refusal) return { ok: false, status: 403, error: refusal, field: "athleteId" };
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
        })
        .returning({ id: bookings.id });
      await tellFamilyOfBooking(tx, services, row!.id, "booked");
      return row!.id;
    });
    return { ok: true, bookingId };
  } catch (err) {
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
  return cancel(services, actor, b.id, null);
}

/** A coach cancels one of their own bookings, whenever, with a reason the family reads at once. */
export async function cancelByCoach(services: BookingServices, actor: Actor, bookingId: string, reason: string): Promise<BookingResult> {
  const b = await activeBooking(services, bookingId);
  if (!b || !isCoachOfBooking(actor, { coachId: b.coach_id })) return { ok: false, status: 404, error: m.booking_error_unknown() };
  return cancel(services, actor, b.id, reason, b.athlete_id);
}

/** `byCoachOf`: the athlete whose family's phones hear of a coach's cancellation at once (issue 27). */
async function cancel(services: BookingServices, actor: Actor, bookingId: string, reason: string | null, byCoachOf?: string): Promise<BookingResult> {
  const done = await services.db.transaction(async (tx) => {
    const rows = await tx
      .update(bookings)
      .set({ cancelledAt: new Date(), cancelledBy: actor.id, reason, sequence: sql`${bookings.sequence} + 1`, updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.cancelledAt)))
      .returning({ id: bookings.id });
    if (rows.length === 0) return false;
    await tellFamilyOfBooking(tx, services, bookingId, "cancelled");
    if (byCoachOf) await queueBookingNotice(tx, bookingId, byCoachOf, "cancelled");
    return true;
  });
  return done ? { ok: true, bookingId } : { ok: false, status: 404, error: m.booking_error_unknown() };
}

/**
 * A coach moves one of their own bookings to another day and time (not in the past), keeping its length and buffer;
 * the family gets the new invitation (same UID, next SEQUENCE). The coach's other bookings still may not overlap.
 */
export async function moveByCoach(services: BookingServices, actor: Actor, input: MoveInput): Promise<BookingResult> {
  const b = await activeBooking(services, input.bookingId);
  if (!b || !isCoachOfBooking(actor, { coachId: b.coach_id })) return { ok: false, status: 404, error: m.booking_error_unknown() };
  const start = new Date(wallClockInstant(input.day, input.time, services.config.site.timeZone));
  if (start.getTime() <= services.config.safePlay.clock().getTime()) return { ok: false, status: 400, error: m.booking_error_past(), field: "day" };
  const shift = start.getTime() - b.starts_at.getTime();
  try {
    await services.db.transaction(async (tx) => {
      await tx
        .update(bookings)
        .set({
          startsAt: start,
          endsAt: new Date(b.ends_at.getTime() + shift),
          blockedUntil: sql`${bookings.blockedUntil} + ${`${shift / 1000} seconds`}::interval`,
          reason: input.reason,
          sequence: sql`${bookings.sequence} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(bookings.id, b.id), isNull(bookings.cancelledAt)));
      await tellFamilyOfBooking(tx, services, b.id, "moved");
      await queueBookingNotice(tx, b.id, b.athlete_id, "moved");
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
