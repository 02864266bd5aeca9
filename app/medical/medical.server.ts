// An athlete's medical information (issue 39, decision 0048): written by whoever acts for the athlete (a guardian of
// the household, an adult athlete for themselves: enrollment's one rule), flagged on the attendance sheet, read in full
// by the coaches of a session the athlete is enrolled in and by staff (the safeguarding lead, administrators), each
// read written to the safeguarding log (who, when, which athlete, from where) that the lead reads on /safeguarding.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow } from "../../db/rows";
import { actForAthleteRefusal, getRequestableAthletes, isCoachOfSession } from "~/enrollment/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { getStaffClearance, isClearedCoachId, type ClearanceSettings } from "~/staff/index.server";
import { MedicalSchema } from "./schemas";
import { MEDICAL_INTENT, type MedicalFlag, type MedicalInfo } from "./types";
import { done, parseForm, refused, type FieldErrors } from "~/lib/forms";

type Actor = Pick<Profile, "id" | "role">;

/** The safeguarding log's action for a read of an athlete's medical details (its words: logActionLabel). */
export const MEDICAL_DETAILS_READ = "medical details read";

const Row = z.object({ athlete_id: z.string(), allergies: z.string(), conditions: z.string(), medication: z.string(), courtside_alert: z.boolean() });
const toInfo = (r: z.infer<typeof Row>): MedicalInfo => ({
  allergies: r.allergies,
  conditions: r.conditions,
  medication: r.medication,
  courtsideAlert: r.courtside_alert,
});

async function readRows(db: SqlExecutor, athleteIds: string[]) {
  if (athleteIds.length === 0) return [];
  const { rows } = await db.execute(sql`
    select athlete_id, allergies, conditions, medication, courtside_alert from athlete_medical
    where athlete_id in (select jsonb_array_elements_text(${JSON.stringify(athleteIds)}::jsonb))`);
  return rows.map((r) => Row.parse(r));
}

/** The athletes `actor` writes medical information for, each with what is written (the family page's section). */
export async function getMedicalForFamily(db: SqlExecutor, actor: Actor, settings: SafePlaySettings) {
  const athletes = await getRequestableAthletes(db, actor, settings);
  const rows = new Map(
    (
      await readRows(
        db,
        athletes.map((a) => a.id),
      )
    ).map((r) => [r.athlete_id, toInfo(r)]),
  );
  const empty: MedicalInfo = { allergies: "", conditions: "", medication: "", courtsideAlert: false };
  return athletes.map((a) => ({ id: a.id, name: a.name, info: rows.get(a.id) ?? empty }));
}

export type MedicalSaveResult =
  { ok: true; athleteId: string; name: string } | { ok: false; athleteId: string; error?: string; fieldErrors?: FieldErrors };

/** Writes what the form says for one athlete, when `actor` acts for them; all notes empty and no tick removes the row. */
export async function saveMedical(db: DbOrTx, actor: Actor, form: FormData, settings: SafePlaySettings): Promise<MedicalSaveResult> {
  const athleteId = String(form.get("athleteId") ?? "");
  const { data: parsed, fieldErrors } = parseForm(MedicalSchema, form);
  if (!parsed) return { ok: false, athleteId, fieldErrors };
  const refusal = await actForAthleteRefusal(db, actor, parsed.athleteId, settings);
  if (refusal) return { ok: false, athleteId, error: refusal };
  if (!parsed.allergies && !parsed.conditions && !parsed.medication && !parsed.courtsideAlert) {
    await db.execute(sql`delete from athlete_medical where athlete_id = ${parsed.athleteId}`);
  } else {
    await db.execute(sql`
      insert into athlete_medical (athlete_id, allergies, conditions, medication, courtside_alert, updated_by, updated_at)
      values (${parsed.athleteId}, ${parsed.allergies}, ${parsed.conditions}, ${parsed.medication}, ${parsed.courtsideAlert}, ${actor.id}, now())
      on conflict (athlete_id) do update set allergies = excluded.allergies, conditions = excluded.conditions,
        medication = excluded.medication, courtside_alert = excluded.courtside_alert, updated_by = excluded.updated_by, updated_at = now()`);
  }
  const athlete = await maybeRow(db, z.object({ full_name: z.string().nullable() }), sql`select full_name from users where id = ${parsed.athleteId}`);
  return { ok: true, athleteId, name: athlete?.full_name ?? "" };
}

/** The sheet's flag for each athlete who has medical information (nothing of what it says). */
export async function getMedicalFlags(db: SqlExecutor, athleteIds: string[]): Promise<Record<string, MedicalFlag>> {
  const rows = await readRows(db, athleteIds);
  return Object.fromEntries(rows.map((r) => [r.athlete_id, r.courtside_alert ? "alert" : "notes"]));
}

/**
 * Who reads every athlete's medical details (issues 37 and 40, decision 0069): administrators, whatever their role
 * (an office manager is one: decision 0030), and the safeguarding lead; one of them who is a coach only while cleared
 * (an uncleared coach, the lead included, reads no family's medical notes: decision 0042). /staff/medical's guard, the
 * account menu's link and canReadMedical all ask this; every read it allows is logged by readMedicalDetails.
 */
export async function readsAllMedical(db: Pick<DbOrTx, "select">, reader: Actor, settings: ClearanceSettings): Promise<boolean> {
  const person = await getStaffClearance(db, reader.id, settings);
  if (!person) return false;
  return person.coach ? person.clearance.cleared && (person.lead || person.admin) : person.admin;
}

/**
 * The one read rule: staff (readsAllMedical) read any athlete's medical details; a cleared coach reads those of an
 * athlete enrolled in a session they coach (`eventId`). Anyone else reads nothing.
 */
export async function canReadMedical(
  db: DbOrTx,
  reader: Actor,
  athleteId: string,
  eventId: string | null,
  settings: ClearanceSettings,
): Promise<boolean> {
  if (await readsAllMedical(db, reader, settings)) return true;
  if (!eventId || !(await isCoachOfSession(db, reader, eventId)) || !(await isClearedCoachId(db, reader.id, settings))) return false;
  const { rows } = await db.execute(sql`
    select 1 from enrollments where event_id = ${eventId}::uuid and athlete_id = ${athleteId} and status = 'enrolled'`);
  return rows.length > 0;
}

/**
 * An athlete's medical details for `reader`, asked from `where` (the page, in English, as the log keeps it): null
 * details when nothing is written; refused (`ok: false`) outside the rule. Each read is written to the safeguarding
 * log before it is answered, so no read goes unrecorded.
 */
export async function readMedicalDetails(
  db: DbOrTx,
  reader: Actor,
  athleteId: string,
  eventId: string | null,
  where: string,
  settings: ClearanceSettings,
): Promise<{ ok: true; details: MedicalInfo | null } | { ok: false; error: string }> {
  if (!(await canReadMedical(db, reader, athleteId, eventId, settings))) return { ok: false, error: m.attendance_medical_refused() };
  const [row] = await readRows(db, [athleteId]);
  await db.execute(sql`
    insert into safeguarding_log (actor_id, athlete_id, actor_name, athlete_name, household_id, action, detail)
    select ${reader.id}, a.id, coalesce(nullif(r.full_name, ''), r.email), coalesce(a.full_name, ''),
      (select h.household_id from household_members h where h.user_id = a.id), ${MEDICAL_DETAILS_READ}, ${where}
    from users a join users r on r.id = ${reader.id}
    where a.id = ${athleteId}`);
  return { ok: true, details: row ? toInfo(row) : null };
}

/**
 * A tap on a medical flag answered (the attendance sheet's and staff's medical page, ActionResult): the details as a
 * success naming the athlete, or why not as a refusal for that athlete (403). Read with answerTo (ui/card-section).
 */
export function answerMedicalRead(athleteId: string, read: Awaited<ReturnType<typeof readMedicalDetails>>) {
  if (!read.ok) return refused({ intent: MEDICAL_INTENT, values: { athleteId }, formError: read.error }, 403);
  return done<{ athleteId: string; details: MedicalInfo | null }>({ intent: MEDICAL_INTENT, athleteId, details: read.details });
}

/** The family page's answer to the medical form (ActionResult): saved (with words), or why not beside its field. */
export async function answerMedicalForm(db: DbOrTx, actor: Actor, form: FormData, settings: SafePlaySettings) {
  const r = await saveMedical(db, actor, form, settings);
  if (r.ok)
    return done<{ athleteId: string }>({
      intent: MEDICAL_INTENT,
      athleteId: r.athleteId,
      message: m.attendance_medical_saved({ athlete: r.name }),
      savedAt: Date.now(),
    });
  return refused({
    intent: MEDICAL_INTENT,
    values: { athleteId: r.athleteId },
    fieldErrors: r.fieldErrors,
    ...(r.error ? { formError: r.error } : {}),
  });
}
