// How an event's rule reads on a card: "Sundays 8-10 AM", "Monday-Thursday 4:30-6:00 PM", "Fridays by appointment".
import { addDays, formatDayLong, formatDayShort, WEEKDAY_NAMES, weekdayOf } from "~/lib/datetime";
import { joinAnd } from "~/lib/words";

export type EventRule = {
  kind: "weekly" | "date";
  weekdays: number[];
  onDate: string | null;
  startTime: string | null;
  endTime: string | null;
  timeNote: string | null;
  closed: boolean;
};

/** "Sundays", "Tuesday and Thursday", "Monday-Thursday", "Monday, Wednesday and Friday". */
export function formatWeekdays(weekdays: number[]): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 1) return `${WEEKDAY_NAMES[days[0]!]}s`;
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  if (consecutive && days.length >= 3) return `${WEEKDAY_NAMES[days[0]!]}-${WEEKDAY_NAMES[days[days.length - 1]!]}`;
  return joinAnd(days.map((d) => WEEKDAY_NAMES[d]!));
}

function clock(time: string) {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return { hour12: h % 12 === 0 ? 12 : h % 12, minute: m, pm: h >= 12 };
}

/** "8-10 AM", "4:30-6:00 PM", "11 AM-1 PM", "9 AM". */
export function formatTimeRange(start: string, end: string | null): string {
  const s = clock(start);
  const show = (c: ReturnType<typeof clock>, minutes: boolean) => (minutes ? `${c.hour12}:${String(c.minute).padStart(2, "0")}` : String(c.hour12));
  if (!end) return `${show(s, s.minute !== 0)} ${s.pm ? "PM" : "AM"}`;
  const e = clock(end);
  const minutes = s.minute !== 0 || e.minute !== 0;
  if (s.pm === e.pm) return `${show(s, minutes)}-${show(e, minutes)} ${e.pm ? "PM" : "AM"}`;
  return `${show(s, s.minute !== 0)} ${s.pm ? "PM" : "AM"}-${show(e, e.minute !== 0)} ${e.pm ? "PM" : "AM"}`;
}

/** The card's "when" line. */
export function formatWhen(rule: EventRule): string {
  const time = rule.startTime ? formatTimeRange(rule.startTime, rule.endTime) : null;
  if (rule.closed) return rule.timeNote ?? "Closed";
  const days = rule.kind === "weekly" ? formatWeekdays(rule.weekdays) : rule.onDate ? formatDayLong(rule.onDate) : "";
  return [days, time ?? rule.timeNote].filter(Boolean).join(" ");
}

/** "9/21, 10/13 and 10/21". */
export function formatCancelledDays(days: string[]): string {
  return joinAnd([...days].sort().map(formatDayShort));
}

export type OccurrenceEvent = EventRule & { id: string; title: string; startsOn: string | null; endsOn: string | null; place: string | null };
export type Occurrence = { day: string; eventId: string; title: string; time: string | null; place: string | null; cancelled: boolean };

/** Every session from `from` for `days` days, in time order, cancelled ones marked. Closed events have none. */
export function occurrences(events: OccurrenceEvent[], cancelledDays: string[], from: string, days: number): Occurrence[] {
  const cancelled = new Set(cancelledDays);
  const out: Occurrence[] = [];
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
        time: e.startTime ? formatTimeRange(e.startTime, e.endTime) : e.timeNote,
        place: e.place,
        cancelled: cancelled.has(day),
      });
    }
  }
  return out.sort((a, b) => (a.day === b.day ? 0 : a.day < b.day ? -1 : 1));
}

/** "Sep 7 - Nov 7" for the weekly events' season, or null when they have none or several. */
export function formatSeason(events: Array<Pick<OccurrenceEvent, "kind" | "startsOn" | "endsOn">>): string | null {
  const weekly = events.filter((e) => e.kind === "weekly" && e.startsOn && e.endsOn);
  if (weekly.length === 0) return null;
  const start = weekly.map((e) => e.startsOn!).sort()[0]!;
  const end = weekly
    .map((e) => e.endsOn!)
    .sort()
    .at(-1)!;
  const short = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
  return `${short(start)} - ${short(end)}`;
}

/** For the weekly overview: what happens on each day of the week. */
export function weeklyOverview(events: OccurrenceEvent[]) {
  return WEEKDAY_NAMES.map((day, i) => {
    const on = events.filter((e) => e.kind === "weekly" && e.weekdays.includes(i));
    return {
      day,
      // A closed day reads "Closed" with its reason ("Closed for the Sabbath") as the activity.
      entries: on.map((e) =>
        e.closed
          ? { title: e.timeNote ?? e.title, time: "Closed", closed: true }
          : { title: e.title, time: e.startTime ? formatTimeRange(e.startTime, e.endTime) : (e.timeNote ?? ""), closed: false },
      ),
    };
  });
}
