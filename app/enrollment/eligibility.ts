// Whether a student-athlete fits a session (issue 39, decision 0046): the session's ages, counted on its first day,
// and its levels, against the athlete's latest placement. Pure, so the enroll form says beside each athlete why not
// with the very words the server refuses a request with (createEnrollmentRequest asks the same function).
import { getLocale, type Locale } from "~/i18n/language";
import { addDays, formatDateIn, weekdayOf } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import { agesText, levelsText } from "~/programs/session-facts";

export type SessionRule = {
  kind: "weekly" | "date";
  weekdays: number[];
  onDate: string | null;
  startsOn: string | null;
  agesFrom: number | null;
  agesTo: number | null;
  levels: number[];
};

export type AthleteFacts = { name: string; dateOfBirth: string | null; level: number | null };

export type Misfit = { kind: "age"; age: number; firstDay: string } | { kind: "age-unknown"; firstDay: string } | { kind: "level"; level: number };

/**
 * The day the session first meets: a one-off's date; a weekly session's first weekday on or after its first day (or
 * after `today` when it gives none).
 */
export function sessionFirstDay(s: SessionRule, today: string): string {
  if (s.kind === "date" && s.onDate) return s.onDate;
  const from = s.startsOn ?? today;
  if (s.weekdays.length === 0) return from;
  for (let i = 0; i < 7; i++) {
    const day = addDays(from, i);
    if (s.weekdays.includes(weekdayOf(day))) return day;
  }
  return from;
}

/** Whole years from `dateOfBirth` to `day` (both YYYY-MM-DD). */
export function ageOnDay(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (mo > bm || (mo === bm && d >= bd) ? 0 : 1);
}

/**
 * Why `athlete` does not fit `session`, or null when they do. Ages: the athlete's age on the session's first day, within
 * its range (an unknown date of birth does not fit a session that has ages). Levels: the athlete's latest level among
 * the session's; an athlete never placed fits (the program places them by evaluation).
 */
export function misfit(athlete: AthleteFacts, session: SessionRule, today: string): Misfit | null {
  const firstDay = sessionFirstDay(session, today);
  if (session.agesFrom !== null || session.agesTo !== null) {
    if (!athlete.dateOfBirth) return { kind: "age-unknown", firstDay };
    const age = ageOnDay(athlete.dateOfBirth, firstDay);
    if ((session.agesFrom !== null && age < session.agesFrom) || (session.agesTo !== null && age > session.agesTo))
      return { kind: "age", age, firstDay };
  }
  if (session.levels.length > 0 && athlete.level !== null && !session.levels.includes(athlete.level)) return { kind: "level", level: athlete.level };
  return null;
}

/** Why not, in the reader's language: the enroll form beside the athlete, the server's refusal and the coach's. */
export function misfitWords(problem: Misfit, athlete: Pick<AthleteFacts, "name">, session: SessionRule, locale?: Locale): string {
  const o = locale ? { locale } : {};
  const ages = agesText(session.agesFrom, session.agesTo, locale ?? getLocale()) ?? "";
  switch (problem.kind) {
    case "age":
      return m.enroll_misfit_age(
        { name: athlete.name, age: String(problem.age), date: formatDateIn(`${problem.firstDay}T12:00:00Z`, "UTC", locale), ages },
        o,
      );
    case "age-unknown":
      return m.enroll_misfit_age_unknown({ name: athlete.name, ages }, o);
    case "level":
      return m.enroll_misfit_level(
        { name: athlete.name, level: String(problem.level), levels: levelsText(session.levels, locale ?? getLocale()) ?? "" },
        o,
      );
  }
}

/** The misfit as the safeguarding log keeps it (English, as the log is written). */
export const misfitForLog = (problem: Misfit, athlete: Pick<AthleteFacts, "name">, session: SessionRule) =>
  misfitWords(problem, athlete, session, "en");
