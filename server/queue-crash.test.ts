// A server killed while it sends a mail (issue 26): graphile-worker keeps a dead worker's job locked for 4 hours, so a
// 30-minute password-reset link arrived expired. Now the mail goes out again within seconds, once, whether a server
// starts again or another one is running; and a live server's mail is never taken from it. The killed server is a
// child process running the queue (tests/support/queue-process.ts), killed with SIGKILL while the SMTP server holds
// its DATA phase open.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { releaseJobsOfDeadQueuePools } from "../app/models/jobs.server";
import { enqueueMail } from "../app/mail/outbox.server";
import { bundledScript } from "../tests/support/bundled-script";
import { createTestDatabase } from "../tests/support/test-db";
import { startTestSmtp, type TestSmtp } from "../tests/support/smtp";
import { createAuth } from "./auth";
import { loadConfig } from "./config";
import { startQueue } from "./queue";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { db, pool, url } = await createTestDatabase();
const secret = "queue-crash-secret-queue-crash-secret-01";
let smtp: TestSmtp;
let services: Parameters<typeof startQueue>[0];
const children = new Set<ChildProcess>();

beforeAll(async () => {
  smtp = await startTestSmtp();
  const config = loadConfig({ SMTP_URL: smtp.url, NOTIFY_DELAY_SECONDS: "1", PUBLIC_URL: "http://localhost:3999", DATA_DIR: "/nonexistent" });
  services = { db, config, secret, auth: createAuth(db, config, secret) };
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await smtp?.stop();
});

/** Another server's queue, in a process of its own. */
async function startQueueProcess() {
  const child = spawn(process.execPath, [bundledScript("tests/support/queue-process.ts")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost:3999" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the queue process did not start:\n${output}`)), 30_000);
    child.stderr!.on("data", (c) => (output += c));
    child.stdout!.on("data", (c) => {
      output += c;
      if (output.includes("queue ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`the queue process exited with ${code}:\n${output}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    await exited;
    children.delete(child);
  };
  return { kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}

async function sendJobLock(mailId: string) {
  const r = await db.execute<{ locked_by: string | null }>(sql`select locked_by from graphile_worker.jobs where key = ${`send_mail:${mailId}`}`);
  return r.rows[0]?.locked_by ?? null;
}

async function outboxRow(mailId: string) {
  return (await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)))[0];
}

async function jobLeft(mailId: string) {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where key = ${`send_mail:${mailId}`}`);
  return r.rows[0]!.n > 0;
}

async function sentAt(mailId: string) {
  return (await db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, mailId)))[0]?.sentAt ?? null;
}

/** Until the database has ended every queue session (a killed process's included): no queue of this test runs. */
async function noQueueConnected() {
  await expect
    .poll(async () => {
      const r = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'nlte-queue-alive%'`,
      );
      return r.rows[0]!.n;
    })
    .toBe(0);
}

const address = (p: string) => `${p}-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** Holds the outbox row of mail `id` (as a slow database would) until `unlock`: the sender's next write waits. */
async function holdRow(id: string) {
  const client = await pool.connect();
  await client.query("begin");
  await client.query("select 1 from mail_outbox where id = $1 for update", [id]);
  return async () => {
    // A killed sender's statement that was still waiting here goes with it (as if it had never reached the database).
    await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'",
    );
    await client.query("rollback");
    client.release();
  };
}

/**
 * A mail another server's queue takes and is sending when this returns: its SMTP server holds the DATA phase. With
 * `unfinished`, the sender is also stopped before it records handing the whole message over (its final dot not
 * sent): killed there, the mail surely did not arrive, and is sent again (decision 0011's addendum).
 */
async function mailBeingSent(to: string, subject: string, unfinished = false) {
  const held = smtp.holdNext(to);
  // Held before any queue can take the mail, when asked: its process starts after.
  const queued = unfinished
    ? await enqueueMail(db, services, { to, kind: "password-reset", subject, paragraphs: ["The link works for 30 minutes."] })
    : null;
  const unlock = queued ? await holdRow(queued) : async () => {};
  const other = await startQueueProcess();
  const id = queued ?? (await enqueueMail(db, services, { to, kind: "password-reset", subject, paragraphs: ["The link works for 30 minutes."] }));
  await held.started;
  const lock = await sendJobLock(id);
  expect(lock).not.toBeNull();
  return { id, other, lock, release: held.release, unlock };
}

describe("a server killed while sending a mail", () => {
  it("leaves the mail to the next server that starts: it goes out within seconds, once", async () => {
    await noQueueConnected();
    const to = address("reset");
    const { id, other, lock, unlock } = await mailBeingSent(to, "Reset your password", true);
    await other.kill();
    await unlock();
    // The killed process never finished: the job is still locked by it, as graphile-worker left it.
    expect(await sendJobLock(id)).toBe(lock);
    await noQueueConnected();

    const queue = await startQueue(services, url);
    try {
      const mail = await smtp.waitFor(to, "Reset your password", 5_000);
      expect(mail.text).toContain("The link works for 30 minutes.");
      await expect.poll(() => sentAt(id)).not.toBeNull();
      expect(smtp.mailTo(to)).toHaveLength(1);
    } finally {
      await queue.stop();
    }
  });

  it("leaves the mail to a server already running: it goes out within seconds, once", async () => {
    const to = address("running");
    const { id, other, unlock } = await mailBeingSent(to, "Confirm your email", true);
    const queue = await startQueue(services, url, { sweepIntervalMs: 250 });
    try {
      await other.kill();
      await unlock();
      await smtp.waitFor(to, "Confirm your email", 5_000);
      await expect.poll(() => sentAt(id)).not.toBeNull();
      expect(smtp.mailTo(to)).toHaveLength(1);
    } finally {
      await queue.stop();
    }
  });
});

describe("a server and its database killed together after the mail server accepted the mail (issue 38)", () => {
  it("never sends it twice: the next server finds it handed over, does not send it, and says why", async () => {
    await noQueueConnected();
    const to = address("twice");
    const { id, other, release } = await mailBeingSent(to, "Your lesson is booked");
    // The sender has handed the whole message over (recorded before its final dot)...
    await expect.poll(async () => (await outboxRow(id))?.handedOverAt ?? null).not.toBeNull();
    // ...the database stops answering it, and the mail server accepts the mail.
    const unlock = await holdRow(id);
    release();
    const received = await smtp.waitFor(to, "Your lesson is booked", 5_000);
    // Killed before the acceptance was recorded: as when Node and PostgreSQL stop together, nothing of it is kept.
    await other.kill();
    await unlock();
    await noQueueConnected();
    expect(await sentAt(id)).toBeNull();

    const queue = await startQueue(services, url, { sweepIntervalMs: 250 });
    try {
      await expect.poll(async () => (await outboxRow(id))?.lastError ?? "", { timeout: 10_000 }).toContain("not sent again");
      await expect.poll(async () => (await sendJobLock(id)) === null && (await jobLeft(id)) === false, { timeout: 10_000 }).toBe(true);
    } finally {
      await queue.stop();
    }
    expect(smtp.mailTo(to)).toHaveLength(1);
    // The key it was sent with is the one the outbox keeps with it.
    const row = await outboxRow(id);
    expect(received.raw.messageId).toBe(row!.messageId);
    expect(row!.messageId).toBe(`<${id}@localhost>`);
  });
});

describe("a server still sending a mail", () => {
  it("keeps it: another server starting or sweeping never takes it, and the mail goes out once", async () => {
    const to = address("slow");
    const { id, other, lock, release } = await mailBeingSent(to, "Slow server");
    const queue = await startQueue(services, url, { sweepIntervalMs: 100 });
    try {
      // The starting server swept before it took jobs (startQueue resolves after that sweep); more sweeps, the
      // same statement every server runs on its timer, release nothing: the job is still the live process's.
      for (let i = 0; i < 3; i++) expect(await releaseJobsOfDeadQueuePools(db)).toEqual([]);
      expect(await sendJobLock(id)).toBe(lock);
      expect(smtp.mailTo(to)).toHaveLength(0);
      release();
      await smtp.waitFor(to, "Slow server", 5_000);
      await expect.poll(() => sentAt(id)).not.toBeNull();
    } finally {
      await queue.stop();
      await other.stop();
    }
    // Both servers have stopped, each once the jobs it had taken were done: a second copy would have arrived by now.
    expect(smtp.mailTo(to)).toHaveLength(1);
  });
});

describe("a server's own record", () => {
  it("is made again when its connection was cut and another server forgot it; a clean stop removes it", async () => {
    await noQueueConnected();
    const queue = await startQueue(services, url, { sweepIntervalMs: 100 });
    const sessions = async () =>
      (
        await db.execute<{ name: string; pid: number }>(
          sql`select application_name as name, pid from pg_stat_activity where datname = current_database() and application_name like 'nlte-queue-alive pool-%'`,
        )
      ).rows;
    const records = async () =>
      (await db.execute<{ key: string }>(sql`select key from app_settings where key like 'queue!_pool:%' escape '!'`)).rows.map((r) => r.key);
    try {
      const [first] = await sessions();
      const poolId = first!.name.replace("nlte-queue-alive ", "");
      expect(await records()).toEqual([`queue_pool:${poolId}`]);
      await db.execute(sql`select pg_terminate_backend(${first!.pid})`);
      // Another process sweeping now takes the pool for dead and forgets it (the sweep answers which pools it forgot;
      // the record is not read again here: the pool, alive, may already have recorded itself again, a second later)...
      await expect.poll(() => releaseJobsOfDeadQueuePools(db)).toEqual([poolId]);
      // ...and the pool, alive, opens its connection again and records itself again.
      await expect
        .poll(async () => (await sessions()).map((s) => s.name === first!.name && s.pid !== first!.pid), { timeout: 5_000 })
        .toEqual([true]);
      await expect.poll(records, { timeout: 5_000 }).toEqual([`queue_pool:${poolId}`]);
    } finally {
      await queue.stop();
    }
    expect(await records()).toEqual([]);
    expect(await sessions()).toEqual([]);
  });
});
