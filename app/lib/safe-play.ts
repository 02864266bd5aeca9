// Safe Play's clock rules, pure so the server decides and the browser can explain: a person's age from their date of
// birth and quiet hours, both read in the organisation's time zone (a minor turns adult on their 18th birthday there,
// with no manual step).

export const ADULT_AGE = 18;
export const MIN_AGE_ALONE = 13;

/** The calendar date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Minutes since local midnight at `now` in `timeZone`. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from `dateOfBirth` (YYYY-MM-DD) to the local date at `now`. Someone born on 29 February has their
 * birthday on 1 March in other years.
 */
export function ageOn(dateOfBirth: string, now: Date, timeZone: string): number {
  const born = DATE.exec(dateOfBirth);
  const today = DATE.exec(localDate(now, timeZone));
  if (!born || !today) throw new Error("ageOn needs dates as YYYY-MM-DD");
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(1).map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

export function isMinor(dateOfBirth: string, now: Date, timeZone: string): boolean {
  return ageOn(dateOfBirth, now, timeZone) < ADULT_AGE;
}

export type QuietHours = { start: number; end: number };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "20:00-08:00" as minutes since midnight; null when it is not two 24-hour times that differ. */
export function parseQuietHours(text: string): QuietHours | null {
  const [from, to, ...rest] = text.split("-").map((s) => s.trim());
  const a = CLOCK.exec(from ?? "");
  const b = CLOCK.exec(to ?? "");
  if (!a || !b || rest.length) return null;
  const start = Number(a[1]) * 60 + Number(a[2]);
  const end = Number(b[1]) * 60 + Number(b[2]);
  return start === end ? null : { start, end };
}

/** Whether `now` falls inside the quiet hours, which may run past midnight (20:00-08:00). */
export function inQuietHours(now: Date, timeZone: string, quiet: QuietHours): boolean {
  const m = localMinutes(now, timeZone);
  return quiet.start < quiet.end ? m >= quiet.start && m < quiet.end : m >= quiet.start || m < quiet.end;
}

/** "8:00 AM": the local time at which quiet hours end, as people read it. */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export function quietHoursMessage(quiet: QuietHours): string {
  return `Quiet hours: coaches can't message student-athletes under 18 between ${formatClock(quiet.start)} and ${formatClock(quiet.end)}. You can send this after ${formatClock(quiet.end)}.`;
}
