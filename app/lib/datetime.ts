// The one time module. Every date and time people read is shown in the organisation's time zone (ORG_TIME_ZONE),
// never the server's or the viewer's: the server renders a page and the browser later adds live items, and both
// must say the same "23:14" for the same instant. Each function builds its text from Intl's parts, so the output
// does not depend on the ICU version's spacing (Node and Chromium agree byte for byte). Pure: the browser and the
// server use it. A "day" is an ISO date string ("2025-09-21"); a "time" is "HH:MM" or "HH:MM:SS" as PostgreSQL
// gives it.

import { getLocale, INTL_LOCALE, type Locale } from "~/i18n/language";

export const DEFAULT_TIME_ZONE = "America/New_York";

type DateInput = Date | string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter for the zone, options and language (issue 27: names of months and days, "p. m."), made once (making
 * one costs far more than using it). The language is the page's unless given (a mail is in its reader's).
 */
export function formatter(zone: string, options: Intl.DateTimeFormatOptions, locale: Locale = "en"): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function parts(value: DateInput, zone: string, options: Intl.DateTimeFormatOptions, locale: Locale = "en"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(zone, options, locale).formatToParts(toDate(value))) out[p.type] = p.value;
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

/**
 * The time of day people read, in the zone: "4:30 PM" (Spanish "4:30 p. m.", written as the calendar's times are).
 * formatClock's "16:30" stays for what machines read (a time field's value).
 */
export function formatTime(value: DateInput, zone: string, locale: Locale = getLocale()): string {
  const p = parts(value, zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const h = Number(p.hour);
  const hour = h % 12 === 0 ? 12 : h % 12;
  if (locale === "es") return `${hour}:${p.minute} ${h >= 12 ? "p. m." : "a. m."}`;
  return `${hour}:${p.minute} ${h >= 12 ? "PM" : "AM"}`;
}

/** "MMM d" (e.g. "Nov 22"; Spanish "22 nov"), the day in the zone. */
export function formatMonthDay(value: DateInput, zone: string, locale: Locale = getLocale()): string {
  const p = parts(value, zone, { month: "short", day: "numeric" }, locale);
  return locale === "es" ? `${p.day} ${p.month}` : `${p.month} ${p.day}`;
}

/** The zone's short name at that instant: "EST" in winter, "EDT" in summer, "GMT+9" where there is no common one. */
export function zoneName(value: DateInput, zone: string): string {
  return parts(value, zone, { timeZoneName: "short" }).timeZoneName ?? zone;
}

/**
 * "Nov 22, 2026, 11:14 PM EST" (Spanish "22 nov 2026, 11:14 p. m. EST"): a moment with its zone named, for lists
 * people may read from anywhere.
 */
export function formatDateTime(value: DateInput, zone: string, locale: Locale = getLocale()): string {
  const p = parts(
    value,
    zone,
    {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    },
    locale,
  );
  if (locale === "es") return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** The calendar day ("YYYY-MM-DD") it is in the zone at that instant. */
export function dayInZone(value: DateInput, zone: string): string {
  const p = parts(value, zone, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * A calendar date that is not an instant (a video's published day, stored as midnight UTC of that day):
 * "March 3, 2025" (Spanish "3 de marzo de 2025"), the same in every zone.
 */
export function formatCalendarDate(value: DateInput, locale: Locale = getLocale()): string | null {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = parts(date, "UTC", { year: "numeric", month: "long", day: "numeric" }, locale);
  return locale === "es" ? `${p.day} de ${p.month} de ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}

// ---- Days and wall-clock times (the schedule, cancellations, the calendar feed) ----

// Year 0000 is a date to JavaScript but not to PostgreSQL (there is no year 0), where it ended in a 500.
const ISO_DAY = /^(?!0000)\d{4}-\d{2}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The wall-clock fields of an instant in a zone, as numbers. */
function wallClock(instant: Date, timeZone: string) {
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
function utcOffsetMinutes(timeZone: string, instant: Date): number {
  const p = wallClock(instant, timeZone);
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
const WEEKDAY_NAMES_ES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;

/** A weekday's name (0 = Sunday), in the language: "Sunday", "domingo". */
export function weekdayName(weekday: number, locale: Locale = getLocale()): string {
  return (locale === "es" ? WEEKDAY_NAMES_ES : WEEKDAY_NAMES)[weekday] ?? "";
}

/** "Sunday, September 21" (Spanish "domingo, 21 de septiembre"). */
export function formatDayLong(day: string, locale: Locale = getLocale()): string {
  const p = parts(`${day}T12:00:00Z`, "UTC", { weekday: "long", month: "long", day: "numeric" }, locale);
  return locale === "es" ? `${p.weekday}, ${p.day} de ${p.month}` : `${p.weekday}, ${p.month} ${p.day}`;
}

/** "9/21". */
export function formatDayShort(day: string): string {
  return `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
}

/** "September 2, 2024" (Spanish "2 de septiembre de 2024"): the day an instant falls on in `timeZone`. */
export function formatDateIn(date: Date | string, timeZone: string, locale: Locale = getLocale()): string {
  const p = parts(date, timeZone, { year: "numeric", month: "long", day: "numeric" }, locale);
  return locale === "es" ? `${p.day} de ${p.month} de ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}
