// The outbox, its delivery through a real SMTP server on loopback, and the timing rules of missed-message notices
// (NOTIFY_DELAY_SECONDS is 1 here: no long sleeps).
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationParticipants, conversations, mailOutbox, users } from "../db/schema";
import { enqueueMail } from "../app/mail/outbox.server";
import { markConversationRead, requeuePendingNotices } from "../app/messaging/index.server";
import { readUnsubscribeToken, unsubscribeToken } from "../app/mail/template.server";
import { createTestDatabase } from "../tests/support/test-db";
import { startTestSmtp, type TestSmtp } from "../tests/support/smtp";
import { createAuth } from "./auth";
import { loadConfig } from "./config";
import { addJob } from "../app/models/jobs.server";
import { DAILY_BACKUP_JOB, dailyBackupTask, FORGET_EXPIRED_LINKS_JOB, startQueue, type Queue } from "./queue";
import { QUEUE_POLL_INTERVAL_MS } from "./queue-wake";

const { db, url } = await createTestDatabase();
const secret = "queue-test-secret-queue-test-secret-0123";
let smtp: TestSmtp;
let queue: Queue;
let services: Parameters<typeof startQueue>[0];

beforeAll(async () => {
  smtp = await startTestSmtp();
  const config = loadConfig({
    SMTP_URL: smtp.url,
    NOTIFY_DELAY_SECONDS: "1",
    PUSH_DELAY_SECONDS: "7",
    ORG_NAME: "Test Tennis Club",
    PUBLIC_URL: "http://localhost:3999",
    DATA_DIR: "/nonexistent",
  });
  services = { db, config, secret, auth: createAuth(db, config, secret) };
  queue = await startQueue(services, url);
});
afterAll(async () => {
  await queue?.stop();
  await smtp?.stop();
});

const address = (p: string) => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;

async function makeUser(fullName: string, role: "client" | "coach" = "client") {
  const id = crypto.randomUUID();
  const email = address(fullName.split(" ")[0]!.toLowerCase());
  await db.insert(users).values({ id, email, fullName, role });
  return { id, email, fullName };
}

async function makeConversation(...people: string[]) {
  const id = crypto.randomUUID();
  await db.insert(conversations).values({ id });
  await db.insert(conversationParticipants).values(people.map((userId) => ({ conversationId: id, userId })));
  return id;
}

async function send(conversationId: string, senderId: string, content: string) {
  await db.execute(sql`insert into messages (conversation_id, sender_id, content) values (${conversationId}, ${senderId}, ${content})`);
}

/** Waits until the queue has no job left for this person and conversation that is due within `withinSeconds`. */
async function noticeJobsSettled(conversationId: string, userId: string, withinSeconds = 60) {
  const key = `missed_messages:${conversationId}:${userId}`;
  await expect
    .poll(
      async () => {
        const r = await db.execute(
          sql`select count(*)::int as n from graphile_worker.jobs where key = ${key} and run_at < now() + make_interval(secs => ${withinSeconds})`,
        );
        return (r.rows[0] as { n: number }).n;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(0);
}

describe("the outbox", () => {
  it("queues mail in the caller's transaction: a rolled-back change sends nothing, a committed one arrives with text, HTML and the organisation's name", async () => {
    const rolledBack = address("rolled");
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, services, { to: rolledBack, kind: "test", subject: "Never", paragraphs: ["never"] });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, rolledBack))).toHaveLength(0);

    const to = address("kept");
    await db.transaction((tx) =>
      enqueueMail(tx, services, {
        to,
        kind: "test",
        subject: "Hello there",
        paragraphs: ["First line."],
        action: { label: "Open", url: "http://localhost:3999/x" },
      }),
    );
    const mail = await smtp.waitFor(to, "Hello there");
    expect(mail.text).toContain("First line.");
    expect(mail.text).toContain("Open: http://localhost:3999/x");
    expect(mail.text).toContain("Test Tennis Club");
    expect(mail.html).toContain("Test Tennis Club");
    expect(mail.html).toContain('href="http://localhost:3999/x"');
    // No tracking: no images, no third-party addresses.
    expect(mail.html).not.toMatch(/<img|https?:\/\/(?!localhost:3999)/);
    expect(mail.headers.has("list-unsubscribe")).toBe(false);
    await expect.poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!.sentAt).not.toBeNull();
  });

  it("loses no mail while the SMTP server is down: it is delivered when the server comes back, once", async () => {
    const port = smtp.port;
    await smtp.stop();
    const to = address("patient");
    await enqueueMail(db, services, { to, kind: "test", subject: "Waited for the server", paragraphs: ["Still here."] });
    // The first attempt fails and is recorded; the job stays queued for a retry.
    await expect
      .poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]?.lastError ?? null, {
        timeout: 20_000,
        interval: 200,
      })
      .toMatch(/ECONNREFUSED|connect/i);
    smtp = await startTestSmtp(port);
    const mail = await smtp.waitFor(to, "Waited for the server", 45_000);
    expect(mail.text).toContain("Still here.");
    await expect.poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!.sentAt).not.toBeNull();
    expect(smtp.mailTo(to)).toHaveLength(1);
  });
});

describe("missed-message notices", () => {
  it("sends one mail for several unread messages: who wrote, their text, a button to the conversation, one-click unsubscribe", async () => {
    const coach = await makeUser("Carla Coach", "coach");
    const parent = await makeUser("Pat Parent");
    const id = await makeConversation(coach.id, parent.id);
    await send(id, coach.id, "Practice moves to 5pm.");
    await send(id, coach.id, "Bring water, please.");
    const mail = await smtp.waitFor(parent.email, "New messages from Carla Coach");
    expect(mail.text).toContain("Carla Coach: Practice moves to 5pm.");
    expect(mail.text).toContain("Carla Coach: Bring water, please.");
    expect(mail.text).toContain(`Open the conversation: http://localhost:3999/messages/${id}`);
    const header = (name: string) => (mail.raw.headerLines.find((h) => h.key === name)?.line ?? "").replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3999\/unsubscribe\?token=[\w.-]+>$/);
    await noticeJobsSettled(id, parent.id);
    expect(smtp.mailTo(parent.email)).toHaveLength(1);
    // The sender gets nothing about their own messages.
    expect(smtp.mailTo(coach.email)).toHaveLength(0);
  });

  it("sends at most one mail per conversation per 15 minutes", async () => {
    const coach = await makeUser("Cory Coach", "coach");
    const parent = await makeUser("Pia Parent");
    const id = await makeConversation(coach.id, parent.id);
    await send(id, coach.id, "First.");
    await smtp.waitFor(parent.email, "New message from Cory Coach");
    await send(id, coach.id, "Second, a minute later.");
    // The job runs after the delay, finds a notice went out just now, and looks again in 15 minutes.
    await noticeJobsSettled(id, parent.id, 14 * 60);
    const later = await db.execute(
      sql`select run_at > now() + interval '14 minutes' as later from graphile_worker.jobs where key = ${`missed_messages:${id}:${parent.id}`}`,
    );
    expect(later.rows).toEqual([{ later: true }]);
    expect(smtp.mailTo(parent.email)).toHaveLength(1);
  });

  it("hands the notice delays to the database trigger: the mail's (NOTIFY_DELAY_SECONDS) and the push's (PUSH_DELAY_SECONDS)", async () => {
    const { rows } = await db.execute<{ key: string; value: string }>(
      sql`select key, value from app_settings where key in ('notify_delay_seconds', 'push_delay_seconds') order by key`,
    );
    expect(rows).toEqual([
      { key: "notify_delay_seconds", value: "1" },
      { key: "push_delay_seconds", value: "7" },
    ]);
  });

  it("schedules one job for a chat, not one per message, and none for people who turned notices off", async () => {
    const coach = await makeUser("Chad Coach", "coach");
    const parent = await makeUser("Pam Parent");
    const quiet = await makeUser("Quentin Quiet");
    await db.update(users).set({ notifyMessages: false }).where(eq(users.id, quiet.id));
    const id = await makeConversation(coach.id, parent.id);
    const quietId = await makeConversation(coach.id, quiet.id);
    // Read inside the transaction that sends, before the queue can run the job.
    const jobs = await db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++)
        await tx.execute(sql`insert into messages (conversation_id, sender_id, content) values (${id}, ${coach.id}, ${`Line ${i}`})`);
      await tx.execute(sql`insert into messages (conversation_id, sender_id, content) values (${quietId}, ${coach.id}, 'Unheard')`);
      const r = await tx.execute(
        sql`select key, revision from graphile_worker.jobs where key in (${`missed_messages:${id}:${parent.id}`}, ${`missed_messages:${quietId}:${quiet.id}`})`,
      );
      return r.rows;
    });
    expect(jobs).toEqual([{ key: `missed_messages:${id}:${parent.id}`, revision: 0 }]);
    const mail = await smtp.waitFor(parent.email, "New messages from Chad Coach");
    expect(mail.text).toContain("Chad Coach: Line 4");
    await noticeJobsSettled(id, parent.id);
    expect(smtp.mailTo(quiet.email)).toHaveLength(0);
  });

  it("schedules one job for each person told, a guardian as well as their athlete, none for the sender or a deleted account", async () => {
    const coach = await makeUser("Nia Coach", "coach");
    const athlete = await makeUser("Sam Athlete");
    const guardian = await makeUser("Gwen Guardian");
    const gone = await makeUser("Dee Deleted");
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const id = await makeConversation(coach.id, athlete.id, guardian.id, gone.id);
    const keys = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx.execute(sql`insert into messages (conversation_id, sender_id, content) values (${id}, ${coach.id}, ${`Line ${i}`})`);
      const r = await tx.execute<{ key: string; revision: number }>(
        sql`select key, revision from graphile_worker.jobs where key like ${`missed_messages:${id}:%`} order by key`,
      );
      return r.rows;
    });
    expect(keys).toEqual([athlete.id, guardian.id].sort().map((person) => ({ key: `missed_messages:${id}:${person}`, revision: 0 })));
  });

  it("adds a notice's job by its key however many jobs wait, on a connection that planned it while few did", async () => {
    // The connections that send messages force generic plans (db/client.ts): a plan made for the queue as it was then
    // must not read every pending job each time a job is added (QUEUE_FOUND_BY_KEY in db/migrate.ts).
    const sender = new pg.Client({ connectionString: url, options: "-c plan_cache_mode=force_generic_plan" });
    await sender.connect();
    const waiting = `planned-${crypto.randomUUID()}`;
    try {
      const coach = await makeUser("Pol Coach", "coach");
      const first = await makeConversation(coach.id, (await makeUser("Fay First")).id);
      await sender.query("insert into messages (conversation_id, sender_id, content) values ($1, $2, 'Plans made now')", [first, coach.id]);
      // 2,000 jobs waiting for tomorrow, added by another connection.
      await db.execute(
        sql`select graphile_worker.add_jobs(array(select ('missed_messages', '{}'::json, null, now() + interval '1 day', null, ${waiting} || ':' || i, null, null)::graphile_worker.job_spec from generate_series(1, 2000) i))`,
      );
      const later = await makeUser("Lou Later");
      const second = await makeConversation(coach.id, later.id);
      await sender.query("begin");
      await sender.query("insert into messages (conversation_id, sender_id, content) values ($1, $2, 'A job among many')", [second, coach.id]);
      const { rows } = await sender.query<{ scanned: string }>(
        "select pg_stat_get_xact_tuples_returned('graphile_worker._private_jobs'::regclass)::text as scanned",
      );
      // Read before the commit: the queue may run the job a second after it.
      const job = await sender.query("select key from graphile_worker.jobs where key = $1", [`missed_messages:${second}:${later.id}`]);
      await sender.query("commit");
      expect(job.rows).toHaveLength(1);
      // Rows this connection read by scanning the queue, its first job's included: fewer than the jobs waiting, where
      // a plan made for the queue as it was then scans it whole each time (2,000 rows and more).
      expect(Number(rows[0]!.scanned)).toBeLessThan(2000);
    } finally {
      await sender.end();
      await db.execute(sql`delete from graphile_worker._private_jobs where key like ${`${waiting}:%`}`);
    }
  });

  it("schedules a pending notice again at start-up when its job is gone (a restored backup has no queue)", async () => {
    const coach = await makeUser("Rex Coach", "coach");
    const parent = await makeUser("Rhea Parent");
    const id = await makeConversation(coach.id, parent.id);
    await send(id, coach.id, "Sent before the backup");
    // As after a restore: the pending row is there, its job is not.
    await db.execute(sql`delete from graphile_worker._private_jobs where key = ${`missed_messages:${id}:${parent.id}`}`);
    await requeuePendingNotices(db, 1);
    const mail = await smtp.waitFor(parent.email, "New message from Rex Coach");
    expect(mail.text).toContain("Rex Coach: Sent before the backup");
  });

  it("mails each person who has not read: the athlete reading does not read for their guardian", async () => {
    const coach = await makeUser("Gil Coach", "coach");
    const athlete = await makeUser("Sofia Athlete");
    const guardian = await makeUser("Ana Guardian");
    const id = await makeConversation(coach.id, athlete.id, guardian.id);
    await send(id, coach.id, "Practice moves to 5 pm on Thursday");
    // The athlete's open page reads it at once; the guardian is away.
    expect(await markConversationRead(db, id, athlete.id)).toBe(true);
    const mail = await smtp.waitFor(guardian.email, "New message from Gil Coach");
    expect(mail.text).toContain("Gil Coach: Practice moves to 5 pm on Thursday");
    await noticeJobsSettled(id, athlete.id);
    expect(smtp.mailTo(athlete.email)).toHaveLength(0);
  });

  it("sends nothing when the messages are read in time, or when the person turned notices off", async () => {
    const coach = await makeUser("Cleo Coach", "coach");
    const reader = await makeUser("Rita Reader");
    const quiet = await makeUser("Quinn Quiet");
    await db.update(users).set({ notifyMessages: false }).where(eq(users.id, quiet.id));
    const readId = await makeConversation(coach.id, reader.id);
    const quietId = await makeConversation(coach.id, quiet.id);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into messages (conversation_id, sender_id, content) values (${readId}, ${coach.id}, 'Seen at once')`);
      // The open conversation marks it read as it arrives (the reader's own mark).
      await tx.execute(
        sql`update conversation_participants set last_read_at = clock_timestamp() where conversation_id = ${readId} and user_id = ${reader.id}`,
      );
    });
    await send(quietId, coach.id, "Nobody will be told");
    await noticeJobsSettled(readId, reader.id);
    await noticeJobsSettled(quietId, quiet.id);
    expect(smtp.mailTo(reader.email)).toHaveLength(0);
    expect(smtp.mailTo(quiet.email)).toHaveLength(0);
  });
});

describe("unsubscribe tokens", () => {
  it("name one person and one topic, and cannot be changed to name another person", () => {
    const settings = { orgName: "x", publicUrl: "http://localhost:3999", secret };
    const token = unsubscribeToken(settings, "user-a", "messages");
    expect(readUnsubscribeToken(settings, token)).toEqual({ userId: "user-a", topic: "messages" });
    const [, topic, mac] = token.split(".");
    const forged = `${Buffer.from("user-b").toString("base64url")}.${topic}.${mac}`;
    expect(readUnsubscribeToken(settings, forged)).toBeNull();
    expect(readUnsubscribeToken(settings, token.replace(".messages.", ".submissions."))).toBeNull();
    expect(readUnsubscribeToken({ ...settings, secret: "another-secret-another-secret-another" }, token)).toBeNull();
    expect(readUnsubscribeToken(settings, "garbage")).toBeNull();
  });
});

describe("the daily backup", () => {
  it("is scheduled in the queue, once for every process on the database", async () => {
    const r = await db.execute(sql`select identifier from graphile_worker._private_known_crontabs`);
    expect(r.rows.map((row) => (row as { identifier: string }).identifier)).toContain(DAILY_BACKUP_JOB);
  });

  it("writes a backup into DATA_DIR/backups and keeps only the newest BACKUP_KEEP", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-daily-"));
    try {
      const backups = path.join(dataDir, "backups");
      fs.mkdirSync(backups);
      for (const old of ["nlte-backup-20200101T070000Z.jsonl.gz", "nlte-backup-20200102T070000Z.jsonl.gz"])
        fs.writeFileSync(path.join(backups, old), "old");
      const config = loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: "2" });
      const task = dailyBackupTask({ ...services, config }, url);
      await task({}, {} as never);
      const files = fs.readdirSync(backups).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toBe("nlte-backup-20200102T070000Z.jsonl.gz");
      expect(fs.statSync(path.join(backups, files[1]!)).size).toBeGreaterThan(100);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a job queued for later", () => {
  it("runs when it is due, not at the queue's next poll (every 10 s): each of three within 3 s of its time", async () => {
    // Without the wake-up (server/queue-wake.ts) each would run at the first poll after its time, 0-10 s late: all
    // three within 3 s would be a 3-in-1000 chance.
    expect(QUEUE_POLL_INTERVAL_MS).toBeGreaterThanOrEqual(10_000);
    for (let i = 0; i < 3; i++) {
      const key = `wake-test-${crypto.randomUUID()}`;
      const due = Date.now() + 1_500;
      await addJob(db, FORGET_EXPIRED_LINKS_JOB, {}, { runAt: new Date(due), jobKey: key });
      await expect
        .poll(async () => (await db.execute(sql`select 1 from graphile_worker.jobs where key = ${key}`)).rows.length, {
          timeout: 20_000,
          interval: 50,
        })
        .toBe(0);
      expect(Date.now() - due).toBeLessThan(3_000);
    }
  });
});

describe("stopping", () => {
  it("has closed every connection of the queue when stop resolves, so the database can stop right after", async () => {
    // Through a loopback relay that passes the database's goodbye on 200 ms late, as a busy machine may: the
    // relay knows which of the queue's connections are still open.
    const target = new URL(url);
    const open = new Set<net.Socket>();
    const relay = net.createServer((socket) => {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      const upstream = net.connect(Number(target.port), target.hostname);
      socket.pipe(upstream);
      upstream.on("data", (chunk) => socket.write(chunk));
      upstream.on("close", () => setTimeout(() => socket.destroy(), 200));
      for (const s of [socket, upstream]) s.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayed = new URL(url);
    relayed.port = String((relay.address() as net.AddressInfo).port);
    try {
      const second = await startQueue(services, relayed.toString());
      expect(open.size).toBeGreaterThan(0);
      await second.stop();
      // Nothing may be left closing: the server stops the embedded database next, and a connection still closing
      // then raised an error nobody heard (the clean stop exited with 1 instead of 0).
      expect(open.size).toBe(0);
    } finally {
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});
