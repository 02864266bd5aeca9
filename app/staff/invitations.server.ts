// An administrator invites a coach by mail (decision 0030), as families invite each other (app/family/
// invitations.server.ts): a random token in the link's query string (never its path, which the request log records),
// only its SHA-256 stored, the mail written to the outbox in the same transaction with the link sealed (decision 0025),
// valid 14 days, within the mail limits of decision 0024. The invited person signs up or signs in with the invited
// address and accepts: setUserRole makes them a coach, under the same name rule as the command line.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffInvitations, users } from "../../db/schema";
import { getLocale, isLocale, localizePath } from "~/i18n/language";
import type { Profile } from "~/lib/profile";
import { confirmInvitedAddress } from "~/mail/index.server";
import { hitMailLimits } from "~/mail/index.server";
import { enqueueMail, type DbOrTx, type MailServices } from "~/mail/index.server";
import { staffInvitationMail } from "~/mail/staff-invitation-mail";
import { setUserRole, writeStaffLog } from "~/models/users.server";
import type { SafePlaySettings } from "~/safe-play/index.server";
import { m } from "~/paraglide/messages";
import { actorOf } from "./access.server";

export const STAFF_INVITATION_DAYS = 14;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const byEmail = (email: string) => eq(sql`lower(${staffInvitations.email})`, email.toLowerCase());
const pending = () => and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, new Date()));

type Services = MailServices & { config: MailServices["config"] & { publicUrl: string } };

export type StaffInvitationResult = { ok: true } | { ok: false; field?: "email"; error: string; status: number };

/** The account that uses an address, if any (never a deleted one: their address was emptied). */
async function accountOf(tx: Pick<Db, "select">, email: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.fullName, role: users.role, locale: users.locale })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * Mails an invitation to become a coach to `email`; one still waiting for that address stops working. Refused beside
 * the field for an address that is already a coach's, or over the mail limits. Logged.
 */
export async function inviteCoach(db: Db, services: Services, admin: Profile, email: string): Promise<StaffInvitationResult> {
  return db.transaction(async (tx) => {
    const owner = await accountOf(tx, email);
    if (owner?.role === "coach") return { ok: false, field: "email", error: m.staff_error_already_coach(), status: 409 };
    const limited = await hitMailLimits(tx, services.secret, { senderId: admin.id, to: email });
    if (limited) return { ok: false, field: "email", error: limited.error, status: 429 };
    await tx
      .update(staffInvitations)
      .set({ expiresAt: new Date() })
      .where(and(byEmail(email), pending()));
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + STAFF_INVITATION_DAYS * 86_400_000);
    await tx.insert(staffInvitations).values({ email, tokenHash: hashToken(token), inviterId: admin.id, expiresAt });
    // In the recipient's language: their account's, when the address has one; else the page's the invitation was sent from.
    const locale = isLocale(owner?.locale) ? owner.locale : getLocale();
    const url = `${services.config.publicUrl}${localizePath("/staff/invitation", locale)}?${new URLSearchParams({ token })}`;
    const inviter = admin.fullName || m.staff_mail_an_administrator({}, { locale });
    await enqueueMail(
      tx,
      services,
      { to: email, ...staffInvitationMail(services.config.site.orgName, STAFF_INVITATION_DAYS, url, { inviter }, locale) },
      { oneTimeLinkExpiresAt: expiresAt },
    );
    await writeStaffLog(tx, {
      actor: actorOf(admin),
      subject: owner ? { id: owner.id, name: owner.name } : null,
      action: "coach invited",
      detail: email,
    });
    return { ok: true };
  });
}

export type PendingInvitation = { id: string; email: string; sentAt: string; expiresAt: string };

/** The invitations still waiting, newest first. */
export async function getPendingInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, createdAt: staffInvitations.createdAt, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(pending())
    .orderBy(desc(staffInvitations.createdAt));
  return rows.map((r) => ({ id: r.id, email: r.email, sentAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() }));
}

/** An administrator cancels an invitation still waiting: its link stops working. False when none is waiting. Logged. */
export async function cancelStaffInvitation(db: Db, admin: Profile, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ expiresAt: new Date() })
      .where(and(eq(staffInvitations.id, id), pending()))
      .returning({ email: staffInvitations.email });
    if (!row) return false;
    await writeStaffLog(tx, { actor: actorOf(admin), subject: null, action: "invitation cancelled", detail: row.email });
    return true;
  });
}

/** A waiting invitation by its token, from an inviter who is still an administrator; null otherwise. */
async function findInvitation(tx: DbOrTx, token: string, lock = false) {
  if (!token || token.length > 200) return null;
  const query = tx
    .select({ id: staffInvitations.id, email: staffInvitations.email, inviterId: staffInvitations.inviterId, inviterName: users.fullName })
    .from(staffInvitations)
    .innerJoin(users, and(eq(users.id, staffInvitations.inviterId), eq(users.admin, true), isNull(users.deletedAt)))
    .where(and(eq(staffInvitations.tokenHash, hashToken(token)), pending()));
  const [row] = lock ? await query.for("update", { of: staffInvitations }) : await query;
  return row ?? null;
}

export type StaffInvitationView = {
  inviterName: string;
  /** The address it was sent to: the one to sign in with. */
  email: string;
  /** An account already uses that address (sign in to accept), else the person creates one first. */
  emailHasAccount: boolean;
};

/** What the invitation page shows for a token, or null when it is unknown, used, cancelled or expired. */
export async function getStaffInvitation(db: Db, token: string): Promise<StaffInvitationView | null> {
  const inv = await findInvitation(db, token);
  if (!inv) return null;
  return { inviterName: inv.inviterName || m.staff_someone(), email: inv.email, emailHasAccount: Boolean(await accountOf(db, inv.email)) };
}

/**
 * Accepts an invitation signed in as `user`, whose address must be the one invited: they become a coach (the inviter
 * granting it, in the log), the invitation is used, and their address is confirmed (the invitation came to it). A name with contact details, or a minor's account, is refused,
 * and nothing changes.
 */
export async function acceptStaffInvitation(
  db: Db,
  token: string,
  user: Profile,
  safePlay: Pick<SafePlaySettings, "clock" | "timeZone">,
): Promise<{ ok: true } | { ok: false; error: string; status: number }> {
  return db.transaction(async (tx) => {
    const inv = await findInvitation(tx, token, true);
    if (!inv) return { ok: false, error: m.staff_invitation_gone(), status: 410 };
    if (user.email.toLowerCase() !== inv.email.toLowerCase()) return { ok: false, error: m.staff_invitation_wrong_address(), status: 403 };
    const [me] = await tx
      .select({ role: users.role, name: users.fullName })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
    if (!me) return { ok: false, error: m.staff_invitation_gone(), status: 410 };
    if (me.role !== "coach") {
      const made = await setUserRole(tx, { id: user.id }, "coach", { id: inv.inviterId, name: inv.inviterName }, safePlay);
      if (!made) return { ok: false, error: m.staff_invitation_gone(), status: 410 };
      if ("refused" in made)
        return { ok: false, error: made.refused === "minor" ? m.staff_invitation_minor_refused() : m.staff_invitation_name_refused(), status: 409 };
    }
    await tx.update(staffInvitations).set({ acceptedAt: new Date(), acceptedBy: user.id }).where(eq(staffInvitations.id, inv.id));
    // The invitation reached this address and is accepted signed in with it: the address is confirmed (issue 39).
    await confirmInvitedAddress(tx, user.id, inv.email);
    const person = { id: user.id, name: me.name };
    await writeStaffLog(tx, { actor: person, subject: person, action: "invitation accepted", detail: inv.email });
    return { ok: true };
  });
}
