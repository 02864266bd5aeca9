// Dates and wall-clock times in the organisation's time zone (ORG_TIME_ZONE). Pure: the browser and the server use them.
// A "day" is an ISO date string ("2025-09-21"); a "time" is "HH:MM" or "HH:MM:SS" as PostgreSQL gives it.

// Year 0000 is a date to JavaScript but not to PostgreSQL (there is no year 0), where it ended in a 500.
const ISO_DAY = /^(?!0000)\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function parts(instant: Date, timeZone: string) {
  const fmt = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const p = Object.fromEntries(fmt.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `instant`. */
export function utcOffsetMinutes(timeZone: string, instant: Date): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time on a day happens in `timeZone`. */
export function instantOf(day: string, time: string, timeZone: string): Date {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), h, m);
  const first = guess - utcOffsetMinutes(timeZone, new Date(guess)) * 60_000;
  return new Date(guess - utcOffsetMinutes(timeZone, new Date(first)) * 60_000);
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "Sunday, September 21". */
export function formatDayLong(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" });
}

/** "9/21". */
export function formatDayShort(day: string): string {
  return `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
}

/** "September 2, 2024": the day an instant falls on in `timeZone`. */
export function formatDateIn(date: Date | string, timeZone: string): string {
  return new Date(date).toLocaleDateString("en-US", { timeZone, year: "numeric", month: "long", day: "numeric" });
}
