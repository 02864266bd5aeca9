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
  return locale === "en" ? formatDayShort(day) : `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;
}

/**
 * "9/21, 10/13 and 10/21, 2027"; in Spanish "21/9, 13/10 y 21/10 de 2027". Every day is read with its year (issue 28):
 * the days of one year share it, written once after them, and the years follow each other ("12/28, 2026; 1/4, 2027").
 */
export function formatCancelledDays(days: string[], locale: Locale = getLocale()): string {
  const byYear = new Map<string, string[]>();
  for (const d of [...new Set(days)].sort()) byYear.set(d.slice(0, 4), [...(byYear.get(d.slice(0, 4)) ?? []), d]);
  return [...byYear]
    .map(([year, inYear]) => {
      const list = joinList(
        inYear.map((d) => formatDayShortIn(d, locale)),
        locale,
      );
      return locale === "es" ? `${list} de ${year}` : `${list}, ${year}`;
    })
    .join("; ");
}

/** Whether an event has nothing left to show: a one-off day past, or a weekly series whose last day is past. */
export function hasEnded(e: { kind: "weekly" | "date"; onDate: string | null; endsOn: string | null }, today: string): boolean {
  return e.kind === "date" ? e.onDate! < today : e.endsOn !== null && e.endsOn < today;
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
 * A season's or a series' first and last day, with the year: "Sep 7 - Nov 7, 2027", "Dec 1, 2026 - Feb 28, 2027"
 * (Spanish "del 7 de septiembre al 7 de noviembre de 2027", "del 1 de diciembre de 2026 al 28 de febrero de 2027").
 */
export function formatSpan(start: string, end: string, locale: Locale = getLocale()): string {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  if (locale === "es")
    return sameYear
      ? `del ${dayOfMonthEs(start)} al ${dayOfMonthEs(end)} de ${end.slice(0, 4)}`
      : `del ${dayOfMonthEs(start)} de ${start.slice(0, 4)} al ${dayOfMonthEs(end)} de ${end.slice(0, 4)}`;
  const short = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
  return sameYear
    ? `${short(start)} - ${short(end)}, ${end.slice(0, 4)}`
    : `${short(start)}, ${start.slice(0, 4)} - ${short(end)}, ${end.slice(0, 4)}`;
}

/**
 * The weekly overviews /calendar shows (issue 28): one a season (or, for a series in no season, one a run of dates),
 * each with its own first and last day, so two seasons never read as one ("Sep 7 - Feb 28"). A weekly event with
 * no dates at all (private lessons, the Sabbath) stands in every overview. With no dated series, one overview of the
 * standing events, with no dates.
 */
export function overviewGroups<E extends { kind: "weekly" | "date"; startsOn: string | null; endsOn: string | null; seasonId?: string | null }>(
  events: E[],
  seasons: ReadonlyArray<{ id: string; startsOn: string; endsOn: string }>,
): Array<{ span: { startsOn: string; endsOn: string } | null; seasonId: string | null; events: E[] }> {
  const weekly = events.filter((e) => e.kind === "weekly");
  const spans = new Map<string, { span: { startsOn: string; endsOn: string }; seasonId: string | null; events: E[] }>();
  const standing: E[] = [];
  for (const e of weekly) {
    const season = e.seasonId ? seasons.find((s) => s.id === e.seasonId) : undefined;
    const span = season ?? (e.startsOn && e.endsOn ? { startsOn: e.startsOn, endsOn: e.endsOn } : null);
    if (!span) {
      standing.push(e);
      continue;
    }
    const key = season ? `season:${season.id}` : `${span.startsOn}/${span.endsOn}`;
    const group = spans.get(key) ?? { span: { startsOn: span.startsOn, endsOn: span.endsOn }, seasonId: season?.id ?? null, events: [] };
    group.events.push(e);
    spans.set(key, group);
  }
  if (spans.size === 0) return [{ span: null, seasonId: null, events: standing }];
  return [...spans.values()]
    .sort((a, b) => (a.span.startsOn < b.span.startsOn ? -1 : a.span.startsOn > b.span.startsOn ? 1 : 0))
    .map((g) => ({ span: g.span, seasonId: g.seasonId, events: [...g.events, ...standing] }));
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
