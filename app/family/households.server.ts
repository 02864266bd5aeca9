// Families (Safe Play, decision 0022): the household (its guardians and student-athletes, each person in at most
// one), staff confirmation of it, and the append-only log of every change, which the safeguarding lead reads.
// "Who is this minor's guardian" has one answer: a guardian of the same household (the guardian_links view).
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { conversationParticipants, familyInvitations, guardianLinks, householdMembers, households, safeguardingLog, users } from "../../db/schema";
import { clientKindProblem, getConversationSafety, getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/family/safe-play.server";
import { DELETED_USER_NAME } from "~/lib/profile";
import { ageOn, dateOfBirthProblem, type ClientKind, type ClientLabel } from "~/family/safe-play";
import type { DbOrTx } from "../mail/outbox.server";
import { mailSafeguarding, type SafeguardingMailServices } from "./safeguarding-mail.server";
import { m } from "~/paraglide/messages";

/** The address of an athlete's account made by a guardian, before the athlete has a login of their own. */
export const noLoginEmail = (id: string) => `athlete-${id}@no-login.invalid`;
export const isNoLoginEmail = (email: string) => email.endsWith("@no-login.invalid");

export type LogEntry = { actorId: string | null; athleteId: string | null; action: string; detail?: string; householdId?: string | null };

/**
 * Writes one line of the safeguarding log (who, what, when), in the caller's transaction, with the names as they
 * are now: the log is append-only (a trigger refuses changes), so a later rename or deletion leaves it as written.
 */
export async function logSafeguarding(tx: DbOrTx, entry: LogEntry) {
  await tx.insert(safeguardingLog).values({
    actorId: entry.actorId,
    athleteId: entry.athleteId,
    actorName: entry.actorId ? await nameOf(tx, entry.actorId) : "",
    athleteName: entry.athleteId ? await nameOf(tx, entry.athleteId) : "",
    householdId: entry.householdId ?? (entry.athleteId ? ((await getHouseholdOf(tx, entry.athleteId))?.householdId ?? null) : null),
    action: entry.action,
    detail: entry.detail ?? "",
  });
}

/** The refusal when an athlete a form names is not of the guardian's household (revealing nothing more). */
export const notYourAthlete = () => m.messaging_family_not_your_athlete();

/** A log line's before and after of a person's details. */
const changedDetails = (before: { label: string | null; dateOfBirth: string | null }, after: { label: string; dateOfBirth: string | null }) =>
  `from ${before.label ?? ""}, born ${before.dateOfBirth ?? "not given"}, to ${after.label}, born ${after.dateOfBirth}`;

/**
 * Marks the transaction as a guardian's or the lead's correction: the only ones in which the database lets a
 * protected minor's date of birth change (trigger users_minor_protection, migration 0012).
 */
async function markFamilyCorrection(tx: DbOrTx, by: "guardian" | "lead") {
  await tx.execute(sql`select set_config('nlte.family_correction', ${by}, true)`);
}

export type Membership = { householdId: string; role: ClientKind };

/** The household a person belongs to, and as what, or null. */
export async function getHouseholdOf(tx: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await tx
    .select({ householdId: householdMembers.householdId, role: householdMembers.role })
    .from(householdMembers)
    .where(eq(householdMembers.userId, userId));
  return row ?? null;
}

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

async function nameOf(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, id));
  return row?.fullName || (row && !isNoLoginEmail(row.email) ? row.email : "") || "Unknown";
}

const FamilyRow = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  dob: z.string().nullable(),
  has_login: z.boolean(),
  invited_email: z.string().nullable(),
});

/** Whether staff confirmed the household, or it was linked before confirmation existed (it goes on meanwhile). */
export type Confirmation = { confirmed: boolean; linkedBefore: boolean; confirmedAt: Date | null; how: string | null; by: string | null };

async function getConfirmation(db: DbOrTx, householdId: string): Promise<Confirmation | null> {
  const [row] = await db
    .select({
      confirmedAt: households.confirmedAt,
      how: households.confirmedHow,
      by: users.fullName,
      linkedBefore: households.linkedBeforeConfirmation,
    })
    .from(households)
    .leftJoin(users, eq(users.id, households.confirmedBy))
    .where(eq(households.id, householdId));
  return row ? { confirmed: row.confirmedAt !== null, linkedBefore: row.linkedBefore, confirmedAt: row.confirmedAt, how: row.how, by: row.by } : null;
}

/** What a person says they are, and what protects them (/account's "Who you are"). */
const whoColumns = {
  kind: users.clientKind,
  dateOfBirth: users.dateOfBirth,
  role: users.role,
  protectedMinor: users.minorProtection,
  kindAnswered: users.kindAnswered,
};

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
            select u.id, u.full_name, u.date_of_birth::text as dob,
                   exists (select 1 from accounts a where a.user_id = u.id) as has_login,
                   (select i.email from family_invitations i where i.athlete_id = u.id and i.kind = 'athlete' and i.accepted_at is null
                      and i.expires_at > now() order by i.created_at desc limit 1) as invited_email
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
    guardians: (await members("guardian")).map((r) => ({ id: r.id, fullName: r.full_name })),
    athletes:
      me.kind === "guardian"
        ? (await members("athlete")).map((r) => ({
            id: r.id,
            fullName: r.full_name,
            dateOfBirth: r.dob,
            age: r.dob ? ageOn(r.dob, now, settings.timeZone) : null,
            hasLogin: r.has_login,
            /** The address an invitation waits at (none once the athlete has a login). */
            invitedEmail: r.has_login ? null : r.invited_email,
          }))
        : [],
    pendingGuardianInvitations: pending.rows.map((r) => r.email),
  };
}

export type FamilyResult = { ok: true } | { ok: false; field?: string; error: string; status: number };

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
 * A guardian corrects their athlete's name or date of birth (the one way a protected minor's date of birth
 * changes besides the lead's correction: the database accepts it only in a transaction that says so). Logged with
 * before and after. Refused for an athlete of another household.
 */
export async function updateAthleteByGuardian(
  db: Db,
  guardianId: string,
  athleteId: string,
  input: { fullName: string; dateOfBirth: string },
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    if (!(await isGuardianOf(tx, guardianId, athleteId))) return { ok: false, error: notYourAthlete(), status: 403 };
    const [before] = await tx
      .select({ fullName: users.fullName, dateOfBirth: users.dateOfBirth })
      .from(users)
      .where(eq(users.id, athleteId))
      .for("update");
    if (!before) return { ok: false, error: notYourAthlete(), status: 403 };
    if (before.fullName === input.fullName && before.dateOfBirth === input.dateOfBirth) return { ok: true };
    await markFamilyCorrection(tx, "guardian");
    await tx.update(users).set({ fullName: input.fullName, dateOfBirth: input.dateOfBirth, updatedAt: new Date() }).where(eq(users.id, athleteId));
    await logSafeguarding(tx, {
      actorId: guardianId,
      athleteId,
      action: "athlete details changed by their guardian",
      detail: changedDetails({ label: before.fullName, dateOfBirth: before.dateOfBirth }, { label: input.fullName, dateOfBirth: input.dateOfBirth }),
    });
    return { ok: true };
  });
}

/**
 * An athlete leaves their household (an adult athlete going their own way; the caller checked
 * canRemoveGuardianLink), and its guardians leave the athlete's conversations where others remain.
 */
export async function removeAthleteFromHousehold(db: Db, input: { athleteId: string; actorId: string }) {
  await db.transaction(async (tx) => {
    const membership = await getHouseholdOf(tx, input.athleteId);
    if (!membership || membership.role !== "athlete") return;
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

/**
 * The safeguarding lead corrects a family member's name or date of birth (any correction, a protected minor's
 * included: the database accepts it only in a transaction that says it is the lead's), logged with before and
 * after. A date that shows an adult lifts the minor protection. The caller checked the lead; the person must belong
 * to the household.
 */
export async function correctByLead(
  db: Db,
  leadId: string,
  householdId: string,
  userId: string,
  input: { fullName: string; dateOfBirth: string },
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const membership = await getHouseholdOf(tx, userId);
    if (!membership || membership.householdId !== householdId) return { ok: false, error: m.messaging_household_person_not_in(), status: 404 };
    const [before] = await tx
      .select({ fullName: users.fullName, dateOfBirth: users.dateOfBirth, kind: users.clientKind })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!before) return { ok: false, error: m.messaging_household_person_not_in(), status: 404 };
    // Any age (the lead corrects what families said); only the date must be real.
    const problem = dateOfBirthProblem(input.dateOfBirth, settings.clock(), settings.timeZone);
    if (problem) return { ok: false, field: "dateOfBirth", error: problem, status: 400 };
    await markFamilyCorrection(tx, "lead");
    const adult = !isMinorPerson({ role: "client", kind: "athlete", dateOfBirth: input.dateOfBirth }, settings);
    await tx
      .update(users)
      .set({ fullName: input.fullName, dateOfBirth: input.dateOfBirth, ...(adult ? { minorProtection: false } : {}), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await logSafeguarding(tx, {
      actorId: leadId,
      athleteId: before.kind === "athlete" ? userId : null,
      householdId,
      action: "corrected by the safeguarding lead",
      detail: changedDetails({ label: before.fullName, dateOfBirth: before.dateOfBirth }, { label: input.fullName, dateOfBirth: input.dateOfBirth }),
    });
    return { ok: true };
  });
}

export const confirmedAlreadyMessage = () => m.messaging_household_confirmed_already();

/**
 * Staff (a coach, or the lead) who met or phoned the family confirm its household, saying how; logged with who and
 * when. Only then may a coach and a minor of it talk. The caller checked that the actor is a coach.
 */
export async function confirmHousehold(db: Db, householdId: string, staffId: string, how: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(households)
      .set({ confirmedAt: new Date(), confirmedBy: staffId, confirmedHow: how })
      .where(and(eq(households.id, householdId), sql`${households.confirmedAt} is null`))
      .returning({ id: households.id });
    if (!done.length) {
      const [exists] = await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId));
      return exists
        ? { ok: false, error: confirmedAlreadyMessage(), status: 409 }
        : { ok: false, error: m.messaging_household_not_found(), status: 404 };
    }
    await logSafeguarding(tx, { actorId: staffId, athleteId: null, householdId, action: "family confirmed", detail: how });
    return { ok: true };
  });
}

const StaffMemberRow = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  has_login: z.boolean(),
});

/**
 * A household as staff see it on its page: members (age, minor, login), and its confirmation. Null when unknown.
 * Dates of birth only for the safeguarding lead, who corrects them (`forLead`); coaches see ages.
 */
export async function getHouseholdForStaff(db: Db, householdId: string, settings: SafePlaySettings, forLead = false) {
  const confirmation = await getConfirmation(db, householdId);
  if (!confirmation) return null;
  const { rows } = await db.execute(sql`
    select u.id, u.full_name, u.email, u.phone, m.role, u.date_of_birth::text as dob,
           exists (select 1 from accounts a where a.user_id = u.id) as has_login
    from household_members m join users u on u.id = m.user_id
    where m.household_id = ${householdId} and u.deleted_at is null
    order by m.role desc, u.full_name, u.id`);
  const now = settings.clock();
  return {
    id: householdId,
    confirmation,
    members: rows
      .map((r) => StaffMemberRow.parse(r))
      .map((r) => ({
        id: r.id,
        fullName: r.full_name ?? "",
        role: r.role,
        // Guardians' contact details, so staff can phone them; an athlete's stay private.
        email: r.role === "guardian" && !isNoLoginEmail(r.email) ? r.email : null,
        phone: r.role === "guardian" ? r.phone : null,
        age: r.dob ? ageOn(r.dob, now, settings.timeZone) : null,
        minor: isMinorPerson({ role: "client", kind: r.role, dateOfBirth: r.dob }, settings),
        hasLogin: r.has_login,
        dateOfBirth: forLead ? r.dob : null,
      })),
  };
}

/** Households waiting for staff confirmation (the lead's queue), oldest first, with their members' names. */
export async function getUnconfirmedHouseholds(db: Db) {
  const { rows } = await db.execute(sql`
    select h.id, h.linked_before_confirmation as linked_before, h.created_at,
           array_agg(coalesce(u.full_name, '') order by m.role desc, u.full_name) filter (where u.id is not null) as names
    from households h
      join household_members m on m.household_id = h.id
      left join users u on u.id = m.user_id and u.deleted_at is null
    where h.confirmed_at is null
      and exists (select 1 from household_members a where a.household_id = h.id and a.role = 'athlete')
    group by h.id order by h.created_at`);
  return rows
    .map((r) => z.object({ id: z.string(), linked_before: z.boolean(), created_at: z.coerce.date(), names: z.array(z.string()).nullable() }).parse(r))
    .map((r) => ({ id: r.id, linkedBefore: r.linked_before, createdAt: r.created_at, names: r.names ?? [] }));
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
      m.household_id, (h.confirmed_at is not null) as confirmed
    from users u
      left join household_members m on m.user_id = u.id
      left join households h on h.id = m.household_id
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
