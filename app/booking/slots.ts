// Free slots, computed and never stored (decision 0032): a coach's weekly windows are wall-clock times in the
// organisation's zone, turned into instants day by day (so "Fridays 15:00" is 15:00 before and after a
// daylight-saving change), minus the coach's days off, the organisation's cancelled dates, and what is already booked
// (each booking with the coach's buffer after it). Pure: the server, the tests and the benchmark call the same code;
// the database's exclusion constraint, not this, is what keeps two bookings apart.
import { TZDate } from "@date-fns/tz";
import { addDays, weekdayOf } from "~/lib/datetime";

export type BookingKind = "lesson" | "evaluation";

/** Lessons are 30 or 60 minutes (the coach offers one or both); an evaluation is always EVALUATION_MINUTES. */
export const LESSON_LENGTHS = [30, 60] as const;
export const EVALUATION_MINUTES = 30;
/** A booking starts on a multiple of this many minutes past the hour (no 15:07 lessons). */
export const START_STEP_MINUTES = 5;
/** The family books and cancels at least this long before the start (the 24-hour rule). */
export const NOTICE_MS = 24 * 60 * 60 * 1000;

export type AvailabilityWindow = {
  coachId: string;
  kind: BookingKind;
  weekday: number;
  /** "15:00" or "15:00:00", wall-clock time in the organisation's zone. */
  startTime: string;
  endTime: string;
  place: string;
};

export type CoachRules = { lessonMinutes: number[]; bufferMinutes: number; daysOff: ReadonlySet<string> };

/** What a coach already has: [start, blockedUntil) in epoch milliseconds (the end includes the buffer). */
export type Busy = { coachId: string; start: number; end: number };

export type Slot = { coachId: string; kind: BookingKind; start: number; minutes: number; place: string };

export type SlotQuery = {
  windows: AvailabilityWindow[];
  rules: ReadonlyMap<string, CoachRules>;
  busy: Busy[];
  cancelledDays: ReadonlySet<string>;
  /** The first day (YYYY-MM-DD, in the zone) and how many days from it. */
  from: string;
  days: number;
  timeZone: string;
  kind: BookingKind;
  /** Lesson length asked for; evaluations ignore it. */
  minutes: number;
  /** Nothing starting before this instant (now + the notice a family must give). */
  notBefore: number;
};

const MINUTE = 60_000;

/** A wall-clock time on a day in the zone, as epoch milliseconds. */
export function wallClockInstant(day: string, time: string, timeZone: string): number {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new TZDate(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hh, mm, 0, timeZone).getTime();
}

export const slotMinutes = (kind: BookingKind, minutes: number) => (kind === "evaluation" ? EVALUATION_MINUTES : minutes);

/** Whether the coach offers this length for this kind. */
export function offersLength(rules: CoachRules | undefined, kind: BookingKind, minutes: number): boolean {
  if (!rules) return false;
  return kind === "evaluation" ? minutes === EVALUATION_MINUTES : rules.lessonMinutes.includes(minutes);
}

/** Free slots, by start time then coach. Each window is walked from its start: a slot, then the buffer, then the next. */
export function computeSlots(q: SlotQuery): Slot[] {
  const busyByCoach = new Map<string, Busy[]>();
  for (const b of q.busy) {
    const list = busyByCoach.get(b.coachId) ?? [];
    list.push(b);
    busyByCoach.set(b.coachId, list);
  }
  for (const list of busyByCoach.values()) list.sort((a, b) => a.start - b.start);
  const byWeekday = new Map<number, AvailabilityWindow[]>();
  for (const w of q.windows) {
    if (w.kind !== q.kind) continue;
    const list = byWeekday.get(w.weekday) ?? [];
    list.push(w);
    byWeekday.set(w.weekday, list);
  }
  // Coaches share their times ("15:00" on a Friday): each wall-clock time of a day is turned into an instant once.
  const instants = new Map<string, number>();
  const instant = (day: string, time: string) => {
    const key = `${day} ${time}`;
    let at = instants.get(key);
    if (at === undefined) instants.set(key, (at = wallClockInstant(day, time, q.timeZone)));
    return at;
  };
  const slots: Slot[] = [];
  for (let i = 0; i < q.days; i++) {
    const day = addDays(q.from, i);
    if (q.cancelledDays.has(day)) continue;
    for (const w of byWeekday.get(weekdayOf(day)) ?? []) {
      const rules = q.rules.get(w.coachId);
      const minutes = slotMinutes(q.kind, q.minutes);
      if (!rules || rules.daysOff.has(day) || !offersLength(rules, q.kind, minutes)) continue;
      const length = minutes * MINUTE;
      const step = length + rules.bufferMinutes * MINUTE;
      const end = instant(day, w.endTime);
      const busy = busyByCoach.get(w.coachId) ?? [];
      let t = instant(day, w.startTime);
      while (t + length <= end) {
        // A slot needs its length and the buffer after it free; a booking in the way moves the walk past it.
        const clash = busy.find((b) => b.start < t + step && t < b.end);
        if (clash) {
          t = Math.max(t + START_STEP_MINUTES * MINUTE, clash.end);
          continue;
        }
        if (t >= q.notBefore) slots.push({ coachId: w.coachId, kind: q.kind, start: t, minutes, place: w.place });
        t += step;
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start || a.coachId.localeCompare(b.coachId));
}

/**
 * The window that offers a slot (its place), or null: the slot lies inside one of the coach's windows of its kind on
 * its day, the coach offers its length, the day is neither a day off nor cancelled, and it starts on the step. Busy
 * times are not asked here: the database refuses an overlap, so two requests racing for one slot are decided there.
 */
export function offeringWindow(
  slot: { coachId: string; kind: BookingKind; start: number; minutes: number },
  day: string,
  windows: AvailabilityWindow[],
  rules: CoachRules | undefined,
  cancelledDays: ReadonlySet<string>,
  timeZone: string,
): AvailabilityWindow | null {
  if (!rules || rules.daysOff.has(day) || cancelledDays.has(day) || !offersLength(rules, slot.kind, slot.minutes)) return null;
  if (slot.start % (START_STEP_MINUTES * MINUTE) !== 0) return null;
  return windowHolding(slot, day, windows, timeZone);
}

/** The coach's window of the slot's kind on its day that holds the whole slot, or null (whatever the coach's rules). */
export function windowHolding(
  slot: { coachId: string; kind: BookingKind; start: number; minutes: number },
  day: string,
  windows: AvailabilityWindow[],
  timeZone: string,
): AvailabilityWindow | null {
  const end = slot.start + slot.minutes * MINUTE;
  return (
    windows.find(
      (w) =>
        w.coachId === slot.coachId &&
        w.kind === slot.kind &&
        w.weekday === weekdayOf(day) &&
        wallClockInstant(day, w.startTime, timeZone) <= slot.start &&
        end <= wallClockInstant(day, w.endTime, timeZone),
    ) ?? null
  );
}
