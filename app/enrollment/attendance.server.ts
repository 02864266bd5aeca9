// Courtside attendance (issue 29, decision 0033). A phone keeps each tap (with an id it made and the moment it was
// tapped) until the server has it, and may send it twice after a lost answer: the upsert keyed by session, athlete and
// day makes a repeat harmless, and `marked_at` keeps the latest tap whichever arrives last. A mark for an athlete not
// enrolled in the session, or for a day it does not meet, is refused with its reason and stores nothing.
import { sql } from "drizzle-orm";
import { dayInZone } from "~/lib/datetime";
import type { DbOrTx, SqlExecutor } from "~/mail/outbox.server";
import { m } from "~/paraglide/messages";
import { isCoachOfSession, type Actor } from "./access.server";
import { getEnrolledAthleteIds } from "./rosters.server";
import type { MarkInput } from "./schemas";
import { sessionMeetsOn } from "./sessions.server";

export type MarksResult =
  | { ok: true; saved: string[]; refused: Array<{ clientId: string; athleteId: string; error: string }> }
  | { ok: false; status: number; error: string };

/** Stores a coach's marks for one session: each valid one saved (once, whatever the repeats), each invalid one refused. */
export async function recordMarks(
  db: DbOrTx,
  actor: Actor,
  eventId: string,
  marks: MarkInput[],
  settings: { timeZone: string; clock: () => Date },
): Promise<MarksResult> {
  if (!(await isCoachOfSession(db, actor, eventId))) return { ok: false, status: 403, error: m.enroll_refused_not_coach() };
  const roster = await getEnrolledAthleteIds(db, eventId);
  const today = dayInZone(settings.clock(), settings.timeZone);
  const meets = new Map<string, boolean>();
  const refused: Array<{ clientId: string; athleteId: string; error: string }> = [];
  const valid: MarkInput[] = [];
  for (const mark of marks) {
    if (!roster.has(mark.athleteId)) {
      refused.push({ clientId: mark.clientId, athleteId: mark.athleteId, error: m.enroll_error_not_on_roster() });
      continue;
    }
    if (!meets.has(mark.day)) meets.set(mark.day, mark.day <= today && (await sessionMeetsOn(db, eventId, mark.day)));
    if (!meets.get(mark.day)) {
      refused.push({ clientId: mark.clientId, athleteId: mark.athleteId, error: m.enroll_error_not_a_session_day() });
      continue;
    }
    valid.push(mark);
  }
  if (valid.length > 0) {
    // One row a key per statement (PostgreSQL refuses to update a row twice in one): the latest tap of a batch wins.
    const latest = new Map<string, MarkInput>();
    for (const v of valid) {
      const key = `${v.athleteId}|${v.day}`;
      const seen = latest.get(key);
      if (!seen || Date.parse(seen.markedAt) <= Date.parse(v.markedAt)) latest.set(key, v);
    }
    const rows = [...latest.values()].map((v) => ({
      athlete_id: v.athleteId,
      day: v.day,
      present: v.present,
      client_id: v.clientId,
      marked_at: v.markedAt,
    }));
    // The roster is asked again inside the statement: an athlete withdrawn a moment ago gets no mark.
    await db.execute(sql`
      insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at)
      select ${eventId}::uuid, x.athlete_id, x.day, x.present, x.client_id, ${actor.id}, x.marked_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(athlete_id text, day date, present boolean, client_id uuid, marked_at timestamptz)
      where exists (select 1 from enrollments e where e.event_id = ${eventId}::uuid and e.athlete_id = x.athlete_id and e.status = 'enrolled')
      on conflict (event_id, athlete_id, day) do update
        set present = excluded.present, client_id = excluded.client_id, marked_by = excluded.marked_by,
            marked_at = excluded.marked_at, received_at = now()
        where attendance_marks.marked_at <= excluded.marked_at`);
  }
  return { ok: true, saved: valid.map((v) => v.clientId), refused };
}

/** The marks of one session day, by athlete (true: present). */
export async function getMarksOn(db: SqlExecutor, eventId: string, day: string): Promise<Record<string, boolean>> {
  const { rows } = await db.execute<{ athlete_id: string; present: boolean }>(sql`
    select athlete_id, present from attendance_marks where event_id = ${eventId} and day = ${day}::date`);
  return Object.fromEntries(rows.map((r) => [r.athlete_id, r.present]));
}
