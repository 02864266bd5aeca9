// The calendar families subscribe to (RFC 5545): weekly events as RRULE, cancelled days as EXDATE, one UID per event
// that never changes, every time in the organisation's zone. Written by ical-generator; the zone's VTIMEZONE comes
// from the IANA time zone database as timezones-ical-library packages it (a maintained package, updated with the
// database), and wall-clock times become instants through @date-fns/tz. Tested with a real iCalendar parser in
// ics.server.test.ts.
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalEventStatus, ICalWeekday } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { localizePath, type Locale } from "~/i18n/language";
import { addDays, dayInZone, weekdayOf } from "~/lib/datetime";
import { inReaderLanguage } from "~/lib/typed-content";
import { m } from "~/paraglide/messages";

export type FeedEvent = {
  id: string;
  title: string;
  kind: "weekly" | "date";
  weekdays: number[];
  onDate: string | null;
  startsOn: string | null;
  endsOn: string | null;
  startTime: string | null;
  endTime: string | null;
  place: string | null;
  /** A program session's street address (issue 28): calendar apps offer directions to it. */
  streetAddress?: string | null;
  note: string | null;
  /** The Spanish versions a coach wrote (issue 27), used by the Spanish feed. */
  titleEs?: string | null;
  noteEs?: string | null;
  closed: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type FeedInput = {
  events: FeedEvent[];
  cancelledDays: Array<{ day: string; note: string | null }>;
  timeZone: string;
  calendarName: string;
  /** The site's address: the UIDs' domain and each event's URL. */
  publicUrl: string;
  /**
   * The language of the feed's own words (its description, "Cancelled") and of the events' titles and notes where a
   * coach wrote them in it.
   */
  locale?: Locale;
  now?: Date;
};

const BYDAY = [ICalWeekday.SU, ICalWeekday.MO, ICalWeekday.TU, ICalWeekday.WE, ICalWeekday.TH, ICalWeekday.FR, ICalWeekday.SA];

/** A wall-clock time on a day ("2025-09-07", "08:00:00") in the zone, as an instant that knows its zone. */
function wallClock(day: string, time: string, timeZone: string): TZDate {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hh, mm, 0, timeZone);
}

/** The zone's VTIMEZONE, from the time zone database (null for a zone it does not know: times are then in UTC). */
function vtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block && block.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

/** The first day on or after `from` that falls on one of `weekdays`. */
function firstOccurrence(from: string, weekdays: number[]): string {
  let day = from;
  for (let i = 0; i < 7 && !weekdays.includes(weekdayOf(day)); i++) day = addDays(day, 1);
  return day;
}

export function buildCalendarFeed(input: FeedInput): string {
  const now = input.now ?? new Date();
  const host = new URL(input.publicUrl).hostname;
  const tz = input.timeZone;
  const locale = input.locale ?? "en";
  const calendar = ical({
    name: input.calendarName,
    description: m.calendar_ics_description({ org: input.calendarName }, { locale }),
    prodId: { company: input.calendarName, product: "Schedule", language: locale === "es" ? "ES" : "EN" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: tz, generator: vtimezone },
    // A hint: Apple and Outlook honour it; Google refreshes subscribed calendars on its own schedule (12-24 hours).
    ttl: 60 * 60,
    // Google reads the calendar's zone from here.
    x: [{ key: "X-WR-TIMEZONE", value: tz }],
  });
  for (const e of input.events) {
    if (e.closed || !e.startTime) continue; // "Closed" and "by appointment" have no time to put in a calendar
    // The Spanish feed carries the Spanish a coach wrote; where there is none, the English as it is. A calendar app
    // shows no mark of ours, and words added to a title ("(en inglés)") would show in every family's calendar.
    const summary = inReaderLanguage({ en: e.title, es: e.titleEs }, locale).text;
    const note = inReaderLanguage({ en: e.note, es: e.noteEs }, locale)?.text ?? null;
    const cancelled = e.kind === "date" && input.cancelledDays.some((c) => c.day === e.onDate);
    const start = e.kind === "weekly" ? firstOccurrence(e.startsOn ?? dayInZone(e.createdAt, tz), e.weekdays) : e.onDate!;
    const endTime = e.endTime ?? `${String(Math.min(23, Number(e.startTime.slice(0, 2)) + 1)).padStart(2, "0")}${e.startTime.slice(2, 5)}`;
    const event = calendar.createEvent({
      id: `event-${e.id}@${host}`,
      stamp: now,
      lastModified: e.updatedAt,
      summary,
      start: wallClock(start, e.startTime, tz),
      end: wallClock(start, endTime, tz),
      timezone: tz,
      location: [e.place, e.streetAddress].filter(Boolean).join(", ") || null,
      // A cancelled one-off event says so in its text too: not every calendar app shows STATUS:CANCELLED.
      description: cancelled ? [m.calendar_ics_cancelled({}, { locale }), note].filter(Boolean).join("\n\n") : note,
      url: `${input.publicUrl}${localizePath("/calendar", locale)}`,
    });
    if (e.kind === "weekly") {
      const skipped = input.cancelledDays
        .map((c) => c.day)
        .filter((d) => d >= start && (!e.endsOn || d <= e.endsOn) && e.weekdays.includes(weekdayOf(d)))
        .sort();
      event.repeating({
        freq: ICalEventRepeatingFreq.WEEKLY,
        byDay: e.weekdays.map((d) => BYDAY[d]!),
        // The end of the season's last day (written in UTC, as RFC 5545 asks of UNTIL with a zoned start).
        ...(e.endsOn ? { until: wallClock(e.endsOn, "23:59", tz) } : {}),
        ...(skipped.length ? { exclude: skipped.map((d) => wallClock(d, e.startTime!, tz)), excludeTimezone: tz } : {}),
      });
    } else if (cancelled) {
      event.status(ICalEventStatus.CANCELLED);
    }
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 3.1).
  return `${calendar.toString()}\r\n`;
}
