// Who coaches each session (issue 29, decision 0033 addendum): set on the program's editor by a coach or an
// administrator (requireProgramEditor first), read by enrollment's one rule, isCoachOfSession. A session has at least
// one coach once set here; a coach who creates a session on /calendar/events coaches it.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessionCoaches } from "../../db/schema";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/outbox.server";
import { m } from "~/paraglide/messages";

export type StaffCoach = { id: string; name: string };

/** Every coach on the staff (the editor's checkboxes), by name. */
export async function getStaffCoaches(db: SqlExecutor): Promise<StaffCoach[]> {
  const { rows } = await db.execute<{ id: string; full_name: string | null; email: string }>(sql`
    select id, full_name, email from users where role = 'coach' and deleted_at is null order by full_name, email`);
  return rows.map((r) => ({ id: r.id, name: r.full_name || r.email }));
}

/** The coaches recorded for each of `eventIds` who are coaches now (a session missing from the map has none). */
export async function getSessionCoachIds(db: SqlExecutor, eventIds: string[]): Promise<Map<string, string[]>> {
  const ids = eventIds.filter(isUuid);
  const byEvent = new Map<string, string[]>();
  if (ids.length === 0) return byEvent;
  const { rows } = await db.execute<{ event_id: string; coach_id: string }>(sql`
    select s.event_id, s.coach_id from session_coaches s join users u on u.id = s.coach_id and u.role = 'coach' and u.deleted_at is null
    where s.event_id = any(${`{${ids.join(",")}}`}::uuid[])`);
  for (const r of rows) byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r.coach_id]);
  return byEvent;
}

export type SetCoachesResult = { ok: true } | { ok: false; status: number; error: string };

/**
 * Sets who coaches a session of `programSlug`: exactly the ticked coaches, at least one, each a coach now. Anything
 * else is refused with the reason and changes nothing. The session row is locked, so two editors saving at once end
 * with one of their lists, never a mixture.
 */
export async function setSessionCoaches(db: Db, programSlug: string, eventId: string, coachIds: string[]): Promise<SetCoachesResult> {
  if (!isUuid(eventId)) return { ok: false, status: 404, error: m.programs_error_session_not_found() };
  const wanted = [...new Set(coachIds)];
  if (wanted.length > 200 || wanted.some((id) => id.length > 64)) return { ok: false, status: 400, error: m.programs_error_coaches_unknown() };
  if (wanted.length === 0) return { ok: false, status: 400, error: m.programs_error_coaches_none() };
  return db.transaction(async (tx) => {
    const { rows: session } = await tx.execute(sql`select id from events where id = ${eventId} and program_slug = ${programSlug} for update`);
    if (session.length === 0) return { ok: false, status: 404, error: m.programs_error_session_not_found() };
    const { rows: coaches } = await tx.execute<{ id: string }>(sql`
      select id from users where role = 'coach' and deleted_at is null and id in (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    if (coaches.length !== wanted.length) return { ok: false, status: 400, error: m.programs_error_coaches_unknown() };
    await tx.execute(sql`delete from session_coaches where event_id = ${eventId}`);
    await tx.insert(sessionCoaches).values(wanted.map((coachId) => ({ eventId, coachId })));
    return { ok: true };
  });
}

/** A coach who creates a session coaches it (the calendar's "Add an event" with a program chosen). */
export async function addSessionCoach(db: DbOrTx, eventId: string, coachId: string): Promise<void> {
  await db.execute(sql`
    insert into session_coaches (event_id, coach_id)
    select e.id, u.id from events e join users u on u.id = ${coachId} and u.role = 'coach' and u.deleted_at is null
    where e.id = ${eventId} and e.program_slug is not null
    on conflict do nothing`);
}
