// Who may do what with enrollments (issue 29, decision 0033): one function a rule, called by the loaders, the actions
// and the enrollment functions alike. The server decides; a hidden button is a courtesy. A wrong person is answered
// as if the thing did not exist (404), so nothing about another family is revealed.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { requireUser } from "~/auth/index.server";
import { actingForProblem, getAthletesActedFor, requireFamilyPerson } from "~/family/index.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import { invariantResponse } from "~/lib/responses.server";
import { isUuid } from "~/lib/uuid";
import type { SqlExecutor } from "~/mail/index.server";
import { familyAthleteIds } from "~/models/family.server";
import { m } from "~/paraglide/messages";

export type Actor = Pick<Profile, "id" | "role">;

/**
 * Coaches of a session see its roster, the on-court notes and the guardians' phones, take its attendance and message
 * its families: a coach the session records (session_coaches, set on the program's editor; decision 0033 addendum).
 * Someone recorded there who is no longer a coach gets nothing. The one rule: every roster loader and action, the
 * marks endpoint, roster messages and the coaches' steps ask it.
 */
export async function isCoachOfSession(db: SqlExecutor, actor: Actor | null, eventId: string): Promise<boolean> {
  if (actor?.role !== "coach" || !isUuid(eventId)) return false;
  const { rows } = await db.execute(sql`
    select 1 from session_coaches s join users u on u.id = s.coach_id and u.role = 'coach' and u.deleted_at is null
    where s.event_id = ${eventId} and s.coach_id = ${actor.id}`);
  return rows.length > 0;
}

/**
 * A roster page's first line: a visitor is sent to sign in; a client gets 403; a coach who does not coach this
 * session gets 403 too, and sees nothing of it.
 */
export async function requireSessionCoach(request: Request, context: AppLoadContext, eventId: string): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "coach", m.enroll_refused_not_coach(), 403);
  invariantResponse(await isCoachOfSession(context.db, user, eventId), m.enroll_refused_not_session_coach(), 403);
  return user;
}

/**
 * Who reads a session's roster (issue 37): its coaches, and the safeguarding lead and administrators (coaches) every
 * session's; what each reads of families' personal data is the least-privilege rule's (getRosterForReader). The
 * roster's actions stay its coaches' (requireSessionCoach). Anyone else: 403, as requireSessionCoach answers.
 */
export async function requireRosterReader(
  request: Request,
  context: AppLoadContext,
  eventId: string,
): Promise<{ user: Profile; sessionCoach: boolean }> {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "coach", m.enroll_refused_not_coach(), 403);
  if (await isCoachOfSession(context.db, user, eventId)) return { user, sessionCoach: true };
  invariantResponse(isUuid(eventId) && (await readsEveryRoster(context.db, user)), m.enroll_refused_not_session_coach(), 403);
  return { user, sessionCoach: false };
}

/** The safeguarding lead and administrators who are coaches open every session's roster. */
export async function readsEveryRoster(db: SqlExecutor, actor: Actor): Promise<boolean> {
  if (actor.role !== "coach") return false;
  const { rows } = await db.execute(sql`
    select 1 from users where id = ${actor.id} and role = 'coach' and deleted_at is null and (safeguarding_lead or admin)`);
  return rows.length > 0;
}

/** The funder report: coaches only. */
export async function requireEnrollmentCoach(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "coach", m.enroll_refused_not_coach(), 403);
  return user;
}

/**
 * Null when `actor` may ask for a place, or manage a request, for `athleteId`, else why not: a guardian for an
 * athlete of their household; an adult athlete for themselves; a minor cannot ask alone (a guardian does). Another
 * family's athlete gets the same words as an id that does not exist.
 */
export async function actForAthleteRefusal(db: SqlExecutor, actor: Actor, athleteId: string, settings: SafePlaySettings): Promise<string | null> {
  const problem = await actingForProblem(db, actor, athleteId, settings);
  if (problem === null) return null;
  return problem === "not-family" ? m.enroll_refused_not_family() : problem === "minor" ? m.enroll_refused_minor() : m.enroll_refused_not_yours();
}

/** Whom a person reads enrollments of (their household's view): a guardian, their household's athletes; an athlete, themselves. */
export const getFamilyAthleteIds = familyAthleteIds;

/** The athletes a client may ask a place for (the one rule: app/family/acting-for.server.ts); a function, not an alias read while loading. */
export function getRequestableAthletes(...args: Parameters<typeof getAthletesActedFor>) {
  return getAthletesActedFor(...args);
}

/** The family pages are for clients; coaches work from the rosters. */
export async function requireFamilyMember(request: Request, context: AppLoadContext): Promise<Profile> {
  return requireFamilyPerson(request, context, m.enroll_refused_not_family);
}
