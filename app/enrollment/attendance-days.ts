// Which days a session's attendance may be taken (issue 39, decisions 0048 and 0063): the days it meets, up to today,
// never a day the organisation cancelled (/calendar's cancelled dates). Pure, so the page's day picker, the loader and
// recordMarks ask the same rule.
import { addDays, weekdayOf } from "~/lib/datetime";

export type MeetingRule = {
  kind: "weekly" | "date";
  weekdays: number[];
  onDate: string | null;
  startsOn: string | null;
  endsOn: string | null;
  /** The days the organisation cancelled (every session's): the session does not meet on them. */
  cancelledDays?: readonly string[];
};

/** How far back the picker reaches for a weekly session with no first day (a year of its days is plenty). */
const OPEN_ENDED_DAYS = 366;

/** Whether the session's schedule has it meet on `day`, a cancelled day or not. */
function scheduledOn(rule: MeetingRule, day: string): boolean {
  if (rule.kind === "date") return rule.onDate === day;
  return rule.weekdays.includes(weekdayOf(day)) && (!rule.startsOn || day >= rule.startsOn) && (!rule.endsOn || day <= rule.endsOn);
}

const cancelledOn = (rule: MeetingRule, day: string) => rule.cancelledDays?.includes(day) ?? false;

/** Whether the session meets on `day`: its schedule has it, and the day was not cancelled. */
export function meetsOn(rule: MeetingRule, day: string): boolean {
  return scheduledOn(rule, day) && !cancelledOn(rule, day);
}

/** The session's first meeting day (null: a weekly session with no first day or no weekday, which has none to name). */
export function firstMeetingDay(rule: MeetingRule): string | null {
  if (rule.kind === "date") return rule.onDate;
  if (!rule.startsOn || rule.weekdays.length === 0) return null;
  // A week finds its first scheduled day; cancelled days may push it on (a year of them at most).
  for (let i = 0; i < OPEN_ENDED_DAYS; i++) {
    const day = addDays(rule.startsOn, i);
    if (rule.endsOn && day > rule.endsOn) return null;
    if (meetsOn(rule, day)) return day;
  }
  return null;
}

/** The days attendance may be taken for, newest first: the session's meeting days from its first up to today. */
export function markableDays(rule: MeetingRule, today: string): string[] {
  const last = rule.endsOn && rule.endsOn < today ? rule.endsOn : today;
  const first = rule.kind === "date" ? rule.onDate : (rule.startsOn ?? addDays(last, -OPEN_ENDED_DAYS));
  if (!first || first > last) return [];
  const days: string[] = [];
  for (let day = last; day >= first; day = addDays(day, -1)) if (meetsOn(rule, day)) days.push(day);
  return days;
}

/** Where the sheet opens: today if the session meets today, else its nearest past meeting day, else its first day. */
export function openingDay(rule: MeetingRule, today: string): string {
  return markableDays(rule, today)[0] ?? firstMeetingDay(rule) ?? today;
}

/**
 * Why a mark for `day` cannot be taken, or null: the session does not meet that day (its schedule, or the day was
 * cancelled), or the day has not come.
 */
export function markDayProblem(rule: MeetingRule, day: string, today: string): "not-meeting" | "cancelled" | "not-yet" | null {
  if (!scheduledOn(rule, day)) return "not-meeting";
  if (cancelledOn(rule, day)) return "cancelled";
  return day > today ? "not-yet" : null;
}
