// Every query on events and cancelled dates: the home page's cards, /calendar, /calendar.ics and the coaches' editor.
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cancelledDates, events } from "../../db/schema";
import { formatCancelledDays, formatSpan, whenParts } from "~/calendar/event-format";
import { forFamilies, seasonStandings } from "~/calendar/season-standing";
import { getSeasons, seasonName } from "~/calendar/seasons.server";
import { getLocale, type Locale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import type { EventInput } from "~/lib/site-content-schemas";
import { inReaderLanguage, siteWords, type TypedText } from "~/lib/typed-content";
import { isUuid } from "~/lib/uuid";
import { m } from "~/paraglide/messages";

const columns = {
  id: events.id,
  title: events.title,
  kind: events.kind,
  weekdays: events.weekdays,
  onDate: events.onDate,
  startsOn: events.startsOn,
  endsOn: events.endsOn,
  startTime: events.startTime,
  endTime: events.endTime,
  timeNote: events.timeNote,
  place: events.place,
  note: events.note,
  titleEs: events.titleEs,
  timeNoteEs: events.timeNoteEs,
  noteEs: events.noteEs,
  hasRegister: events.hasRegister,
  closed: events.closed,
  position: events.position,
  programSlug: events.programSlug,
  seasonId: events.seasonId,
  agesFrom: events.agesFrom,
  agesTo: events.agesTo,
  levels: events.levels,
  streetAddress: events.streetAddress,
  feeCents: events.feeCents,
  feePer: events.feePer,
  capacity: events.capacity,
  financialHelp: events.financialHelp,
  whatToBring: events.whatToBring,
  whatToBringEs: events.whatToBringEs,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};

export type EventRow = Awaited<ReturnType<typeof getAllEvents>>[number];

/** Every event in the coaches' order, past one-off events included (the editor shows them). */
export async function getAllEvents(db: Db) {
  return db.select(columns).from(events).orderBy(asc(events.position), asc(events.createdAt));
}

/**
 * What visitors see (`today` is the organisation's day, from the server's clock): past one-off events and weekly series
 * whose last day is past drop off by themselves, and a season's sessions show only while it is the current or the next
 * season (issue 39: season-standing.ts), the current season's first. `hasEnded` (event-format.ts) is the same rule for
 * the editor.
 */
export async function getCurrentEvents(db: Db, today: string) {
  const [rows, seasons] = await Promise.all([
    db
      .select(columns)
      .from(events)
      .where(sql`(${events.kind} = 'weekly' and (${events.endsOn} is null or ${events.endsOn} >= ${today})) or ${events.onDate} >= ${today}`)
      .orderBy(asc(events.position), asc(events.createdAt)),
    getSeasons(db),
  ]);
  return forFamilies(rows, seasonStandings(seasons, today), today);
}

/**
 * The sessions families may ask a place in now, each with its season's name and year ("Winter 2026"), or null for one
 * in no season: the registration form offers these only (the same rule as getCurrentEvents).
 */
export async function getSessionSeasons(db: Db, today: string, locale: Locale): Promise<Map<string, string | null>> {
  const [rows, seasons] = await Promise.all([getCurrentEvents(db, today), getSeasons(db)]);
  return new Map(
    rows.map((e) => {
      const season = e.seasonId ? seasons.find((s) => s.id === e.seasonId) : undefined;
      return [e.id, season ? seasonName(season, locale) : null];
    }),
  );
}

export async function getEvent(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

export async function createEvent(db: Db, input: EventInput) {
  const [row] = await db
    .insert(events)
    .values({ ...input, position: sql`coalesce((select max(position) from events), 0) + 1` })
    .returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(db: Db, id: string, input: EventInput): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(events)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning({ id: events.id });
  return rows.length > 0;
}

/**
 * Removes an event. A session with enrollment requests or attendance marks is refused by the database (foreign keys
 * `on delete restrict`, decision 0033): its history is what families and the funder report read. Said "has-history".
 */
export async function deleteEvent(db: Db, id: string): Promise<boolean | "has-history"> {
  if (!isUuid(id)) return false;
  try {
    const rows = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
    return rows.length > 0;
  } catch (err) {
    // 23001: restrict_violation (23503 were the keys "no action").
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
      if (e.code === "23001" || e.code === "23503") return "has-history";
    throw err;
  }
}

/** Swaps an event with its neighbour above or below. */
export async function moveEvent(db: Db, id: string, direction: "up" | "down"): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const all = await tx.select({ id: events.id }).from(events).orderBy(asc(events.position), asc(events.createdAt)).for("update");
    const i = all.findIndex((e) => e.id === id);
    if (i === -1) return false;
    const j = direction === "up" ? i - 1 : i + 1;
    if (j >= 0 && j < all.length) [all[i], all[j]] = [all[j]!, all[i]!];
    for (const [position, e] of all.entries())
      await tx
        .update(events)
        .set({ position: position + 1 })
        .where(eq(events.id, e.id));
    return true;
  });
}

const cancelledColumns = { day: cancelledDates.day, note: cancelledDates.note, noteEs: cancelledDates.noteEs };

export async function getCancelledDays(db: Db) {
  return db.select(cancelledColumns).from(cancelledDates).orderBy(asc(cancelledDates.day));
}

/** Cancelled days from `today` on: what visitors read (a cancellation already past tells a family nothing). */
export async function getUpcomingCancelledDays(db: Db, today: string) {
  return db.select(cancelledColumns).from(cancelledDates).where(gte(cancelledDates.day, today)).orderBy(asc(cancelledDates.day));
}

/**
 * Cancelled days from today to the day 48 hours from now, in the organisation's zone: the home page's banner.
 */
export async function getShortNoticeCancellations(db: Db, timeZone: string, now = new Date()) {
  const today = dayInZone(now, timeZone);
  const last = dayInZone(now.getTime() + 48 * 3_600_000, timeZone);
  return db
    .select(cancelledColumns)
    .from(cancelledDates)
    .where(and(gte(cancelledDates.day, today), lte(cancelledDates.day, last)))
    .orderBy(asc(cancelledDates.day));
}

/** Whether a cancelled day is close enough that families must hear of it now (the banner and the mail). */
export function isShortNotice(day: string, timeZone: string, now = new Date()): boolean {
  return day >= dayInZone(now, timeZone) && day <= dayInZone(now.getTime() + 48 * 3_600_000, timeZone);
}

export async function removeCancelledDay(db: Db, day: string): Promise<boolean> {
  const rows = await db.delete(cancelledDates).where(eq(cancelledDates.day, day)).returning({ day: cancelledDates.day });
  return rows.length > 0;
}

/** A card's words: the coach's in the reader's language where written (English, marked, otherwise), and the site's. */
export type ScheduleCard = {
  id: string;
  title: TypedText;
  /** The "when" line's parts: days and times in the reader's language, and the coach's time note. */
  when: TypedText[];
  details: TypedText | null;
  place: string | null;
  /** Open cards get a Register button; closed and cancellation cards do not. */
  status: "open" | "closed" | "cancelled";
  hasRegister: boolean;
  /** The season a session belongs to, with its year and days ("Winter 2026: Dec 1, 2026 - Feb 28, 2027"). */
  season: string | null;
};

/**
 * The home page's "Upcoming Events & Weekly Schedule" cards: the current events in the coaches' order, then one
 * "Cancellations" card listing the cancelled days. In the request's language.
 */
export async function getScheduleCards(db: Db, timeZone: string, now: Date, locale: Locale = getLocale()) {
  const today = dayInZone(now, timeZone);
  const [rows, cancelled, seasons] = await Promise.all([getCurrentEvents(db, today), getUpcomingCancelledDays(db, today), getSeasons(db)]);
  const seasonOf = (id: string | null) => {
    const season = id ? seasons.find((s) => s.id === id) : undefined;
    return season ? `${seasonName(season, locale)}: ${formatSpan(season.startsOn, season.endsOn, locale)}` : null;
  };
  const cards: ScheduleCard[] = rows.map((e) => ({
    id: e.id,
    title: inReaderLanguage({ en: e.title, es: e.titleEs }, locale),
    when: whenParts({ ...e, timeNote: inReaderLanguage({ en: e.timeNote, es: e.timeNoteEs }, locale) }, locale).map((part) =>
      typeof part === "string" ? siteWords(part, locale) : part,
    ),
    details: inReaderLanguage({ en: e.note, es: e.noteEs }, locale),
    place: e.place,
    status: e.closed ? "closed" : "open",
    hasRegister: e.hasRegister && !e.closed,
    season: seasonOf(e.seasonId),
  }));
  if (cancelled.length) {
    const notes = cancelled.map((c) => inReaderLanguage({ en: c.note, es: c.noteEs }, locale)).filter((n) => n !== null);
    const distinct = [...new Map(notes.map((n) => [n.text, n])).values()];
    cards.push({
      id: "cancellations",
      title: siteWords(m.calendar_card_cancellations({}, { locale }), locale),
      when: [
        siteWords(
          formatCancelledDays(
            cancelled.map((c) => c.day),
            locale,
          ),
          locale,
        ),
      ],
      details: distinct.length === 1 ? distinct[0]! : siteWords(m.calendar_card_no_sessions({}, { locale }), locale),
      place: null,
      status: "cancelled",
      hasRegister: false,
      season: null,
    });
  }
  return cards;
}
