// Decision 0025: no working one-time link rests in the database or a backup in plain text. Against a real PostgreSQL,
// Better Auth as the site configures it, and a real SMTP server on loopback for the delivered mail.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailOutbox, users } from "../db/schema";
import { SEALED_LINK_PLACEHOLDER } from "../app/mail/one-time-link.server";
import { bodiesToDeliver, enqueueMail, forgetExpiredLinks, getLatestMail, LINK_GONE_ERROR } from "../app/mail/outbox.server";
import { addAthlete, getInvitation } from "../app/family/invitations.server";
import { loader as verifyEmailLoader } from "../app/routes/verify-email";
import { createTestDatabase } from "../tests/support/test-db";
import { startTestSmtp, type TestSmtp } from "../tests/support/smtp";
import { createAuth } from "./auth";
import { writeBackup } from "./backup";
import { loadConfig } from "./config";
import type { AppServices } from "./context";
import { sendMailTask, startQueue, type Queue } from "./queue";

const { db, url } = await createTestDatabase();
const secret = "one-time-links-secret-one-time-links-0123";
const env = { ORG_NAME: "Link Test Tennis", PUBLIC_URL: "http://localhost:3998", DATA_DIR: "/nonexistent" };
// The embedded default: no SMTP server, mail waits in the outbox.
const config = loadConfig(env);
const services: AppServices = { db, config, secret, auth: createAuth(db, config, secret) };
let smtp: TestSmtp;
let withSmtp: AppServices;
let queue: Queue | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-links-test-"));

beforeAll(async () => {
  smtp = await startTestSmtp();
  const smtpConfig = loadConfig({ ...env, SMTP_URL: smtp.url });
  withSmtp = { db, config: smtpConfig, secret, auth: createAuth(db, smtpConfig, secret) };
});
afterAll(async () => {
  await queue?.stop();
  await smtp?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const address = (p: string) => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;
const ONE_TIME_LINK = /https?:\/\/\S+\/(?:reset-password|verify-email|invitation)\?token=\S+/g;
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** Every row of every table of the public schema, as PostgreSQL prints it, by table. */
async function everyRow() {
  const tables = await db.execute<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
  );
  const out = new Map<string, string[]>();
  for (const { name } of tables.rows) {
    const rows = await db.execute<{ j: string }>(sql.raw(`select row_to_json(t)::text as j from public."${name}" t`));
    out.set(
      name,
      rows.rows.map((r) => r.j),
    );
  }
  return out;
}

/** Whether the confirmation page, opened with this token, confirmed the address (its words aside). */
const verifyEmail = async (token: string) => {
  const { ok } = await verifyEmailLoader({
    request: new Request(`${env.PUBLIC_URL}/verify-email?${new URLSearchParams({ token })}`),
    context: services as unknown as AppLoadContext,
    params: {},
  } as never);
  return { ok };
};

describe("one-time links at rest", () => {
  it("after a sign-up, a sign-in, a reset request and an invitation, no table and no backup holds a working link or session; the delivered mail's links work", async () => {
    const email = address("rita");
    const athleteEmail = address("ada");
    const password = "secret12";
    await services.auth.api.signUpEmail({
      body: { email, password, name: "Rita Reset", clientKind: "guardian", dateOfBirth: "1980-01-01", kindAnswered: true },
    });
    const signedIn = await services.auth.api.signInEmail({ body: { email, password } });
    await services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    const [rita] = await db.select().from(users).where(eq(users.email, email));
    const guardian = { id: rita!.id, email, fullName: "Rita Reset", phone: null, role: "client" as const, avatarUrl: null };
    expect(await addAthlete(db, services, guardian, { fullName: "Ada Athlete", dateOfBirth: "2011-03-04", email: athleteEmail })).toEqual({
      ok: true,
    });

    // The operator's listing opens the links (the site has no mail server here)...
    const listed = (await getLatestMail(db, secret, 100)).filter((m) => m.to === email || m.to === athleteEmail);
    const links = listed.flatMap((m) => m.text.match(ONE_TIME_LINK) ?? []);
    expect(links.map((l) => new URL(l).pathname).sort()).toEqual(["/invitation", "/reset-password", "/verify-email"]);
    const tokens = links.map(tokenOf);
    expect(listed.every((m) => m.text.includes(SEALED_LINK_PLACEHOLDER) === false)).toBe(true);

    // ...but no column of any table holds one, nor the session's token, in plain text.
    const secrets = [...tokens, signedIn.token];
    const rows = await everyRow();
    const holding = [...rows].filter(([, r]) => r.some((row) => tokens.some((t) => row.includes(t)))).map(([table]) => table);
    expect(holding, "tables holding a working one-time link").toEqual([]);
    const outbox = rows.get("mail_outbox")!.filter((r) => r.includes(email) || r.includes(athleteEmail));
    expect(outbox.filter((r) => r.includes(SEALED_LINK_PLACEHOLDER))).toHaveLength(3);

    // A backup holds neither the links (nor their sealed form) nor the session.
    const file = path.join(tmp, "links.jsonl.gz");
    await writeBackup(url, undefined, file);
    const backup = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8");
    expect(secrets.filter((s) => backup.includes(s))).toEqual([]);
    expect(backup).toContain(SEALED_LINK_PLACEHOLDER);
    expect(backup).not.toContain("sealed_link");
    const tableLine = (name: string) => JSON.parse(backup.split("\n").find((l) => l.startsWith(`{"table":"${name}"`))!) as { rows: number };
    expect(tableLine("sessions").rows).toBe(0);
    expect(tableLine("verifications").rows).toBe(0);

    // Delivered by a server with a mail server: the recipients' links are the working ones.
    queue = await startQueue(withSmtp, url);
    const reset = await smtp.waitFor(email, (m) => m.links.some((l) => l.includes("/reset-password?token=")));
    const confirm = await smtp.waitFor(email, (m) => m.links.some((l) => l.includes("/verify-email?token=")));
    const invitation = await smtp.waitFor(athleteEmail, (m) => m.links.some((l) => l.includes("/invitation?token=")));
    const delivered = (m: typeof reset, p: string) => tokenOf(m.links.find((l) => l.includes(`${p}?token=`))!);
    expect(reset.html).not.toContain(SEALED_LINK_PLACEHOLDER);
    expect(reset.text).not.toContain(SEALED_LINK_PLACEHOLDER);
    expect(await verifyEmail(delivered(confirm, "/verify-email"))).toEqual({ ok: true });
    expect((await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, rita!.id)))[0]!.v).toBe(true);
    expect(await getInvitation(db, delivered(invitation, "/invitation"))).toMatchObject({ kind: "athlete", athleteName: "Ada Athlete" });
    expect(await services.auth.api.resetPassword({ body: { token: delivered(reset, "/reset-password"), newPassword: "newsecret12" } })).toEqual({
      status: true,
    });
    // Sent: the sealed link leaves the row with it.
    await expect
      .poll(
        async () => (await db.execute(sql`select count(*)::int as n from mail_outbox where sealed_link is not null and sent_at is not null`)).rows[0],
      )
      .toEqual({ n: 0 });
    await queue.stop();
    queue = undefined;
  });

  it("migration 0016 takes the links out of mail already in the outbox, and such a mail not yet sent is not sent", async () => {
    const to = address("old");
    const link = `${env.PUBLIC_URL}/invitation?token=old-plain-token_0123`;
    const unsubscribe = `${env.PUBLIC_URL}/unsubscribe?token=dXNlcg.messages.sig`;
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: to,
        subject: "An old invitation",
        textBody: `See the invitation: ${link}\n\nTurn off these notices: ${unsubscribe}`,
        htmlBody: `<a href="${link}">See</a> Or open this address: ${link}</p><a href="${unsubscribe}">Turn off</a>`,
        kind: "athlete-invitation",
      })
      .returning({ id: mailOutbox.id });
    const migration = fs.readFileSync(path.join(import.meta.dirname, "../db/migrations/0016_one_time_links_sealed.sql"), "utf8");
    await db.execute(sql.raw(migration.split("--> statement-breakpoint").at(-1)!));
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after!.textBody).toBe(`See the invitation: ${SEALED_LINK_PLACEHOLDER}\n\nTurn off these notices: ${unsubscribe}`);
    expect(after!.htmlBody).toBe(
      `<a href="${SEALED_LINK_PLACEHOLDER}">See</a> Or open this address: ${SEALED_LINK_PLACEHOLDER}</p><a href="${unsubscribe}">Turn off</a>`,
    );
    expect(after!.linkExpiresAt).not.toBeNull();
    await sendMailTask(withSmtp)({ id: row!.id }, {} as never);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id)))[0]).toMatchObject({ sentAt: null, lastError: LINK_GONE_ERROR });
    expect(smtp.mailTo(to)).toEqual([]);
  });

  it("refuses a confirmation link signed with the site's secret (as a backup holds it) that the site never mailed", async () => {
    const email = address("vic");
    await services.auth.api.signUpEmail({
      body: { email, password: "secret12", name: "Vic Victim", clientKind: "guardian", dateOfBirth: "1980-01-01", kindAnswered: true },
    });
    const [vic] = await db.select().from(users).where(eq(users.email, email));
    // What Better Auth signs for a change of address, made by whoever holds the secret.
    const forged = await new SignJWT({ email, updateTo: "thief@example.com", requestType: "change-email-verification", userId: vic!.id })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret));
    expect(await verifyEmail(forged)).toEqual({ ok: false });
    expect((await db.select({ email: users.email }).from(users).where(eq(users.id, vic!.id)))[0]!.email).toBe(email);
  });

  it("a mail whose one-time link expired is not sent, and expired sealed links leave the outbox", async () => {
    const to = address("late");
    const id = await enqueueMail(
      db,
      services,
      {
        to,
        kind: "test-link",
        subject: "A link for a moment",
        paragraphs: ["Soon gone."],
        action: { label: "Open", url: `${env.PUBLIC_URL}/reset-password?token=brief-token-0123456789` },
      },
      { oneTimeLinkExpiresAt: new Date(Date.now() + 60_000) },
    );
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(stored!.sealedLink).toMatch(/^v1\./);
    expect(bodiesToDeliver(secret, stored!)!.text).toContain("Open: http://localhost:3998/reset-password?token=brief-token-0123456789");
    // Another secret (a restored backup on a site with a new AUTH_SECRET) cannot open it.
    expect(bodiesToDeliver("another-secret-another-secret-another-000", stored!)).toBeNull();

    // A minute later by the site's clock (the expiry is checked against Date when the mail is opened or sent).
    vi.setSystemTime(Date.now() + 61_000);
    try {
      expect(bodiesToDeliver(secret, stored!)).toBeNull();
      const [listed] = (await getLatestMail(db, secret, 100)).filter((m) => m.to === to);
      expect(listed!.text).toContain("Open: [one-time link: expired, not kept]");
      await sendMailTask(withSmtp)({ id }, {} as never);
    } finally {
      vi.useRealTimers();
    }
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(after).toMatchObject({ sentAt: null, sealedLink: null, lastError: LINK_GONE_ERROR });
    expect(smtp.mailTo(to)).toEqual([]);

    await enqueueMail(
      db,
      services,
      {
        to,
        kind: "test-link",
        subject: "Another",
        paragraphs: ["Gone too."],
        action: { label: "Open", url: `${env.PUBLIC_URL}/invitation?token=x` },
      },
      { oneTimeLinkExpiresAt: new Date(Date.now() - 1000) },
    );
    expect(await forgetExpiredLinks(db)).toBeGreaterThanOrEqual(1);
    expect(
      (await db.execute(sql`select count(*)::int as n from mail_outbox where sealed_link is not null and link_expires_at <= now()`)).rows[0],
    ).toEqual({
      n: 0,
    });
  });
});
