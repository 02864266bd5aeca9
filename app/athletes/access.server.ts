// Who may read and change an athlete's path (issue 42, decision 0045): ONE rule, getAthleteRights, asked by every
// loader and action of /athletes and /athletes/:id and by each write in this folder. A person who may not read an
// athlete is answered as if the athlete did not exist (404), so nothing about another family is revealed.
//
// - a guardian of the athlete's household reads, records school and terms, records milestones, agrees to a listing;
// - the athlete reads and records from 13 (their own page), agrees to a listing from 18;
// - a coach of a session the athlete holds an open request or place in reads and evaluates;
// - staff (an administrator, the safeguarding lead) read, record milestones and add check-in notes;
// - education staff (granted on /staff) read the athletes of education sessions, record milestones, add check-ins.
// "No evaluation yet this season" (decision 0062) is said to coaches, staff and education staff, never to families.
// Report cards (decision 0062) are school documents: read by the guardian, the athlete (13+), staff and education
// staff, not by coaches; attached by the guardian, the adult athlete (18+) and education staff.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { requireUser } from "~/auth/index.server";
import { dayInZone } from "~/lib/datetime";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";

export type Actor = Pick<Profile, "id" | "role">;

export type AthleteRights = {
  athleteId: string;
  name: string;
  /** Whole years on `today`; null when no date of birth is on record. */
  age: number | null;
  relation: "guardian" | "self" | "coach" | "staff" | "education";
  evaluate: boolean;
  recordSchool: boolean;
  recordMilestone: boolean;
  /** Read and add education staff's check-in notes. */
  checkIn: boolean;
  /** Read (download) the terms' report cards. */
  readReportCards: boolean;
  /** Attach a term's report card. */
  attachReportCard: boolean;
  /** Told "no evaluation yet this season" (decision 0062): those who evaluate or oversee evaluations, never families. */
  seeEvaluationGaps: boolean;
};

const RightsRow = (r: Record<string, unknown>) => ({
  id: String(r.id),
  name: String(r.full_name ?? ""),
  age: r.age === null || r.age === undefined ? null : Number(r.age),
  self: r.self === true,
  guardian: r.guardian === true,
  coach: r.coach === true,
  staff: r.staff === true,
  education: r.education === true,
});

function rightsOf(r: ReturnType<typeof RightsRow>): AthleteRights | null {
  const teen = r.self && r.age !== null && r.age >= 13;
  const adult = r.self && r.age !== null && r.age >= 18;
  const relation = r.guardian ? "guardian" : teen ? "self" : r.coach ? "coach" : r.staff ? "staff" : r.education ? "education" : null;
  if (!relation) return null;
  return {
    athleteId: r.id,
    name: r.name,
    age: r.age,
    relation,
    evaluate: r.coach,
    recordSchool: r.guardian || teen,
    recordMilestone: r.guardian || teen || r.staff || r.education,
    checkIn: r.staff || r.education,
    readReportCards: r.guardian || teen || r.staff || r.education,
    attachReportCard: r.guardian || adult || r.education,
    seeEvaluationGaps: r.coach || r.staff || r.education,
  };
}

/** Ids as one text[] parameter (a list of parameters would grow the statement with the list). */
export const textArray = (ids: string[]) => sql`${`{${ids.map((id) => `"${id.replace(/["\\]/g, "")}"`).join(",")}}`}::text[]`;

/**
 * The one rule: what `actor` may do with each athlete (only `athleteId` when given), on `today` (YYYY-MM-DD, the
 * organisation's day). Athletes `actor` may not read are not in the answer.
 */
export async function getAthleteRights(db: SqlExecutor, actor: Actor, today: string, athleteId?: string | string[]): Promise<AthleteRights[]> {
  const { rows } = await db.execute(sql`
    with me as (
      select u.id, u.role,
        (u.admin or (u.role = 'coach' and u.safeguarding_lead)) as staff,
        exists (select 1 from education_staff es where es.user_id = u.id) as education
      from users u where u.id = ${actor.id} and u.deleted_at is null
    )
    select a.id, a.full_name, extract(year from age(${today}::date, a.date_of_birth))::int as age,
      (a.id = me.id) as self,
      exists (select 1 from guardian_links g where g.athlete_id = a.id and g.guardian_id = me.id) as guardian,
      (me.role = 'coach' and exists (
        select 1 from enrollments e join session_coaches sc on sc.event_id = e.event_id and sc.coach_id = me.id
        where e.athlete_id = a.id and e.status not in ('withdrawn', 'declined'))) as coach,
      me.staff as staff,
      (me.education and exists (
        select 1 from enrollments e join events ev on ev.id = e.event_id and ev.session_kind in ('education', 'both')
        where e.athlete_id = a.id and e.status not in ('withdrawn', 'declined'))) as education
    from me, users a
    where a.client_kind = 'athlete' and a.deleted_at is null
      ${athleteId === undefined ? sql`` : typeof athleteId === "string" ? sql`and a.id = ${athleteId}` : sql`and a.id = any(${textArray(athleteId)})`}
    order by a.full_name, a.id`);
  return rows.map((r) => rightsOf(RightsRow(r))).filter((r): r is AthleteRights => r !== null);
}

/** The organisation's day: what ages are read on. */
export const todayOf = (context: AppLoadContext) => dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);

/**
 * The first line of /athletes/:id's loader and action: a visitor is sent to sign in; anyone who may not read this
 * athlete gets 404, the same answer as an athlete that does not exist.
 */
export async function requireAthleteReader(
  request: Request,
  context: AppLoadContext,
  athleteId: string,
): Promise<{ user: Profile; rights: AthleteRights }> {
  const user = await requireUser(request, context);
  const [rights] = athleteId.length <= 100 ? await getAthleteRights(context.db, user, todayOf(context), athleteId) : [];
  invariantResponse(rights, m.athletes_not_found(), 404);
  return { user, rights };
}

/**
 * The rule as a condition on a row `u` of users: the education staff permission, on a live account. isEducationStaff
 * asks it alone; the account menu asks it in the person's own row (issue 41).
 */
export const educationStaffCondition = sql`(u.deleted_at is null and exists (select 1 from education_staff es where es.user_id = u.id))`;

/** Whether `userId` holds the education staff permission (and their account is live). */
export async function isEducationStaff(db: SqlExecutor, userId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from users u where u.id = ${userId} and ${educationStaffCondition}`);
  return rows.length > 0;
}

/** /reports/outcomes (aggregates only): coaches, administrators and education staff. */
export async function requireOutcomesReader(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  if (user.role === "coach") return user;
  const { rows } = await context.db.execute(sql`
    select 1 from users u where u.id = ${user.id} and u.deleted_at is null
      and (u.admin or exists (select 1 from education_staff es where es.user_id = u.id))`);
  invariantResponse(rows.length > 0, m.athletes_outcomes_refused(), 403);
  return user;
}
