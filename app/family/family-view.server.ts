// The family as its members see it (Safe Play, decision 0022): /account/family's household (its guardians and
// athletes and their state, the invitations waiting) and where the household stands with staff (its confirmation,
// which staff's household page reads too).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { householdMembers, households, users } from "../../db/schema";
import { isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import { ageOn, type ClientKind } from "~/safe-play/safe-play";
import type { DbOrTx } from "../mail/index.server";
import { getEndedInvitations } from "./confirmation.server";
import { getHouseholdOf } from "./family-log.server";
import { whoColumns } from "./client-kind.server";

const FamilyRow = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  dob: z.string().nullable(),
  confirmed: z.boolean(),
  locked: z.boolean(),
  has_login: z.boolean(),
  invited_email: z.string().nullable(),
  pending_dob: z.string().nullable(),
});

/**
 * Where the household stands with staff: `confirmed` once everyone in it is confirmed (people are confirmed, not
 * households), who waits, when staff first confirmed someone of it and how, and whether the lead froze it.
 */
export type Confirmation = {
  confirmed: boolean;
  linkedBefore: boolean;
  confirmedAt: Date | null;
  how: string | null;
  by: string | null;
  waiting: string[];
  frozen: boolean;
  frozenReason: string | null;
};

export async function getConfirmation(db: DbOrTx, householdId: string): Promise<Confirmation | null> {
  const [row] = await db
    .select({
      confirmedAt: households.confirmedAt,
      how: households.confirmedHow,
      by: users.fullName,
      linkedBefore: households.linkedBeforeConfirmation,
      frozen: sql<boolean>`${households.frozenAt} is not null`,
      frozenReason: households.frozenReason,
    })
    .from(households)
    .leftJoin(users, eq(users.id, households.confirmedBy))
    .where(eq(households.id, householdId));
  if (!row) return null;
  const waiting = await db
    .select({ name: users.fullName })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(and(eq(householdMembers.householdId, householdId), sql`${householdMembers.confirmedAt} is null`, sql`${users.deletedAt} is null`))
    .orderBy(users.fullName);
  return {
    confirmed: waiting.length === 0,
    linkedBefore: row.linkedBefore,
    confirmedAt: row.confirmedAt,
    how: row.how,
    by: row.by,
    waiting: waiting.map((w) => w.name ?? ""),
    frozen: row.frozen,
    frozenReason: row.frozen ? (row.frozenReason ?? "") : null,
  };
}

/** Whether staff confirmed this household member themself. */
async function isConfirmedMember(db: Pick<Db, "select">, userId: string) {
  const [row] = await db.select({ at: householdMembers.confirmedAt }).from(householdMembers).where(eq(householdMembers.userId, userId));
  return Boolean(row?.at);
}

/** The person's kind, date of birth and household (its guardians and athletes, and their state), as /account/family shows it. */
export async function getFamily(db: Db, userId: string, settings: SafePlaySettings) {
  const [me] = await db.select(whoColumns).from(users).where(eq(users.id, userId));
  if (!me) return null;
  const now = settings.clock();
  const membership = await getHouseholdOf(db, userId);
  const members = async (role: ClientKind) =>
    membership
      ? await rows(
          db,
          FamilyRow,
          sql`
            select u.id, u.full_name, u.date_of_birth::text as dob, (m.confirmed_at is not null) as confirmed,
                   (u.details_locked_at is not null) as locked,
                   exists (select 1 from accounts a where a.user_id = u.id) as has_login,
                   (select i.email from family_invitations i where i.athlete_id = u.id and i.kind = 'athlete' and i.accepted_at is null
                      and i.expires_at > now() order by i.created_at desc limit 1) as invited_email,
                   (select r.to_value from protection_requests r where r.user_id = u.id and r.decided_at is null) as pending_dob
            from household_members m join users u on u.id = m.user_id
            where m.household_id = ${membership.householdId} and m.role = ${role} and u.deleted_at is null and u.id <> ${userId}
            order by u.full_name, u.id`,
        )
      : [];
  const pending = await rows(
    db,
    z.object({ email: z.string() }),
    sql`
    select email from family_invitations where athlete_id = ${userId} and kind = 'guardian' and accepted_at is null and expires_at > now() order by created_at`,
  );
  return {
    kind: me.kind,
    dateOfBirth: me.dateOfBirth,
    /** False until a Google sign-up says what they are (the form asks everyone else). */
    kindAnswered: me.kindAnswered,
    /** Is or was a minor athlete: their kind and date of birth are changed only by their guardians or the lead. */
    protectedMinor: me.protectedMinor,
    minor: isMinorPerson({ role: me.role, kind: me.kind, dateOfBirth: me.dateOfBirth }, settings),
    householdId: membership?.householdId ?? null,
    confirmation: membership ? await getConfirmation(db, membership.householdId) : null,
    /** Whether staff confirmed this person themself (people are confirmed, not households). */
    meConfirmed: membership ? await isConfirmedMember(db, userId) : false,
    guardians: (await members("guardian")).map((r) => ({ id: r.id, fullName: r.full_name, confirmed: r.confirmed })),
    athletes:
      me.kind === "guardian"
        ? (await members("athlete")).map((r) => ({
            id: r.id,
            fullName: r.full_name,
            dateOfBirth: r.dob,
            age: r.dob ? ageOn(r.dob, now, settings.timeZone) : null,
            hasLogin: r.has_login,
            confirmed: r.confirmed,
            /** The lead corrected these details: the family cannot change them. */
            locked: r.locked,
            /** A change of date of birth waiting for the safeguarding lead (the old value holds meanwhile). */
            pendingDateOfBirth: r.pending_dob,
            /** The address an invitation waits at (none once the athlete has a login). */
            invitedEmail: r.has_login ? null : r.invited_email,
          }))
        : [],
    pendingGuardianInvitations: pending.map((r) => r.email),
    /** Guardian invitations that ended when staff confirmed the family (the guardians see that). */
    endedInvitations: membership ? await getEndedInvitations(db, membership.householdId) : [],
  };
}
