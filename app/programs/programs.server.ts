// Programs (issue 28, decision 0031): each program page's summary and sections, and its sessions (the calendar's
// events that belong to it). The program page, /programs and the editor call these; the sessions are read through the
// calendar's own queries, so the home page's cards, /calendar, /calendar.ics and the program pages share one source.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { programSections, programs } from "../../db/schema";
import { formatCancelledDays, formatSpan, formatTimeRange, formatWeekdays, hasEnded, whenParts } from "~/calendar/event-format";
import { getAllEvents, getCurrentEvents, getUpcomingCancelledDays, type EventRow } from "~/calendar/index.server";
import { getPlacesLeft } from "~/enrollment/index.server";
import { placesWords } from "~/enrollment/places";
import type { ProgramSlug } from "~/content/site";
import type { Locale } from "~/i18n/language";
import { weekdayOf } from "~/lib/datetime";
import { inReaderLanguage, siteWords, type TypedText } from "~/lib/typed-content";
import { isUuid } from "~/lib/uuid";
import type { ProgramSectionInput, ProgramSummaryInput } from "./schemas";
import { agesText, capacityText, distinct, feeText, levelsText, mapHref, whatToBring } from "./session-facts";

const sectionColumns = {
  id: programSections.id,
  title: programSections.title,
  body: programSections.body,
  items: programSections.items,
  titleEs: programSections.titleEs,
  bodyEs: programSections.bodyEs,
  itemsEs: programSections.itemsEs,
};

/** A program's words as stored (the editor), or null when the slug is not one of the six. */
export async function getProgram(db: Db, slug: string) {
  const [row] = await db
    .select({ slug: programs.slug, summary: programs.summary, summaryEs: programs.summaryEs })
    .from(programs)
    .where(eq(programs.slug, slug));
  if (!row) return null;
  const sections = await db
    .select(sectionColumns)
    .from(programSections)
    .where(eq(programSections.programSlug, slug))
    .orderBy(asc(programSections.position), asc(programSections.createdAt));
  return { ...row, sections };
}

/** Every program's summary in the reader's language: /programs' cards. */
export async function getProgramSummaries(db: Db, locale: Locale): Promise<Record<string, TypedText>> {
  const rows = await db.select({ slug: programs.slug, summary: programs.summary, summaryEs: programs.summaryEs }).from(programs);
  return Object.fromEntries(rows.map((r) => [r.slug, inReaderLanguage({ en: r.summary, es: r.summaryEs }, locale)]));
}

export async function updateProgramSummary(db: Db, slug: string, input: ProgramSummaryInput): Promise<boolean> {
  const rows = await db
    .update(programs)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(programs.slug, slug))
    .returning({ slug: programs.slug });
  return rows.length > 0;
}

export async function createSection(db: Db, slug: string, input: ProgramSectionInput): Promise<void> {
  await db.insert(programSections).values({
    ...input,
    programSlug: slug,
    position: sql`coalesce((select max(position) from ${programSections} where program_slug = ${slug}), 0) + 1`,
  });
}

/** Saves one section of one program; false when the section is not that program's. */
export async function updateSection(db: Db, slug: string, id: string, input: ProgramSectionInput): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(programSections)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(programSections.id, id), eq(programSections.programSlug, slug)))
    .returning({ id: programSections.id });
  return rows.length > 0;
}

export async function deleteSection(db: Db, slug: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(programSections)
    .where(and(eq(programSections.id, id), eq(programSections.programSlug, slug)))
    .returning({ id: programSections.id });
  return rows.length > 0;
}

/** A program's sessions for the editor, ended ones included and said so. */
export async function getProgramSessionsForEditor(db: Db, slug: string, today: string) {
  const rows = (await getAllEvents(db)).filter((e) => e.programSlug === slug);
  return rows.map((e) => ({
    id: e.id,
    title: e.title,
    dates: e.startsOn && e.endsOn ? formatSpan(e.startsOn, e.endsOn) : null,
    ended: hasEnded(e, today),
  }));
}

/** How many sessions each program has on the calendar (the editor's list). */
export async function countSessions(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const e of await getAllEvents(db)) if (e.programSlug) counts[e.programSlug] = (counts[e.programSlug] ?? 0) + 1;
  return counts;
}

export type SessionView = {
  id: string;
  title: TypedText;
  when: TypedText[];
  dates: string | null;
  ages: string | null;
  levels: string | null;
  place: string | null;
  streetAddress: string | null;
  mapHref: string | null;
  fee: string | null;
  capacity: string | null;
  /** "3 places left", "Full: join the waitlist" (issue 39: the database's one count); null without a set number. */
  places: string | null;
  full: boolean;
  financialHelp: boolean;
  note: TypedText | null;
  /** The session's own list, or the organisation's standing one (whatToBring). */
  whatToBring: TypedText;
  register: boolean;
};

function sessionView(e: EventRow, locale: Locale, left: number | null): SessionView {
  const ages = agesText(e.agesFrom, e.agesTo, locale);
  return {
    id: e.id,
    title: inReaderLanguage({ en: e.title, es: e.titleEs }, locale),
    when: whenParts({ ...e, timeNote: inReaderLanguage({ en: e.timeNote, es: e.timeNoteEs }, locale) }, locale).map((part) =>
      typeof part === "string" ? siteWords(part, locale) : part,
    ),
    dates: e.kind === "weekly" && e.startsOn && e.endsOn ? formatSpan(e.startsOn, e.endsOn, locale) : null,
    ages,
    levels: levelsText(e.levels, locale),
    place: e.place,
    streetAddress: e.streetAddress,
    mapHref: mapHref(e.streetAddress),
    fee: feeText(e.feeCents, e.feePer, locale),
    capacity: capacityText(e.capacity, locale),
    places: placesWords(left, locale),
    full: left === 0,
    financialHelp: e.financialHelp,
    note: inReaderLanguage({ en: e.note, es: e.noteEs }, locale),
    whatToBring: whatToBring(e, locale),
    register: e.hasRegister && !e.closed,
  };
}

/** The four facts a family asks first; null is answered "ask us" on the page. */
export type ProgramFacts = { who: string | null; when: string | null; where: string | null; price: string | null };

/**
 * A program page as a visitor reads it: its words in the reader's language, its sessions that have not ended, the
 * facts at a glance drawn from them, and the cancelled days that fall on them (each with its year).
 */
export async function getProgramPage(db: Db, slug: ProgramSlug, today: string, locale: Locale) {
  const program = await getProgram(db, slug);
  if (!program) return null;
  const [current, cancelled] = await Promise.all([getCurrentEvents(db, today), getUpcomingCancelledDays(db, today)]);
  const rows = current.filter((e) => e.programSlug === slug && !e.closed);
  const left = await getPlacesLeft(
    db,
    rows.map((e) => e.id),
  );
  const sessions = rows.map((e) => sessionView(e, locale, left.get(e.id) ?? null));
  const starts = rows.map((e) => e.startsOn).filter((d): d is string => Boolean(d));
  const ends = rows.map((e) => e.endsOn).filter((d): d is string => Boolean(d));
  const span =
    starts.length === rows.length && ends.length === rows.length && rows.length ? formatSpan(starts.sort()[0]!, ends.sort().at(-1)!, locale) : null;
  const whens = distinct(
    rows.map((e) => (e.startTime ? `${formatWeekdays(e.weekdays, locale)} ${formatTimeRange(e.startTime, e.endTime, locale)}` : null)),
  );
  const facts: ProgramFacts = {
    who: distinct(rows.map((e) => [levelsText(e.levels, locale), agesText(e.agesFrom, e.agesTo, locale)].filter(Boolean).join(", ") || null)),
    when: whens ? (span ? `${span}: ${whens}` : whens) : null,
    where: distinct(rows.map((e) => [e.place, e.streetAddress].filter(Boolean).join(", ") || null)),
    price: distinct(rows.map((e) => feeText(e.feeCents, e.feePer, locale))),
  };
  const onSession = (day: string) =>
    rows.some((e) =>
      e.kind === "date"
        ? e.onDate === day
        : e.weekdays.includes(weekdayOf(day)) && (!e.startsOn || day >= e.startsOn) && (!e.endsOn || day <= e.endsOn),
    );
  const cancelledDays = cancelled.map((c) => c.day).filter(onSession);
  return {
    summary: inReaderLanguage({ en: program.summary, es: program.summaryEs }, locale),
    sections: program.sections.map((s) => ({
      id: s.id,
      title: inReaderLanguage({ en: s.title, es: s.titleEs }, locale),
      body: inReaderLanguage({ en: s.body, es: s.bodyEs }, locale),
      items: inReaderLanguage({ en: s.items, es: s.itemsEs }, locale),
    })),
    sessions,
    facts,
    cancelled: cancelledDays.length ? formatCancelledDays(cancelledDays, locale) : null,
  };
}
