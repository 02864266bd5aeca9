// Who joins a household (Safe Play, decision 0022): the household holds its guardians and student-athletes, each
// person in at most one, and "who is this minor's guardian" has one answer: a guardian of the same household (the
// guardian_links view). A guardian joins an athlete's household here, and a household's guardians are added to its
// minors' conversations. A guardian's athletes are in guardian-athletes.server.ts, leaving on deletion in
// account-deletion.server.ts, the log every change writes in family-log.server.ts.
import { and, eq, sql } from "drizzle-orm";
import { conversationParticipants, householdMembers, households } from "../../db/schema";
import { getConversationSafety, getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import type { ClientKind } from "~/safe-play/safe-play";
import type { DbOrTx } from "../mail/index.server";
import { frozenRefusal } from "./protection.server";
import { getHouseholdOf, logSafeguarding, nameOf, type FamilyResult } from "./family-log.server";
import { m } from "~/paraglide/messages";

async function createHousehold(tx: DbOrTx, memberId: string, role: ClientKind) {
  const [hh] = await tx.insert(households).values({}).returning({ id: households.id });
  await tx.insert(householdMembers).values({ householdId: hh!.id, userId: memberId, role });
  return hh!.id;
}

/** The guardian's household, made now if they have none yet. */
export async function householdForGuardian(tx: DbOrTx, guardianId: string) {
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
