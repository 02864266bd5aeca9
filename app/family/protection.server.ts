// Only staff lower a protection (Safe Play, decision 0022, third pass). A change that would carry a person across 13
// or 18 toward adulthood, asked by anyone but staff (guardians included), is a request the safeguarding lead approves
// or refuses; until then the old value holds and the lead is alerted. A change that raises protection applies at
// once. A value the lead corrected is locked against family edits; the lead unlinks a guardian and freezes a
// household (no self-service change to it until lifted). The database backs the first rule (migration 0028).
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { householdMembers, households, protectionRequests, users } from "../../db/schema";
import type { DbOrTx } from "../mail/index.server";
import { dateOfBirthProblem } from "../safe-play/safe-play";
import { isMinorPerson, type SafePlaySettings } from "../safe-play/index.server";
import { getHouseholdOf, logSafeguarding, nameOf, type FamilyResult } from "./family-log.server";
import { mailSafeguarding, type SafeguardingMailServices } from "./safeguarding-mail.server";
import { m } from "~/paraglide/messages";

/**
 * Marks the transaction as a guardian's or the lead's correction: the only ones in which the database lets a
 * protected minor's date of birth change, and only the lead's may lower a protection (migrations 0012, 0028).
 */
export async function markFamilyCorrection(tx: DbOrTx, by: "guardian" | "lead") {
  await tx.execute(sql`select set_config('nlte.family_correction', ${by}, true)`);
}

/** A log line's before and after of a person's details. */
export const changedDetails = (before: { label: string | null; dateOfBirth: string | null }, after: { label: string; dateOfBirth: string | null }) =>
  `from ${before.label ?? ""}, born ${before.dateOfBirth ?? "not given"}, to ${after.label}, born ${after.dateOfBirth}`;

export const frozenMessage = () => m.messaging_family_frozen();
export const lockedDetailsMessage = () => m.messaging_family_details_locked();

/**
 * The refusal of any self-service change to a household the lead froze, for the people it would touch (their
 * households), or null. Checked first by every family action (invitations, acceptances, corrections, leaving).
 */
export async function frozenRefusal(tx: DbOrTx, userIds: string[]): Promise<FamilyResult | null> {
  const ids = userIds.filter(Boolean);
  if (ids.length === 0) return null;
  const { rows } = await tx.execute(sql`
    select 1 from household_members hm join households h on h.id = hm.household_id
    where h.frozen_at is not null and hm.user_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) limit 1`);
  return rows.length ? { ok: false, error: frozenMessage(), status: 423 } : null;
}

/**
 * Someone other than staff asks to change a protected person's date of birth in a way that lowers a protection:
 * the request waits for the lead (one open request per person: a new one replaces it), logged and mailed to the
 * lead (no names in the mail). The old value holds meanwhile.
 */
export async function requestProtectionChange(
  tx: DbOrTx,
  input: { userId: string; requestedBy: string; from: string | null; to: string },
  services?: SafeguardingMailServices,
) {
  const householdId = (await getHouseholdOf(tx, input.userId))?.householdId ?? null;
  await tx.delete(protectionRequests).where(and(eq(protectionRequests.userId, input.userId), isNull(protectionRequests.decidedAt)));
  await tx.insert(protectionRequests).values({
    userId: input.userId,
    householdId,
    requestedBy: input.requestedBy,
    field: "date_of_birth",
    fromValue: input.from,
    toValue: input.to,
  });
  await logSafeguarding(tx, {
    actorId: input.requestedBy,
    athleteId: input.userId,
    householdId,
    action: "protection change requested",
    detail: `date of birth from ${input.from ?? "not given"} to ${input.to}: waits for the safeguarding lead`,
  });
  if (services)
    await mailSafeguarding(tx, services, (locale) => ({
      kind: "family-change",
      subject: m.messaging_mail_sg_protection_subject({}, { locale }),
      paragraphs: [m.messaging_mail_sg_protection({}, { locale })],
    }));
}

const RequestRow = z.object({
  id: z.string(),
  user_id: z.string(),
  household_id: z.string().nullable(),
  person: z.string().nullable(),
  requester: z.string().nullable(),
  from_value: z.string().nullable(),
  to_value: z.string(),
  created_at: z.coerce.date(),
});

/** The requests waiting for the lead (/safeguarding), oldest first. */
export async function getOpenProtectionRequests(db: Pick<Db, "execute">) {
  const open = await rows(
    db,
    RequestRow,
    sql`
    select r.id, r.user_id, r.household_id, u.full_name as person, q.full_name as requester, r.from_value, r.to_value, r.created_at
    from protection_requests r join users u on u.id = r.user_id left join users q on q.id = r.requested_by
    where r.decided_at is null order by r.created_at`,
  );
  return open.map((r) => ({
    id: r.id,
    userId: r.user_id,
    householdId: r.household_id,
    person: r.person ?? "",
    requester: r.requester ?? "",
    from: r.from_value,
    to: r.to_value,
    createdAt: r.created_at.toISOString(),
  }));
}

/**
 * Writes a person's name and date of birth as the lead decided them (a correction, or an approved request): in a
 * transaction that says it is the lead's, so the database lets it lower a protection; a date that shows an adult
 * lifts the minor protection. The values are then locked against family edits.
 */
async function writeAsLead(tx: DbOrTx, userId: string, values: { fullName?: string; dateOfBirth: string }, settings: SafePlaySettings) {
  await markFamilyCorrection(tx, "lead");
  const adult = !isMinorPerson({ role: "client", kind: "athlete", dateOfBirth: values.dateOfBirth }, settings);
  const now = new Date();
  await tx
    .update(users)
    .set({ ...values, ...(adult ? { minorProtection: false } : {}), detailsLockedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
  // A correction answers whatever was asked before it.
  await tx
    .update(protectionRequests)
    .set({ decidedAt: now, approved: false })
    .where(and(eq(protectionRequests.userId, userId), isNull(protectionRequests.decidedAt)));
}

/** The lead approves or refuses a request; approving writes the new value as the lead's. Logged. False: no such open request. */
export async function decideProtectionRequest(db: Db, leadId: string, requestId: string, approve: boolean, settings: SafePlaySettings) {
  return db.transaction(async (tx) => {
    const [req] = await tx
      .select()
      .from(protectionRequests)
      .where(and(eq(protectionRequests.id, requestId), isNull(protectionRequests.decidedAt)))
      .for("update");
    if (!req) return false;
    if (approve) await writeAsLead(tx, req.userId, { dateOfBirth: req.toValue }, settings);
    await tx.update(protectionRequests).set({ decidedAt: new Date(), decidedBy: leadId, approved: approve }).where(eq(protectionRequests.id, req.id));
    await logSafeguarding(tx, {
      actorId: leadId,
      athleteId: req.userId,
      householdId: req.householdId,
      action: approve ? "protection change approved" : "protection change refused",
      detail: `date of birth from ${req.fromValue ?? "not given"} to ${req.toValue}`,
    });
    return true;
  });
}

/**
 * The safeguarding lead corrects a family member's name or date of birth (any correction, a protected minor's
 * included), logged with before and after, and locked against family edits. The caller checked the lead; the person
 * must belong to the household.
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
    await writeAsLead(tx, userId, input, settings);
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

/**
 * The lead unlinks a guardian from a household (a "guardian" nobody should have let in): they leave it and every
 * conversation of its athletes they were in with others, at once (it raises protection). Logged.
 */
export async function unlinkGuardianByLead(db: Db, leadId: string, householdId: string, guardianId: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const membership = await getHouseholdOf(tx, guardianId);
    if (!membership || membership.householdId !== householdId || membership.role !== "guardian")
      return { ok: false, error: m.messaging_household_person_not_in(), status: 404 };
    await logSafeguarding(tx, {
      actorId: leadId,
      athleteId: null,
      householdId,
      action: "guardian unlinked by the safeguarding lead",
      detail: await nameOf(tx, guardianId),
    });
    await tx.execute(sql`
      delete from conversation_participants p
      where p.user_id = ${guardianId}
        and exists (select 1 from conversation_participants a join household_members hm on hm.user_id = a.user_id
                    where a.conversation_id = p.conversation_id and hm.household_id = ${householdId} and hm.role = 'athlete')`);
    await tx.delete(householdMembers).where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, guardianId)));
    return { ok: true };
  });
}

/** The lead freezes a household (with a reason) or lifts it (`reason` null). Logged. False: no such household. */
export async function setHouseholdFrozen(db: Db, leadId: string, householdId: string, reason: string | null) {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(households)
      .set({ frozenAt: reason ? new Date() : null, frozenReason: reason })
      .where(eq(households.id, householdId))
      .returning({ id: households.id });
    if (!done.length) return false;
    await logSafeguarding(tx, {
      actorId: leadId,
      athleteId: null,
      householdId,
      action: reason ? "household frozen" : "household unfrozen",
      detail: reason ?? "",
    });
    return true;
  });
}
