// The enrollment gate (issue 40, decision 0043): a request reaches "enrolled" only when every form its session's program
// requires is signed, in the version in force, for the athlete and the session's season. Enrollment asks holdForForms
// wherever a request would become enrolled (app/enrollment/enrollments.server.ts, its marked lines); a request held
// stays "placed", waits here, and the last signature enrolls it (enrollWaitingRequests, in that signature's
// transaction, taking the session's lock then the request's, the order every enrollment path takes them in).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, rows } from "../../db/rows";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { mailEnrolledAfterForms, mailFormsNeeded, type ConsentServices } from "./mails.server";

export type MissingForm = { formId: string; versionId: string; kind: string; title: { en: string; es: string }; seasonId: string | null };

const MissingRow = z.object({
  form_id: z.string(),
  version_id: z.string(),
  kind: z.string(),
  title_en: z.string(),
  title_es: z.string(),
  season_id: z.string().nullable(),
});

/** The gate itself: the forms the session's program requires that the athlete has not signed (in force) for its season. */
export async function formsMissing(db: SqlExecutor, athleteId: string, eventId: string): Promise<MissingForm[]> {
  if (!isUuid(eventId)) return [];
  const { rows } = await db.execute(sql`
    select f.id as form_id, v.id as version_id, f.kind, v.title_en, v.title_es, ev.season_id
    from events ev
    join consent_form_programs p on p.program_slug = ev.program_slug
    join consent_forms f on f.id = p.form_id
    join lateral (select id, title_en, title_es from consent_form_versions where form_id = f.id order by version desc limit 1) v on true
    where ev.id = ${eventId}
      and not exists (select 1 from consent_signatures s
        where s.form_id = f.id and s.athlete_id = ${athleteId} and s.state = 'active' and s.version_id = v.id
          and s.season_id is not distinct from ev.season_id)
    order by f.position, f.created_at`);
  return rows.map((r) => {
    const x = MissingRow.parse(r);
    return { formId: x.form_id, versionId: x.version_id, kind: x.kind, title: { en: x.title_en, es: x.title_es }, seasonId: x.season_id };
  });
}

const RequestRow = z.object({
  athlete_id: z.string(),
  event_id: z.string(),
  athlete_name: z.string().nullable(),
  title: z.string(),
  title_es: z.string().nullable(),
});

async function requestFacts(db: SqlExecutor, enrollmentId: string) {
  const { rows } = await db.execute(sql`
    select e.athlete_id, e.event_id, a.full_name as athlete_name, ev.title, ev.title_es
    from enrollments e join users a on a.id = e.athlete_id join events ev on ev.id = e.event_id where e.id = ${enrollmentId}`);
  return rows[0] ? RequestRow.parse(rows[0]) : null;
}

/** The family is reminded of a waiting request's forms at most once a day, however often a coach presses "Enroll". */
const REMIND_EVERY_MS = 24 * 3600_000;

/**
 * Asked by enrollment, in its transaction, before a request becomes enrolled: true when forms are missing. The request
 * then stays "placed" and waits for them (recorded here), and the family is mailed what to sign (at most once a day).
 */
export async function holdForForms(tx: DbOrTx, services: ConsentServices, enrollmentId: string): Promise<boolean> {
  const facts = await requestFacts(tx, enrollmentId);
  if (!facts) return false;
  const missing = await formsMissing(tx, facts.athlete_id, facts.event_id);
  if (missing.length === 0) {
    await tx.execute(sql`delete from consent_enrollment_waits where enrollment_id = ${enrollmentId}`);
    return false;
  }
  const now = services.config.safePlay.clock();
  // A row only when the wait is new or its last reminder is old enough: a mail then.
  const remind = await maybeRow(
    tx,
    z.object({ remind: z.boolean() }),
    sql`
    insert into consent_enrollment_waits (enrollment_id, athlete_id, created_at, reminded_at)
    values (${enrollmentId}, ${facts.athlete_id}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (enrollment_id) do update set reminded_at = excluded.reminded_at
      where consent_enrollment_waits.reminded_at <= ${new Date(now.getTime() - REMIND_EVERY_MS).toISOString()}::timestamptz
    returning true as remind`,
  );
  if (remind?.remind)
    await mailFormsNeeded(tx, services, {
      athleteId: facts.athlete_id,
      athleteName: facts.athlete_name ?? "",
      session: { en: facts.title, es: facts.title_es },
      forms: missing.map((f) => f.title),
    });
  return true;
}

/** Whether a request waits for forms (the family's and the coaches' pages say so). */
export async function waitingEnrollmentIds(db: SqlExecutor, athleteIds: string[]): Promise<Set<string>> {
  if (athleteIds.length === 0) return new Set();
  const waiting = await rows(
    db,
    z.object({ enrollment_id: z.string() }),
    sql`
    select w.enrollment_id from consent_enrollment_waits w join enrollments e on e.id = w.enrollment_id
    where w.athlete_id = any(array(select jsonb_array_elements_text(${JSON.stringify(athleteIds)}::jsonb))) and e.status = 'placed'`,
  );
  return new Set(waiting.map((r) => r.enrollment_id));
}

/**
 * After a signature (in its transaction): every request of the athlete that waited for forms and now has them all
 * becomes enrolled; a wait whose request moved on (withdrawn, declined) is forgotten. Placed to enrolled holds the same
 * place, so capacity is untouched. Returns the enrollments made.
 */
export async function enrollWaitingRequests(tx: DbOrTx, services: ConsentServices, athleteId: string): Promise<string[]> {
  const waits = await rows(
    tx,
    z.object({ enrollment_id: z.string(), event_id: z.string() }),
    sql`
    select w.enrollment_id, e.event_id from consent_enrollment_waits w join enrollments e on e.id = w.enrollment_id
    where w.athlete_id = ${athleteId} order by w.created_at`,
  );
  const enrolled: string[] = [];
  for (const w of waits) {
    await tx.execute(sql`select id from events where id = ${w.event_id} for update`);
    const request = await maybeRow(
      tx,
      z.object({ status: z.string() }),
      sql`select status from enrollments where id = ${w.enrollment_id} for update`,
    );
    if (request?.status !== "placed") {
      await tx.execute(sql`delete from consent_enrollment_waits where enrollment_id = ${w.enrollment_id}`);
      continue;
    }
    if ((await formsMissing(tx, athleteId, w.event_id)).length > 0) continue;
    await tx.execute(sql`
      update enrollments set status = 'enrolled', status_changed_at = now(), updated_at = now() where id = ${w.enrollment_id}`);
    await tx.execute(sql`delete from consent_enrollment_waits where enrollment_id = ${w.enrollment_id}`);
    const facts = await requestFacts(tx, w.enrollment_id);
    if (facts)
      await mailEnrolledAfterForms(tx, services, {
        athleteId,
        athleteName: facts.athlete_name ?? "",
        session: { en: facts.title, es: facts.title_es },
      });
    enrolled.push(w.enrollment_id);
  }
  return enrolled;
}
