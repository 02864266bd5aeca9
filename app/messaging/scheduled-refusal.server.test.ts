// A kept message refused when it comes due (issue 39, decision 0063): its sender hears of it by mail, in their own
// language, naming the message, the family and why, and on their phone, which says only that a kept message was not
// sent and Safe Play's reason: never the family's names nor the message's words. A message that goes tells nobody.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { makePerson } from "../../tests/support/realtime-sockets";
import { startPushService, type PushService } from "../../tests/support/push-service";
import { loadConfig } from "../../server/config";
import { parseQuietHours } from "~/safe-play/safe-play";
import type { SafePlaySettings } from "~/safe-play/safe-play.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { getPushKeys } from "~/notifications/push-keys.server";
import { scheduleMessage, startConversation, type SendLimits } from "./index.server";
import { sendScheduledMessage } from "./scheduled.server";
import { SCHEDULED_REFUSED_NOTICE_JOB, sendScheduledRefusedNotice } from "./scheduled-refusal.server";

const { db } = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-kept-refused-"));
let pushService: PushService;
let now = "2026-12-01T21:30:00-05:00";
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3999", PUSH_SERVICE_HOSTS: "localhost" });
const settings = {
  ...config.safePlay,
  timeZone: "America/New_York",
  quietHours: parseQuietHours("20:00-08:00")!,
  clock: () => new Date(now),
} satisfies SafePlaySettings;
const limits = { ...config.messaging, safePlay: settings } satisfies SendLimits;
const services = { db, config: { ...config, safePlay: settings, messaging: limits }, secret: "s".repeat(40) };

const coach = await makePerson(db, "coach", "Refused Notice Coach Ines");
const coachEs = await makePerson(db, "coach", "Refused Notice Coach Ramiro");
await db.execute(sql`update users set locale = 'es' where id = ${coachEs.id}`);
let device = "";

beforeAll(async () => {
  pushService = await startPushService();
  const sub = await pushService.subscribe((await getPushKeys(config, db)).publicKey);
  await db
    .insert(pushSubscriptions)
    .values({ userId: coach.id, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: null });
  device = sub.clientHash;
});
afterAll(async () => {
  await pushService.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A 13-year-old and her guardian, confirmed by staff, in a conversation with the coach; a message kept at night. */
async function keptFor(sender: { id: string }, name: string, content: string) {
  now = "2026-12-01T14:00:00-05:00";
  const parent = await makePerson(db, "client", `${name} Parent`, { clientKind: "guardian", dateOfBirth: "1980-03-03" });
  const minor = await makePerson(db, "client", `${name} Minor`, { clientKind: "athlete", dateOfBirth: "2013-05-05" });
  await db.transaction((tx) => joinAsGuardian(tx, { athleteId: minor.id, guardianId: parent.id, actorId: parent.id, how: "test" }, settings));
  const household = await getHouseholdOf(db, minor.id);
  await confirmHousehold(db, household!.householdId, sender.id, "met at the clinic", settings);
  const { id: conversationId } = await startConversation(db, { id: sender.id, role: "coach" }, minor.id, settings);
  now = "2026-12-01T21:30:00-05:00";
  const kept = await scheduleMessage(db, { conversationId, senderId: sender.id, content }, limits);
  if (!kept.ok) throw new Error(kept.error);
  return { minor, conversationId, id: kept.scheduled.id };
}

const withdrawConfirmation = (athleteId: string) =>
  db.execute(sql`update household_members set confirmed_at = null, confirmed_by = null, confirmed_how = null where user_id = ${athleteId}`);
const mailsTo = async (email: string) =>
  (
    await db.execute<{ subject: string; text_body: string }>(
      sql`select subject, text_body from mail_outbox where to_address = ${email} and kind = 'scheduled-message-refused' order by created_at`,
    )
  ).rows;
const noticeJobs = async (id: string) =>
  (
    await db.execute<{ payload: unknown }>(sql`select j.payload from graphile_worker._private_jobs j
      join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = ${SCHEDULED_REFUSED_NOTICE_JOB} and j.payload->>'id' = ${id}`)
  ).rows;

describe("a kept message refused when it comes due", () => {
  it("mails its sender which message, to whom and why, and their phone says why without the family's names or words", async () => {
    const { minor, id } = await keptFor(coach, "Gisela", "Gisela: bring your inhaler tomorrow");
    await withdrawConfirmation(minor.id);
    now = "2026-12-02T08:00:01-05:00";
    await sendScheduledMessage(services, { id });
    const [mail, ...more] = await mailsTo(`${coach.id}@example.com`);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain("A scheduled message was not sent");
    expect(mail!.text_body).toContain("Your message to Gisela Minor, Gisela Parent, scheduled for");
    expect(mail!.text_body).toMatch(/8:00\s?AM/);
    expect(mail!.text_body).toMatch(/confirm/i);
    expect(mail!.text_body).toContain("Gisela: bring your inhaler tomorrow");
    const jobs = await noticeJobs(id);
    expect(jobs).toEqual([{ payload: { id } }]);
    await sendScheduledRefusedNotice(services, jobs[0]!.payload);
    const pushes = (await pushService.received(device)).map((p) => JSON.parse(p) as { title: string; body: string; url: string });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.title).toBe("A scheduled message was not sent");
    expect(pushes[0]!.body).toMatch(/confirm/i);
    expect(JSON.stringify(pushes[0])).not.toMatch(/Gisela|inhaler/);
  });

  it("speaks the sender's language: a Spanish-speaking coach's mail is in Spanish", async () => {
    const { minor, id } = await keptFor(coachEs, "Hortensia", "Mañana en la cancha 2");
    await withdrawConfirmation(minor.id);
    now = "2026-12-02T08:00:01-05:00";
    await sendScheduledMessage(services, { id });
    const [mail] = await mailsTo(`${coachEs.id}@example.com`);
    expect(mail!.subject).toContain("Un mensaje programado no se envió");
    expect(mail!.text_body).toContain("Su mensaje para Hortensia Minor, Hortensia Parent, programado para el");
    expect(mail!.text_body).toContain("Mañana en la cancha 2");
  });

  it("a kept message that goes at its time tells its sender nothing", async () => {
    const { id } = await keptFor(coach, "Irene", "See you at 4");
    now = "2026-12-02T08:00:01-05:00";
    const before = (await mailsTo(`${coach.id}@example.com`)).length;
    await sendScheduledMessage(services, { id });
    expect((await db.execute<{ status: string }>(sql`select status from scheduled_messages where id = ${id}`)).rows).toEqual([{ status: "sent" }]);
    expect(await mailsTo(`${coach.id}@example.com`)).toHaveLength(before);
    expect(await noticeJobs(id)).toEqual([]);
  });
});
