// An administrator invites a coach by mail (issue 28), against a real PostgreSQL: the mail is in the outbox with its
// link sealed, in the recipient's language; the invitation is accepted only signed in with the invited address (another
// account is refused and nothing changes), once, under the coach-name rule; a cancelled or replaced invitation, or one
// from someone who is no longer an administrator, no longer works; every step is logged.
import { and, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, staffInvitations, staffLog, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import type { Locale } from "~/i18n/language";
import { localeStore } from "../../tests/support/locale-store";
import { openLink, SEALED_LINK_PLACEHOLDER } from "~/mail/one-time-link.server";
import { renderMail } from "~/mail/template.server";
import { staffInvitationMail } from "~/mail/staff-invitation-mail";
import * as invitationRoute from "~/routes/staff.invitation";
import * as staffRoute from "~/routes/staff";

const { db } = await createTestDatabase();

localeStore(); // the request-language store the mails are written in

type Person = { id: string; email: string; fullName: string; role: "client" | "coach"; admin?: boolean; locale?: Locale };
const ADMIN: Person = { id: "admin-1", email: "admin@example.com", fullName: "Ada Admin", role: "client", admin: true };
const SECOND_ADMIN: Person = { id: "admin-2", email: "admin2@example.com", fullName: "Bea Board", role: "client", admin: true };
const INVITED: Person = { id: "invited-1", email: "new.coach@example.com", fullName: "Nina Net", role: "client" };
const STRANGER: Person = { id: "stranger-1", email: "stranger@example.com", fullName: "Sly Stranger", role: "client" };
const COACH: Person = { id: "coach-1", email: "coach@example.com", fullName: "Carla Coach", role: "coach" };

beforeAll(async () => {
  await db.insert(users).values([ADMIN, SECOND_ADMIN, INVITED, STRANGER, COACH].map((p) => ({ ...p, admin: p.admin ?? false })));
});

const as = (person: Person | null) =>
  ({
    ...contextFor(db, "visitor"),
    auth: {
      api: { getSession: async () => (person ? { user: { id: person.id, email: person.email, name: person.fullName, role: person.role } } : null) },
    },
  }) as unknown as AppLoadContext;
const SECRET = "s".repeat(32);

const invite = (who: Person, email: string) =>
  call(staffRoute.action, { request: postForm("/staff", { intent: "invite", email }), context: as(who) });
const accept = (who: Person | null, token: string) =>
  call(invitationRoute.action, { request: postForm("/staff/invitation", { token }), context: as(who) });
const view = async (who: Person | null, token: string) =>
  (await call(invitationRoute.loader, { request: new Request(`http://localhost/staff/invitation?token=${token}`), context: as(who) })).body as {
    invitation: { email: string; inviterName: string; emailHasAccount: boolean } | null;
    signedInAs: string | null;
  };

/** The latest invitation mail to `to`, and the token its sealed link carries (opened as `npm run mail:outbox` does). */
async function latestMail(to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "staff-invitation")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = openLink(SECRET, mail!.id, mail!.sealedLink!)!;
  return { mail: mail!, link, token: new URL(link).searchParams.get("token")! };
}
const roleOf = async (id: string) => (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
const verified = async (id: string) => (await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]!.v;
const logFor = async (detail: string) =>
  (await db.select().from(staffLog).where(eq(staffLog.detail, detail)).orderBy(staffLog.createdAt)).map((l) => `${l.actorName}: ${l.action}`);

describe("inviting a coach", () => {
  it("mails an invitation whose link is sealed in the outbox, starting with the site's own words; logged", async () => {
    expect(await invite(ADMIN, " New.Coach@Example.com ")).toMatchObject({
      status: 200,
      body: { ok: true, intent: "invite", message: "Invitation sent to new.coach@example.com." },
    });
    const { mail, link, token } = await latestMail("new.coach@example.com");
    expect(mail.subject).toBe("Next Level Tennis & Education: an invitation to join as a coach");
    expect(mail.textBody.split("\n")[0]).toBe("Next Level Tennis & Education: you are invited to join our site as a coach.");
    expect(mail.textBody).toContain("Invited by: Ada Admin.");
    expect(mail.textBody).toContain(SEALED_LINK_PLACEHOLDER);
    expect(mail.textBody).not.toContain(token);
    expect(link.startsWith("http://localhost:3000/staff/invitation?token=")).toBe(true);
    expect(mail.linkExpiresAt!.getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);
    // Only the token's hash is kept.
    const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.email, "new.coach@example.com"));
    expect(row!.tokenHash).not.toContain(token);
    expect(await logFor("new.coach@example.com")).toEqual(["Ada Admin: coach invited"]);
  });

  it("keeps a typed name out of the first line and the subject", () => {
    const mail = renderMail(
      { orgName: "NLTE", publicUrl: "http://localhost", secret: SECRET },
      staffInvitationMail("NLTE", 14, "http://localhost/x", { inviter: "Your bank account is locked.\nVerify at https://evil.example" }),
    );
    expect(mail.text.split("\n")[0]).toBe("NLTE: you are invited to join our site as a coach.");
    expect(mail.subject).not.toContain("bank");
    expect(mail.text).toContain("Invited by: Your bank account is locked. Verify at https://evil.example.");
  });

  it("is written in the invited account's language", async () => {
    const spanish: Person = { id: "es-1", email: "entrenadora@example.com", fullName: "Elena Red", role: "client", locale: "es" };
    await db.insert(users).values(spanish);
    await invite(ADMIN, spanish.email);
    const { mail, link } = await latestMail(spanish.email);
    expect(mail.subject).toBe("Next Level Tennis & Education: una invitación para unirse como entrenador");
    expect(link.startsWith("http://localhost:3000/es/staff/invitation?token=")).toBe(true);
  });

  it("refuses an address that is already a coach's, and a bad address, beside the field; nothing is mailed", async () => {
    const before = await db.select().from(mailOutbox);
    expect(await invite(ADMIN, COACH.email)).toMatchObject({
      status: 409,
      body: { ok: false, fieldErrors: { email: "This address already belongs to a coach." }, values: { email: COACH.email } },
    });
    expect(await invite(ADMIN, "not an address")).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { email: "Please enter a valid email address" } },
    });
    expect(await db.select().from(mailOutbox)).toEqual(before);
  });
});

describe("accepting an invitation", () => {
  it("is refused to a visitor, and to an account signed in with another address; nothing changes", async () => {
    const { token } = await latestMail(INVITED.email);
    expect((await accept(null, token)).status).toBe(401);
    expect(await view(STRANGER, token)).toMatchObject({ invitation: { email: INVITED.email, inviterName: "Ada Admin" }, signedInAs: STRANGER.email });
    expect(await accept(STRANGER, token)).toMatchObject({
      status: 403,
      body: { error: "This invitation was sent to another email address. Sign in with that address to accept it." },
    });
    expect(await roleOf(STRANGER.id)).toBe("client");
    expect(await roleOf(INVITED.id)).toBe("client");
    expect((await db.select().from(staffInvitations).where(eq(staffInvitations.email, INVITED.email)))[0]!.acceptedAt).toBeNull();
  });

  it("waits for a name without contact details, then makes the invited address's account a coach and confirms the address, once; logged with the inviter", async () => {
    const { token } = await latestMail(INVITED.email);
    await db.update(users).set({ fullName: "Nina @nina.nets" }).where(eq(users.id, INVITED.id));
    expect(await accept(INVITED, token)).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining("Your name includes contact details") },
    });
    expect(await roleOf(INVITED.id)).toBe("client");
    expect(await verified(INVITED.id)).toBe(false);

    await db.update(users).set({ fullName: "Nina Net" }).where(eq(users.id, INVITED.id));
    const accepted = await accept(INVITED, token);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/staff/profile");
    expect(await roleOf(INVITED.id)).toBe("coach");
    // The invitation reached this address: accepting it confirms the address, so booking mails reach the coach.
    expect(await verified(INVITED.id)).toBe(true);
    expect(await verified(STRANGER.id)).toBe(false);
    expect(await accept(INVITED, token)).toMatchObject({ status: 410 });
    expect((await view(INVITED, token)).invitation).toBeNull();
    const lines = (await db.select().from(staffLog).where(eq(staffLog.subjectId, INVITED.id)).orderBy(staffLog.createdAt)).map(
      (l) => `${l.actorName}: ${l.action}: ${l.subjectName}`,
    );
    expect(lines).toEqual(["Ada Admin: coach invited: Nina Net", "Ada Admin: coach granted: Nina Net", "Nina Net: invitation accepted: Nina Net"]);
  });

  it("no longer works once cancelled or replaced, or once its sender is no longer an administrator", async () => {
    const email = "later.coach@example.com";
    await invite(ADMIN, email);
    const first = await latestMail(email);
    await invite(ADMIN, email);
    const second = await latestMail(email);
    expect((await view(null, first.token)).invitation).toBeNull();
    expect((await view(null, second.token)).invitation).toMatchObject({ email, emailHasAccount: false });

    const [pending] = await db
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, email)))
      .orderBy(desc(staffInvitations.createdAt));
    expect(
      await call(staffRoute.action, { request: postForm("/staff", { intent: "cancel-invitation", invitationId: pending!.id }), context: as(ADMIN) }),
    ).toMatchObject({ status: 200, body: { ok: true, message: "Invitation cancelled: its link no longer works." } });
    expect((await view(null, second.token)).invitation).toBeNull();
    expect(await logFor(email)).toEqual(["Ada Admin: coach invited", "Ada Admin: coach invited", "Ada Admin: invitation cancelled"]);

    await call(staffRoute.action, { request: postForm("/staff", { intent: "invite", email: STRANGER.email }), context: as(SECOND_ADMIN) });
    const fromBea = await latestMail(STRANGER.email);
    expect((await view(STRANGER, fromBea.token)).invitation).toMatchObject({ inviterName: "Bea Board" });
    await call(staffRoute.action, { request: postForm("/staff", { intent: "remove-admin", userId: SECOND_ADMIN.id }), context: as(ADMIN) });
    expect(await accept(STRANGER, fromBea.token)).toMatchObject({ status: 410 });
    expect(await roleOf(STRANGER.id)).toBe("client");
  });
});
