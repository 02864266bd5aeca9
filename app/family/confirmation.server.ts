// Staff confirm people, not households (Safe Play, decision 0022, third pass). A coach or the lead who met or phoned
// a family names the guardians and student-athletes they actually know, and how: each person's confirmation (who,
// how, when) is kept on their household membership. A person who joins later, by any invitation sent before or after,
// is unconfirmed until staff confirm them, and no coach-minor conversation counts an unconfirmed guardian as the adult
// in the room (sendRefusal). The database refuses a confirmation made any other way (migration 0028), and a minor's
// guardian invitations still waiting end when staff confirm the family.
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { familyInvitations, householdMembers, households, users } from "../../db/schema";
import type { DbOrTx } from "../mail/index.server";
import { getSafetyPeople, isClearedCoach, isMinorPerson, type SafePlaySettings } from "../safe-play/index.server";
import { logSafeguarding, nameOf, type FamilyResult } from "./family-log.server";
import { m } from "~/paraglide/messages";

/** Marks the transaction as staff's confirmation: the only one in which the database lets a member be confirmed. */
async function markStaffConfirmation(tx: DbOrTx) {
  await tx.execute(sql`select set_config('nlte.staff_confirmation', 'on', true)`);
}

export const confirmedAlreadyMessage = () => m.messaging_household_confirmed_already();

/**
 * Staff (a cleared coach, or the lead) who met or phoned the family confirm the people of `householdId` they name
 * (`userIds`; "all" names everyone still waiting), saying how; each is logged with who and when. Only then may a
 * coach and a minor of it talk, and only a confirmed guardian counts as the adult in their conversations. Pending
 * guardian invitations of the household's minors end (logged, and the guardians see it). The caller checked that
 * the actor is staff.
 */
export async function confirmPeople(
  db: Db,
  input: { householdId: string; staffId: string; how: string; userIds: string[] | "all" },
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [staff] = await getSafetyPeople(tx, [input.staffId]);
    if (!staff || !isClearedCoach(staff, settings)) return { ok: false, error: m.messaging_household_confirm_not_cleared(), status: 403 };
    const [household] = await tx.select({ id: households.id }).from(households).where(eq(households.id, input.householdId)).for("update");
    if (!household) return { ok: false, error: m.messaging_household_not_found(), status: 404 };
    const waiting = await tx
      .select({ userId: householdMembers.userId, role: householdMembers.role })
      .from(householdMembers)
      .innerJoin(users, eq(users.id, householdMembers.userId))
      .where(and(eq(householdMembers.householdId, input.householdId), isNull(householdMembers.confirmedAt), isNull(users.deletedAt)));
    if (waiting.length === 0) return { ok: false, error: confirmedAlreadyMessage(), status: 409 };
    const chosen = input.userIds === "all" ? waiting : waiting.filter((w) => (input.userIds as string[]).includes(w.userId));
    if (input.userIds !== "all" && (chosen.length === 0 || chosen.length !== new Set(input.userIds).size))
      return { ok: false, field: "people", error: m.messaging_household_choose_people(), status: 400 };
    await markStaffConfirmation(tx);
    const now = new Date();
    await tx
      .update(householdMembers)
      .set({ confirmedAt: now, confirmedBy: input.staffId, confirmedHow: input.how })
      .where(
        and(
          eq(householdMembers.householdId, input.householdId),
          inArray(
            householdMembers.userId,
            chosen.map((c) => c.userId),
          ),
        ),
      );
    // The household keeps when staff first confirmed anyone of it (the lead's queue and the family's page say so).
    await tx
      .update(households)
      .set({ confirmedAt: now, confirmedBy: input.staffId, confirmedHow: input.how })
      .where(and(eq(households.id, input.householdId), isNull(households.confirmedAt)));
    for (const person of chosen)
      await logSafeguarding(tx, {
        actorId: input.staffId,
        athleteId: person.role === "athlete" ? person.userId : null,
        householdId: input.householdId,
        action: person.role === "athlete" ? "athlete confirmed" : "guardian confirmed",
        detail: person.role === "guardian" ? `${await nameOf(tx, person.userId)}: ${input.how}` : input.how,
      });
    await endMinorsGuardianInvitations(tx, input.householdId, input.staffId, settings);
    return { ok: true };
  });
}

/** Confirms everyone of the household still waiting: what staff do when they know the whole family (tests, the demo). */
export const confirmHousehold = (db: Db, householdId: string, staffId: string, how: string, settings: SafePlaySettings) =>
  confirmPeople(db, { householdId, staffId, how, userIds: "all" }, settings);

/**
 * A minor's guardian invitations still waiting end when staff confirm the family: an invitation sent before (to a
 * teenager's own second address, say) never adds a guardian to a family staff have met. Logged; the family's page
 * lists them (getEndedInvitations).
 */
async function endMinorsGuardianInvitations(tx: DbOrTx, householdId: string, staffId: string, settings: SafePlaySettings) {
  const athletes = await tx
    .select({ id: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.householdId, householdId), eq(householdMembers.role, "athlete")));
  const minors = (
    await getSafetyPeople(
      tx,
      athletes.map((a) => a.id),
    )
  ).filter((p) => isMinorPerson(p, settings));
  if (minors.length === 0) return;
  const now = new Date();
  const ended = await tx
    .update(familyInvitations)
    .set({ expiresAt: now, endedByConfirmationAt: now })
    .where(
      and(
        eq(familyInvitations.kind, "guardian"),
        isNull(familyInvitations.acceptedAt),
        gt(familyInvitations.expiresAt, now),
        inArray(
          familyInvitations.athleteId,
          minors.map((p) => p.id),
        ),
      ),
    )
    .returning({ athleteId: familyInvitations.athleteId, email: familyInvitations.email });
  for (const inv of ended)
    await logSafeguarding(tx, {
      actorId: staffId,
      athleteId: inv.athleteId,
      householdId,
      action: "invitation ended",
      detail: `the guardian invitation to ${inv.email} ended when staff confirmed the family`,
    });
}

/** The guardian invitations of a person's household that staff's confirmation ended, for the family's page. */
export async function getEndedInvitations(db: Pick<Db, "execute">, householdId: string) {
  const ended = await rows(
    db,
    z.object({ email: z.string(), ended_at: z.coerce.date() }),
    sql`
    select i.email, i.ended_by_confirmation_at as ended_at from family_invitations i
      join household_members a on a.user_id = i.athlete_id and a.household_id = ${householdId}
    where i.ended_by_confirmation_at is not null order by i.ended_by_confirmation_at desc, i.email limit 20`,
  );
  return ended.map((r) => ({ email: r.email, endedAt: r.ended_at.toISOString() }));
}

/** Households with someone waiting for staff confirmation (the lead's queue), oldest first, with who waits. */
export async function getUnconfirmedHouseholds(db: Pick<Db, "execute">) {
  const waiting = await rows(
    db,
    z.object({ id: z.string(), linked_before: z.boolean(), created_at: z.coerce.date(), names: z.array(z.string()).nullable() }),
    sql`
    select h.id, h.linked_before_confirmation as linked_before, h.created_at,
           array_agg(coalesce(u.full_name, '') order by m.role desc, u.full_name) as names
    from households h
      join household_members m on m.household_id = h.id and m.confirmed_at is null
      join users u on u.id = m.user_id and u.deleted_at is null
    where exists (select 1 from household_members a where a.household_id = h.id and a.role = 'athlete')
    group by h.id order by h.created_at`,
  );
  return waiting.map((r) => ({ id: r.id, linkedBefore: r.linked_before, createdAt: r.created_at, names: r.names ?? [] }));
}
