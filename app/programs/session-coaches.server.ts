// Who coaches each session (issue 29, decision 0033 addendum): set on the program's editor by a coach or an
// administrator (requireProgramEditor first), read by enrollment's one rule, isCoachOfSession. A session has at least
// one coach once set here; a coach who creates a session on /calendar/events coaches it. A coach who is not cleared
// (Safe Play training and background check current: clearanceOf) is never made the coach of a session where minors
// are enrolled (issue 37): refused beside the field, and the database refuses one with no dates on record
// (migration 0029).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { sessionCoaches } from "../../db/schema";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { isMinorPerson } from "~/safe-play/index.server";
import { m } from "~/paraglide/messages";
import { getClearedCoachIds, type ClearanceSettings } from "~/staff/index.server";

export type StaffCoach = { id: string; name: string; cleared: boolean };

/** Every coach on the staff (the editor's checkboxes), by name, and whether each is cleared (issue 37). */
export async function getStaffCoaches(db: SqlExecutor, settings: ClearanceSettings): Promise<StaffCoach[]> {
  const coaches = await rows(
    db,
    z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string() }),
    sql`select id, full_name, email from users where role = 'coach' and deleted_at is null order by full_name, email`,
  );
  const cleared = await getClearedCoachIds(db, settings);
  return coaches.map((r) => ({ id: r.id, name: r.full_name || r.email, cleared: cleared.has(r.id) }));
}

/** The coaches recorded for each of `eventIds` who are coaches now (a session missing from the map has none). */
export async function getSessionCoachIds(db: SqlExecutor, eventIds: string[]): Promise<Map<string, string[]>> {
  const ids = eventIds.filter(isUuid);
  const byEvent = new Map<string, string[]>();
  if (ids.length === 0) return byEvent;
  const links = await rows(
    db,
    z.object({ event_id: z.string(), coach_id: z.string() }),
    sql`
    select s.event_id, s.coach_id from session_coaches s join users u on u.id = s.coach_id and u.role = 'coach' and u.deleted_at is null
    where s.event_id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  for (const r of links) byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r.coach_id]);
  return byEvent;
}

export type SetCoachesResult = { ok: true } | { ok: false; status: number; error: string };

/**
 * Sets who coaches a session of `programSlug`: exactly the ticked coaches, at least one, each a coach now, and each
 * cleared when a minor has an open request in the session. Anything else is refused with the reason and changes
 * nothing. The session row is locked, so two editors saving at once end with one of their lists, never a mixture.
 */
export async function setSessionCoaches(
  db: Db,
  programSlug: string,
  eventId: string,
  coachIds: string[],
  settings: ClearanceSettings,
): Promise<SetCoachesResult> {
  if (!isUuid(eventId)) return { ok: false, status: 404, error: m.programs_error_session_not_found() };
  const wanted = [...new Set(coachIds)];
  if (wanted.length > 200 || wanted.some((id) => id.length > 64)) return { ok: false, status: 400, error: m.programs_error_coaches_unknown() };
  if (wanted.length === 0) return { ok: false, status: 400, error: m.programs_error_coaches_none() };
  return db.transaction(async (tx) => {
    const { rows: session } = await tx.execute(sql`select id from events where id = ${eventId} and program_slug = ${programSlug} for update`);
    if (session.length === 0) return { ok: false, status: 404, error: m.programs_error_session_not_found() };
    const coaches = await rows(
      tx,
      z.object({ id: z.string() }),
      sql`
      select id from users where role = 'coach' and deleted_at is null and id in (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    if (coaches.length !== wanted.length) return { ok: false, status: 400, error: m.programs_error_coaches_unknown() };
    const uncleared = await unclearedCoachesForMinors(tx, eventId, wanted, settings);
    if (uncleared.length) return { ok: false, status: 400, error: m.programs_error_coach_not_cleared({ names: uncleared.join(", ") }) };
    await tx.execute(sql`delete from session_coaches where event_id = ${eventId}`);
    try {
      await tx.transaction((sp) => sp.insert(sessionCoaches).values(wanted.map((coachId) => ({ eventId, coachId }))));
    } catch (err) {
      // The database's backstop (migration 0029): a coach with no dates on record, as a minor's request arrived.
      if ((err as { cause?: { code?: string }; code?: string }).cause?.code === "23514" || (err as { code?: string }).code === "23514")
        return { ok: false, status: 400, error: m.programs_error_coach_not_cleared_any() };
      throw err;
    }
    return { ok: true };
  });
}

/**
 * The one rule for a session's coaches (issue 37): the names of those among `coachIds` who are not cleared, when a
 * minor has an open request (not withdrawn or declined) in the session; nobody otherwise.
 */
export async function unclearedCoachesForMinors(
  db: SqlExecutor,
  eventId: string,
  coachIds: string[],
  settings: ClearanceSettings,
): Promise<string[]> {
  if (coachIds.length === 0) return [];
  const athletes = await rows(
    db,
    z.object({ kind: z.enum(["guardian", "athlete"]).nullable(), dob: z.string().nullable(), protected: z.boolean() }),
    sql`
    select a.client_kind as kind, a.date_of_birth::text as dob, a.minor_protection as protected
    from enrollments e join users a on a.id = e.athlete_id
    where e.event_id = ${eventId} and e.status not in ('withdrawn', 'declined')`,
  );
  const minors = athletes.some((r) => r.protected || isMinorPerson({ role: "client", kind: r.kind ?? "athlete", dateOfBirth: r.dob }, settings));
  if (!minors) return [];
  const cleared = await getClearedCoachIds(db, settings);
  const names = await rows(
    db,
    z.object({ id: z.string(), name: z.string() }),
    sql`
    select id, coalesce(nullif(full_name, ''), email) as name from users
    where id in (${sql.join(
      coachIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by full_name, email`,
  );
  return names.filter((n) => !cleared.has(n.id)).map((n) => n.name);
}

/** A coach who creates a session coaches it (the calendar's "Add an event" with a program chosen). */
export async function addSessionCoach(db: DbOrTx, eventId: string, coachId: string): Promise<void> {
  await db.execute(sql`
    insert into session_coaches (event_id, coach_id)
    select e.id, u.id from events e join users u on u.id = ${coachId} and u.role = 'coach' and u.deleted_at is null
    where e.id = ${eventId} and e.program_slug is not null
    on conflict do nothing`);
}
