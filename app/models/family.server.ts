// Families (Safe Play, decision 0022): who is a guardian or a student-athlete, who is linked to whom, and the log of
// every change to that, which the safeguarding lead reads. Linking a guardian adds them to the minor's conversations.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { conversationParticipants, guardianLinks, safeguardingLog, users } from "../../db/schema";
import { clientKindProblem, getConversationSafety, getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/auth/safe-play.server";
import { ageOn, type ClientKind, type ClientLabel } from "~/lib/safe-play";
import type { DbOrTx } from "./mail.server";

/** The address of an athlete's account made by a guardian, before the athlete has a login of their own. */
export const noLoginEmail = (id: string) => `athlete-${id}@no-login.invalid`;
export const isNoLoginEmail = (email: string) => email.endsWith("@no-login.invalid");

export type LogEntry = { actorId: string | null; athleteId: string | null; action: string; detail?: string };

/** Writes one line of the safeguarding log (who, what, when), in the caller's transaction. */
export async function logSafeguarding(tx: DbOrTx, entry: LogEntry) {
  await tx.insert(safeguardingLog).values({ actorId: entry.actorId, athleteId: entry.athleteId, action: entry.action, detail: entry.detail ?? "" });
}

/**
 * Links a guardian to an athlete and, while the athlete is a minor, adds the guardian to every conversation the
 * athlete is in (as a full participant). Logged. Harmless when the link exists.
 */
export async function linkGuardian(
  tx: DbOrTx,
  input: { athleteId: string; guardianId: string; actorId: string; how: string },
  settings: SafePlaySettings,
) {
  const inserted = await tx
    .insert(guardianLinks)
    .values({ athleteId: input.athleteId, guardianId: input.guardianId })
    .onConflictDoNothing()
    .returning({ a: guardianLinks.athleteId });
  const [athlete] = await getSafetyPeople(tx, [input.athleteId]);
  if (athlete && isMinorPerson(athlete, settings)) {
    await tx.execute(sql`
      insert into conversation_participants (conversation_id, user_id)
      select p.conversation_id, ${input.guardianId} from conversation_participants p where p.user_id = ${input.athleteId}
      on conflict do nothing`);
  }
  if (inserted.length)
    await logSafeguarding(tx, {
      actorId: input.actorId,
      athleteId: input.athleteId,
      action: "guardian linked",
      detail: `${await nameOf(tx, input.guardianId)} (${input.how})`,
    });
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
  return row?.fullName || row?.email || "Unknown";
}

const FamilyRow = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  dob: z.string().nullable(),
  has_login: z.boolean(),
  invited: z.boolean(),
});

/** The person's kind, date of birth and linked family, as /account shows it. */
export async function getFamily(db: Db, userId: string, settings: SafePlaySettings) {
  const [me] = await db.select({ kind: users.clientKind, dateOfBirth: users.dateOfBirth, role: users.role }).from(users).where(eq(users.id, userId));
  if (!me) return null;
  const now = settings.clock();
  const guardians = await db.execute(sql`
    select u.id, u.full_name, u.date_of_birth::text as dob, true as has_login, false as invited
    from guardian_links l join users u on u.id = l.guardian_id where l.athlete_id = ${userId} and u.deleted_at is null order by u.full_name`);
  const athletes = await db.execute(sql`
    select u.id, u.full_name, u.date_of_birth::text as dob,
           exists (select 1 from accounts a where a.user_id = u.id) as has_login,
           exists (select 1 from family_invitations i where i.athlete_id = u.id and i.kind = 'athlete' and i.accepted_at is null and i.expires_at > now()) as invited
    from guardian_links l join users u on u.id = l.athlete_id where l.guardian_id = ${userId} and u.deleted_at is null order by u.full_name`);
  const pending = await db.execute<{ email: string }>(sql`
    select email from family_invitations where athlete_id = ${userId} and kind = 'guardian' and accepted_at is null and expires_at > now() order by created_at`);
  return {
    kind: me.kind,
    dateOfBirth: me.dateOfBirth,
    minor: isMinorPerson({ role: me.role, kind: me.kind, dateOfBirth: me.dateOfBirth }, settings),
    guardians: guardians.rows.map((r) => FamilyRow.parse(r)).map((r) => ({ id: r.id, fullName: r.full_name })),
    athletes: athletes.rows
      .map((r) => FamilyRow.parse(r))
      .map((r) => ({
        id: r.id,
        fullName: r.full_name,
        age: r.dob ? ageOn(r.dob, now, settings.timeZone) : null,
        hasLogin: r.has_login,
        invited: r.invited,
      })),
    pendingGuardianInvitations: pending.rows.map((r) => r.email),
  };
}

export type FamilyResult = { ok: true } | { ok: false; field?: string; error: string; status: number };

/**
 * A client says what they are (/account). Refused beside the field: an athlete under 13 (COPPA); a guardian with
 * linked athletes becoming an athlete; an athlete with a linked guardian changing it themselves (their guardian's
 * word stands; the organisation corrects mistakes). Every change is logged.
 */
export async function updateClientKind(
  db: Db,
  userId: string,
  input: { kind: ClientKind; dateOfBirth: string | null },
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .select({ kind: users.clientKind, dateOfBirth: users.dateOfBirth, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!me || me.role !== "client") return { ok: false, error: "Only clients say whether they are a parent or a student-athlete.", status: 403 };
    const dob = input.kind === "athlete" ? input.dateOfBirth : null;
    if (me.kind === input.kind && me.dateOfBirth === dob) return { ok: true };
    const links = await tx.execute(sql`
      select (select count(*)::int from guardian_links where athlete_id = ${userId}) as n,
             (select count(*)::int from guardian_links where guardian_id = ${userId}) as g`);
    const row = z.object({ n: z.number(), g: z.number() }).parse(links.rows[0]);
    if (row.n > 0)
      return {
        ok: false,
        field: "kind",
        error: "Your parent or guardian is linked to your account, so your details stay as they are. Please ask the organisation to correct them.",
        status: 403,
      };
    if (input.kind === "athlete" && row.g > 0) {
      return {
        ok: false,
        field: "kind",
        error: "You are linked as the parent or guardian of a student-athlete, so this account stays a parent or guardian account.",
        status: 400,
      };
    }
    const problem = clientKindProblem(input.kind, dob, settings);
    if (problem) return { ok: false, field: problem.field, error: problem.message, status: 400 };
    await tx.update(users).set({ clientKind: input.kind, dateOfBirth: dob, updatedAt: new Date() }).where(eq(users.id, userId));
    await logSafeguarding(tx, {
      actorId: userId,
      athleteId: input.kind === "athlete" ? userId : null,
      action: "kind changed",
      detail: input.kind === "athlete" ? "now a student-athlete (date of birth given)" : "now a parent or guardian",
    });
    return { ok: true };
  });
}

export type AddedAthlete = { athleteId: string };

/** A guardian adds a student-athlete: an account without a login yet, linked to the guardian at once. */
export async function createAthleteForGuardian(
  tx: DbOrTx,
  guardianId: string,
  input: { fullName: string; dateOfBirth: string },
  settings: SafePlaySettings,
): Promise<AddedAthlete> {
  const id = crypto.randomUUID();
  await tx.insert(users).values({
    id,
    email: noLoginEmail(id),
    fullName: input.fullName,
    role: "client",
    clientKind: "athlete",
    dateOfBirth: input.dateOfBirth,
    notifyMessages: false,
  });
  await logSafeguarding(tx, {
    actorId: guardianId,
    athleteId: id,
    action: "athlete added",
    detail: `by their parent or guardian ${await nameOf(tx, guardianId)}`,
  });
  await linkGuardian(tx, { athleteId: id, guardianId, actorId: guardianId, how: "added the athlete" }, settings);
  return { athleteId: id };
}

/** Removes a guardian link (the caller checked canRemoveGuardianLink) and the guardian from the athlete's conversations. */
export async function deleteGuardianLink(db: Db, input: { athleteId: string; guardianId: string; actorId: string }) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(guardianLinks)
      .where(and(eq(guardianLinks.athleteId, input.athleteId), eq(guardianLinks.guardianId, input.guardianId)))
      .returning({ a: guardianLinks.athleteId });
    if (!removed.length) return;
    await tx.execute(sql`
      delete from conversation_participants p where p.user_id = ${input.guardianId}
        and exists (select 1 from conversation_participants a where a.conversation_id = p.conversation_id and a.user_id = ${input.athleteId})
        and (select count(*) from conversation_participants c where c.conversation_id = p.conversation_id) > 2`);
    await logSafeguarding(tx, {
      actorId: input.actorId,
      athleteId: input.athleteId,
      action: "guardian removed",
      detail: await nameOf(tx, input.guardianId),
    });
  });
}

const LabelRow = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(["guardian", "athlete"]),
  dob: z.string().nullable(),
  guardians: z.array(z.string()).nullable(),
  athletes: z.array(z.string()).nullable(),
});

/**
 * What coaches see beside a client wherever one is listed: guardian or athlete, "Minor", and the linked family.
 * Keyed by user id and by lower-cased email (the /appointments submissions match by address). No date of birth
 * leaves the server.
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
        where l.guardian_id = u.id and a.deleted_at is null) as athletes
    from users u
    where u.role = 'client' and u.deleted_at is null and (u.id in (${list(ids)}) or lower(u.email) in (${list(emails)}))`);
  for (const raw of rows) {
    const r = LabelRow.parse(raw);
    const label: ClientLabel = {
      kind: r.kind,
      minor: isMinorPerson({ role: "client", kind: r.kind, dateOfBirth: r.dob }, settings),
      family: r.kind === "athlete" ? (r.guardians ?? []) : (r.athletes ?? []),
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
