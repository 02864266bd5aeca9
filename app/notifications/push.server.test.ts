// Notifications on the phone (issue 27), against a real PostgreSQL and a push service on loopback that checks the
// VAPID signature and decrypts what it receives: what a device would show, for whom, and what is never sent.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, pushSubscriptions, users } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { startPushService, type PushService } from "../../tests/support/push-service";
import { createTestDatabase } from "../../tests/support/test-db";
import { loadConfig } from "../../server/config";
import { sendMissedMessageNotice } from "~/messaging/notices.server";
import { action as pushAction } from "~/routes/account.push";
import { getPushKeys } from "./push-keys.server";
import { isPushServiceEndpoint, pushToPerson } from "./push.server";

const { db } = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-push-"));
let pushService: PushService;

function configAt(now?: string) {
  return loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUSH_SERVICE_HOSTS: "localhost", ...(now ? { SAFE_PLAY_NOW: now } : {}) });
}
const services = (now?: string) => ({ db, config: configAt(now), secret: "s".repeat(32) });

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const dob = (years: number) => `${new Date().getUTCFullYear() - years}-01-15`;

async function person(id: string, extra: Partial<typeof users.$inferInsert> = {}) {
  await db
    .insert(users)
    .values({ id, email: `${id}@example.com`, fullName: id.replace(/-/g, " "), role: "client", ...extra })
    .onConflictDoNothing();
}

/** A device of `userId`, subscribed at the loopback push service with the site's key. */
async function device(userId: string) {
  const keys = await getPushKeys(configAt(), db);
  const sub = await pushService.subscribe(keys.publicKey);
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36",
  });
  return sub;
}

/** A conversation of these people, with one unread message from the first. */
async function thread(ids: string[], text: string) {
  const conversationId = crypto.randomUUID();
  await db.execute(sql`insert into conversations (id) values (${conversationId})`);
  for (const id of ids)
    await db.execute(
      sql`insert into conversation_participants (conversation_id, user_id, last_read_at) values (${conversationId}, ${id}, now() - interval '1 hour')`,
    );
  await db.execute(sql`insert into messages (conversation_id, sender_id, content) values (${conversationId}, ${ids[0]}, ${text})`);
  return conversationId;
}

const mailsTo = async (email: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
const received = async (hash: string) => (await pushService.received(hash)).map((p) => JSON.parse(p) as { title: string; body: string; url: string });

describe("where the site may send pushes", () => {
  it("only to a listed push service, over https (plain http only on this machine)", () => {
    const hosts = ["fcm.googleapis.com", "*.push.apple.com", "localhost"];
    expect(isPushServiceEndpoint("https://fcm.googleapis.com/fcm/send/abc", hosts)).toBe(true);
    expect(isPushServiceEndpoint("https://web.push.apple.com/QGx", hosts)).toBe(true);
    expect(isPushServiceEndpoint("http://localhost:8090/notify/x", hosts)).toBe(true);
    expect(isPushServiceEndpoint("http://fcm.googleapis.com/fcm/send/abc", hosts)).toBe(false);
    expect(isPushServiceEndpoint("https://push.apple.com.evil.example/x", hosts)).toBe(false);
    expect(isPushServiceEndpoint("https://169.254.169.254/latest/meta-data", hosts)).toBe(false);
    expect(isPushServiceEndpoint("https://user:pw@fcm.googleapis.com/x", hosts)).toBe(false);
  });
});

describe("turning notifications on and off", () => {
  it("keeps a device for the signed-in person only, refuses an endpoint that is no push service, and removes only one's own", async () => {
    await person("client-1");
    await person("coach-1", { role: "coach" });
    const keys = await getPushKeys(configAt(), db);
    const sub = await pushService.subscribe(keys.publicKey);
    const env = { DATA_DIR: dataDir, PUSH_SERVICE_HOSTS: "localhost" };

    const refused = await call(pushAction, {
      request: postForm("/account/push", {
        intent: "subscribe",
        endpoint: "https://169.254.169.254/x",
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      }),
      context: contextFor(db, "client", env),
    });
    expect(refused.status).toBe(400);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, "client-1"))).toEqual([]);

    const saved = await call(pushAction, {
      request: postForm(
        "/account/push",
        { intent: "subscribe", endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
        { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" },
      ),
      context: contextFor(db, "client", env),
    });
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, "client-1"));
    expect(row?.userAgent).toContain("Android");

    // The coach cannot remove the client's device, nor can a visitor.
    const wrong = await call(pushAction, {
      request: postForm("/account/push", { intent: "remove", id: row!.id }),
      context: contextFor(db, "coach", env),
    });
    expect(wrong.status).toBe(302);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row!.id))).toHaveLength(1);
    const visitor = await call(pushAction, {
      request: postForm("/account/push", { intent: "remove", id: row!.id }),
      context: contextFor(db, "visitor", env),
    });
    expect(visitor.status).toBe(401);

    const mine = await call(pushAction, {
      request: postForm("/account/push", { intent: "remove", id: row!.id }),
      context: contextFor(db, "client", env),
    });
    expect(mine.status).toBe(302);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row!.id))).toEqual([]);
  });
});

describe("a push reaches the device", () => {
  it("signed with the site's key and readable only by the device, and a device the service forgot is dropped", async () => {
    await person("pat-adult");
    const sub = await device("pat-adult");
    const sent = await pushToPerson(services(), "pat-adult", {
      title: "Practice cancelled",
      body: "No practice today.",
      url: "/calendar",
      tag: "t1",
      urgent: true,
    });
    expect(sent).toBe(1);
    expect(await received(sub.clientHash)).toEqual([{ title: "Practice cancelled", body: "No practice today.", url: "/calendar", tag: "t1" }]);

    await pushService.expire(sub.clientHash);
    expect(await pushToPerson(services(), "pat-adult", { title: "x", body: "y", url: "/", tag: "t2" })).toBe(0);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, "pat-adult"))).toEqual([]);
  });
});

describe("an unread message, by push instead of mail", () => {
  it("pushes the words of an adults' thread, in the reader's language, and sends no mail", async () => {
    await person("coach-ana", { role: "coach", fullName: "Ana Coach" });
    await person("parent-rosa", { locale: "es" });
    const sub = await device("parent-rosa");
    const conversationId = await thread(["coach-ana", "parent-rosa"], "See you Saturday at 9.");
    await sendMissedMessageNotice(services(), { conversationId, userId: "parent-rosa" });
    expect(await received(sub.clientHash)).toEqual([
      {
        title: "Mensaje nuevo",
        body: "Ana Coach: See you Saturday at 9.",
        url: `/es/messages/${conversationId}`,
        tag: `conversation-${conversationId}`,
      },
    ]);
    expect(await mailsTo("parent-rosa@example.com")).toBe(0);
  });

  it("never shows a minor's thread's words, on the minor's device or the guardian's", async () => {
    await person("coach-ben", { role: "coach", fullName: "Ben Coach" });
    await person("teen-sam", { clientKind: "athlete", dateOfBirth: dob(15) });
    await person("guardian-lee");
    const teen = await device("teen-sam");
    const guardian = await device("guardian-lee");
    const conversationId = await thread(["coach-ben", "teen-sam", "guardian-lee"], "Sam, bring your racquet.");
    await sendMissedMessageNotice(services("2026-06-15T15:00:00-04:00"), { conversationId, userId: "teen-sam" });
    await sendMissedMessageNotice(services("2026-06-15T15:00:00-04:00"), { conversationId, userId: "guardian-lee" });
    for (const hash of [teen.clientHash, guardian.clientHash]) {
      const [notice] = await received(hash);
      expect(notice?.body).toBe("You have a new message. Open the site to read it.");
      expect(JSON.stringify(notice)).not.toContain("racquet");
    }
  });

  it("waits out quiet hours for a minor's device, and sends nothing meanwhile", async () => {
    await person("coach-cy", { role: "coach" });
    await person("teen-jo", { clientKind: "athlete", dateOfBirth: dob(14) });
    const teen = await device("teen-jo");
    const conversationId = await thread(["coach-cy", "teen-jo"], "Late note.");
    await sendMissedMessageNotice(services("2026-06-15T21:30:00-04:00"), { conversationId, userId: "teen-jo" });
    expect(await received(teen.clientHash)).toEqual([]);
    expect(await mailsTo("teen-jo@example.com")).toBe(0);
    const pending = await db.execute(sql`select run_at from graphile_worker.jobs where key = ${`missed_messages:${conversationId}:teen-jo`}`);
    expect(pending.rows).toHaveLength(1);
  });

  it("mails as before a person with no device", async () => {
    await person("coach-dee", { role: "coach" });
    await person("parent-max");
    const conversationId = await thread(["coach-dee", "parent-max"], "Hello.");
    await sendMissedMessageNotice(services(), { conversationId, userId: "parent-max" });
    expect(await mailsTo("parent-max@example.com")).toBe(1);
  });
});
