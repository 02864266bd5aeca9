import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { bookingFeeds, coachProfiles, staffLog, users } from "../../db/schema";

import type { Profile, Role } from "~/lib/profile";
import { containsProfanity } from "~/lib/profanity";
import { containsContactDetails } from "~/lib/public-words";
import { m } from "~/paraglide/messages";
import { isMinorPerson, ORGANISATION_CLOCK, type AgeClock } from "~/lib/age";

export type { Profile, Role };

const profileColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  phone: users.phone,
  role: users.role,
  avatarUrl: users.avatarUrl,
};

export async function getProfileById(db: Db, id: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Beside the name on /account (in the page's language), and the reason `npm run user:role -- EMAIL coach` refuses (its English). */
export const COACH_NAME_CONTACT_DETAILS_MESSAGE = m.account_coach_name_contact_details({}, { locale: "en" });

/**
 * The rule for a coach's display name, the testimonials' rule for contact details (app/lib/public-words.ts): the name
 * is shown to every family the coach messages, minors included, so it must not become a way to reach them. Null when
 * the name may be a coach's, else the words to show.
 */
export function coachNameProblem(fullName: string | null | undefined): string | null {
  if (fullName && containsProfanity(fullName)) return m.account_coach_name_rude();
  return fullName && containsContactDetails(fullName) ? m.account_coach_name_contact_details() : null;
}

/**
 * Who changes someone's staff roles: a signed-in person (an administrator on /staff, or an invited person accepting),
 * or the operator's command line (`npm run user:role`), whose id is null. The name is written into the log as it is.
 */
export type StaffActor = { id: string | null; name: string | null };
export const COMMAND_LINE: StaffActor = { id: null, name: null };

/** Whose role changes: the site names the account by id, the command line by email. */
export type StaffTarget = { id: string } | { email: string };

/** What the staff log records (decision 0030): /staff says each in the reader's language (app/staff/log.server.ts). */
export const STAFF_LOG_ACTIONS = [
  "coach granted",
  "coach removed",
  "lead granted",
  "lead removed",
  /** The lead capability ended because the coach role was removed or set again. */
  "lead ended with role",
  "admin granted",
  "admin removed",
  "coach invited",
  "invitation cancelled",
  "invitation accepted",
  "safe play check recorded",
  "safe play check cleared",
  "background check recorded",
  "background check cleared",
  "profile shown",
  "profile hidden",
  /** The education staff permission (issue 42, app/athletes/education-staff.server.ts). */
  "education granted",
  "education removed",
] as const;
export type StaffLogAction = (typeof STAFF_LOG_ACTIONS)[number];

/** One line of the staff log, in the caller's transaction: who, whom, what (and its data: an address, a day). */
export async function writeStaffLog(
  tx: DbOrTx,
  line: { actor: StaffActor; subject: { id: string; name: string | null } | null; action: StaffLogAction; detail?: string },
) {
  await tx.insert(staffLog).values({
    actorId: line.actor.id,
    actorName: line.actor.name ?? "",
    subjectId: line.subject?.id ?? null,
    subjectName: line.subject?.name ?? "",
    action: line.action,
    detail: line.detail ?? "",
    // The moment of writing, not the transaction's start: the lines of one change keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}

const targetIs = (target: StaffTarget) =>
  and("id" in target ? eq(users.id, target.id) : eq(sql`lower(${users.email})`, target.email.trim().toLowerCase()), isNull(users.deletedAt));

/** The account named, locked for the change (a name or role saved at the same moment cannot slip past a rule). */
async function lockTarget(tx: DbOrTx, target: StaffTarget) {
  const [row] = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      role: users.role,
      lead: users.safeguardingLead,
      admin: users.admin,
      kind: users.clientKind,
      dateOfBirth: users.dateOfBirth,
    })
    .from(users)
    .where(targetIs(target))
    .for("update");
  return row ?? null;
}

export type RoleChange = Profile | { refused: "coach-name"; fullName: string | null } | { refused: "minor" } | null;

/**
 * The one function that makes someone a coach or a client: `npm run user:role`, the administrator's buttons on /staff
 * and an accepted staff invitation all call it. Null when no (undeleted) account matches. Nobody becomes a coach with
 * contact details in their name ("coach-name", with the name as it is, and nothing changes). Setting a role also ends
 * the safeguarding lead capability (granted after, with setSafeguardingLead). Each change is logged in the same
 * transaction; a new coach gets an empty, hidden profile to fill in. Nor does a minor athlete become a coach ("minor"): Safe Play's rules protect minors from coaches, and a
 * coach who is a minor would sit on the wrong side of them.
 */
export async function setUserRole(
  tx: DbOrTx,
  target: StaffTarget,
  role: Role,
  actor: StaffActor,
  safePlay: AgeClock = ORGANISATION_CLOCK,
): Promise<RoleChange> {
  await lockStaffRoles(tx);
  const current = await lockTarget(tx, target);
  if (!current) return null;
  if (
    role === "coach" &&
    current.role !== "coach" &&
    isMinorPerson({ role: "client", kind: current.kind, dateOfBirth: current.dateOfBirth }, safePlay)
  )
    return { refused: "minor" as const };
  if (role === "coach" && coachNameProblem(current.fullName)) return { refused: "coach-name" as const, fullName: current.fullName };
  const [row] = await tx
    .update(users)
    .set({ role, safeguardingLead: false, updatedAt: new Date() })
    .where(eq(users.id, current.id))
    .returning(profileColumns);
  const subject = { id: current.id, name: current.fullName };
  if (current.role !== role) await writeStaffLog(tx, { actor, subject, action: role === "coach" ? "coach granted" : "coach removed" });
  // A private calendar feed ends with the role it was made under (issue 38): a former coach's feed held other
  // families' children and lesson notes. The person makes a new one for their new role.
  if (current.role !== role) await tx.delete(bookingFeeds).where(eq(bookingFeeds.userId, current.id));
  if (current.lead) await writeStaffLog(tx, { actor, subject, action: "lead ended with role" });
  if (role === "coach") await tx.insert(coachProfiles).values({ userId: current.id }).onConflictDoNothing();
  return row ?? null;
}

/** Sets a user's role by email (the command line, and tests): setUserRole in a transaction of its own. */
export async function updateUserRole(
  db: Db,
  email: string,
  role: Role,
  actor: StaffActor = COMMAND_LINE,
  safePlay: AgeClock = ORGANISATION_CLOCK,
): Promise<RoleChange> {
  return db.transaction((tx) => setUserRole(tx, { email }, role, actor, safePlay));
}

/**
 * The profile form on /account (name and phone) for the signed-in person. A coach's name obeys coachNameProblem:
 * the role is read here, locked with the row, so the rule holds whatever the session remembers and however the role
 * changes meanwhile. Returns the problem and changes nothing, or null once saved.
 */
export async function updateOwnProfile(db: Db, userId: string, input: { fullName: string; phone?: string | undefined }): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    const problem = current?.role === "coach" ? coachNameProblem(input.fullName) : null;
    if (problem) return problem;
    await tx
      .update(users)
      .set({ fullName: input.fullName, phone: input.phone ?? null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return null;
  });
}

/**
 * Grants or ends the safeguarding lead capability (Safe Play, decision 0022). Null when no account matches;
 * "not-coach" when granting to someone who is not a coach (the lead is a coach capability, not a kind of user).
 * Logged when it changes.
 */
export async function setSafeguardingLead(tx: DbOrTx, target: StaffTarget, lead: boolean, actor: StaffActor): Promise<Profile | "not-coach" | null> {
  await lockStaffRoles(tx);
  const current = await lockTarget(tx, target);
  if (!current) return null;
  if (lead && current.role !== "coach") return "not-coach";
  const [row] = await tx
    .update(users)
    .set({ safeguardingLead: lead, updatedAt: new Date() })
    .where(eq(users.id, current.id))
    .returning(profileColumns);
  if (current.lead !== lead)
    await writeStaffLog(tx, { actor, subject: { id: current.id, name: current.fullName }, action: lead ? "lead granted" : "lead removed" });
  return row ?? null;
}

/** Grants the lead capability by email (the command line, and tests). */
export async function grantSafeguardingLead(db: Db, email: string, actor: StaffActor = COMMAND_LINE): Promise<Profile | "not-coach" | null> {
  return db.transaction((tx) => setSafeguardingLead(tx, { email }, true, actor));
}

/**
 * One change of staff roles at a time, across every process, until the transaction ends: taken before any account's
 * row, by every caller, so two changes never wait on each other in opposite orders.
 */
export async function lockStaffRoles(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff roles'))`);
}

/**
 * Whether `userId` is an administrator and no other account (not deleted) is one: the person who may neither remove
 * their own flag (setAdmin) nor delete their account (anonymizeUser), so the site always keeps an administrator. Under
 * lockStaffRoles, the answer holds until the transaction ends.
 */
export async function isLastAdmin(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      admin: users.admin,
      others: sql<number>`(select count(*)::int from ${users} o where o.admin and o.deleted_at is null and o.id <> ${userId})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return Boolean(row?.admin) && row!.others === 0;
}

/**
 * Grants or removes the administrator flag (decision 0030). Null when no account matches; "last-admin" when removing
 * it would leave the site without an administrator (the last one cannot remove their own flag by accident). Changes
 * of the flag take one lock, so two administrators removing each other at once cannot both succeed. Logged.
 */
export async function setAdmin(tx: DbOrTx, target: StaffTarget, admin: boolean, actor: StaffActor): Promise<Profile | "last-admin" | null> {
  await lockStaffRoles(tx);
  const current = await lockTarget(tx, target);
  if (!current) return null;
  if (!admin && (await isLastAdmin(tx, current.id))) return "last-admin";
  const [row] = await tx.update(users).set({ admin, updatedAt: new Date() }).where(eq(users.id, current.id)).returning(profileColumns);
  if (current.admin !== admin)
    await writeStaffLog(tx, { actor, subject: { id: current.id, name: current.fullName }, action: admin ? "admin granted" : "admin removed" });
  return row ?? null;
}

/** Grants the administrator flag by email (`npm run user:role -- EMAIL admin`). */
export async function grantAdmin(db: Db, email: string, actor: StaffActor = COMMAND_LINE): Promise<Profile | null> {
  const r = await db.transaction((tx) => setAdmin(tx, { email }, true, actor));
  return r === "last-admin" ? null : r;
}

/** Whether the account is an administrator now (read from the database, never from the session). */
export async function isAdmin(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ admin: users.admin })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.admin === true;
}

/**
 * A coach's own name, saved from their staff profile: the same rule as /account (coachNameProblem), on the row
 * locked with its role. Returns the problem and changes nothing, or null once saved.
 */
export async function updateOwnName(tx: DbOrTx, userId: string, fullName: string): Promise<string | null> {
  const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
  const problem = current?.role === "coach" ? coachNameProblem(fullName) : null;
  if (problem) return problem;
  await tx.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
  return null;
}
