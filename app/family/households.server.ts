// Families (Safe Play, decision 0022): the household (its guardians and student-athletes, each person in at most
// one), staff confirmation of it, and the append-only log of every change, which the safeguarding lead reads.
// "Who is this minor's guardian" has one answer: a guardian of the same household (the guardian_links view).
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { conversationParticipants, familyInvitations, guardianLinks, householdMembers, households, users } from "../../db/schema";
import { clientKindProblem, getConversationSafety, getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/family/safe-play.server";
import { DELETED_USER_NAME } from "~/lib/profile";
import { ageOn, lowersProtection, type ClientKind, type ClientLabel } from "~/family/safe-play";
import type { DbOrTx } from "../mail/outbox.server";
import { mailSafeguarding, type SafeguardingMailServices } from "./safeguarding-mail.server";
import { changedDetails, frozenRefusal, lockedDetailsMessage, markFamilyCorrection, requestProtectionChange } from "./protection.server";
import { getEndedInvitations } from "./confirmation.server";
import { getHouseholdOf, isNoLoginEmail, logSafeguarding, nameOf, noLoginEmail, notYourAthlete, type FamilyResult } from "./family-log.server";
import { m } from "~/paraglide/messages";
import { canReadPersonalData, type PersonalDataReader } from "~/staff/personal-data.server";

export {
  getHouseholdOf,
  isNoLoginEmail,
  logSafeguarding,
  noLoginEmail,
  notYourAthlete,
  type FamilyResult,
  type LogEntry,
  type Membership,
} from "./family-log.server";

async function createHousehold(tx: DbOrTx, memberId: string, role: ClientKind) {
  const [hh] = await tx.insert(households).values({}).returning({ id: households.id });
  await tx.insert(householdMembers).values({ householdId: hh!.id, userId: memberId, role });
  return hh!.id;
}

/** The guardian's household, made now if they have none yet. */
async function householdForGuardian(tx: DbOrTx, guardianId: string) {
  return (await getHouseholdOf(tx, guardianId))?.householdId ?? (await createHousehold(tx, guardianId, "guardian"));
}

/** Adds a household's guardians to every conversation of its minor athletes (a guardian who just joined, say). */
async function addGuardiansToMinorsConversations(tx: DbOrTx, householdId: string, settings: SafePlaySettings) {
  const athletes = await tx
    .select({ id: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.role, "athlete")));
  const people = await getSafetyPeople(
    tx,
    athletes.map((a) => a.id),
  );
  const minors = people.filter((p) => isMinorPerson(p, settings));
  if (minors.length === 0) return;
  await tx.execute(sql`
    insert into conversation_participants (conversation_id, user_id)
    select p.conversation_id, g.user_id from conversation_participants p
      join household_members g on g.household_id = ${householdId} and g.role = 'guardian'
    where p.user_id in (${sql.join(
      minors.map((m) => sql`${m.id}`),
      sql`, `,
    )})
    on conflict do nothing`);
}

export const otherFamilyMessage = () => m.messaging_family_other_family();

/**
 * A guardian accepts an athlete's invitation: they join the athlete's household (made now if the athlete had none),
 * or the athlete, alone so far, joins theirs. Two households with guardians are never joined here: that is the
 * organisation's call. Adds the guardian to the minor's conversations; logged.
 */
export async function joinAsGuardian(
  tx: DbOrTx,
  input: { athleteId: string; guardianId: string; actorId: string; how: string },
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  const frozen = await frozenRefusal(tx, [input.athleteId, input.guardianId]);
  if (frozen) return frozen;
  const athleteHousehold = await getHouseholdOf(tx, input.athleteId);
  const guardianHousehold = await getHouseholdOf(tx, input.guardianId);
  let householdId: string;
  if (guardianHousehold && athleteHousehold && guardianHousehold.householdId !== athleteHousehold.householdId) {
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(householdMembers)
      .where(and(eq(householdMembers.householdId, athleteHousehold.householdId), sql`${householdMembers.userId} <> ${input.athleteId}`));
    if ((others?.n ?? 0) > 0) return { ok: false, error: otherFamilyMessage(), status: 409 };
    await tx.delete(households).where(eq(households.id, athleteHousehold.householdId));
    await tx.insert(householdMembers).values({ householdId: guardianHousehold.householdId, userId: input.athleteId, role: "athlete" });
    householdId = guardianHousehold.householdId;
  } else if (guardianHousehold) {
    householdId = guardianHousehold.householdId;
    if (!athleteHousehold) await tx.insert(householdMembers).values({ householdId, userId: input.athleteId, role: "athlete" });
  } else {
    householdId = athleteHousehold?.householdId ?? (await createHousehold(tx, input.athleteId, "athlete"));
    await tx.insert(householdMembers).values({ householdId, userId: input.guardianId, role: "guardian" });
  }
  await addGuardiansToMinorsConversations(tx, householdId, settings);
  await logSafeguarding(tx, {
    actorId: input.actorId,
    athleteId: input.athleteId,
    householdId,
    action: "guardian linked",
    detail: `${await nameOf(tx, input.guardianId)} (${input.how})`,
  });
  return { ok: true };
}

/** Adds the linked guardians of every minor in the conversation to it (a new conversation, or one found again). */
export async function addGuardiansToConversation(tx: DbOrTx, conversationId: string, settings: SafePlaySettings) {
  const people = await getConversationSafety(tx, conversationId);
  const guardians = new Set(people.filter((p) => isMinorPerson(p, settings)).flatMap((p) => p.guardianIds));
  for (const p of people) guardians.delete(p.id);
  if (guardians.size === 0) return;
  await tx
    .insert(conversationParticipants)
    .values([...guardians].map((userId) => ({ conversationId, userId })))
    .onConflictDoNothing();
}

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

async function getConfirmation(db: DbOrTx, householdId: string): Promise<Confirmation | null> {
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

/** What a person says they are, and what protects them (/account's "Who you are"). */
const whoColumns = {
  kind: users.clientKind,
  dateOfBirth: users.dateOfBirth,
  role: users.role,
  protectedMinor: users.minorProtection,
  kindAnswered: users.kindAnswered,
  locked: sql<boolean>`${users.detailsLockedAt} is not null`,
};

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
      ? (
          await db.execute(sql`
            select u.id, u.full_name, u.date_of_birth::text as dob, (m.confirmed_at is not null) as confirmed,
                   (u.details_locked_at is not null) as locked,
                   exists (select 1 from accounts a where a.user_id = u.id) as has_login,
                   (select i.email from family_invitations i where i.athlete_id = u.id and i.kind = 'athlete' and i.accepted_at is null
                      and i.expires_at > now() order by i.created_at desc limit 1) as invited_email,
                   (select r.to_value from protection_requests r where r.user_id = u.id and r.decided_at is null) as pending_dob
            from household_members m join users u on u.id = m.user_id
            where m.household_id = ${membership.householdId} and m.role = ${role} and u.deleted_at is null and u.id <> ${userId}
            order by u.full_name, u.id`)
        ).rows.map((r) => FamilyRow.parse(r))
      : [];
  const pending = await db.execute<{ email: string }>(sql`
    select email from family_invitations where athlete_id = ${userId} and kind = 'guardian' and accepted_at is null and expires_at > now() order by created_at`);
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
    pendingGuardianInvitations: pending.rows.map((r) => r.email),
    /** Guardian invitations that ended when staff confirmed the family (the guardians see that). */
    endedInvitations: membership ? await getEndedInvitations(db, membership.householdId) : [],
  };
}

export const protectedDetailsMessage = () => m.messaging_family_protected();

/**
 * A client says what they are (/account). Nobody lowers their own protection: an account that is or was a minor
 * athlete cannot change its kind or date of birth (the database refuses it too, migration 0012); a household
 * member keeps their kind; everyone gives a real date of birth, and a guardian is an adult. Logged, before and after.
 */
export async function updateClientKind(
  db: Db,
  userId: string,
  input: { kind: ClientKind; dateOfBirth: string | null },
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select(whoColumns).from(users).where(eq(users.id, userId)).for("update");
    if (!me || me.role !== "client") return { ok: false, error: m.messaging_family_clients_say(), status: 403 };
    if (me.kindAnswered && me.kind === input.kind && me.dateOfBirth === input.dateOfBirth) return { ok: true };
    if (me.protectedMinor) return { ok: false, field: "kind", error: protectedDetailsMessage(), status: 403 };
    if (me.locked) return { ok: false, field: "kind", error: lockedDetailsMessage(), status: 403 };
    const frozen = await frozenRefusal(tx, [userId]);
    if (frozen) return frozen;
    const membership = await getHouseholdOf(tx, userId);
    if (membership && membership.role !== input.kind)
      return {
        ok: false,
        field: "kind",
        error: membership.role === "guardian" ? m.messaging_family_stays_guardian() : m.messaging_family_stays_athlete(),
        status: 403,
      };
    const problem = clientKindProblem(input.kind, input.dateOfBirth, settings);
    if (problem) return { ok: false, field: problem.field, error: problem.message, status: 400 };
    await tx
      .update(users)
      .set({ clientKind: input.kind, dateOfBirth: input.dateOfBirth, kindAnswered: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await logSafeguarding(tx, {
      actorId: userId,
      athleteId: input.kind === "athlete" || me.kind === "athlete" ? userId : null,
      action: "details changed by the person",
      detail: changedDetails({ label: me.kind, dateOfBirth: me.dateOfBirth }, { label: input.kind, dateOfBirth: input.dateOfBirth }),
    });
    return { ok: true };
  });
}

export type AddedAthlete = { athleteId: string };

/** A guardian adds a student-athlete to their household: an account without a login yet. */
export async function createAthleteForGuardian(
  tx: DbOrTx,
  guardianId: string,
  input: { fullName: string; dateOfBirth: string },
): Promise<AddedAthlete> {
  const id = crypto.randomUUID();
  await tx.insert(users).values({
    id,
    email: noLoginEmail(id),
    fullName: input.fullName,
    role: "client",
    clientKind: "athlete",
    dateOfBirth: input.dateOfBirth,
    // No login, no address of their own: their guardians hear of everything.
    notifyMessages: false,
    notifyChanges: false,
  });
  const householdId = await householdForGuardian(tx, guardianId);
  await tx.insert(householdMembers).values({ householdId, userId: id, role: "athlete" });
  await logSafeguarding(tx, {
    actorId: guardianId,
    athleteId: id,
    householdId,
    action: "athlete added",
    detail: `${input.fullName}, born ${input.dateOfBirth}, by their parent or guardian`,
  });
  return { athleteId: id };
}

/** Whether `guardianId` is a guardian of `athleteId`'s household. */
export async function isGuardianOf(tx: DbOrTx, guardianId: string, athleteId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from guardian_links where guardian_id = ${guardianId} and athlete_id = ${athleteId}`);
  return rows.length > 0;
}

/**
 * A guardian corrects their athlete's name or date of birth. Only staff lower a protection: a date that would carry
 * the athlete across 13 or 18 toward adulthood becomes a request the safeguarding lead approves (`pending`; the old
 * date holds and the lead is alerted); every other change applies at once (the database accepts it only in a
 * transaction that says it is a guardian's, and refuses a lowering one). Details the lead corrected are locked, and
 * a frozen household changes nothing. Logged with before and after. Refused for an athlete of another household.
 */
export async function updateAthleteByGuardian(
  db: Db,
  guardianId: string,
  athleteId: string,
  input: { fullName: string; dateOfBirth: string },
  settings: SafePlaySettings,
  services?: SafeguardingMailServices,
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    if (!(await isGuardianOf(tx, guardianId, athleteId))) return { ok: false, error: notYourAthlete(), status: 403 };
    const [before] = await tx
      .select({ fullName: users.fullName, dateOfBirth: users.dateOfBirth, locked: sql<boolean>`${users.detailsLockedAt} is not null` })
      .from(users)
      .where(eq(users.id, athleteId))
      .for("update");
    if (!before) return { ok: false, error: notYourAthlete(), status: 403 };
    if (before.fullName === input.fullName && before.dateOfBirth === input.dateOfBirth) return { ok: true };
    const frozen = await frozenRefusal(tx, [athleteId, guardianId]);
    if (frozen) return frozen;
    if (before.locked) return { ok: false, field: "dateOfBirth", error: lockedDetailsMessage(), status: 403 };
    const lowers =
      before.dateOfBirth !== input.dateOfBirth && lowersProtection(before.dateOfBirth, input.dateOfBirth, settings.clock(), settings.timeZone);
    const dateOfBirth = lowers ? before.dateOfBirth : input.dateOfBirth;
    if (before.fullName !== input.fullName || before.dateOfBirth !== dateOfBirth) {
      await markFamilyCorrection(tx, "guardian");
      await tx.update(users).set({ fullName: input.fullName, dateOfBirth, updatedAt: new Date() }).where(eq(users.id, athleteId));
      await logSafeguarding(tx, {
        actorId: guardianId,
        athleteId,
        action: "athlete details changed by their guardian",
        detail: changedDetails({ label: before.fullName, dateOfBirth: before.dateOfBirth }, { label: input.fullName, dateOfBirth }),
      });
    }
    if (!lowers) return { ok: true };
    await requestProtectionChange(tx, { userId: athleteId, requestedBy: guardianId, from: before.dateOfBirth, to: input.dateOfBirth }, services);
    return { ok: true, pending: true };
  });
}

/**
 * An athlete leaves their household (an adult athlete going their own way; the caller checked
 * canRemoveGuardianLink), and its guardians leave the athlete's conversations where others remain.
 */
export async function removeAthleteFromHousehold(db: Db, input: { athleteId: string; actorId: string }): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const membership = await getHouseholdOf(tx, input.athleteId);
    if (!membership || membership.role !== "athlete") return { ok: true };
    const frozen = await frozenRefusal(tx, [input.athleteId]);
    if (frozen) return frozen;
    await logSafeguarding(tx, { actorId: input.actorId, athleteId: input.athleteId, action: "left the household", detail: "an adult athlete" });
    await tx.execute(sql`
      delete from conversation_participants p
      using household_members g
      where g.household_id = ${membership.householdId} and g.role = 'guardian' and p.user_id = g.user_id
        and exists (select 1 from conversation_participants a where a.conversation_id = p.conversation_id and a.user_id = ${input.athleteId})
        and (select count(*) from conversation_participants c where c.conversation_id = p.conversation_id) > 2`);
    await tx
      .delete(householdMembers)
      .where(and(eq(householdMembers.householdId, membership.householdId), eq(householdMembers.userId, input.athleteId)));
    return { ok: true };
  });
}

/** Empties an athlete record that never had a login (removed, or its only guardian deleted their account). */
export async function emptyAthleteRecord(tx: DbOrTx, athleteId: string) {
  await tx.delete(familyInvitations).where(eq(familyInvitations.athleteId, athleteId));
  await tx.delete(householdMembers).where(eq(householdMembers.userId, athleteId));
  await tx
    .update(users)
    .set({
      email: `deleted-${athleteId}@deleted.invalid`,
      fullName: DELETED_USER_NAME,
      dateOfBirth: null,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, athleteId));
}

/**
 * What deleting `userId`'s account does to their family: the minors of their household who would be left with no
 * guardian (the account page says so before the person confirms; the lead is told afterwards).
 */
export async function getAthletesLeftWithoutGuardian(tx: DbOrTx, userId: string) {
  const { rows } = await tx.execute(sql`
    select u.id, u.full_name, (u.email like '%@no-login.invalid') as no_login
    from household_members me
      join household_members a on a.household_id = me.household_id and a.role = 'athlete'
      join users u on u.id = a.user_id and u.deleted_at is null
    where me.user_id = ${userId} and me.role = 'guardian'
      and not exists (select 1 from household_members g where g.household_id = me.household_id and g.role = 'guardian' and g.user_id <> ${userId})
    order by u.full_name`);
  return rows
    .map((r) => z.object({ id: z.string(), full_name: z.string().nullable(), no_login: z.boolean() }).parse(r))
    .map((r) => ({ id: r.id, fullName: r.full_name ?? "", noLogin: r.no_login }));
}

/**
 * Safe Play's part of deleting an account (before the row is emptied): the person leaves their household (logged);
 * athletes they were the only guardian of are emptied when they never had a login, and otherwise stay, now without a
 * guardian (so no coach can message them), for the lead to follow up. Their invitations go; an empty household goes.
 */
export async function removeFromFamilyOnDeletion(tx: DbOrTx, userId: string, services?: SafeguardingMailServices) {
  const membership = await getHouseholdOf(tx, userId);
  if (membership) {
    const left = membership.role === "guardian" ? await getAthletesLeftWithoutGuardian(tx, userId) : [];
    // The lead is told (no names in the mail: the log on /safeguarding has them).
    if (left.some((a) => !a.noLogin) && services)
      await mailSafeguarding(tx, services, (locale) => ({
        kind: "family-change",
        subject: m.messaging_mail_sg_alone_subject({}, { locale }),
        paragraphs: [m.messaging_mail_sg_alone({}, { locale })],
      }));
    for (const athlete of left) {
      await logSafeguarding(tx, {
        actorId: userId,
        athleteId: athlete.id,
        householdId: membership.householdId,
        action: athlete.noLogin ? "athlete removed" : "athlete left without a guardian",
        detail: athlete.noLogin
          ? "their only parent or guardian deleted their account; the athlete had no login"
          : "their only parent or guardian deleted their account",
      });
      if (athlete.noLogin) await emptyAthleteRecord(tx, athlete.id);
    }
    await logSafeguarding(tx, {
      actorId: userId,
      athleteId: null,
      householdId: membership.householdId,
      action: "left the household",
      detail: "their account was deleted",
    });
    await tx.delete(householdMembers).where(eq(householdMembers.userId, userId));
    await tx.execute(sql`delete from households h where h.id = ${membership.householdId}
      and not exists (select 1 from household_members m where m.household_id = h.id)`);
    // A family left with no guardian is no longer confirmed: whoever joins it next as "guardian" (a teenager's second
    // address, say) waits for staff like any new family.
    await tx.execute(sql`update households h set confirmed_at = null, confirmed_by = null, confirmed_how = null, linked_before_confirmation = false
      where h.id = ${membership.householdId}
        and not exists (select 1 from household_members g where g.household_id = h.id and g.role = 'guardian')`);
  }
  await tx.delete(familyInvitations).where(sql`${familyInvitations.inviterId} = ${userId} or ${familyInvitations.athleteId} = ${userId}`);
}

const StaffMemberRow = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  has_login: z.boolean(),
  confirmed_at: z.coerce.date().nullable(),
  confirmed_how: z.string().nullable(),
  confirmed_by: z.string().nullable(),
});

/**
 * A household as staff see it on its page: members (age, minor, login), and its confirmation. Null when unknown.
 * Dates of birth only for the safeguarding lead, who corrects them (`forLead`); coaches see ages. Phones, addresses,
 * ages and dates of birth only when the least-privilege rule lets `reader` read this family's (issue 37,
 * app/staff/personal-data.server.ts: a cleared coach of one of its athletes' sessions or conversations, or the lead
 * and administrators, cleared); else `personal` is false and they are left out.
 */
export async function getHouseholdForStaff(db: Db, householdId: string, settings: SafePlaySettings, forLead = false, reader?: PersonalDataReader) {
  const confirmation = await getConfirmation(db, householdId);
  if (!confirmation) return null;
  const { rows } = await db.execute(sql`
    select u.id, u.full_name, u.email, u.phone, m.role, u.date_of_birth::text as dob,
           exists (select 1 from accounts a where a.user_id = u.id) as has_login,
           m.confirmed_at, m.confirmed_how, cb.full_name as confirmed_by
    from household_members m join users u on u.id = m.user_id left join users cb on cb.id = m.confirmed_by
    where m.household_id = ${householdId} and u.deleted_at is null
    order by m.role desc, u.full_name, u.id`);
  const now = settings.clock();
  const firstMember = rows[0] ? String(rows[0].id) : null;
  const personal = Boolean(reader && firstMember && (await canReadPersonalData(db, reader, firstMember)));
  return {
    id: householdId,
    confirmation,
    personal,
    members: rows
      .map((r) => StaffMemberRow.parse(r))
      .map((r) => ({
        id: r.id,
        fullName: r.full_name ?? "",
        role: r.role,
        // Guardians' contact details, so staff can phone them; an athlete's stay private.
        email: personal && r.role === "guardian" && !isNoLoginEmail(r.email) ? r.email : null,
        phone: personal && r.role === "guardian" ? r.phone : null,
        age: personal && r.dob ? ageOn(r.dob, now, settings.timeZone) : null,
        minor: isMinorPerson({ role: "client", kind: r.role, dateOfBirth: r.dob }, settings),
        hasLogin: r.has_login,
        dateOfBirth: personal && forLead ? r.dob : null,
        /** Staff's confirmation of this person (who, how, when), or null while they wait. */
        confirmation: r.confirmed_at ? { at: r.confirmed_at.toISOString(), how: r.confirmed_how ?? "", by: r.confirmed_by } : null,
      })),
  };
}

const LabelRow = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  guardians: z.array(z.string()).nullable(),
  athletes: z.array(z.string()).nullable(),
  household_id: z.string().nullable(),
  confirmed: z.boolean().nullable(),
});

/**
 * What coaches see beside a client wherever one is listed: guardian or athlete, "Minor", and the linked family.
 * Keyed by user id and by lower-cased email (the /appointments submissions match by address: only an account that
 * confirmed its address, so a stranger who signs up with a family's address is never shown as that family's
 * account; decision 0024). No date of birth leaves the server.
 */
export async function getClientLabels(db: Pick<Db, "execute">, filter: { ids?: string[]; emails?: string[] }, settings: SafePlaySettings) {
  const ids = filter.ids ?? [];
  const emails = (filter.emails ?? []).map((e) => e.toLowerCase());
  const byId = new Map<string, ClientLabel>();
  const byEmail = new Map<string, ClientLabel>();
  if (ids.length === 0 && emails.length === 0) return { byId, byEmail };
  const list = (values: string[]) =>
    values.length
      ? sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )
      : sql`null`;
  const { rows } = await db.execute(sql`
    select u.id, u.email, u.client_kind as kind, u.date_of_birth::text as dob,
      (select array_agg(coalesce(g.full_name, 'Guardian') order by g.full_name) from guardian_links l join users g on g.id = l.guardian_id
        where l.athlete_id = u.id and g.deleted_at is null) as guardians,
      (select array_agg(coalesce(a.full_name, 'Athlete') order by a.full_name) from guardian_links l join users a on a.id = l.athlete_id
        where l.guardian_id = u.id and a.deleted_at is null) as athletes,
      m.household_id, (m.confirmed_at is not null) as confirmed
    from users u
      left join household_members m on m.user_id = u.id
    where u.role = 'client' and u.deleted_at is null
      and (u.id in (${list(ids)}) or (u.email_verified and lower(u.email) in (${list(emails)})))`);
  for (const raw of rows) {
    const r = LabelRow.parse(raw);
    const label: ClientLabel = {
      kind: r.kind,
      minor: isMinorPerson({ role: "client", kind: r.kind, dateOfBirth: r.dob }, settings),
      family: r.kind === "athlete" ? (r.guardians ?? []) : (r.athletes ?? []),
      householdId: r.household_id,
      confirmed: r.confirmed === true,
    };
    byId.set(r.id, label);
    byEmail.set(r.email.toLowerCase(), label);
  }
  return { byId, byEmail };
}

/** A guardian's linked athletes with what the registration form can prefill (their age in the organisation's zone). */
export async function getAthletesForRegistration(db: Db, guardianId: string, settings: SafePlaySettings) {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, dateOfBirth: users.dateOfBirth })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.athleteId))
    .where(and(eq(guardianLinks.guardianId, guardianId), sql`${users.deletedAt} is null`))
    .orderBy(users.fullName);
  return rows.map((r) => ({
    id: r.id,
    fullName: r.fullName ?? "",
    age: r.dateOfBirth ? ageOn(r.dateOfBirth, settings.clock(), settings.timeZone) : null,
  }));
}
