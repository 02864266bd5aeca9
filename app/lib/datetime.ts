// Every date and time people read is shown in the organisation's time zone (ORG_TIME_ZONE), never the
// server's or the viewer's: the server renders a page and the browser later adds live items, and both must
// say the same "23:14" for the same instant. Each function builds its text from Intl's parts, so the
// output does not depend on the ICU version's spacing (Node and Chromium agree byte for byte).

export const DEFAULT_TIME_ZONE = "America/New_York";

type DateInput = Date | string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function parts(value: DateInput, zone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(zone, options).formatToParts(toDate(value))) out[p.type] = p.value;
  return out;
}

/** True when the runtime knows this IANA zone name (e.g. "America/New_York"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "HH:mm", 24-hour, in the zone. */
export function formatClock(value: DateInput, zone: string): string {
  const p = parts(value, zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${p.hour}:${p.minute}`;
}

/** "MMM d" (e.g. "Nov 22"), the day in the zone. */
export function formatMonthDay(value: DateInput, zone: string): string {
  const p = parts(value, zone, { month: "short", day: "numeric" });
  return `${p.month} ${p.day}`;
}

/** The zone's short name at that instant: "EST" in winter, "EDT" in summer, "GMT+9" where there is no common one. */
export function zoneName(value: DateInput, zone: string): string {
  return parts(value, zone, { timeZoneName: "short" }).timeZoneName ?? zone;
}

/** "Nov 22, 2026, 11:14 PM EST": a moment with its zone named, for lists people may read from anywhere. */
export function formatDateTime(value: DateInput, zone: string): string {
  const p = parts(value, zone, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZoneName: "short",
  });
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** The calendar day ("YYYY-MM-DD") it is in the zone at that instant. */
export function dayInZone(value: DateInput, zone: string): string {
  const p = parts(value, zone, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * A calendar date that is not an instant (a video's published day, stored as midnight UTC of that day):
 * "March 3, 2025", the same in every zone.
 */
export function formatCalendarDate(value: DateInput): string | null {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = parts(date, "UTC", { year: "numeric", month: "long", day: "numeric" });
  return `${p.month} ${p.day}, ${p.year}`;
}
