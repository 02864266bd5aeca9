// Invitations by mail (Safe Play, decision 0022). A guardian invites the athlete they added to the account made for
// them ("athlete"); an athlete of 13 to 17 who signed up alone invites a guardian ("guardian"). The mail goes
// through the outbox in the same transaction. The link carries a random token in its query string (never in the
// path, which the request log records); only its SHA-256 is stored. Accepting happens signed in, except that an
// athlete whose account a guardian made chooses a password from the link (that proves the address).
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, familyInvitations, guardianLinks, registrationRequests, users } from "../../db/schema";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/auth/safe-play.server";
import type { Profile } from "~/lib/profile";
import { createAthleteForGuardian, isNoLoginEmail, linkGuardian, logSafeguarding, type FamilyResult } from "./family.server";
import { enqueueMail, type MailServices } from "./mail.server";

export const INVITATION_DAYS = 14;
/** Invitations one person may send in a day (an unverified sign-up must not become a way to mail strangers). */
export const INVITATIONS_PER_DAY = 5;
import { INVITATION_GONE } from "~/lib/safe-play";

export { INVITATION_GONE };

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

type Services = MailServices & { config: MailServices["config"] & { publicUrl: string } };

async function createInvitation(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  services: Services,
  input: { kind: "athlete" | "guardian"; athleteId: string; inviter: Pick<Profile, "id" | "fullName" | "email">; email: string; athleteName: string },
) {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(familyInvitations).values({
    kind: input.kind,
    athleteId: input.athleteId,
    inviterId: input.inviter.id,
    email: input.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  const url = `${services.config.publicUrl}/invitation?${new URLSearchParams({ token })}`;
  const org = services.config.site.orgName;
  const inviter = input.inviter.fullName || "Someone";
  await enqueueMail(
    tx,
    services,
    input.kind === "guardian"
      ? {
          to: input.email,
          kind: "guardian-invitation",
          subject: "You are invited to be a parent or guardian",
          paragraphs: [
            `${inviter} created a student-athlete account with ${org} and named you as their parent or guardian.`,
            "Until a parent or guardian accepts, they cannot message their coaches. Once you accept, you take part in every conversation they have with a coach.",
            `The invitation works for ${INVITATION_DAYS} days. Sign in (or create an account with this email address) to accept it.`,
          ],
          action: { label: "See the invitation", url },
          footnote: ["If you do not know this person, ignore this email: nothing is linked unless you accept."],
        }
      : {
          to: input.email,
          kind: "athlete-invitation",
          subject: `Your student-athlete account with ${org}`,
          paragraphs: [
            `${inviter}, your parent or guardian, made a student-athlete account for you with ${org}.`,
            `Follow the link to choose a password (or, if you already have an account with this address, to link it). It works for ${INVITATION_DAYS} days.`,
          ],
          action: { label: "Accept the invitation", url },
          footnote: ["If this is not for you, ignore this email."],
        },
  );
  await logSafeguarding(tx, {
    actorId: input.inviter.id,
    athleteId: input.athleteId,
    action: `${input.kind === "guardian" ? "guardian" : "athlete"} invited`,
    detail: `invitation mailed to ${input.email}`,
  });
}

async function overDailyLimit(tx: Pick<Db, "select">, inviterId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(familyInvitations)
    .where(and(eq(familyInvitations.inviterId, inviterId), gt(familyInvitations.createdAt, sql`now() - interval '1 day'`)));
  return (row?.n ?? 0) >= INVITATIONS_PER_DAY;
}

const TOO_MANY = "You have sent as many invitations as you can today. Please try again tomorrow.";

/** "Add a student-athlete": the athlete's account (no login yet), linked at once, and an invitation when an email is given. */
export async function addAthlete(
  db: Db,
  services: Services,
  guardian: Profile,
  input: { fullName: string; dateOfBirth: string; email?: string | undefined },
  settings: SafePlaySettings,
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ kind: users.clientKind, role: users.role }).from(users).where(eq(users.id, guardian.id));
    if (!me || me.role !== "client" || me.kind !== "guardian")
      return { ok: false, error: "Only a parent or guardian account can add a student-athlete.", status: 403 };
    if (input.email && input.email === guardian.email.toLowerCase())
      return { ok: false, field: "email", error: "Please enter the athlete's own email address, not yours.", status: 400 };
    if (input.email && (await overDailyLimit(tx, guardian.id))) return { ok: false, field: "email", error: TOO_MANY, status: 429 };
    const { athleteId } = await createAthleteForGuardian(tx, guardian.id, input, settings);
    if (input.email)
      await createInvitation(tx, services, { kind: "athlete", athleteId, inviter: guardian, email: input.email, athleteName: input.fullName });
    return { ok: true };
  });
}

/** An athlete who signed up alone asks a parent or guardian to link (an invitation to `email`). */
export async function inviteGuardian(db: Db, services: Services, athlete: Profile, email: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ kind: users.clientKind, role: users.role, fullName: users.fullName }).from(users).where(eq(users.id, athlete.id));
    if (!me || me.role !== "client" || me.kind !== "athlete")
      return { ok: false, error: "Only a student-athlete account can invite a parent or guardian.", status: 403 };
    if (email === athlete.email.toLowerCase())
      return { ok: false, field: "guardianEmail", error: "Please enter your parent or guardian's email address, not yours.", status: 400 };
    if (await overDailyLimit(tx, athlete.id)) return { ok: false, field: "guardianEmail", error: TOO_MANY, status: 429 };
    await createInvitation(tx, services, { kind: "guardian", athleteId: athlete.id, inviter: athlete, email, athleteName: me.fullName ?? "" });
    return { ok: true };
  });
}

export type InvitationView = {
  kind: "athlete" | "guardian";
  inviterName: string;
  athleteName: string;
  /** The address it was sent to: the one to sign in with. */
  email: string;
  /** An account already uses that address (sign in to accept), else one can be made from the link. */
  emailHasAccount: boolean;
};

async function findInvitation(db: Pick<Db, "select">, token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(familyInvitations)
    .where(and(eq(familyInvitations.tokenHash, hashToken(token)), isNull(familyInvitations.acceptedAt), gt(familyInvitations.expiresAt, new Date())));
  return row ?? null;
}

/** What the invitation page shows for a token, or null when it is unknown, used or expired. */
export async function getInvitation(db: Db, token: string): Promise<InvitationView | null> {
  const inv = await findInvitation(db, token);
  if (!inv) return null;
  const [inviter] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, inv.inviterId));
  const [athlete] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, inv.athleteId));
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, inv.email.toLowerCase()));
  return {
    kind: inv.kind,
    inviterName: inviter?.fullName || "Someone",
    athleteName: athlete?.fullName || "the athlete",
    email: inv.email,
    emailHasAccount: Boolean(owner),
  };
}

export const WRONG_ADDRESS = "This invitation was sent to another email address. Please sign in with the address it was sent to.";

/** Accepts an invitation signed in as `user` (whose address must be the one invited). */
export async function acceptInvitation(db: Db, token: string, user: Profile, settings: SafePlaySettings): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const inv = await findInvitation(tx, token);
    if (!inv) return { ok: false, error: INVITATION_GONE, status: 410 };
    await tx.execute(sql`select 1 from family_invitations where id = ${inv.id} for update`);
    if (user.email.toLowerCase() !== inv.email.toLowerCase()) return { ok: false, error: WRONG_ADDRESS, status: 403 };
    const [me] = await getSafetyPeople(tx, [user.id]);
    if (!me || me.role !== "client") return { ok: false, error: "Only a client account can accept this invitation.", status: 403 };
    if (inv.kind === "guardian") {
      if (user.id === inv.athleteId) return { ok: false, error: "You cannot be your own parent or guardian.", status: 403 };
      if (isMinorPerson(me, settings)) return { ok: false, error: "A parent or guardian must be an adult.", status: 403 };
      await linkGuardian(tx, { athleteId: inv.athleteId, guardianId: user.id, actorId: user.id, how: "accepted the athlete's invitation" }, settings);
    } else if (user.id !== inv.athleteId) {
      // The athlete already had an account with this address: it becomes the athlete their guardian added.
      const [guardianOf] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(guardianLinks)
        .where(eq(guardianLinks.guardianId, user.id));
      if ((guardianOf?.n ?? 0) > 0)
        return { ok: false, error: "This account is linked as a parent or guardian, so it cannot become a student-athlete account.", status: 403 };
      await mergeAthlete(tx, inv.athleteId, user.id, settings);
    }
    await tx.update(familyInvitations).set({ acceptedAt: new Date(), acceptedBy: user.id }).where(eq(familyInvitations.id, inv.id));
    await logSafeguarding(tx, {
      actorId: user.id,
      athleteId: inv.kind === "guardian" ? inv.athleteId : user.id,
      action: "invitation accepted",
      detail: inv.kind === "guardian" ? "as parent or guardian" : "as the student-athlete",
    });
    return { ok: true };
  });
}

/** Moves the athlete a guardian added (no login) onto the athlete's existing account, then removes the empty one. */
async function mergeAthlete(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], fromId: string, intoId: string, settings: SafePlaySettings) {
  const [from] = await tx.select({ dateOfBirth: users.dateOfBirth, email: users.email }).from(users).where(eq(users.id, fromId));
  if (!from || !isNoLoginEmail(from.email)) return;
  await tx.update(users).set({ clientKind: "athlete", dateOfBirth: from.dateOfBirth, updatedAt: new Date() }).where(eq(users.id, intoId));
  await tx.update(registrationRequests).set({ athleteId: intoId }).where(eq(registrationRequests.athleteId, fromId));
  await tx.update(familyInvitations).set({ athleteId: intoId }).where(eq(familyInvitations.athleteId, fromId));
  const links = await tx.delete(guardianLinks).where(eq(guardianLinks.athleteId, fromId)).returning({ guardianId: guardianLinks.guardianId });
  await tx.execute(sql`update safeguarding_log set athlete_id = ${intoId} where athlete_id = ${fromId}`);
  await tx.delete(users).where(eq(users.id, fromId));
  for (const l of links) {
    if (l.guardianId !== intoId)
      await linkGuardian(
        tx,
        { athleteId: intoId, guardianId: l.guardianId, actorId: intoId, how: "athlete linked their existing account" },
        settings,
      );
  }
}

/**
 * An athlete whose account their guardian made chooses a password from the invitation link: the account takes the
 * invited address (confirmed: the link reached it) and gets a password login. They then sign in as usual.
 */
export async function claimAthleteAccount(db: Db, token: string, passwordHash: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const inv = await findInvitation(tx, token);
    if (!inv || inv.kind !== "athlete") return { ok: false, error: INVITATION_GONE, status: 410 };
    await tx.execute(sql`select 1 from family_invitations where id = ${inv.id} for update`);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, inv.email.toLowerCase()));
    if (taken) return { ok: false, error: "An account already uses this address: sign in to accept the invitation.", status: 409 };
    const [athlete] = await tx.select({ email: users.email }).from(users).where(eq(users.id, inv.athleteId));
    if (!athlete || !isNoLoginEmail(athlete.email)) return { ok: false, error: INVITATION_GONE, status: 410 };
    await tx
      .update(users)
      .set({ email: inv.email, emailVerified: true, notifyMessages: true, updatedAt: new Date() })
      .where(eq(users.id, inv.athleteId));
    await tx
      .insert(accounts)
      .values({ id: crypto.randomUUID(), userId: inv.athleteId, accountId: inv.athleteId, providerId: "credential", password: passwordHash });
    await tx.update(familyInvitations).set({ acceptedAt: new Date(), acceptedBy: inv.athleteId }).where(eq(familyInvitations.id, inv.id));
    await logSafeguarding(tx, {
      actorId: inv.athleteId,
      athleteId: inv.athleteId,
      action: "invitation accepted",
      detail: "the athlete chose a password for the account their guardian made",
    });
    return { ok: true };
  });
}
