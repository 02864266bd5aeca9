// The calendar families subscribe to (RFC 5545): weekly events as RRULE, cancelled days as EXDATE, one UID per event
// that never changes, every time in the organisation's zone with a VTIMEZONE describing it. Pure: tested with a real
// iCalendar parser in ics.test.ts.
import { dayInZone, addDays, utcOffsetMinutes, weekdayOf, instantOf } from "~/lib/datetime";

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
  note: string | null;
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
  now?: Date;
};

const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1), never inside a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const compactDay = (day: string) => day.replace(/-/g, "");
const localStamp = (day: string, time: string) => `${compactDay(day)}T${time.slice(0, 5).replace(":", "")}00`;
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** The zone's yearly changes of offset (none for zones without daylight saving time), read from `year`. */
function transitions(timeZone: string, year: number) {
  const found: Array<{ at: Date; from: number; to: number }> = [];
  let t = Date.UTC(year, 0, 1);
  let prev = utcOffsetMinutes(timeZone, new Date(t));
  const end = Date.UTC(year + 1, 0, 1);
  while (t < end) {
    const next = t + 86_400_000;
    const off = utcOffsetMinutes(timeZone, new Date(next));
    if (off !== prev) {
      let lo = t;
      let hi = next;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (utcOffsetMinutes(timeZone, new Date(mid)) === prev) lo = mid;
        else hi = mid;
      }
      found.push({ at: new Date(hi), from: prev, to: off });
      prev = off;
    }
    t = next;
  }
  return found;
}

/** VTIMEZONE with yearly rules, as calendar programs expect (valid for years with today's rules). */
export function vtimezone(timeZone: string, now: Date): string[] {
  const year = Number(dayInZone(now, timeZone).slice(0, 4));
  const changes = transitions(timeZone, year);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (changes.length === 0) {
    const off = offsetText(utcOffsetMinutes(timeZone, now));
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${off}`, `TZOFFSETTO:${off}`, "END:STANDARD");
  }
  for (const c of changes) {
    // The wall-clock time the change happens at, read in the offset before it.
    const local = new Date(c.at.getTime() + c.from * 60_000);
    const month = local.getUTCMonth();
    const date = local.getUTCDate();
    const weekday = local.getUTCDay();
    const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const nth = date + 7 > daysInMonth ? -1 : Math.ceil(date / 7);
    // The first day in 1970 that the rule names: DTSTART must be an occurrence of its RRULE.
    const first = new Date(Date.UTC(1970, month, 1));
    const candidates: number[] = [];
    for (let d = 1; d <= new Date(Date.UTC(1970, month + 1, 0)).getUTCDate(); d++) {
      if (new Date(Date.UTC(1970, month, d)).getUTCDay() === weekday) candidates.push(d);
    }
    const day1970 = nth === -1 ? candidates[candidates.length - 1]! : candidates[nth - 1]!;
    first.setUTCDate(day1970);
    const hh = String(local.getUTCHours()).padStart(2, "0");
    const mm = String(local.getUTCMinutes()).padStart(2, "0");
    const kind = c.to > c.from ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${compactDay(first.toISOString().slice(0, 10))}T${hh}${mm}00`,
      `RRULE:FREQ=YEARLY;BYMONTH=${month + 1};BYDAY=${nth}${BYDAY[weekday]}`,
      `TZOFFSETFROM:${offsetText(c.from)}`,
      `TZOFFSETTO:${offsetText(c.to)}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/** The first day on or after `from` that falls on one of `weekdays`. */
function firstOccurrence(from: string, weekdays: number[]): string {
  let day = from;
  for (let i = 0; i < 7 && !weekdays.includes(weekdayOf(day)); i++) day = addDays(day, 1);
  return day;
}

function eventLines(e: FeedEvent, input: FeedInput, host: string, stamp: string): string[] | null {
  if (e.closed || !e.startTime) return null; // "Closed" and "by appointment" have no time to put in a calendar
  const tz = input.timeZone;
  const start = e.kind === "weekly" ? firstOccurrence(e.startsOn ?? dayInZone(e.createdAt, tz), e.weekdays) : e.onDate!;
  const endTime = e.endTime ?? `${String(Math.min(23, Number(e.startTime.slice(0, 2)) + 1)).padStart(2, "0")}${e.startTime.slice(2, 5)}`;
  const lines = [
    "BEGIN:VEVENT",
    `UID:event-${e.id}@${host}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${utcStamp(e.updatedAt)}`,
    `SUMMARY:${escapeText(e.title)}`,
    `DTSTART;TZID=${tz}:${localStamp(start, e.startTime)}`,
    `DTEND;TZID=${tz}:${localStamp(start, endTime)}`,
  ];
  if (e.place) lines.push(`LOCATION:${escapeText(e.place)}`);
  if (e.note) lines.push(`DESCRIPTION:${escapeText(e.note)}`);
  lines.push(`URL:${input.publicUrl}/calendar`);
  if (e.kind === "weekly") {
    let rule = `RRULE:FREQ=WEEKLY;BYDAY=${e.weekdays.map((d) => BYDAY[d]).join(",")}`;
    // With a DTSTART in a time zone, UNTIL is in UTC: the end of the season's last day.
    if (e.endsOn) rule += `;UNTIL=${utcStamp(instantOf(e.endsOn, "23:59", tz))}`;
    lines.push(rule);
    const skipped = input.cancelledDays
      .map((c) => c.day)
      .filter((d) => d >= start && (!e.endsOn || d <= e.endsOn) && e.weekdays.includes(weekdayOf(d)))
      .sort();
    if (skipped.length) lines.push(`EXDATE;TZID=${tz}:${skipped.map((d) => localStamp(d, e.startTime!)).join(",")}`);
  } else if (input.cancelledDays.some((c) => c.day === e.onDate)) {
    lines.push("STATUS:CANCELLED");
  }
  lines.push("END:VEVENT");
  return lines;
}

export function buildCalendarFeed(input: FeedInput): string {
  const now = input.now ?? new Date();
  const host = new URL(input.publicUrl).hostname;
  const stamp = utcStamp(now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(input.calendarName)}//Schedule//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.calendarName)}`,
    `X-WR-TIMEZONE:${input.timeZone}`,
    // A hint: Apple and Outlook honour it; Google refreshes subscribed calendars on its own schedule (12-24 hours).
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...vtimezone(input.timeZone, now),
  ];
  for (const e of input.events) lines.push(...(eventLines(e, input, host, stamp) ?? []));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
