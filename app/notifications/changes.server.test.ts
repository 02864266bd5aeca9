// Changes nobody misses (issue 27): a coach's cancellation, its undoing and a moved session reach every family by
// default, in each one's language, by push on the devices that take it (a loopback push service decrypts what a
// phone would show) and by mail otherwise; today's cancellation is urgent (push and mail, at once, even on a minor's
// phone at night); other notices wait out a minor's quiet hours. Against a real PostgreSQL; the Safe Play clock
// (SAFE_PLAY_NOW) says what "today" and "now" are.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enrollments, events, mailOutbox, pushSubscriptions, users } from "../../db/schema";
import { startPushService, type PushService } from "../../tests/support/push-service";
import { createTestDatabase } from "../../tests/support/test-db";
import { loadConfig } from "../../server/config";
import { cancelDay, changeEvent, restoreDay } from "~/calendar/cancellations.server";
import { getPushKeys } from "./push-keys.server";
import { SCHEDULE_CHANGE_JOB, sendScheduleChangeNotice } from "./changes.server";
import { sendInvitationNotice } from "./invitation-notice.server";
import { makeFamily, makeSession, onCourt } from "~/enrollment/test-support";

const { db } = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-changes-"));
let pushService: PushService;

// Tuesday 10 March 2026, 2 PM in New York (an afternoon), and 10 PM (a minor's quiet hours).
const AFTERNOON = "2026-03-10T14:00:00-04:00";
const NIGHT = "2026-03-10T22:00:00-04:00";
const TODAY = "2026-03-10";
const NEXT_WEEK = "2026-03-17";

const config = (now: string) => loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUSH_SERVICE_HOSTS: "localhost", SAFE_PLAY_NOW: now });
const context = (now: string) => ({ db, config: config(now), secret: "s".repeat(32) });

beforeAll(async () => {
  pushService = await startPushService();
  await db.insert(users).values([
    { id: "coach-1", email: "coach@example.com", fullName: "Coach Vega", role: "coach", emailVerified: true },
    // A Spanish-speaking guardian with a phone that takes notifications.
    { id: "ana", email: "ana@example.com", fullName: "Ana Familia", role: "client", locale: "es", emailVerified: true },
    // An English-speaking family without a device (their account never chose a language).
    { id: "ann", email: "ann@example.com", fullName: "Ann Family", role: "client", emailVerified: true },
    // Ana's daughter, 14, with her own login and phone.
    {
      id: "sofia",
      email: "sofia@example.com",
      fullName: "Sofia Familia",
      role: "client",
      clientKind: "athlete",
      dateOfBirth: "2011-09-01",
      locale: "es",
      emailVerified: true,
    },
    // Turned these notices off on /account.
    { id: "quiet", email: "quiet@example.com", fullName: "Quiet Family", role: "client", emailVerified: true, notifyChanges: false },
    // Never confirmed their address: a push would go to a device, a mail goes nowhere.
    { id: "unproven", email: "unproven@example.com", fullName: "Unproven Family", role: "client" },
  ]);
});
afterAll(async () => {
  await pushService.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const devices = new Map<string, string>();
beforeEach(async () => {
  await db.execute(sql`delete from graphile_worker._private_jobs`);
  await db.delete(mailOutbox);
  await db.delete(pushSubscriptions);
  await db.execute(sql`delete from cancelled_dates`);
  for (const id of ["ana", "sofia"]) {
    const sub = await pushService.subscribe((await getPushKeys(config(AFTERNOON), db)).publicKey);
    await db.insert(pushSubscriptions).values({ userId: id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: null });
    devices.set(id, sub.clientHash);
  }
});

// graphile-worker's own tables (its public view leaves the payload out).
const NOTICE_JOBS = sql.raw(
  `graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = '${SCHEDULE_CHANGE_JOB}'`,
);

/** The notices waiting in the queue: whose, and when they may run. */
async function queued() {
  const { rows } = await db.execute<{ payload: { userId: string }; run_at: Date }>(
    sql`select j.payload, j.run_at from ${NOTICE_JOBS} order by j.payload->>'userId'`,
  );
  return rows.map((r) => ({ userId: r.payload.userId, runAt: new Date(r.run_at) }));
}

/** Runs every waiting notice as the queue would at `now` (a notice that waits reschedules itself). */
async function runNotices(now: string) {
  const { rows } = await db.execute<{ id: string; payload: unknown }>(sql`select j.id, j.payload from ${NOTICE_JOBS} and j.run_at <= now()`);
  for (const job of rows) {
    await db.execute(sql`delete from graphile_worker._private_jobs where id = ${job.id}`);
    await sendScheduleChangeNotice(context(now), job.payload);
  }
}

const pushes = async (who: string) =>
  (await pushService.received(devices.get(who)!)).map((p) => JSON.parse(p) as { title: string; body: string; url: string });
const mailsTo = (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe("a session cancelled for today", () => {
  it("reaches every family at once, by push and by mail, each in their language; nobody who turned it off", async () => {
    expect(await cancelDay(context(AFTERNOON), { day: TODAY, note: "Courts flooded.", noteEs: "Canchas inundadas." }, "coach-1")).toBe(true);
    // One notice a family, none for coaches or for those who turned them off.
    expect((await queued()).map((q) => q.userId)).toEqual(["ana", "ann", "sofia", "unproven"]);
    await runNotices(AFTERNOON);

    const [push] = await pushes("ana");
    expect(push).toEqual({
      title: "Cancelado: no hay sesiones el martes, 10 de marzo",
      body: "Se cancelaron todas las sesiones del martes, 10 de marzo.\nCanchas inundadas.",
      url: "/es/calendar",
      tag: "schedule-day:2026-03-10",
    });
    const [anaMail] = await mailsTo("ana@example.com");
    expect(anaMail!.subject).toBe("Cancelado: no hay sesiones el martes, 10 de marzo");
    expect(anaMail!.textBody).toContain("Canchas inundadas.");
    expect(anaMail!.textBody).toContain("http://localhost:3000/es/calendar");
    expect(anaMail!.htmlBody).toContain('<html lang="es">');

    const [annMail] = await mailsTo("ann@example.com");
    expect(annMail!.subject).toBe("Cancelled: no sessions on Tuesday, March 10");
    expect(annMail!.textBody).toContain("Every session on Tuesday, March 10 is cancelled.");
    expect(annMail!.textBody).toContain("Courts flooded.");
    expect(annMail!.textBody).not.toContain("/es/");

    // A minor's phone hears of today's cancellation like her guardian's: a schedule line, never a message's words.
    expect((await pushes("sofia")).map((p) => p.title)).toEqual(["Cancelado: no hay sesiones el martes, 10 de marzo"]);
    expect(await mailsTo("quiet@example.com")).toHaveLength(0);
    expect(await mailsTo("unproven@example.com")).toHaveLength(0);
    expect(await mailsTo("coach@example.com")).toHaveLength(0);
  });

  it("is urgent at night too: a minor's phone is woken for it", async () => {
    await cancelDay(context(NIGHT), { day: TODAY, note: null, noteEs: null }, "coach-1");
    await runNotices(NIGHT);
    expect((await pushes("sofia")).map((p) => p.body)).toEqual(["Se cancelaron todas las sesiones del martes, 10 de marzo."]);
  });
});

describe("a session cancelled for next week", () => {
  it("goes by push where a device takes it and by mail otherwise, one notice a person", async () => {
    await cancelDay(context(AFTERNOON), { day: NEXT_WEEK, note: null, noteEs: null }, "coach-1");
    await runNotices(AFTERNOON);
    expect((await pushes("ana")).map((p) => p.title)).toEqual(["Cancelado: no hay sesiones el martes, 17 de marzo"]);
    expect(await mailsTo("ana@example.com")).toHaveLength(0);
    expect((await mailsTo("ann@example.com")).map((m) => m.subject)).toEqual(["Cancelled: no sessions on Tuesday, March 17"]);
  });

  it("waits out a minor's quiet hours on her phone, and her guardian hears at once", async () => {
    await cancelDay(context(NIGHT), { day: NEXT_WEEK, note: null, noteEs: null }, "coach-1");
    await runNotices(NIGHT);
    expect(await pushes("ana")).toHaveLength(1);
    expect(await pushes("sofia")).toHaveLength(0);
    const [waiting] = await queued();
    expect(waiting!.userId).toBe("sofia");
    // 8 AM the next morning in New York (quiet hours 20:00-08:00), give or take the queue's second.
    expect(Math.abs(waiting!.runAt.getTime() - (Date.now() + 10 * 3600_000))).toBeLessThan(5_000);
  });

  it("is told as 'back on' once put back, and not at all when put back before anyone heard", async () => {
    await cancelDay(context(AFTERNOON), { day: NEXT_WEEK, note: null, noteEs: null }, "coach-1");
    // Put back before the notices ran: nobody hears either.
    expect(await restoreDay(context(AFTERNOON), NEXT_WEEK)).toBe(true);
    expect(await queued()).toEqual([]);

    await cancelDay(context(AFTERNOON), { day: NEXT_WEEK, note: null, noteEs: null }, "coach-1");
    await runNotices(AFTERNOON);
    await restoreDay(context(AFTERNOON), NEXT_WEEK);
    await runNotices(AFTERNOON);
    expect((await pushes("ana")).map((p) => p.title)).toEqual([
      "Cancelado: no hay sesiones el martes, 17 de marzo",
      "Las sesiones del martes, 17 de marzo sí se realizan",
    ]);
    expect((await mailsTo("ann@example.com")).map((m) => m.subject)).toEqual([
      "Cancelled: no sessions on Tuesday, March 17",
      "Sessions on Tuesday, March 17 go ahead after all",
    ]);
  });

  it("tells nobody of a day that already passed", async () => {
    await cancelDay(context(AFTERNOON), { day: "2026-03-09", note: null, noteEs: null }, "coach-1");
    expect(await queued()).toEqual([]);
  });
});

describe("a session moved", () => {
  it("tells families its new days, times and place, but not a corrected title", async () => {
    const [event] = await db
      .insert(events)
      .values({
        title: "Junior Clinic",
        titleEs: "Clínica juvenil",
        kind: "weekly",
        weekdays: [2, 4],
        startTime: "16:30",
        endTime: "18:00",
        place: "Rock Creek",
      })
      .returning();
    const input = {
      title: "Junior Clinic",
      titleEs: "Clínica juvenil",
      kind: "weekly" as const,
      weekdays: [2, 4],
      onDate: null,
      startsOn: null,
      endsOn: null,
      startTime: "16:30",
      endTime: "18:00",
      timeNote: null,
      timeNoteEs: null,
      place: "Rock Creek",
      note: null,
      noteEs: null,
      hasRegister: true,
      closed: false,
    };
    expect(await changeEvent(context(AFTERNOON), event!.id, { ...input, title: "Junior Clinic (ages 10-14)" })).toBe(true);
    expect(await queued()).toEqual([]);

    expect(await changeEvent(context(AFTERNOON), event!.id, { ...input, startTime: "17:00", endTime: "18:30", place: "Fort Dupont" })).toBe(true);
    await runNotices(AFTERNOON);
    expect(await pushes("ana")).toEqual([
      {
        title: "Cambio de horario: Clínica juvenil",
        body: "Clínica juvenil tiene un horario nuevo:\nmartes y jueves de 5:00 a 6:30 p. m. en Fort Dupont",
        url: "/es/calendar",
        tag: `schedule-event:${event!.id}`,
      },
    ]);
    const [annMail] = await mailsTo("ann@example.com");
    expect(annMail!.subject).toBe("Schedule change: Junior Clinic");
    expect(annMail!.textBody).toContain("Tuesday and Thursday 5:00-6:30 PM at Fort Dupont");
  });
});

describe("a session families enrolled in", () => {
  it("tells those athletes and their guardians only; a session nobody enrolled in still tells everyone", async () => {
    const { guardian, athlete } = await makeFamily(db, "Enrolled");
    const other = await makeFamily(db, "Withdrawn");
    const session = await makeSession(db, 10, { place: "Rock Creek" });
    await db.insert(enrollments).values([
      { eventId: session, status: "enrolled", requestedBy: guardian.id, ...onCourt(athlete.id) },
      { eventId: session, status: "withdrawn", closedReason: "family", requestedBy: other.guardian.id, ...onCourt(other.athlete.id) },
    ]);
    const [row] = await db.select().from(events).where(eq(events.id, session));
    const { id: _id, createdAt: _c, updatedAt: _u, position: _p, ...input } = row!;
    expect(await changeEvent(context(AFTERNOON), session, { ...input, place: "Fort Dupont" })).toBe(true);
    expect((await queued()).map((q) => q.userId).sort()).toEqual([athlete.id, guardian.id].sort());

    await db.delete(enrollments).where(eq(enrollments.eventId, session));
    await db.execute(sql`delete from graphile_worker._private_jobs`);
    expect(await changeEvent(context(AFTERNOON), session, { ...input, place: "Rock Creek" })).toBe(true);
    const everyone = (await queued()).map((q) => q.userId);
    expect(everyone).toEqual(expect.arrayContaining(["ana", "ann", "sofia", guardian.id, other.guardian.id]));
  });
});

describe("who may not be told", () => {
  it("a deleted account or one that turned changes off hears nothing, even of a notice already queued", async () => {
    await cancelDay(context(AFTERNOON), { day: NEXT_WEEK, note: null, noteEs: null }, "coach-1");
    await db.update(users).set({ notifyChanges: false }).where(eq(users.id, "ann"));
    await runNotices(AFTERNOON);
    expect(await mailsTo("ann@example.com")).toHaveLength(0);
    await db.update(users).set({ notifyChanges: true }).where(eq(users.id, "ann"));
  });
});

describe("an invitation waiting", () => {
  it("reaches the devices of the account with that verified address, names nobody, and keeps the link in the mail", async () => {
    await sendInvitationNotice(context(AFTERNOON), { email: "ANA@example.com" });
    expect(await pushes("ana")).toEqual([
      {
        title: "Tiene una invitación pendiente",
        body: "Una familia le invitó a unirse a ella en el sitio. Abra el correo electrónico que le enviamos para aceptarla.",
        url: "/es/account",
        tag: "invitation",
      },
    ]);
    // An address without an account here, or one never confirmed, gets the mail alone.
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, "sofia"));
    await sendInvitationNotice(context(AFTERNOON), { email: "sofia@example.com" });
    await sendInvitationNotice(context(AFTERNOON), { email: "nobody@example.com" });
    expect(await pushes("sofia")).toEqual([]);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, "sofia"));
  });
});
