// Invitations by mail (Safe Play, decision 0022). A guardian invites the athlete they added to a login of their own
// ("athlete"); an athlete of 13 to 17 who signed up alone invites a guardian ("guardian"). The mail goes through the
// outbox in the same transaction. The link carries a random token in its query string (never in the path, which
// the request log records); only its SHA-256 is stored. An athlete invitation attaches a login to that one athlete
// record, chosen from the link (which proves the address): it never merges two accounts or overwrites one. A
// guardian invitation is accepted signed in, and joins the athlete's household.
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { accounts, familyInvitations, users } from "../../db/schema";
import { getSafetyPeople, isMinorPerson, type SafePlaySettings } from "~/safe-play/index.server";
import type { Profile } from "~/lib/profile";
import { createAthleteForGuardian, emptyAthleteRecord, isGuardianOf } from "./guardian-athletes.server";
import { isNoLoginEmail, logSafeguarding, notYourAthlete, type FamilyResult } from "./family-log.server";
import { joinAsGuardian } from "./membership.server";
import { enqueueMail, type DbOrTx, type MailServices } from "../mail/index.server";
import { hitMailLimits } from "../mail/index.server";
import { INVITATION_MAIL } from "~/mail/invitation-mail";
import { addressTakenMessage, athleteInvitationNeedsNewLogin, invitationGoneMessage } from "~/safe-play/safe-play";
import { getLocale, isLocale, localizePath, type Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import { queueInvitationNotice } from "~/notifications/index.server";
import { frozenRefusal } from "./protection.server";

export const INVITATION_DAYS = 14;
/** Invitations one person may send in a day (an unverified sign-up must not become a way to mail strangers). */
export const INVITATIONS_PER_DAY = 5;

export { addressTakenMessage, athleteInvitationNeedsNewLogin, invitationGoneMessage };

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

type Services = MailServices & { config: MailServices["config"] & { publicUrl: string } };

async function createInvitation(
  tx: DbOrTx,
  services: Services,
  input: {
    kind: "athlete" | "guardian";
    athleteId: string;
    inviter: Pick<Profile, "id" | "fullName" | "email">;
    email: string;
    athleteName: string;
    /** A guardian invitation sent by a guardian (a second parent), not by the athlete. */
    byGuardian?: boolean;
  },
) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await tx.insert(familyInvitations).values({
    kind: input.kind,
    athleteId: input.athleteId,
    inviterId: input.inviter.id,
    email: input.email,
    tokenHash: hashToken(token),
    expiresAt,
  });
  // In the recipient's language: their account's, when the address has one; else the language the inviter wrote in.
  const locale = await recipientLocale(tx, input.email);
  const url = `${services.config.publicUrl}${localizePath("/invitation", locale)}?${new URLSearchParams({ token })}`;
  const org = services.config.site.orgName;
  const inviter = input.inviter.fullName || m.messaging_family_a_member({}, { locale });
  // The site's own words come first: the names people typed follow, never lead (a name is free text; decision 0024).
  await enqueueMail(
    tx,
    services,
    {
      to: input.email,
      ...(input.kind === "guardian" && input.byGuardian
        ? INVITATION_MAIL.secondGuardian(org, INVITATION_DAYS, url, { athletes: input.athleteName, inviter }, locale)
        : input.kind === "guardian"
          ? INVITATION_MAIL.guardian(org, INVITATION_DAYS, url, { athlete: input.athleteName || inviter }, locale)
          : INVITATION_MAIL.athlete(org, INVITATION_DAYS, url, { athlete: input.athleteName, inviter }, locale)),
    },
    // The outbox keeps the link sealed, never in plain text (decision 0025).
    { oneTimeLinkExpiresAt: expiresAt },
  );
  // An address that already has an account here also hears of it on its devices (the link stays in the mail).
  await queueInvitationNotice(tx, input.email);
  await logSafeguarding(tx, {
    actorId: input.inviter.id,
    athleteId: input.athleteId,
    action: `${input.kind === "guardian" ? "guardian" : "athlete"} invited`,
    detail: `invitation for ${input.athleteName} mailed to ${input.email}`,
  });
}

/** The language of the account that has `email`, or else the request's (the page the invitation was sent from). */
async function recipientLocale(tx: Pick<Db, "select">, email: string): Promise<Locale> {
  const [owner] = await tx
    .select({ locale: users.locale })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return isLocale(owner?.locale) ? owner.locale : getLocale();
}

async function overDailyLimit(tx: Pick<Db, "select">, inviterId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(familyInvitations)
    .where(and(eq(familyInvitations.inviterId, inviterId), gt(familyInvitations.createdAt, sql`now() - interval '1 day'`)));
  return (row?.n ?? 0) >= INVITATIONS_PER_DAY;
}

/**
 * The daily count of invitations, then the mail limits per sender and per address (decision 0024), before anything
 * is written: a refusal beside `field`, or null.
 */
async function invitationRefusal(tx: DbOrTx, services: Services, inviterId: string, email: string, field: string): Promise<FamilyResult | null> {
  if (await overDailyLimit(tx, inviterId)) return { ok: false, field, error: m.messaging_family_too_many_invitations(), status: 429 };
  const limited = await hitMailLimits(tx, services.secret, { senderId: inviterId, to: email });
  return limited ? { ok: false, field, error: limited.error, status: 429 } : null;
}

/** "Add a student-athlete": the athlete's account (no login yet), linked at once, and an invitation when an email is given. */
export async function addAthlete(
  db: Db,
  services: Services,
  guardian: Profile,
  input: { fullName: string; dateOfBirth: string; email?: string | undefined },
): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ kind: users.clientKind, role: users.role }).from(users).where(eq(users.id, guardian.id));
    if (!me || me.role !== "client" || me.kind !== "guardian") return { ok: false, error: m.messaging_family_only_guardian_adds(), status: 403 };
    const frozen = await frozenRefusal(tx, [guardian.id]);
    if (frozen) return frozen;
    if (input.email && input.email === guardian.email.toLowerCase())
      return { ok: false, field: "email", error: m.messaging_family_athlete_own_email(), status: 400 };
    const refused = input.email ? await invitationRefusal(tx, services, guardian.id, input.email, "email") : null;
    if (refused) return refused;
    const { athleteId } = await createAthleteForGuardian(tx, guardian.id, input);
    if (input.email)
      await createInvitation(tx, services, { kind: "athlete", athleteId, inviter: guardian, email: input.email, athleteName: input.fullName });
    return { ok: true };
  });
}

/**
 * A guardian invites a second parent or guardian into their household (an invitation to `email`, accepted signed in
 * as a guardian account). The one who joins is unconfirmed until staff confirm them (people are confirmed, not
 * households): until then no coach-minor conversation counts them as the adult in the room. The lead sees the change
 * among the alerts.
 */
export async function inviteSecondGuardian(db: Db, services: Services, guardian: Profile, email: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    // The athletes of the household the guardian is a guardian of (none for an athlete, or a family without any).
    const athletes = await rows(
      tx,
      z.object({ id: z.string(), name: z.string().nullable() }),
      sql`
        select u.id, u.full_name as name from guardian_links l join users u on u.id = l.athlete_id
        where l.guardian_id = ${guardian.id} and u.deleted_at is null order by u.full_name`,
    );
    if (athletes.length === 0) return { ok: false, field: "coGuardianEmail", error: m.messaging_family_add_athlete_first(), status: 400 };
    const frozen = await frozenRefusal(tx, [guardian.id]);
    if (frozen) return frozen;
    if (email === guardian.email.toLowerCase())
      return { ok: false, field: "coGuardianEmail", error: m.messaging_family_other_guardian_email(), status: 400 };
    const refused = await invitationRefusal(tx, services, guardian.id, email, "coGuardianEmail");
    if (refused) return refused;
    await createInvitation(tx, services, {
      kind: "guardian",
      athleteId: athletes[0]!.id,
      inviter: guardian,
      email,
      athleteName: athletes.map((a) => a.name ?? "").join(", "),
      byGuardian: true,
    });
    return { ok: true };
  });
}

/** An athlete who signed up alone asks a parent or guardian to link (an invitation to `email`). */
export async function inviteGuardian(db: Db, services: Services, athlete: Profile, email: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ kind: users.clientKind, role: users.role, fullName: users.fullName }).from(users).where(eq(users.id, athlete.id));
    if (!me || me.role !== "client" || me.kind !== "athlete") return { ok: false, error: m.messaging_family_only_athlete_invites(), status: 403 };
    const frozen = await frozenRefusal(tx, [athlete.id]);
    if (frozen) return frozen;
    if (email === athlete.email.toLowerCase())
      return { ok: false, field: "guardianEmail", error: m.messaging_family_guardian_own_email(), status: 400 };
    // A family's guardians add a second parent themselves: an athlete cannot add "guardians" to a family that has one.
    const [hasGuardian] = (await tx.execute(sql`select 1 from guardian_links where athlete_id = ${athlete.id} limit 1`)).rows;
    if (hasGuardian)
      return {
        ok: false,
        field: "guardianEmail",
        error: m.messaging_family_has_guardian(),
        status: 403,
      };
    const refused = await invitationRefusal(tx, services, athlete.id, email, "guardianEmail");
    if (refused) return refused;
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
  /** A guardian invitation sent by a guardian of the family (a second parent), not by the athlete. */
  byGuardian: boolean;
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
    inviterName: inviter?.fullName || m.messaging_family_someone(),
    athleteName: athlete?.fullName || m.messaging_family_an_athlete(),
    email: inv.email,
    emailHasAccount: Boolean(owner),
    byGuardian: inv.kind === "guardian" && inv.inviterId !== inv.athleteId,
  };
}

export const wrongAddressMessage = () => m.messaging_family_wrong_address();
/** Accepts a guardian invitation signed in as `user` (whose address must be the one invited). */
export async function acceptInvitation(db: Db, token: string, user: Profile, settings: SafePlaySettings): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const inv = await findInvitation(tx, token);
    if (!inv) return { ok: false, error: invitationGoneMessage(), status: 410 };
    await tx.execute(sql`select 1 from family_invitations where id = ${inv.id} for update`);
    if (inv.kind === "athlete") return { ok: false, error: athleteInvitationNeedsNewLogin(), status: 403 };
    if (user.email.toLowerCase() !== inv.email.toLowerCase()) return { ok: false, error: wrongAddressMessage(), status: 403 };
    const [me] = await getSafetyPeople(tx, [user.id]);
    if (!me || me.role !== "client") return { ok: false, error: m.messaging_family_only_client_accepts(), status: 403 };
    if (user.id === inv.athleteId) return { ok: false, error: m.messaging_family_not_own_guardian(), status: 403 };
    if (me.kind !== "guardian") return { ok: false, error: m.messaging_family_only_guardian_accepts(), status: 403 };
    // An account made before dates of birth were asked (or through Google) says it first: a guardian is an adult.
    if (!me.dateOfBirth) return { ok: false, error: m.messaging_family_add_dob_first(), status: 403 };
    if (isMinorPerson({ ...me, kind: "athlete" }, settings)) return { ok: false, error: m.messaging_family_guardian_adult(), status: 403 };
    const joined = await joinAsGuardian(
      tx,
      { athleteId: inv.athleteId, guardianId: user.id, actorId: user.id, how: "accepted the athlete's invitation" },
      settings,
    );
    if (!joined.ok) return joined;
    await tx.update(familyInvitations).set({ acceptedAt: new Date(), acceptedBy: user.id }).where(eq(familyInvitations.id, inv.id));
    await logSafeguarding(tx, { actorId: user.id, athleteId: inv.athleteId, action: "invitation accepted", detail: "as parent or guardian" });
    return { ok: true };
  });
}

/**
 * An athlete whose account their guardian made chooses a password from the invitation link: that one account takes
 * the invited address (confirmed: the link reached it) and gets a password login. An address another account
 * already uses is refused: nothing is merged or overwritten.
 */
export async function claimAthleteAccount(db: Db, token: string, passwordHash: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    const inv = await findInvitation(tx, token);
    if (!inv || inv.kind !== "athlete") return { ok: false, error: invitationGoneMessage(), status: 410 };
    await tx.execute(sql`select 1 from family_invitations where id = ${inv.id} for update`);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, inv.email.toLowerCase()));
    if (taken) return { ok: false, error: addressTakenMessage(), status: 409 };
    const [athlete] = await tx.select({ email: users.email }).from(users).where(eq(users.id, inv.athleteId));
    if (!athlete || !isNoLoginEmail(athlete.email)) return { ok: false, error: invitationGoneMessage(), status: 410 };
    const frozen = await frozenRefusal(tx, [inv.athleteId]);
    if (frozen) return frozen;
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

/** Ends the athlete's invitations still waiting (a new address, a cancellation). */
async function cancelPending(tx: DbOrTx, athleteId: string) {
  return tx
    .update(familyInvitations)
    .set({ expiresAt: new Date() })
    .where(
      and(
        eq(familyInvitations.athleteId, athleteId),
        eq(familyInvitations.kind, "athlete"),
        isNull(familyInvitations.acceptedAt),
        gt(familyInvitations.expiresAt, new Date()),
      ),
    )
    .returning({ email: familyInvitations.email });
}

/**
 * A guardian sends their athlete's invitation (again, or to a new address): any invitation still waiting for that
 * athlete stops working, and a new one goes to `email`. Only for an athlete of their household with no login yet.
 */
export async function sendAthleteInvitation(db: Db, services: Services, guardian: Profile, athleteId: string, email: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    if (!(await isGuardianOf(tx, guardian.id, athleteId))) return { ok: false, error: notYourAthlete(), status: 403 };
    const frozen = await frozenRefusal(tx, [athleteId]);
    if (frozen) return frozen;
    const [athlete] = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, athleteId)).for("update");
    if (!athlete || !isNoLoginEmail(athlete.email)) return { ok: false, field: "email", error: m.messaging_family_has_login(), status: 409 };
    if (email === guardian.email.toLowerCase()) return { ok: false, field: "email", error: m.messaging_family_athlete_own_email(), status: 400 };
    const refused = await invitationRefusal(tx, services, guardian.id, email, "email");
    if (refused) return refused;
    await cancelPending(tx, athleteId);
    await createInvitation(tx, services, { kind: "athlete", athleteId, inviter: guardian, email, athleteName: athlete.fullName ?? "" });
    return { ok: true };
  });
}

/** A guardian cancels their athlete's waiting invitation: its link stops working. Logged. */
export async function cancelAthleteInvitation(db: Db, guardian: Profile, athleteId: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    if (!(await isGuardianOf(tx, guardian.id, athleteId))) return { ok: false, error: notYourAthlete(), status: 403 };
    const frozen = await frozenRefusal(tx, [athleteId]);
    if (frozen) return frozen;
    const cancelled = await cancelPending(tx, athleteId);
    if (cancelled.length)
      await logSafeguarding(tx, {
        actorId: guardian.id,
        athleteId,
        action: "invitation cancelled",
        detail: `to ${cancelled.map((c) => c.email).join(", ")}`,
      });
    return { ok: true };
  });
}

/**
 * A guardian removes a student-athlete they added who has no login yet: the record is emptied (like a deleted
 * account) and leaves the household. An athlete with their own login stays: the organisation handles that.
 */
export async function removeAthleteWithoutLogin(db: Db, guardian: Profile, athleteId: string): Promise<FamilyResult> {
  return db.transaction(async (tx) => {
    if (!(await isGuardianOf(tx, guardian.id, athleteId))) return { ok: false, error: notYourAthlete(), status: 403 };
    const frozen = await frozenRefusal(tx, [athleteId]);
    if (frozen) return frozen;
    const [athlete] = await tx.select({ email: users.email }).from(users).where(eq(users.id, athleteId)).for("update");
    if (!athlete || !isNoLoginEmail(athlete.email))
      return {
        ok: false,
        error: m.messaging_family_keeps_login(),
        status: 409,
      };
    await logSafeguarding(tx, {
      actorId: guardian.id,
      athleteId,
      action: "athlete removed",
      detail: "by their parent or guardian, before they had a login",
    });
    await emptyAthleteRecord(tx, athleteId);
    return { ok: true };
  });
}
