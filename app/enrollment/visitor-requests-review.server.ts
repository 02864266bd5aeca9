// The guardian's yes or no to a visitor's request (issue 37, decision 0033 addendum "Nothing a visitor typed joins a
// family without the guardian's yes"). A request typed on the registration form while signed out names a child, a
// session, who may pick the child up, an emergency contact and medical notes: anyone could have typed it with a
// family's address (a stranger with a team list did). So it joins nothing by itself. The one person who reads it is a
// guardian whose verified address it was sent with (getReviewerAddress: the one rule, asked by the loader, the action
// and each function here); they see every field and keep it or drop it. Kept: an athlete of their household (a new
// one without a login, or one already there only when the guardian says "this is <child>") and an enrollment request
// by createEnrollmentRequest's own rules, logged for the safeguarding lead. Dropped: deleted. Until then nothing of it
// is on a roster, a family page of staff, or in any count. Anyone else is answered as if it did not exist.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { maybeRow, row, rows } from "../../db/rows";
import { createAthleteForGuardian } from "~/family/index.server";
import { logSafeguarding } from "~/family/index.server";
import { getLocale, type Locale } from "~/i18n/language";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import type { Actor } from "./access.server";
import { createEnrollmentRequest, type EnrollResult } from "./enrollments.server";
import type { EnrollmentServices } from "./mails.server";
import { getSession } from "./sessions.server";
import type { EnrollmentStatus } from "./status";
import type { VisitorRequestView } from "./visitor-requests-types";
import { askHelpForKeptRequest } from "~/payments/index.server";

/** A kept row's answers to "I would like financial help", as payments reads them. */
const keptHelp = (kept: KeptRow) => ({
  householdSize: kept.help_household_size ?? undefined,
  schoolLunch: kept.help_school_lunch ?? undefined,
  incomeBand: kept.help_income_band ?? undefined,
  note: kept.help_note,
});

export type { VisitorRequestView };

/**
 * The address whose kept requests `actor` reads and answers, or null: a guardian's account (not a student-athlete's,
 * not a coach's), not deleted, whose address is verified. Read from the database every time, whatever the session
 * says: an address changed and not yet confirmed, or an account turned athlete, reads nothing.
 */
export async function getReviewerAddress(db: SqlExecutor, actor: Actor | null): Promise<string | null> {
  if (!actor || actor.role !== "client") return null;
  const found = await maybeRow(
    db,
    z.object({ email: z.string() }),
    sql`
    select lower(email) as email from users
    where id = ${actor.id} and role = 'client' and client_kind = 'guardian' and email_verified and deleted_at is null`,
  );
  return found?.email ?? null;
}

const Kept = z.object({
  id: z.string(),
  event_id: z.string().nullable(),
  student_name: z.string(),
  date_of_birth: z.string(),
  medical_notes: z.string(),
  pickup_people: z.string(),
  photo_consent: z.boolean(),
  emergency_name: z.string(),
  emergency_phone: z.string(),
  created_at: z.coerce.date(),
  help_wanted: z.boolean(),
  help_household_size: z.number().nullable(),
  help_school_lunch: z.enum(["free", "reduced", "none"]).nullable(),
  help_income_band: z.enum(["under-25k", "25k-50k", "50k-75k", "over-75k"]).nullable(),
  help_note: z.string(),
});
type KeptRow = z.infer<typeof Kept>;

const keptColumns = sql`id, event_id, student_name, date_of_birth::text, medical_notes, pickup_people, photo_consent,
  emergency_name, emergency_phone, created_at, help_wanted, help_household_size, help_school_lunch, help_income_band, help_note`;

/** The guardian's athletes named so (whatever the case) and born that day. */
async function sameAthletes(db: SqlExecutor, guardianId: string, kept: Pick<KeptRow, "student_name" | "date_of_birth">) {
  // A null full_name never equals the kept name: `name` is a string here.
  return rows(
    db,
    z.object({ id: z.string(), name: z.string() }),
    sql`
    select u.id, u.full_name as name from guardian_links g join users u on u.id = g.athlete_id and u.deleted_at is null
    where g.guardian_id = ${guardianId} and lower(btrim(u.full_name)) = lower(btrim(${kept.student_name}))
      and u.date_of_birth = ${kept.date_of_birth}::date
    order by u.created_at`,
  );
}

async function toView(db: SqlExecutor, guardianId: string, row: KeptRow, locale: Locale): Promise<VisitorRequestView> {
  const session = row.event_id ? await getSession(db, row.event_id, locale) : null;
  return {
    id: row.id,
    studentName: row.student_name,
    dateOfBirth: row.date_of_birth,
    session: session ? { title: session.title, when: session.when, place: session.place } : null,
    sentAt: row.created_at.toISOString(),
    medicalNotes: row.medical_notes,
    pickupPeople: row.pickup_people,
    photoConsent: row.photo_consent,
    emergencyName: row.emergency_name,
    emergencyPhone: row.emergency_phone,
    help: row.help_wanted
      ? { householdSize: row.help_household_size, schoolLunch: row.help_school_lunch, incomeBand: row.help_income_band, note: row.help_note }
      : null,
    sameAs: await sameAthletes(db, guardianId, row),
  };
}

/** The requests waiting for `actor`'s answer, oldest first; none for anyone but their guardian (getReviewerAddress). */
export async function getVisitorRequestsToReview(db: SqlExecutor, actor: Actor | null, locale: Locale): Promise<VisitorRequestView[]> {
  const address = await getReviewerAddress(db, actor);
  if (!address || !actor) return [];
  const kept = await rows(db, Kept, sql`select ${keptColumns} from visitor_enrollment_requests where email = ${address} order by seq`);
  return Promise.all(kept.map((r) => toView(db, actor.id, r, locale)));
}

/** One request waiting for `actor`'s answer, or null (another family's, answered, or not a request at all). */
export async function getVisitorRequestToReview(
  db: SqlExecutor,
  actor: Actor | null,
  requestId: string,
  locale: Locale,
): Promise<VisitorRequestView | null> {
  const address = await getReviewerAddress(db, actor);
  if (!address || !actor || !isUuid(requestId)) return null;
  const kept = await maybeRow(db, Kept, sql`select ${keptColumns} from visitor_enrollment_requests where id = ${requestId} and email = ${address}`);
  return kept ? toView(db, actor.id, kept, locale) : null;
}

/** How many requests wait for `actor`'s answer: /account's notice. */
export async function countVisitorRequestsToReview(db: SqlExecutor, actor: Actor | null): Promise<number> {
  const address = await getReviewerAddress(db, actor);
  if (!address) return 0;
  const { n } = await row(db, z.object({ n: z.number() }), sql`select count(*)::int as n from visitor_enrollment_requests where email = ${address}`);
  return n;
}

/** "new": a new athlete of the household; otherwise the id of the household's athlete the guardian says it is. */
export type KeepAs = "new" | (string & {});

export type ReviewResult =
  | {
      ok: true;
      athleteId: string;
      studentName: string;
      session: string;
      status: EnrollmentStatus;
      position: number | null;
      /** The visitor's "I would like financial help" became the family's request for help. */
      helpAsked: boolean;
    }
  | { ok: false; status: number; error: string; field?: "as" };

const missing = (): ReviewResult => ({ ok: false, status: 404, error: m.enroll_kept_error_gone() });

/** Whether `as` is an answer the guardian may give for this request: "new", or one of its same-named athletes. */
export function keepChoiceProblem(view: Pick<VisitorRequestView, "sameAs">, as: string | undefined): string | null {
  if (as === "new" || view.sameAs.some((a) => a.id === as)) return null;
  return view.sameAs.length ? m.enroll_kept_error_choose() : m.enroll_kept_error_gone();
}

/** A refused enrollment request, carried out of the transaction it rolls back (the new athlete with it). */
class Refused extends Error {
  constructor(readonly result: Extract<EnrollResult, { ok: false }>) {
    super(result.error);
  }
}

/**
 * The guardian keeps a request: in one transaction, the kept row locked (two taps keep it once), the athlete made or
 * the one the guardian named (only among their athletes of that name and birthday), the enrollment request made by
 * createEnrollmentRequest (capacity, the waitlist, a closed session), the row deleted and the safeguarding log told
 * what a visitor's words put where. A refused request (the session closed, gone, already asked) changes nothing.
 */
export async function keepVisitorRequestAsGuardian(
  services: EnrollmentServices,
  actor: Actor | null,
  requestId: string,
  as: KeepAs | undefined,
): Promise<ReviewResult> {
  const address = await getReviewerAddress(services.db, actor);
  if (!address || !actor || !isUuid(requestId)) return missing();
  try {
    return await services.db.transaction(async (tx): Promise<ReviewResult> => {
      const kept = await maybeRow(
        tx,
        Kept,
        sql`select ${keptColumns} from visitor_enrollment_requests where id = ${requestId} and email = ${address} for update`,
      );
      if (!kept) return missing();

      const sameAs = await sameAthletes(tx, actor.id, kept);
      const problem = keepChoiceProblem({ sameAs }, as);
      if (problem) return { ok: false, status: 400, error: problem, field: "as" };
      const eventId = kept.event_id;
      if (!eventId) return { ok: false, status: 404, error: m.enroll_kept_error_session_gone() };
      // The log's words are English (the lead's); the answer is in the guardian's language.
      const [logged, shown] = await Promise.all([getSession(tx, eventId, "en"), getSession(tx, eventId, getLocale())]);
      const athleteId =
        as === "new"
          ? (await createAthleteForGuardian(tx, actor.id, { fullName: kept.student_name, dateOfBirth: kept.date_of_birth })).athleteId
          : as!;
      const onCourt = {
        athleteId,
        medicalNotes: kept.medical_notes,
        pickupPeople: kept.pickup_people,
        photoConsent: kept.photo_consent,
        emergencyName: kept.emergency_name,
        emergencyPhone: kept.emergency_phone,
      };
      // The visitor's "I would like financial help" (issue 41) becomes the family's request for help, asked by the
      // guardian keeping it, before the request for a place (a place enrolled at once then finds it waiting), as the
      // signed-in form asks it; refused below, it is undone with the rest.
      const helpAsked = kept.help_wanted && (await askHelpForKeptRequest(tx, actor, services.config.safePlay, athleteId, keptHelp(kept)));
      const result = await createEnrollmentRequest(services, actor, eventId, onCourt, tx);
      if (!result.ok) throw new Refused(result);
      await tx.execute(sql`delete from visitor_enrollment_requests where id = ${kept.id}`);
      await logKept(tx, actor.id, athleteId, kept, logged?.title ?? "", as === "new");
      const session = shown?.title ?? "";
      return { ok: true, athleteId, studentName: kept.student_name, session, status: result.status, position: result.position, helpAsked };
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    return { ok: false, status: err.result.status, error: err.result.error };
  }
}

/** The lead reads who a visitor's words named around a child, and that the guardian said yes to them. */
async function logKept(tx: DbOrTx, guardianId: string, athleteId: string, kept: KeptRow, session: string, asNew: boolean) {
  await logSafeguarding(tx, {
    actorId: guardianId,
    athleteId,
    action: "visitor request kept",
    detail:
      `a request sent with the guardian's address while signed out, kept by the guardian for ${session || "a session"} ` +
      `${asNew ? "as a new student-athlete" : "for the student-athlete already in the family"}; ` +
      `may pick up: ${kept.pickup_people || "nobody named"}; emergency contact: ${kept.emergency_name}, ${kept.emergency_phone}`,
  });
}

/** The guardian drops a request: deleted, nothing of it kept. Anyone else's id is answered as missing. */
export async function dropVisitorRequest(
  db: SqlExecutor,
  actor: Actor | null,
  requestId: string,
): Promise<{ ok: true; studentName: string } | { ok: false; status: number; error: string }> {
  const address = await getReviewerAddress(db, actor);
  if (!address || !isUuid(requestId)) return { ok: false, status: 404, error: m.enroll_kept_error_gone() };
  const deleted = await maybeRow(
    db,
    z.object({ student_name: z.string() }),
    sql`delete from visitor_enrollment_requests where id = ${requestId} and email = ${address} returning student_name`,
  );
  return deleted ? { ok: true, studentName: deleted.student_name } : { ok: false, status: 404, error: m.enroll_kept_error_gone() };
}
