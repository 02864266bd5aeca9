// Seasons (issue 28, decision 0031): a term of a year with its own first and last day. The calendar's weekly
// overview shows each season with its dates, and a session placed in a season without dates of its own takes them.
import { and, asc, eq, gte, ne } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { events, seasons } from "../../db/schema";
import { seasonStandings } from "~/calendar/season-standing";
import type { Term } from "~/calendar/season-terms";
import type { Locale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import { isUuid } from "~/lib/uuid";
import { tellFamilies } from "~/notifications/index.server";
import { m } from "~/paraglide/messages";

export type SeasonInput = { term: Term; year: number; startsOn: string; endsOn: string };

const columns = { id: seasons.id, term: seasons.term, year: seasons.year, startsOn: seasons.startsOn, endsOn: seasons.endsOn };
export type Season = { id: string; term: Term; year: number; startsOn: string; endsOn: string };

const TERM_NAMES: Record<Term, (inputs: object, options: { locale: Locale }) => string> = {
  spring: m.programs_term_spring,
  summer: m.programs_term_summer,
  fall: m.programs_term_fall,
  winter: m.programs_term_winter,
};

/** "Fall 2027"; in Spanish "Otoño de 2027": the site's words, so a season needs no translation. */
export function seasonName(s: Pick<Season, "term" | "year">, locale: Locale): string {
  return m.programs_season_name({ term: TERM_NAMES[s.term]({}, { locale }), year: String(s.year) }, { locale });
}

/** Every season, the earliest first (the editor). */
export async function getSeasons(db: Db): Promise<Season[]> {
  return db.select(columns).from(seasons).orderBy(asc(seasons.startsOn), asc(seasons.term));
}

/** The seasons not over by `today`, the earliest first: the ones families plan by. */
export async function getSeasonsNotEnded(db: Db, today: string): Promise<Season[]> {
  return db.select(columns).from(seasons).where(gte(seasons.endsOn, today)).orderBy(asc(seasons.startsOn));
}

/**
 * The current and next seasons on `today` (season-standing.ts), each with its standing: /programs says which program
 * runs now and which comes next.
 */
export async function getOpenSeasons(db: Db, today: string): Promise<Array<Season & { standing: "current" | "next" }>> {
  const all = await getSeasonsNotEnded(db, today);
  const standings = seasonStandings(all, today);
  return all.flatMap((s) => {
    const standing = standings.get(s.id);
    return standing === "current" || standing === "next" ? [{ ...s, standing }] : [];
  });
}

export async function getSeason(db: Db, id: string): Promise<Season | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(seasons).where(eq(seasons.id, id)).limit(1);
  return row ?? null;
}

/** Whether another season already has this term and year (the unique index would refuse it). */
async function taken(db: Db, input: SeasonInput, except: string | null) {
  const [row] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.term, input.term), eq(seasons.year, input.year), except ? ne(seasons.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Adds a season; "exists" when its term and year are already there. */
export async function createSeason(db: Db, input: SeasonInput): Promise<"created" | "exists"> {
  if (await taken(db, input, null)) return "exists";
  const rows = await db.insert(seasons).values(input).onConflictDoNothing().returning({ id: seasons.id });
  return rows.length ? "created" : "exists";
}

/**
 * Changes a season. Its sessions that followed its dates (the old first and last day) follow the new ones, in the
 * same transaction, and families hear of each one not yet ended, as of a session a coach edits (decision 0029); a
 * session with dates of its own keeps them. `secret: null` tells nobody.
 */
export async function updateSeason(
  context: Pick<AppLoadContext, "db" | "config"> & { secret: string | null },
  id: string,
  input: SeasonInput,
): Promise<"saved" | "exists" | "missing"> {
  if (!isUuid(id)) return "missing";
  if (await taken(context.db, input, id)) return "exists";
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  return context.db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(seasons).where(eq(seasons.id, id)).for("update");
    if (!before) return "missing";
    await tx
      .update(seasons)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(seasons.id, id));
    if (before.startsOn === input.startsOn && before.endsOn === input.endsOn) return "saved";
    const moved = await tx
      .update(events)
      .set({ startsOn: input.startsOn, endsOn: input.endsOn, updatedAt: new Date() })
      .where(and(eq(events.seasonId, id), eq(events.startsOn, before.startsOn), eq(events.endsOn, before.endsOn)))
      .returning({ id: events.id, closed: events.closed });
    if (context.secret !== null && input.endsOn >= today)
      for (const e of moved) if (!e.closed) await tellFamilies(tx, { kind: "event-changed", eventId: e.id }, false);
    return "saved";
  });
}

/** Removes a season; its sessions stay, with their dates, in no season. */
export async function deleteSeason(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(seasons).where(eq(seasons.id, id)).returning({ id: seasons.id });
  return rows.length > 0;
}
