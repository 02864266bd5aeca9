// Which seasons families plan by (issue 39, decision 0050): on the site's day (the server's clock, settable in tests),
// a season is current while its days run, the next one is the earliest still to start, and every season after that
// waits its turn; an ended one is gone. Home, /calendar, the program pages, /programs and the registration form read
// the same answer, so an ended season (or one a year away) never shows a Register button beside the one running now.
import { hasEnded } from "./event-format";

export type Standing = "current" | "next" | "later" | "ended";

export type SeasonDays = { id: string; startsOn: string; endsOn: string };

/**
 * Each season's standing on `today` ("2026-11-29"): current, next, later or ended. The next season is the earliest to
 * start, with any other that starts before it ends (two seasons a coach made side by side); one starting after it
 * waits until then.
 */
export function seasonStandings(seasons: ReadonlyArray<SeasonDays>, today: string): Map<string, Standing> {
  const upcoming = seasons.filter((s) => s.startsOn > today).sort((a, b) => (a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0));
  const nextEnds = upcoming[0]?.endsOn ?? "";
  const standings = new Map<string, Standing>();
  for (const s of seasons)
    standings.set(s.id, s.endsOn < today ? "ended" : s.startsOn <= today ? "current" : s.startsOn <= nextEnds ? "next" : "later");
  return standings;
}

/** Whether families plan by a season now: the current and the next one. */
export const isOpenStanding = (standing: Standing | undefined) => standing === "current" || standing === "next";

type SessionDays = { kind: "weekly" | "date"; onDate: string | null; startsOn: string | null; endsOn: string | null; seasonId: string | null };

/**
 * Whether visitors see a session on `today`: not ended, and, when it belongs to a season, that season is the current
 * or the next one. A session in no season (private lessons, a one-off day, a series with its own dates) follows its
 * own days only.
 */
export function isShownToFamilies(e: SessionDays, standings: ReadonlyMap<string, Standing>, today: string): boolean {
  if (hasEnded(e, today)) return false;
  if (e.seasonId === null || !standings.has(e.seasonId)) return true;
  return isOpenStanding(standings.get(e.seasonId));
}

const RANK: Record<Standing, number> = { current: 0, next: 1, later: 2, ended: 3 };

/**
 * The sessions visitors see, in the order they read them: the current season's first, then the next one's, then those
 * in no season; the coaches' order within each (a stable sort keeps it).
 */
export function forFamilies<E extends SessionDays>(events: E[], standings: ReadonlyMap<string, Standing>, today: string): E[] {
  const rank = (e: E) => (e.seasonId && standings.has(e.seasonId) ? RANK[standings.get(e.seasonId)!] : 2);
  return events.filter((e) => isShownToFamilies(e, standings, today)).sort((a, b) => rank(a) - rank(b));
}
