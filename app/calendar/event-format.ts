// How an event's rule reads on a card, in the page's language: "Sundays 8-10 AM", "Monday-Thursday 4:30-6:00 PM",
// "Fridays by appointment"; in Spanish "domingos de 8 a 10 a. m.", "de lunes a jueves de 4:30 a 6:00 p. m.".
import { getLocale, INTL_LOCALE, type Locale } from "~/i18n/language";
import { addDays, formatDayLong, formatDayShort, formatter, WEEKDAY_NAMES, weekdayName, weekdayOf } from "~/lib/datetime";
import { joinAnd } from "~/lib/words";
import { m } from "~/paraglide/messages";

/**
 * An event's rule. `T` is how the coach's own words (the time note, the title) are held: as typed (a string), or as
 * the version chosen for the reader (a TypedText from app/lib/typed-content.ts), which the functions below pass
 * through untouched beside the words they write themselves.
 */
export type EventRule<T = string> = {
  kind: "weekly" | "date";
  weekdays: number[];
  onDate: string | null;
  startTime: string | null;
  endTime: string | null;
  timeNote: T | null;
  closed: boolean;
};

const spanishList = new Intl.ListFormat(INTL_LOCALE.es, { type: "conjunction" });

/** "A, B and C"; in Spanish "A, B y C" (Intl chooses "e" before an "i" sound). */
function joinList(items: string[], locale: Locale): string {
  return locale === "es" ? spanishList.format(items) : joinAnd(items);
}

/** A weekday every week: "Sundays"; in Spanish "domingos", "sábados", "lunes". */
function everyWeekday(weekday: number, locale: Locale): string {
  if (locale === "en") return `${WEEKDAY_NAMES[weekday]}s`;
  const name = weekdayName(weekday, "es");
  return name.endsWith("o") ? `${name}s` : name;
}

const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase("es") + s.slice(1);

/** "Sundays", "Tuesday and Thursday", "Monday-Thursday", "Monday, Wednesday and Friday" (Spanish: "de lunes a jueves"). */
export function formatWeekdays(weekdays: number[], locale: Locale = getLocale()): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 1) return everyWeekday(days[0]!, locale);
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (consecutive && days.length >= 3)
    return locale === "es" ? `de ${weekdayName(first, "es")} a ${weekdayName(last, "es")}` : `${WEEKDAY_NAMES[first]}-${WEEKDAY_NAMES[last]}`;
  return joinList(
    days.map((d) => (locale === "es" ? weekdayName(d, "es") : WEEKDAY_NAMES[d]!)),
    locale,
  );
}

function clock(time: string) {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return { hour12: h % 12 === 0 ? 12 : h % 12, minute: m, pm: h >= 12 };
}

type Clock = ReturnType<typeof clock>;
const show = (c: Clock, minutes: boolean) => (minutes ? `${c.hour12}:${String(c.minute).padStart(2, "0")}` : String(c.hour12));

/** "8-10 AM", "4:30-6:00 PM", "11 AM-1 PM", "9 AM"; in Spanish "de 8 a 10 a. m.", "de 11 a. m. a 1 p. m.", "a las 9 a. m.". */
export function formatTimeRange(start: string, end: string | null, locale: Locale = getLocale()): string {
  const s = clock(start);
  const e = end ? clock(end) : null;
  if (locale === "es") {
    const period = (c: Clock) => (c.pm ? "p. m." : "a. m.");
    if (!e) return `${s.hour12 === 1 ? "a la" : "a las"} ${show(s, s.minute !== 0)} ${period(s)}`;
    const minutes = s.minute !== 0 || e.minute !== 0;
    if (s.pm === e.pm) return `de ${show(s, minutes)} a ${show(e, minutes)} ${period(e)}`;
    return `de ${show(s, s.minute !== 0)} ${period(s)} a ${show(e, e.minute !== 0)} ${period(e)}`;
  }
  if (!e) return `${show(s, s.minute !== 0)} ${s.pm ? "PM" : "AM"}`;
  const minutes = s.minute !== 0 || e.minute !== 0;
  if (s.pm === e.pm) return `${show(s, minutes)}-${show(e, minutes)} ${e.pm ? "PM" : "AM"}`;
  return `${show(s, s.minute !== 0)} ${s.pm ? "PM" : "AM"}-${show(e, e.minute !== 0)} ${e.pm ? "PM" : "AM"}`;
}

/**
 * The card's "when" line in its parts, in order: the site's own words (days, times, separators) as strings, and the
 * coach's time note as it was given ("by appointment", or the version chosen for the reader).
 */
export function whenParts<T>(rule: EventRule<T>, locale: Locale = getLocale()): Array<string | T> {
  const time = rule.startTime ? formatTimeRange(rule.startTime, rule.endTime, locale) : null;
  if (rule.closed) return [rule.timeNote ?? m.calendar_when_closed({}, { locale })];
  const days = rule.kind === "weekly" ? formatWeekdays(rule.weekdays, locale) : rule.onDate ? formatDayLong(rule.onDate, locale) : "";
  // "viernes, 5 de diciembre, de 6 a 8 p. m.": a comma after a date in Spanish, before what follows it.
  const separator = locale === "es" && rule.kind === "date" ? ", " : " ";
  const parts: Array<string | T> = [];
  for (const part of [days, time ?? rule.timeNote]) {
    if (!part) continue;
    if (parts.length) parts.push(separator);
    parts.push(part);
  }
  return parts;
}

/** The card's "when" line. */
export function formatWhen(rule: EventRule, locale: Locale = getLocale()): string {
  return whenParts(rule, locale).join("");
}

/** "9/21"; in Spanish "21/9" (day first). */
function formatDayShortIn(day: string, locale: Locale): string {
  if (locale === "en") return formatDayShort(day);
  const p = Object.fromEntries(
    formatter("UTC", { day: "numeric", month: "numeric" }, locale)
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}`;
}

/** "9/21, 10/13 and 10/21"; in Spanish "21/9, 13/10 y 21/10". */
export function formatCancelledDays(days: string[], locale: Locale = getLocale()): string {
  return joinList(
    [...days].sort().map((d) => formatDayShortIn(d, locale)),
    locale,
  );
}

export type OccurrenceEvent<T = string> = EventRule<T> & {
  id: string;
  title: T;
  startsOn: string | null;
  endsOn: string | null;
  place: string | null;
};
export type Occurrence<T = string> = { day: string; eventId: string; title: T; time: string | T | null; place: string | null; cancelled: boolean };

/** Every session from `from` for `days` days, in time order, cancelled ones marked. Closed events have none. */
export function occurrences<T>(
  events: Array<OccurrenceEvent<T>>,
  cancelledDays: string[],
  from: string,
  days: number,
  locale: Locale = getLocale(),
): Array<Occurrence<T>> {
  const cancelled = new Set(cancelledDays);
  const out: Array<Occurrence<T>> = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    const weekday = weekdayOf(day);
    for (const e of events) {
      if (e.closed) continue;
      const on =
        e.kind === "date" ? e.onDate === day : e.weekdays.includes(weekday) && (!e.startsOn || day >= e.startsOn) && (!e.endsOn || day <= e.endsOn);
      if (!on) continue;
      out.push({
        day,
        eventId: e.id,
        title: e.title,
        time: e.startTime ? formatTimeRange(e.startTime, e.endTime, locale) : e.timeNote,
        place: e.place,
        cancelled: cancelled.has(day),
      });
    }
  }
  return out.sort((a, b) => (a.day === b.day ? 0 : a.day < b.day ? -1 : 1));
}

/** "7 de septiembre": a day and its month's name, in Spanish. */
function dayOfMonthEs(day: string): string {
  const p = Object.fromEntries(
    formatter("UTC", { day: "numeric", month: "long" }, "es")
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day} de ${p.month}`;
}

/**
 * "Sep 7 - Nov 7" (Spanish "del 7 de septiembre al 7 de noviembre") for the weekly events' season, or null when they
 * have none or several.
 */
export function formatSeason(
  events: Array<Pick<OccurrenceEvent<unknown>, "kind" | "startsOn" | "endsOn">>,
  locale: Locale = getLocale(),
): string | null {
  const weekly = events.filter((e) => e.kind === "weekly" && e.startsOn && e.endsOn);
  if (weekly.length === 0) return null;
  const start = weekly.map((e) => e.startsOn!).sort()[0]!;
  const end = weekly
    .map((e) => e.endsOn!)
    .sort()
    .at(-1)!;
  if (locale === "es") return `del ${dayOfMonthEs(start)} al ${dayOfMonthEs(end)}`;
  const short = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
  return `${short(start)} - ${short(end)}`;
}

/** For the weekly overview: what happens on each day of the week ("Sunday"; in Spanish "Domingo", heading a row). */
export function weeklyOverview<T>(
  events: Array<OccurrenceEvent<T>>,
  locale: Locale = getLocale(),
): Array<{ day: string; entries: Array<{ title: T; time: string | T; closed: boolean }> }> {
  const closed = m.calendar_when_closed({}, { locale });
  return WEEKDAY_NAMES.map((name, i) => {
    const on = events.filter((e) => e.kind === "weekly" && e.weekdays.includes(i));
    return {
      day: locale === "es" ? capitalized(weekdayName(i, "es")) : name,
      // A closed day reads "Closed" with its reason ("Closed for the Sabbath") as the activity.
      entries: on.map((e) =>
        e.closed
          ? { title: e.timeNote ?? e.title, time: closed, closed: true }
          : { title: e.title, time: e.startTime ? formatTimeRange(e.startTime, e.endTime, locale) : (e.timeNote ?? ""), closed: false },
      ),
    };
  });
}
