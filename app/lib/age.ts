// The age rule, pure and importing nothing of the app above app/lib: a person's age from their date of birth, read in
// the organisation's time zone (a minor turns adult on their 18th birthday there, with no manual step), and whether a
// person counts as a minor. Safe Play (app/safe-play/) builds its rules on it and re-exports it; app/models asks it
// directly (setting a role: no minor becomes a coach), as a lower layer does not ask a capability (decision 0080).
import { dayInZone, DEFAULT_TIME_ZONE } from "./datetime";

export const ADULT_AGE = 18;
export const MIN_AGE_ALONE = 13;

export type ClientKind = "guardian" | "athlete";

/** The clock and time zone the age rule reads "today" from; Safe Play's settings are one. */
export type AgeClock = { clock: () => Date; timeZone: string };

/** Today in the organisation's time zone, by the wall clock. */
export const ORGANISATION_CLOCK: AgeClock = { clock: () => new Date(), timeZone: DEFAULT_TIME_ZONE };

/** A day written YYYY-MM-DD, read into its year, month and day (whether the day exists is the reader's to ask). */
export const DAY_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whole years from `dateOfBirth` (YYYY-MM-DD) to the local date at `now`. Someone born on 29 February has their
 * birthday on 1 March in other years.
 */
export function ageOn(dateOfBirth: string, now: Date, timeZone: string): number {
  const born = DAY_PARTS.exec(dateOfBirth);
  const today = DAY_PARTS.exec(dayInZone(now, timeZone));
  if (!born || !today) throw new Error("ageOn needs dates as YYYY-MM-DD");
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(1).map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

export function isMinor(dateOfBirth: string, now: Date, timeZone: string): boolean {
  return ageOn(dateOfBirth, now, timeZone) < ADULT_AGE;
}

/**
 * A client under 18 in the organisation's zone. An athlete without a date of birth counts as a minor. A "guardian"
 * whose recorded date makes them a minor (the lead corrected it) is one too: the kind someone chose never makes a
 * child an adult (the model-based search found a coach could open a conversation with such a person).
 */
export function isMinorPerson(p: { role: "client" | "coach"; kind: ClientKind; dateOfBirth: string | null }, settings: AgeClock): boolean {
  if (p.role !== "client") return false;
  if (!p.dateOfBirth) return p.kind === "athlete";
  return isMinor(p.dateOfBirth, settings.clock(), settings.timeZone);
}
