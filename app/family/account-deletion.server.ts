// Safe Play's part of deleting an account (decision 0022): which minors the person would leave without a guardian
// (the account page says so before they confirm), and the family's side of the deletion itself.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { rows } from "../../db/rows";
import { familyInvitations, householdMembers } from "../../db/schema";
import type { DbOrTx } from "../mail/index.server";
import { mailSafeguarding, type SafeguardingMailServices } from "./safeguarding-mail.server";
import { getHouseholdOf, logSafeguarding } from "./family-log.server";
import { emptyAthleteRecord } from "./guardian-athletes.server";
import { m } from "~/paraglide/messages";

/**
 * What deleting `userId`'s account does to their family: the minors of their household who would be left with no
 * guardian (the account page says so before the person confirms; the lead is told afterwards).
 */
export async function getAthletesLeftWithoutGuardian(tx: DbOrTx, userId: string) {
  const athletes = await rows(
    tx,
    z.object({ id: z.string(), full_name: z.string().nullable(), no_login: z.boolean() }),
    sql`
    select u.id, u.full_name, (u.email like '%@no-login.invalid') as no_login
    from household_members me
      join household_members a on a.household_id = me.household_id and a.role = 'athlete'
      join users u on u.id = a.user_id and u.deleted_at is null
    where me.user_id = ${userId} and me.role = 'guardian'
      and not exists (select 1 from household_members g where g.household_id = me.household_id and g.role = 'guardian' and g.user_id <> ${userId})
    order by u.full_name`,
  );
  return athletes.map((r) => ({ id: r.id, fullName: r.full_name ?? "", noLogin: r.no_login }));
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
