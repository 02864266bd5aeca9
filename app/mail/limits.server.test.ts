// Mail to addresses someone typed is limited per sender and per recipient (decision 0024), against a real PostgreSQL
// and Better Auth, through the /account action as a person posts it: refusals are a message beside the field, with
// nothing changed and no mail; the outbox holds what would have been sent.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { familyInvitations, mailOutbox, rateLimits, users } from "../../db/schema";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as accountAction } from "~/routes/account";
import { action as familyAction } from "~/routes/account.family";
import { MAIL_LIMIT_TEXT } from "./limits.server";
import { purgeExpiredRateLimits } from "../models/rate-limit.server";
import { createContactMessage } from "../forms/submissions.server";

const { db } = await createTestDatabase();
const config = loadConfig({ PUBLIC_URL: "http://localhost:3999", SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00" });
const secret = crypto.randomBytes(32).toString("hex");
const auth = createAuth(db, config, secret);
const context = { db, config, secret, auth, cspNonce: "", clientIp: "127.0.0.1" } as unknown as AppLoadContext;

const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.com`;
const mailsTo = async (to: string, kind?: string) =>
  (
    await db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), kind ? eq(mailOutbox.kind, kind) : undefined))
  ).length;

/** A new account (its sign-up mail is not one someone typed for it twice), signed in: its cookie. */
async function signedIn(email = unique("person")) {
  await auth.api.signUpEmail({ body: { name: "Pat Person", email, password: "secret12" } });
  const { headers } = await auth.api.signInEmail({ body: { email, password: "secret12" }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { email, cookie };
}
const post = (cookie: string, fields: Record<string, string>) =>
  call(accountAction as never, { request: postForm("/account", fields, { cookie, origin: "http://localhost:3999" }), context });

describe("send the confirmation link again", () => {
  it("mails one address 4 times an hour at most; then says so on /account, with when to retry, and sends nothing", async () => {
    const { email, cookie } = await signedIn();
    const signUpMails = await mailsTo(email, "verify-email");
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(cookie, { intent: "resend-verification", redirectTo: "/programs" }));
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302, 302, 429, 429]);
    expect(answers[4]!.body).toEqual({ ok: false, intent: "resend-verification", fieldErrors: {}, formError: MAIL_LIMIT_TEXT.recipient(3600) });
    expect(answers[4]!.body).toMatchObject({
      formError: expect.stringMatching(/^We have already sent several emails to this address\. Please wait 60 minutes/),
    });
    expect(Number(answers[4]!.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await mailsTo(email, "verify-email")).toBe(signUpMails + 4);
  });
});

describe("changing the email address", () => {
  it("of 100 requests sent at once, at most 10 mail anyone; the rest are refused beside the field and change nothing", async () => {
    const { email, cookie } = await signedIn();
    const targets = Array.from({ length: 100 }, (_, i) => `target-${i}-${crypto.randomBytes(3).toString("hex")}@example.com`);
    const answers = await Promise.all(targets.map((newEmail) => post(cookie, { intent: "email", newEmail })));
    const sent = answers.filter((a) => a.status === 200);
    expect(sent).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({
        ok: false,
        intent: "email",
        fieldErrors: { newEmail: expect.stringMatching(/^You have sent as many emails as you can for now\./) },
      });
    }
    const mailed = await db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(eq(mailOutbox.kind, "change-email"));
    expect(mailed.filter((m) => targets.includes(m.to))).toHaveLength(10);
    const [me] = await db.select({ email: users.email }).from(users).where(eq(users.email, email));
    expect(me?.email).toBe(email);
  });

  it("one stranger's address gets 4 mails however many people type it", async () => {
    const victim = unique("victim");
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const { cookie } = await signedIn();
      statuses.push(
        (await post(cookie, { intent: "email", newEmail: victim })).status,
        (await post(cookie, { intent: "email", newEmail: victim })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(await mailsTo(victim, "change-email")).toBe(4);
  });
});

describe("family invitations", () => {
  const guardian = async () => {
    const id = crypto.randomUUID();
    const email = unique("guardian");
    await db.insert(users).values({ id, email, fullName: "Gale Guardian", role: "client", clientKind: "guardian", dateOfBirth: "1980-01-01" });
    const base = contextFor(db, "client", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00", PUBLIC_URL: "http://localhost:3000" });
    const session = { user: { id, email, name: "Gale Guardian", role: "client", emailVerified: true } };
    return { id, context: { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext };
  };
  const addAthlete = (who: AppLoadContext, email: string) =>
    call(familyAction as never, {
      request: postForm(
        "/account/family",
        { intent: "add-athlete", fullName: "Ida Invited", dateOfBirth: "2011-03-04", email },
        { Origin: "http://localhost:3000" },
      ),
      context: who,
    });

  it("one address gets 4 invitations however many families type it; the fifth is refused beside the field and adds nobody", async () => {
    const target = unique("invited");
    const answers = [];
    const families = [];
    for (let i = 0; i < 5; i++) {
      const g = await guardian();
      families.push(g.id);
      answers.push(await addAthlete(g.context, target));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429]);
    expect(answers[4]!.body).toMatchObject({
      intent: "add-athlete",
      fieldErrors: { email: expect.stringMatching(/^We have already sent several emails/) },
    });
    expect(await mailsTo(target, "athlete-invitation")).toBe(4);
    // No free text first: the site's words lead, the names follow; the subject carries none.
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target)).limit(1);
    expect(mail!.subject).toBe("Next Level Tennis & Education: your own student-athlete login");
    expect(mail!.textBody.split("\n")[0]).toBe(
      "Next Level Tennis & Education: you are invited to choose a password for your own student-athlete login on our site. Your parent or guardian added you to their family there.",
    );
    expect(mail!.textBody).toContain("The student-athlete: Ida Invited. Added by: Gale Guardian.");
    expect(await db.select().from(familyInvitations).where(eq(familyInvitations.email, target))).toHaveLength(4);
    // The refused family has no new athlete.
    const { rows } = await db.execute(sql`select count(*)::int as n from guardian_links where guardian_id = ${families[4]!}`);
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe("form confirmations", () => {
  it("a form's confirmation goes to one typed address 4 times an hour; every form is still kept", async () => {
    const family = unique("family");
    const services = { config: { publicUrl: "http://localhost:3000", site: { orgName: "Test Tennis" }, mail: {} }, secret };
    for (let i = 0; i < 6; i++) await createContactMessage(db, { name: "Fran", email: family, phone: null, message: `Hello ${i}` }, services);
    expect(await mailsTo(family, "contact-received")).toBe(4);
    const { rows } = await db.execute(sql`select count(*)::int as n from contact_messages where email = ${family}`);
    expect(rows[0]).toEqual({ n: 6 });
  });
});

describe("rate_limits does not grow without end", () => {
  it("removes counters whose window has passed and keeps the others", async () => {
    await db.insert(rateLimits).values([
      { key: "test:old", count: 3, resetAt: new Date(Date.now() - 1000) },
      { key: "test:live", count: 3, resetAt: new Date(Date.now() + 600_000) },
    ]);
    expect(await purgeExpiredRateLimits(db)).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("test:live");
    expect(keys).not.toContain("test:old");
  });
});
