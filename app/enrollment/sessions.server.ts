// A session as enrollment reads it (an events row with a program, issue 28): its facts, the days it meets, and the
// sessions coaches pick a roster from.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { formatWhen, occurrences } from "~/calendar/event-format";
import { EventScheduleRow } from "~/calendar/event-row";
import type { Locale } from "~/i18n/language";
import { isUuid } from "~/lib/uuid";
import { inReaderLanguage } from "~/lib/typed-content";
import type { SqlExecutor } from "~/mail/index.server";

const SessionRow = EventScheduleRow.extend({
  program_slug: z.string(),
  capacity: z.number().nullable(),
  levels: z.array(z.number()),
});
type SessionRowT = z.infer<typeof SessionRow>;

const sessionColumns = sql`e.id, e.title, e.title_es, e.kind, e.weekdays, e.on_date::text, e.starts_on::text, e.ends_on::text,
  e.start_time::text, e.end_time::text, e.time_note, e.time_note_es, e.place, e.program_slug, e.capacity, e.levels, e.closed`;

export type SessionFacts = {
  id: string;
  title: string;
  when: string;
  place: string | null;
  programSlug: string;
  capacity: number | null;
  levels: number[];
  closed: boolean;
};

function toFacts(r: SessionRowT, locale: Locale): SessionFacts {
  const timeNote = inReaderLanguage({ en: r.time_note, es: r.time_note_es }, locale)?.text ?? null;
  return {
    id: r.id,
    title: inReaderLanguage({ en: r.title, es: r.title_es }, locale).text,
    when: formatWhen(
      { kind: r.kind, weekdays: r.weekdays, onDate: r.on_date, startTime: r.start_time, endTime: r.end_time, timeNote, closed: r.closed },
      locale,
    ),
    place: r.place,
    programSlug: r.program_slug,
    capacity: r.capacity,
    levels: r.levels,
    closed: r.closed,
  };
}

async function readSessions(db: SqlExecutor, where: ReturnType<typeof sql>) {
  const { rows } = await db.execute(
    sql`select ${sessionColumns} from events e where e.program_slug is not null and ${where} order by e.position, e.title`,
  );
  return rows.map((r) => SessionRow.parse(r));
}

/** One session of a program, in the reader's language; null for anything else. */
export async function getSession(db: SqlExecutor, eventId: string, locale: Locale): Promise<SessionFacts | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await readSessions(db, sql`e.id = ${eventId}`);
  return row ? toFacts(row, locale) : null;
}

function sessionRule(r: SessionRowT) {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    weekdays: r.weekdays,
    onDate: r.on_date,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    startTime: r.start_time,
    endTime: r.end_time,
    timeNote: r.time_note,
    place: r.place,
    closed: r.closed,
  };
}

/** The days `eventIds` meet from `from` for `days` days (cancelled days marked): the families' "upcoming sessions". */
export async function getUpcomingDays(db: SqlExecutor, eventIds: string[], cancelledDays: string[], from: string, days: number, locale: Locale) {
  if (eventIds.length === 0) return [];
  const rows = await readSessions(db, sql`e.id = any(${`{${eventIds.filter(isUuid).join(",")}}`}::uuid[])`);
  return occurrences(
    rows.map((r) => ({ ...sessionRule(r), title: inReaderLanguage({ en: r.title, es: r.title_es }, locale).text })),
    cancelledDays,
    from,
    days,
    locale,
  );
}

const ListRow = SessionRow.extend({
  taken: z.coerce.number(),
  enrolled: z.coerce.number(),
  waiting: z.coerce.number(),
  to_decide: z.coerce.number(),
  mine: z.boolean(),
  coaches: z.array(z.string().nullable()),
});

const RUNNING = (today: string) =>
  sql`((e.kind = 'date' and e.on_date >= ${today}::date) or (e.kind = 'weekly' and (e.ends_on is null or e.ends_on >= ${today}::date)))`;

/**
 * Every session of a program still running, with its places taken, what waits for a coach and who coaches it: the
 * rosters' index. `mine` says whether `coachId` coaches it (only then is its roster theirs to open); the coach's own
 * come first. The counts say nothing about a family.
 */
export async function getSessionsForCoaches(db: SqlExecutor, today: string, locale: Locale, coachId: string) {
  const { rows } = await db.execute(sql`
    select ${sessionColumns},
      session_places_taken(e.id) as taken,
      count(n.id) filter (where n.status = 'enrolled') as enrolled,
      count(n.id) filter (where n.status = 'waitlisted') as waiting,
      count(n.id) filter (where n.status in ('requested', 'evaluation', 'placed')) as to_decide,
      exists (select 1 from session_coaches s where s.event_id = e.id and s.coach_id = ${coachId}) as mine,
      array(select u.full_name from session_coaches s join users u on u.id = s.coach_id and u.role = 'coach' and u.deleted_at is null
        where s.event_id = e.id order by u.full_name) as coaches
    from events e left join enrollments n on n.event_id = e.id
    where e.program_slug is not null and ${RUNNING(today)}
    group by e.id order by mine desc, e.position, e.title`);
  return rows.map((r) => {
    const row = ListRow.parse(r);
    return {
      ...toFacts(row, locale),
      taken: row.taken,
      enrolled: row.enrolled,
      waiting: row.waiting,
      toDecide: row.to_decide,
      mine: row.mine,
      coaches: row.coaches.filter((c): c is string => Boolean(c)),
    };
  });
}

/**
 * The sessions a family may ask a place in (the registration form's choice): running, open and with a Register
 * button, of one program or of all, in the calendar's order. `eventId` narrows to that one session.
 */
export async function getOpenSessions(db: SqlExecutor, today: string, locale: Locale, filter: { programSlug?: string | null; eventId?: string }) {
  if (filter.eventId !== undefined && !isUuid(filter.eventId)) return [];
  const rows = await readSessions(
    db,
    sql`${RUNNING(today)} and not e.closed and e.has_register
      ${filter.programSlug ? sql`and e.program_slug = ${filter.programSlug}` : sql``}
      ${filter.eventId ? sql`and e.id = ${filter.eventId}` : sql``}`,
  );
  return rows.map((r) => toFacts(r, locale));
}
