// Courtside attendance (issue 29, decision 0033; issue 39, decision 0048). A phone keeps each tap (with an id it made
// and the moment it was tapped) until the server has it, and may send it twice after a lost answer: the upsert keyed by
// session, athlete and day makes a repeat harmless, and `marked_at` keeps the latest tap whichever arrives last. A
// mark's time is never ahead of the server's clock (a phone whose clock is ahead would otherwise win against every
// later correction). A mark for an athlete not enrolled in the session, or for a day it does not meet or that has not
// come, is refused with its reason and stores nothing; a tap older than the mark kept says whose mark was kept.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, rows } from "../../db/rows";
import { dayInZone, formatDateTime, formatDayLong, formatTime } from "~/lib/datetime";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { isCoachOfSession, type Actor } from "./access.server";
import { markDayProblem, markableDays, openingDay, type MeetingRule } from "./attendance-days";
import { getEnrolledAthleteIds } from "./rosters.server";
import type { MarkInput } from "./schemas";

/** A mark not saved: why, and (`kept`) the value the sheet keeps for that athlete and day when a newer mark won. */
export type MarkRefusal = { clientId: string; athleteId: string; day: string; error: string; kept?: boolean };

export type MarksResult = { ok: true; saved: string[]; refused: MarkRefusal[] } | { ok: false; status: number; error: string };

type Settings = { timeZone: string; clock: () => Date };

const RuleRow = z.object({
  kind: z.enum(["weekly", "date"]),
  weekdays: z.array(z.number()),
  on_date: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});

/** The days a session meets (null: no such session of a program). */
export async function getMeetingRule(db: SqlExecutor, eventId: string): Promise<MeetingRule | null> {
  if (!isUuid(eventId)) return null;
  const r = await maybeRow(
    db,
    RuleRow,
    sql`select kind, weekdays, on_date::text, starts_on::text, ends_on::text from events where id = ${eventId} and program_slug is not null`,
  );
  if (!r) return null;
  const cancelled = await rows(
    db,
    z.object({ day: z.string() }),
    sql`
    select day::text from cancelled_dates where day >= coalesce(${r.on_date ?? r.starts_on}::date, '-infinity') and day <= coalesce(${r.on_date ?? r.ends_on}::date, 'infinity')`,
  );
  const cancelledDays = cancelled.map((c) => c.day);
  return { kind: r.kind, weekdays: r.weekdays, onDate: r.on_date, startsOn: r.starts_on, endsOn: r.ends_on, cancelledDays };
}

/** Why `day` cannot be marked for this session, in words, or null. The loader, the form and the phone's sync ask it. */
export function dayRefusal(rule: MeetingRule | null, day: string, today: string): string | null {
  const problem = rule ? markDayProblem(rule, day, today) : "not-meeting";
  if (problem === "not-meeting") return m.attendance_error_not_meeting({ day: formatDayLong(day) });
  if (problem === "cancelled") return m.attendance_error_cancelled({ day: formatDayLong(day) });
  if (problem === "not-yet") return m.attendance_error_not_yet({ day: formatDayLong(day) });
  return null;
}

/**
 * The sheet's day: the one asked for when the session meets then (else why not, beside the picker), or where the sheet
 * opens (today if it meets today, its nearest past meeting day, else its first day); and the days the picker offers.
 */
export function attendanceDay(rule: MeetingRule, asked: string | null, settings: Settings) {
  const today = dayInZone(settings.clock(), settings.timeZone);
  const days = markableDays(rule, today);
  const opening = openingDay(rule, today);
  const offered = days.length > 0 ? days : [opening];
  if (asked === null || asked === opening) return { day: opening, days: offered, error: null, markable: days.includes(opening) };
  const error = dayRefusal(rule, asked, today);
  return error
    ? { day: opening, days: offered, error, markable: days.includes(opening) }
    : { day: asked, days: offered, error: null, markable: true };
}

/** A mark's time as the server keeps it: the phone's, unless that is ahead of the server's clock. */
export function clampMarkedAt(markedAt: string, now: Date): string {
  return Date.parse(markedAt) > now.getTime() ? now.toISOString() : new Date(markedAt).toISOString();
}

/** Stores a coach's marks for one session: each valid one saved (once, whatever the repeats), each invalid one refused. */
export async function recordMarks(db: DbOrTx, actor: Actor, eventId: string, marks: MarkInput[], settings: Settings): Promise<MarksResult> {
  if (!(await isCoachOfSession(db, actor, eventId))) return { ok: false, status: 403, error: m.enroll_refused_not_coach() };
  const [roster, rule] = await Promise.all([getEnrolledAthleteIds(db, eventId), getMeetingRule(db, eventId)]);
  const now = settings.clock();
  const today = dayInZone(now, settings.timeZone);
  const refused: MarkRefusal[] = [];
  const valid: MarkInput[] = [];
  for (const mark of marks) {
    const error = roster.has(mark.athleteId) ? dayRefusal(rule, mark.day, today) : m.enroll_error_not_on_roster();
    if (error) refused.push({ clientId: mark.clientId, athleteId: mark.athleteId, day: mark.day, error });
    else valid.push({ ...mark, markedAt: clampMarkedAt(mark.markedAt, now) });
  }
  if (valid.length === 0) return { ok: true, saved: [], refused };
  // One row a key per statement (PostgreSQL refuses to update a row twice in one): the latest tap of a batch is sent,
  // the phone's own older taps of it count as saved (its latest stands for them).
  const latest = new Map<string, MarkInput>();
  for (const v of valid) {
    const key = `${v.athleteId}|${v.day}`;
    const seen = latest.get(key);
    if (!seen || Date.parse(seen.markedAt) <= Date.parse(v.markedAt)) latest.set(key, v);
  }
  const marksIn = [...latest.values()].map((v) => ({
    athlete_id: v.athleteId,
    day: v.day,
    present: v.present,
    client_id: v.clientId,
    marked_at: v.markedAt,
  }));
  // The roster is asked again inside the statement: an athlete withdrawn a moment ago gets no mark.
  const written = await rows(
    db,
    z.object({ client_id: z.string() }),
    sql`
    insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at)
    select ${eventId}::uuid, x.athlete_id, x.day, x.present, x.client_id, ${actor.id}, x.marked_at
    from jsonb_to_recordset(${JSON.stringify(marksIn)}::jsonb) as x(athlete_id text, day date, present boolean, client_id uuid, marked_at timestamptz)
    where exists (select 1 from enrollments e where e.event_id = ${eventId}::uuid and e.athlete_id = x.athlete_id and e.status = 'enrolled')
    on conflict (event_id, athlete_id, day) do update
      set present = excluded.present, client_id = excluded.client_id, marked_by = excluded.marked_by,
          marked_at = excluded.marked_at, received_at = now()
      where attendance_marks.marked_at <= excluded.marked_at
    returning client_id::text`,
  );
  const won = new Set(written.map((r) => r.client_id));
  const lost = [...latest.values()].filter((v) => !won.has(v.clientId));
  const keptOf = await getKeptMarks(db, eventId, lost, settings);
  for (const v of lost) {
    const kept = keptOf.get(`${v.athleteId}|${v.day}`);
    refused.push(
      kept
        ? { clientId: v.clientId, athleteId: v.athleteId, day: v.day, error: kept.error, kept: kept.present }
        : { clientId: v.clientId, athleteId: v.athleteId, day: v.day, error: m.enroll_error_not_on_roster() },
    );
  }
  const lostIds = new Set(lost.map((v) => v.clientId));
  return { ok: true, saved: valid.filter((v) => !lostIds.has(v.clientId)).map((v) => v.clientId), refused };
}

/** The marks that won against `lost`, each with the words a coach reads: whose mark, from when, what it says. */
async function getKeptMarks(db: SqlExecutor, eventId: string, lost: MarkInput[], settings: Settings) {
  const kept = new Map<string, { present: boolean; error: string }>();
  if (lost.length === 0) return kept;
  const keys = lost.map((v) => ({ athlete_id: v.athleteId, day: v.day }));
  const marks = await rows(
    db,
    z.object({ athlete_id: z.string(), day: z.string(), present: z.boolean(), marked_ms: z.number(), coach: z.string().nullable() }),
    sql`
    select a.athlete_id, a.day::text, a.present, (extract(epoch from a.marked_at) * 1000)::float8 as marked_ms, nullif(u.full_name, '') as coach
    from attendance_marks a
    join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(athlete_id text, day date) on k.athlete_id = a.athlete_id and k.day = a.day
    left join users u on u.id = a.marked_by
    where a.event_id = ${eventId}::uuid`,
  );
  const today = dayInZone(settings.clock(), settings.timeZone);
  for (const r of marks) {
    const at = new Date(r.marked_ms);
    const time = dayInZone(at, settings.timeZone) === today ? formatTime(at, settings.timeZone) : formatDateTime(at, settings.timeZone);
    const error = m.attendance_newer_kept({
      coach: r.coach ?? m.attendance_another_coach(),
      time,
      mark: r.present ? m.enroll_present() : m.enroll_absent(),
    });
    kept.set(`${r.athlete_id}|${r.day}`, { present: r.present, error });
  }
  return kept;
}

/** The marks of one session day, by athlete (true: present). */
export async function getMarksOn(db: SqlExecutor, eventId: string, day: string): Promise<Record<string, boolean>> {
  const marks = await rows(
    db,
    z.object({ athlete_id: z.string(), present: z.boolean() }),
    sql`select athlete_id, present from attendance_marks where event_id = ${eventId} and day = ${day}::date`,
  );
  return Object.fromEntries(marks.map((r) => [r.athlete_id, r.present]));
}
