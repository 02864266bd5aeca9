// A booking change reaches the family's phones (issue 27, with issue 30's bookings): a coach cancels or moves a lesson
// and the guardian's and the athlete's devices hear of it in their language, with what and when but never the coach's
// reason; a minor's phone waits out quiet hours unless the lesson is within a day. A loopback push service decrypts
// what a phone would show.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema";
import { startPushService, type PushService } from "../../tests/support/push-service";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { bookAs, coachA, contextAs, guardian, seedBookingWorld, teen } from "../../tests/support/booking-world";
import { loadConfig } from "../../server/config";
import { action as appointmentsAction } from "~/routes/appointments";
import { getPushKeys } from "./push-keys.server";
import { BOOKING_CHANGED_JOB } from "~/booking/index.server";
import { BOOKING_NOTICE_JOB, onBookingChanged, sendBookingNotice } from "./booking-notice.server";

const { db } = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-booking-notice-"));
let pushService: PushService;
const devices = new Map<string, string>();

const config = (now: string) => loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUSH_SERVICE_HOSTS: "localhost", SAFE_PLAY_NOW: now });
const NOON = "2026-11-25T12:00:00-05:00";
const NIGHT = "2026-11-25T22:00:00-05:00";

beforeAll(async () => {
  await seedBookingWorld(db);
  pushService = await startPushService();
  for (const id of [guardian.id, teen]) {
    const sub = await pushService.subscribe((await getPushKeys(config(NOON), db)).publicKey);
    await db.insert(pushSubscriptions).values({ userId: id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: null });
    devices.set(id, sub.clientHash);
  }
});
afterAll(async () => {
  await pushService.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const queued = async (task: string) => {
  const { rows } = await db.execute<{ id: string; payload: { userId: string } }>(
    sql`select j.id, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = ${task} order by j.payload->>'userId'`,
  );
  return rows;
};
/** The notice jobs, once booking's events (a coach's change, told as a booking_changed job) have been taken as the queue would. */
const jobs = async () => {
  for (const event of await queued(BOOKING_CHANGED_JOB)) {
    await db.execute(sql`delete from graphile_worker._private_jobs where id = ${event.id}`);
    await onBookingChanged({ db }, event.payload);
  }
  return queued(BOOKING_NOTICE_JOB);
};
const runAll = async (now: string) => {
  for (const job of await jobs()) {
    await db.execute(sql`delete from graphile_worker._private_jobs where id = ${job.id}`);
    await sendBookingNotice({ db, config: config(now) }, job.payload);
  }
};
const pushes = async (who: string) => (await pushService.received(devices.get(who)!)).map((p) => JSON.parse(p) as { title: string; body: string });

describe("a coach's cancellation of a booked lesson", () => {
  it("reaches the guardian's phone and, once quiet hours end, the minor athlete's: what and when, never the reason", async () => {
    const booked = await bookAs(db, guardian, { athleteId: teen });
    expect(booked.status).toBe(302);
    expect(await jobs()).toEqual([]); // the family booked it themselves: their mail is enough
    const [row] = await db
      .execute<{ id: string }>(sql`select id from bookings where athlete_id = ${teen} and cancelled_at is null`)
      .then((r) => r.rows);
    const cancelled = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "cancel", bookingId: row!.id, reason: "Coach is sick", confirmed: "yes" }),
      context: contextAs(db, coachA),
    });
    expect(cancelled.status).toBe(302);
    expect((await jobs()).map((j) => j.payload.userId)).toEqual([guardian.id, teen]);

    await runAll(NIGHT);
    const expected = { title: "Private lesson cancelled by the coach", body: "Friday, November 27, 4:00 PM–5:00 PM" };
    expect(await pushes(guardian.id)).toEqual([expect.objectContaining(expected)]);
    expect(JSON.stringify(await pushes(guardian.id))).not.toContain("sick");
    // 15, at night: her phone waits for the morning.
    expect(await pushes(teen)).toEqual([]);
    expect((await jobs()).map((j) => j.payload.userId)).toEqual([teen]);
    await runAll(NOON);
    expect(await pushes(teen)).toEqual([expect.objectContaining(expected)]);
  });
});
