// A guardian's student-athletes (Safe Play, decision 0022): a guardian adds an athlete without a login, corrects their
// name or date of birth (a change that lowers a protection waits for the safeguarding lead), an adult athlete leaves
// the household, an athlete record without a login is emptied, and the registration form lists a guardian's athletes.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { familyInvitations, guardianLinks, householdMembers, users } from "../../db/schema";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { DELETED_USER_NAME } from "~/lib/profile";
import { ageOn, lowersProtection } from "~/safe-play/safe-play";
import type { DbOrTx } from "../mail/index.server";
import type { SafeguardingMailServices } from "./safeguarding-mail.server";
import { changedDetails, frozenRefusal, lockedDetailsMessage, markFamilyCorrection, requestProtectionChange } from "./protection.server";
import { getHouseholdOf, logSafeguarding, noLoginEmail, notYourAthlete, type FamilyResult } from "./family-log.server";
import { householdForGuardian } from "./membership.server";

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
