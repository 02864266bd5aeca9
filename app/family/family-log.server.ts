// The family's shared pieces (Safe Play, decision 0022): who belongs to which household, the append-only safeguarding
// log every family change writes, and the answer shape of the family's actions. Households, confirmation and
// protection all use them, so none of those depends on another for them.
import { eq } from "drizzle-orm";
import { householdMembers, safeguardingLog, users } from "../../db/schema";
import type { ClientKind } from "../safe-play/safe-play";
import type { DbOrTx } from "../mail/index.server";
import { m } from "~/paraglide/messages";
import { NO_LOGIN_DOMAIN } from "~/lib/displayable-address";

/** What a family action answers: done (a change that waits for the lead says so), or why not, beside which field. */
export type FamilyResult = { ok: true; pending?: boolean } | { ok: false; field?: string; error: string; status: number };

/** The address of an athlete's account made by a guardian, before the athlete has a login of their own. */
export const noLoginEmail = (id: string) => `athlete-${id}@${NO_LOGIN_DOMAIN}`;
export const isNoLoginEmail = (email: string) => email.endsWith(`@${NO_LOGIN_DOMAIN}`);

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

export type Membership = { householdId: string; role: ClientKind };

/** The household a person belongs to, and as what, or null. */
export async function getHouseholdOf(tx: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await tx
    .select({ householdId: householdMembers.householdId, role: householdMembers.role })
    .from(householdMembers)
    .where(eq(householdMembers.userId, userId));
  return row ?? null;
}

/** A person's name as the log and the lead's pages keep it (an address for an account without one). */
export async function nameOf(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, id));
  return row?.fullName || (row && !isNoLoginEmail(row.email) ? row.email : "") || "Unknown";
}
