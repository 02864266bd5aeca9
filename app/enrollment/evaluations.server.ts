// Evaluations booked from an enrollment request (issue 30 with issue 29, decisions 0032 and 0033): the enrollment side
// of the seam booking calls. A family books an evaluation for a request that waits for one, and in the booking's own
// transaction the request moves to "evaluation", as a coach's "Start evaluation" step moves it (the status machine
// says when it may, the family is mailed the same way); a cancelled evaluation gives the request back its turn. The
// booking's outcome is a coach's placement: takeCoachStep("place"), called by booking as it is by the roster. So the
// evaluation is booked with a coach who may place the request: a coach of its session (isCoachOfSession, the one rule).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { row } from "../../db/rows";
import type { Locale } from "~/i18n/language";
import { inReaderLanguage } from "~/lib/typed-content";
import { isUuid } from "~/lib/uuid";
import type { DbOrTx, SqlExecutor } from "~/mail/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { actForAthleteRefusal, isCoachOfSession, type Actor } from "./access.server";
import { lockEnrollment, offerFreePlaces, setStatus } from "./enrollments.server";
import { tellFamilyOfEnrollment, type EnrollmentServices } from "./mails.server";
import { noPlaceFor } from "./places.server";
import { canCoachStep, statusAfter, STATUSES, type EnrollmentStatus } from "./status";

/**
 * Whether an evaluation may be booked for a request in `status`: one waiting for its evaluation ("requested"), or an
 * offered place taken that keeps its place for an evaluation first (issue 39: "evaluation" with none booked; the
 * database allows one evaluation booked a request at a time).
 */
export const mayBookEvaluation = (status: EnrollmentStatus, booked: boolean) =>
  canCoachStep(status, "evaluate") || (status === "evaluation" && !booked);

/**
 * Why an evaluation cannot be booked for a request: none the actor may act for, not waiting for an evaluation, or a
 * coach who could not place it.
 */
export type EvaluationRefusal = { reason: "not-found" } | { reason: "not-now"; status: EnrollmentStatus } | { reason: "not-evaluator" };

/** Whether `coachId` may evaluate for a request of the session, and so record its placement: a coach of the session. */
const mayEvaluate = (db: SqlExecutor, coachId: string, eventId: string) => isCoachOfSession(db, { id: coachId, role: "coach" }, eventId);

/**
 * In the booking's transaction, after its insert: the request of `athleteId` that the actor may act for (the one
 * acting-for rule), booked with a coach of its session, moves to "evaluation" when the status machine lets a request in
 * its status be evaluated, and the family is mailed as for a coach's "Start evaluation". Null when done, else why not
 * (the caller rolls back).
 */
export async function startEvaluationForBooking(
  tx: DbOrTx,
  services: EnrollmentServices,
  actor: Actor,
  booking: { enrollmentId: string; athleteId: string; coachId: string },
): Promise<EvaluationRefusal | null> {
  const locked = await lockEnrollment(tx, booking.enrollmentId);
  const request = locked?.enrollment;
  if (
    !locked ||
    !request ||
    request.athlete_id !== booking.athleteId ||
    (await actForAthleteRefusal(tx, actor, request.athlete_id, services.config.safePlay))
  )
    return { reason: "not-found" };
  // The booking's own row is in already: an evaluation in progress may take it only when it is the request's one booking.
  if (!mayBookEvaluation(request.status, (await evaluationsBooked(tx, request.id)) > 1)) return { reason: "not-now", status: request.status };
  if (!(await mayEvaluate(tx, booking.coachId, request.event_id))) return { reason: "not-evaluator" };
  if (request.status === "evaluation") return null;
  const next = statusAfter(request.status, "evaluate");
  // Booking the evaluation takes a place (the default setting): none left, and the request waits on the waitlist.
  if (await noPlaceFor(tx, locked.session, request.status, next)) return { reason: "not-now", status: request.status };
  await setStatus(tx, request.id, next);
  await tellFamilyOfEnrollment(tx, services, request.id, next);
  await offerFreePlaces(tx, services, locked.session);
  return null;
}

/** Evaluations booked and not cancelled for a request. */
async function evaluationsBooked(db: SqlExecutor, enrollmentId: string): Promise<number> {
  const { n } = await row(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from bookings where enrollment_id = ${enrollmentId} and kind = 'evaluation' and cancelled_at is null`,
  );
  return n;
}

/**
 * In the transaction of a cancelled evaluation booked for the request: a request still in evaluation (no coach placed
 * the athlete since) goes back to "requested", so the family may book another evaluation, and is mailed so. One placed,
 * enrolled or ended meanwhile stays as it is: the evaluation happened, or the request moved on without it.
 */
export async function reopenAfterCancelledEvaluation(tx: DbOrTx, services: EnrollmentServices, enrollmentId: string) {
  const locked = await lockEnrollment(tx, enrollmentId);
  if (!locked || locked.enrollment.status !== "evaluation") return;
  await setStatus(tx, locked.enrollment.id, "requested");
  await tellFamilyOfEnrollment(tx, services, locked.enrollment.id, "requested");
  // A bare request may hold no place (the organisation's setting): the place goes to the waitlist, as any freed one.
  await offerFreePlaces(tx, services, locked.session);
}

const FactsRow = z.object({
  id: z.string(),
  event_id: z.string(),
  athlete_id: z.string(),
  athlete_name: z.string().nullable(),
  title: z.string(),
  title_es: z.string().nullable(),
  status: z.enum(STATUSES),
  booked: z.boolean(),
});

export type EvaluationRequest = {
  id: string;
  eventId: string;
  athleteId: string;
  athleteName: string;
  /** The session's title in the reader's language. */
  session: string;
  status: EnrollmentStatus;
  /** Whether an evaluation may be booked for it now (the status machine's "evaluate"). */
  waiting: boolean;
  /** Whether `coach` (when asked for) may record a placement for it now: the status machine's "place", a coach of its session. */
  canPlace: boolean;
};

/**
 * What booking shows of requests: the session each is for, its status, and whether it may be placed now (by `coach`,
 * when given: a coach of the session; else by the status alone).
 */
export async function getEvaluationRequests(
  db: SqlExecutor,
  enrollmentIds: string[],
  locale: Locale,
  coach?: Actor,
): Promise<Map<string, EvaluationRequest>> {
  const ids = enrollmentIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute(sql`
    select e.id, e.event_id, e.athlete_id, a.full_name as athlete_name, ev.title, ev.title_es, e.status,
      exists (select 1 from bookings b where b.enrollment_id = e.id and b.kind = 'evaluation' and b.cancelled_at is null) as booked
    from enrollments e join events ev on ev.id = e.event_id join users a on a.id = e.athlete_id
    where e.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
  const facts = rows.map((r) => FactsRow.parse(r));
  const coaches = await Promise.all(facts.map((f) => (coach ? isCoachOfSession(db, coach, f.event_id) : true)));
  return new Map(
    facts.map((f, i) => [
      f.id,
      {
        id: f.id,
        eventId: f.event_id,
        athleteId: f.athlete_id,
        athleteName: f.athlete_name ?? "",
        session: inReaderLanguage({ en: f.title, es: f.title_es }, locale).text,
        status: f.status,
        waiting: mayBookEvaluation(f.status, f.booked),
        canPlace: canCoachStep(f.status, "place") && coaches[i]!,
      },
    ]),
  );
}

/**
 * A request the actor may act for (a guardian's household's, an adult athlete's own), for booking its evaluation, with
 * those of `coachIds` who may evaluate for it (coaches of its session); else null.
 */
export async function getRequestForEvaluation(
  db: SqlExecutor,
  actor: Actor,
  enrollmentId: string,
  options: { settings: SafePlaySettings; locale: Locale; coachIds: string[] },
): Promise<(EvaluationRequest & { evaluators: Set<string> }) | null> {
  const request = (await getEvaluationRequests(db, [enrollmentId], options.locale)).get(enrollmentId);
  if (!request || (await actForAthleteRefusal(db, actor, request.athleteId, options.settings))) return null;
  const allowed = await Promise.all(options.coachIds.map((id) => mayEvaluate(db, id, request.eventId)));
  return { ...request, evaluators: new Set(options.coachIds.filter((_, i) => allowed[i])) };
}
