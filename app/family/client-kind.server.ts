// What a person says they are (Safe Play, decision 0022): a client's kind (guardian or athlete) and date of birth,
// as /account's "Who you are" shows and changes them. Nobody lowers their own protection.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { clientKindProblem, type SafePlaySettings } from "~/safe-play/index.server";
import type { ClientKind } from "~/safe-play/safe-play";
import { changedDetails, frozenRefusal, lockedDetailsMessage } from "./protection.server";
import { getHouseholdOf, logSafeguarding, type FamilyResult } from "./family-log.server";
import { m } from "~/paraglide/messages";

/** What a person says they are, and what protects them (/account's "Who you are"). */
export const whoColumns = {
  kind: users.clientKind,
  dateOfBirth: users.dateOfBirth,
  role: users.role,
  protectedMinor: users.minorProtection,
  kindAnswered: users.kindAnswered,
  locked: sql<boolean>`${users.detailsLockedAt} is not null`,
};

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
