// The season a fresh site's starting sessions are placed in (issue 39, decision 0050): the one running on the day the
// site is first started while four weeks or more of it are left, otherwise the next. Migration 0040 places them with
// its SQL function starting_season(day); this is the same rule for the tests that read the starting content (a test
// checks the two agree on every day of three years).
import type { Term } from "./season-terms";
import { addDays } from "~/lib/datetime";

export type StartingSeason = { term: Term; year: number; startsOn: string; endsOn: string };

const pad = (n: number) => String(n).padStart(2, "0");
const day = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The organisation's usual seasons of year `y` (winter runs into the next year). */
function seasonsOf(y: number): StartingSeason[] {
  return [
    { term: "spring", year: y, startsOn: day(y, 3, 1), endsOn: day(y, 5, 31) },
    { term: "summer", year: y, startsOn: day(y, 6, 15), endsOn: day(y, 8, 15) },
    { term: "fall", year: y, startsOn: day(y, 9, 7), endsOn: day(y, 11, 7) },
    { term: "winter", year: y, startsOn: day(y, 12, 1), endsOn: addDays(day(y + 1, 3, 1), -1) },
  ];
}

/** The starting season for a site first started on `today` ("2026-11-29" gives Winter 2026, Dec 1 - Feb 28). */
export function startingSeason(today: string): StartingSeason {
  const y = Number(today.slice(0, 4));
  const enough = addDays(today, 28);
  return [...seasonsOf(y - 1), ...seasonsOf(y), ...seasonsOf(y + 1)].find((s) => s.endsOn >= enough)!;
}

/** The first starting card's title: "Winter Weekly Schedule" (Spanish "Horario semanal de invierno"). */
export function startingScheduleTitle(term: Term, locale: "en" | "es" = "en"): string {
  if (locale === "en") return `${term.charAt(0).toUpperCase()}${term.slice(1)} Weekly Schedule`;
  return `Horario semanal de ${{ winter: "invierno", spring: "primavera", summer: "verano", fall: "otoño" }[term]}`;
}

/** The spec's cancelled days (9/21, 10/13 and 10/21 of a fall), as they fall in the starting season. */
export const startingCancelledDays = (s: StartingSeason) => [14, 36, 44].map((n) => addDays(s.startsOn, n));
