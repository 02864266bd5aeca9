// What coaches publish (windows, lengths, buffer, days off), and the snapshot free slots are computed from. Every
// write is scoped by the coach's own id in its WHERE: a coach cannot touch another coach's availability, whatever
// ids a form sends.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { bookingDaysOff, bookingSettings, bookingWindows, cancelledDates } from "../../db/schema";
import { addDays } from "~/lib/datetime";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import type { SettingsInput, WindowInput } from "./schemas";
import { computeSlots, type AvailabilityWindow, type BookingKind, type Busy, type CoachRules, type Slot } from "./slots";

const DEFAULT_RULES = { lessonMinutes: [60], bufferMinutes: 0 };

const WindowRow = z.object({
  coach_id: z.string(),
  name: z.string().nullable(),
  kind: z.enum(["lesson", "evaluation"]),
  weekday: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  place: z.string(),
  lesson_minutes: z.array(z.number()).nullable(),
  buffer_minutes: z.number().nullable(),
});
const DayOffRow = z.object({ coach_id: z.string(), day: z.string() });
/** A booking's start and the end of its buffer, in epoch milliseconds (int8, handed over as text). */
const BusyRow = z.object({ coach_id: z.string(), s: z.coerce.number(), e: z.coerce.number() });
const DayRow = z.object({ day: z.string() });
const CoachRow = z.object({ id: z.string(), name: z.string().nullable() });

/** The coach's own availability, as /appointments/availability shows it. */
export async function getOwnAvailability(db: Db, coachId: string, today: string) {
  const [settings] = await db
    .select({ lessonMinutes: bookingSettings.lessonMinutes, bufferMinutes: bookingSettings.bufferMinutes })
    .from(bookingSettings)
    .where(eq(bookingSettings.coachId, coachId));
  const windows = await db
    .select({
      id: bookingWindows.id,
      kind: bookingWindows.kind,
      weekday: bookingWindows.weekday,
      startTime: bookingWindows.startTime,
      endTime: bookingWindows.endTime,
      place: bookingWindows.place,
    })
    .from(bookingWindows)
    .where(eq(bookingWindows.coachId, coachId))
    .orderBy(asc(bookingWindows.weekday), asc(bookingWindows.startTime));
  const daysOff = await db
    .select({ day: bookingDaysOff.day })
    .from(bookingDaysOff)
    .where(and(eq(bookingDaysOff.coachId, coachId), gte(bookingDaysOff.day, today)))
    .orderBy(asc(bookingDaysOff.day));
  return { settings: settings ?? DEFAULT_RULES, windows, daysOff: daysOff.map((d) => d.day) };
}

export async function saveBookingSettings(db: DbOrTx, coachId: string, input: SettingsInput) {
  const lessonMinutes = [...new Set(input.lessonMinutes)].sort((a, b) => a - b);
  await db
    .insert(bookingSettings)
    .values({ coachId, lessonMinutes, bufferMinutes: input.bufferMinutes })
    .onConflictDoUpdate({ target: bookingSettings.coachId, set: { lessonMinutes, bufferMinutes: input.bufferMinutes, updatedAt: new Date() } });
}

export async function addWindow(db: DbOrTx, coachId: string, input: WindowInput) {
  await db.insert(bookingWindows).values({ coachId, ...input });
}

/** Removes one of the coach's own windows; false when it is not theirs (or gone). Booked lessons stay booked. */
export async function removeWindow(db: DbOrTx, coachId: string, windowId: string) {
  if (!isUuid(windowId)) return false;
  const removed = await db
    .delete(bookingWindows)
    .where(and(eq(bookingWindows.id, windowId), eq(bookingWindows.coachId, coachId)))
    .returning({ id: bookingWindows.id });
  return removed.length > 0;
}

export async function addDayOff(db: DbOrTx, coachId: string, day: string) {
  await db.insert(bookingDaysOff).values({ coachId, day }).onConflictDoNothing();
}

export async function removeDayOff(db: DbOrTx, coachId: string, day: string) {
  await db.delete(bookingDaysOff).where(and(eq(bookingDaysOff.coachId, coachId), eq(bookingDaysOff.day, day)));
}

/** Everything slot computation needs for `days` days from `from`, for one coach or every coach, in four reads. */
export type AvailabilitySnapshot = {
  windows: AvailabilityWindow[];
  rules: Map<string, CoachRules>;
  busy: Busy[];
  cancelledDays: Set<string>;
  coaches: Array<{ id: string; name: string }>;
};

export async function getAvailabilitySnapshot(
  db: SqlExecutor,
  range: { from: string; days: number; timeZone: string },
  coachId: string | null = null,
): Promise<AvailabilitySnapshot> {
  const to = addDays(range.from, range.days);
  const onlyCoach = coachId ? sql`and u.id = ${coachId}` : sql``;
  // Coaches who are coaches now and have an account: a window of someone no longer a coach offers nothing.
  const windowRows = await rows(
    db,
    WindowRow,
    sql`
    select w.coach_id, u.full_name as name, w.kind, w.weekday, w.start_time::text, w.end_time::text, w.place,
           s.lesson_minutes, s.buffer_minutes
    from booking_windows w
    join users u on u.id = w.coach_id and u.role = 'coach' and u.deleted_at is null ${onlyCoach}
    left join booking_settings s on s.coach_id = w.coach_id
    order by u.full_name, w.coach_id, w.weekday, w.start_time`,
  );
  const coachIds = [...new Set(windowRows.map((r) => r.coach_id))];
  const rules = new Map<string, CoachRules>();
  const coaches: Array<{ id: string; name: string }> = [];
  for (const r of windowRows) {
    if (rules.has(r.coach_id)) continue;
    rules.set(r.coach_id, {
      lessonMinutes: r.lesson_minutes ?? DEFAULT_RULES.lessonMinutes,
      bufferMinutes: r.buffer_minutes ?? DEFAULT_RULES.bufferMinutes,
      daysOff: new Set(),
    });
    coaches.push({ id: r.coach_id, name: r.name ?? "" });
  }
  if (coachIds.length === 0) return { windows: [], rules, busy: [], cancelledDays: new Set(), coaches };
  const ids = sql.join(
    coachIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const [off, busyRows, cancelled] = await Promise.all([
    rows(
      db,
      DayOffRow,
      sql`select coach_id, day::text from booking_days_off where coach_id in (${ids}) and day >= ${range.from}::date and day < ${to}::date`,
    ),
    // A day either side: a booking late on the last day, or its buffer, still counts.
    rows(
      db,
      BusyRow,
      sql`
      select coach_id, (extract(epoch from starts_at) * 1000)::bigint::text as s, (extract(epoch from blocked_until) * 1000)::bigint::text as e
      from bookings where coach_id in (${ids}) and cancelled_at is null
        and blocked_until > (${range.from}::date - 1)::timestamp at time zone ${range.timeZone}
        and starts_at < (${to}::date + 1)::timestamp at time zone ${range.timeZone}`,
    ),
    getCancelledDays(db, range.from, range.days),
  ]);
  for (const r of off) (rules.get(r.coach_id)?.daysOff as Set<string> | undefined)?.add(r.day);
  return {
    windows: windowRows.map((r) => ({
      coachId: r.coach_id,
      kind: r.kind,
      weekday: r.weekday,
      startTime: r.start_time,
      endTime: r.end_time,
      place: r.place,
    })),
    rules,
    busy: busyRows.map((r) => ({ coachId: r.coach_id, start: r.s, end: r.e })),
    cancelledDays: cancelled,
    coaches,
  };
}

/** The organisation's cancelled dates (on /calendar) among `days` days from `from`: no slots then, and no moves there. */
export async function getCancelledDays(db: SqlExecutor, from: string, days: number): Promise<Set<string>> {
  const cancelled = await rows(
    db,
    DayRow,
    sql`select day::text from ${cancelledDates} where day >= ${from}::date and day < ${addDays(from, days)}::date`,
  );
  return new Set(cancelled.map((r) => r.day));
}

export type FreeSlotQuery = {
  from: string;
  days: number;
  timeZone: string;
  kind: BookingKind;
  minutes: number;
  notBefore: Date;
  /** One coach, or null for any coach. */
  coachId: string | null;
};

/** The free slots for the query, with the coaches who have windows (for the page's choice of coach). */
export async function getFreeSlots(db: SqlExecutor, q: FreeSlotQuery): Promise<{ slots: Slot[]; coaches: Array<{ id: string; name: string }> }> {
  const snapshot = await getAvailabilitySnapshot(db, q, q.coachId);
  const slots = computeSlots({
    ...snapshot,
    from: q.from,
    days: q.days,
    timeZone: q.timeZone,
    kind: q.kind,
    minutes: q.minutes,
    notBefore: q.notBefore.getTime(),
  });
  return { slots, coaches: snapshot.coaches };
}

/** The coaches who publish any window (the page's list of coaches), by name. */
export async function getBookableCoaches(db: SqlExecutor) {
  const coaches = await rows(
    db,
    CoachRow,
    sql`
    select distinct u.id, u.full_name as name from booking_windows w
    join users u on u.id = w.coach_id and u.role = 'coach' and u.deleted_at is null
    order by u.full_name, u.id`,
  );
  return coaches.map((r) => ({ id: r.id, name: r.name ?? "" }));
}
