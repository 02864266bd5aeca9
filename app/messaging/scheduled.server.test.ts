// Messages kept for the end of quiet hours (issue 39, decision 0047), against a real database and the real job queue:
// the job sends at its time (Safe Play's clock runs with the wall clock here, set at night in New York; then the test
// moves it past 8:00 AM and brings the job's time to now, as the night passing would), refuses at its time when the family's confirmation was withdrawn meanwhile, survives the queue stopping and
// starting again in between, and nobody keeps a message to get round another refusal or touches another's.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { makePerson, type Person } from "../../tests/support/realtime-sockets";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { startQueue, type Queue } from "../../server/queue";
import { parseQuietHours } from "~/safe-play/safe-play";
import type { SafePlaySettings } from "~/safe-play/safe-play.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { cancelScheduledMessage, createMessage, getScheduledMessages, scheduleMessage, startConversation, type SendLimits } from "./index.server";
import { sendScheduledMessage } from "./scheduled.server";

const { db, url } = await createTestDatabase();
const NY = "America/New_York";

// Safe Play's clock: the wall clock moved by `offset`, so a test puts it a few seconds before quiet hours end.
let offset = 0;
const config = loadConfig({ DATA_DIR: "/nonexistent", PUBLIC_URL: "http://localhost:3999", NOTIFY_DELAY_SECONDS: "3600" });
const settings = {
  ...config.safePlay,
  timeZone: NY,
  quietHours: parseQuietHours("20:00-08:00")!,
  clock: () => new Date(Date.now() + offset),
} satisfies SafePlaySettings;
/** Safe Play's clock reads `local` (New York) now, and runs on from there. */
const setClock = (local: string) => (offset = new Date(local).getTime() - Date.now());
/** 9:30 PM in New York on a winter night: quiet hours, with ten hours of them left, however slow the machine. */
const atNight = () => setClock("2026-12-01T21:30:00-05:00");
/** The night passes: Safe Play's clock reads just after 8:00 AM, and the kept message's job is due now. */
async function nightPasses(keptId: string) {
  setClock("2026-12-02T08:00:01-05:00");
  await db.execute(
    sql`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = ${"send_scheduled_message:" + keptId}), run_at := now())`,
  );
}

const limits = { ...config.messaging, safePlay: settings } satisfies SendLimits;
const services = { db, config: { ...config, safePlay: settings, messaging: limits }, secret: "s".repeat(40) };
const start = () => startQueue({ ...services, auth: createAuth(db, services.config, services.secret) }, url);
let queue: Queue | null = null;
beforeAll(async () => (queue = await start()));
afterAll(async () => void (await queue?.stop()));

const coach = await makePerson(db, "coach", "Scheduling Coach Salma");

/** A 14-year-old and her guardian, confirmed by staff, and the coach's conversation with them. */
async function family(name: string) {
  setClock("2026-12-01T14:00:00-05:00");
  const parent = await makePerson(db, "client", `${name} Parent`, { clientKind: "guardian", dateOfBirth: "1982-02-02" });
  const minor = await makePerson(db, "client", `${name} Minor`, { clientKind: "athlete", dateOfBirth: "2012-04-04" });
  await db.transaction((tx) => joinAsGuardian(tx, { athleteId: minor.id, guardianId: parent.id, actorId: parent.id, how: "test" }, settings));
  const household = await getHouseholdOf(db, minor.id);
  await confirmHousehold(db, household!.householdId, coach.id, "met at the clinic", settings);
  const { id: conversationId } = await startConversation(db, { id: coach.id, role: "coach" }, minor.id, settings);
  return { parent, minor, conversationId, householdId: household!.householdId };
}

const contents = async (conversationId: string) =>
  (await db.execute<{ content: string }>(sql`select content from messages where conversation_id = ${conversationId} order by created_at`)).rows.map(
    (r) => r.content,
  );
const statusOf = async (id: string) =>
  (await db.execute<{ status: string }>(sql`select status from scheduled_messages where id = ${id}`)).rows[0]?.status;

/** At night the coach's send is refused for quiet hours alone; the coach keeps it for 8:00 AM. */
async function keepForEight(conversationId: string, content: string, sender: Person = coach) {
  const refused = await createMessage(db, { conversationId, senderId: sender.id, content }, limits);
  expect(refused).toMatchObject({ ok: false, reason: "safe-play", refusal: { code: "quiet-hours" } });
  const kept = await scheduleMessage(db, { conversationId, senderId: sender.id, content }, limits);
  if (!kept.ok) throw new Error(kept.error);
  return kept.scheduled;
}

describe("a message kept for the end of quiet hours", () => {
  it("is sent at 8:00 AM by the queue, within seconds of its time, and leaves the sender's list", async () => {
    const { conversationId } = await family("Aurora");
    atNight();
    const kept = await keepForEight(conversationId, "Practice moves to court 4 tomorrow");
    expect(kept.sendAt).toBe(new Date("2026-12-02T08:00:00-05:00").toISOString());
    expect(kept).toMatchObject({ status: "scheduled", to: "Aurora Minor, Aurora Parent" });
    expect(await contents(conversationId)).toEqual([]);
    await nightPasses(kept.id);
    await expect.poll(() => contents(conversationId), { timeout: 15_000, interval: 250 }).toEqual(["Practice moves to court 4 tomorrow"]);
    // The message is stored by the one send path, then its row is marked in the job's transaction: a moment apart.
    await expect.poll(() => statusOf(kept.id), { timeout: 15_000, interval: 250 }).toBe("sent");
    expect(await getScheduledMessages(db, coach.id, { conversationIds: [conversationId] })).toEqual([]);
  });

  it("is refused at its time when the family's confirmation was withdrawn meanwhile, and its sender reads why", async () => {
    const { conversationId, minor } = await family("Belen");
    atNight();
    const kept = await keepForEight(conversationId, "Bring water");
    await db.execute(sql`update household_members set confirmed_at = null, confirmed_by = null, confirmed_how = null where user_id = ${minor.id}`);
    await nightPasses(kept.id);
    await expect.poll(() => statusOf(kept.id), { timeout: 15_000, interval: 250 }).toBe("refused");
    expect(await contents(conversationId)).toEqual([]);
    const [shown] = await getScheduledMessages(db, coach.id, { conversationIds: [conversationId] }, "en");
    expect(shown).toMatchObject({ status: "refused", content: "Bring water" });
    expect(shown!.reason).toMatch(/confirm/i);
    const [enEspañol] = await getScheduledMessages(db, coach.id, { conversationIds: [conversationId] }, "es");
    expect(enEspañol!.reason).toMatch(/confirm/i);
    expect(enEspañol!.reason).not.toBe(shown!.reason);
  });

  it("survives the queue stopping before its time and starting again after it", async () => {
    const { conversationId } = await family("Carmen");
    atNight();
    const kept = await keepForEight(conversationId, "See you at 4");
    await queue!.stop();
    queue = null;
    await nightPasses(kept.id); // its time comes with no queue running
    await new Promise((r) => setTimeout(r, 1000));
    expect(await contents(conversationId)).toEqual([]);
    expect(await statusOf(kept.id)).toBe("scheduled");
    queue = await start();
    await expect.poll(() => contents(conversationId), { timeout: 15_000, interval: 250 }).toEqual(["See you at 4"]);
  });

  it("is sent once when the job dies after the message is stored and before its row says so, and runs again", async () => {
    const { conversationId } = await family("Dalia");
    atNight();
    const kept = await keepForEight(conversationId, "Rain plan: indoor courts");
    // The job runs by hand here (its queued run is hours away): the first try stores the message, then fails to mark
    // its row, as a process killed between the two commits would leave them.
    setClock("2026-12-02T08:00:01-05:00");
    await db.execute(sql`create function fail_marking_sent() returns trigger language plpgsql as $$
      begin if new.status = 'sent' then raise exception 'the process died here'; end if; return new; end $$`);
    await db.execute(sql`create trigger fail_marking_sent before update on scheduled_messages for each row execute function fail_marking_sent()`);
    try {
      await expect(sendScheduledMessage(services, { id: kept.id })).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger fail_marking_sent on scheduled_messages`);
      await db.execute(sql`drop function fail_marking_sent()`);
    }
    expect(await contents(conversationId)).toEqual(["Rain plan: indoor courts"]);
    expect(await statusOf(kept.id)).toBe("scheduled");
    await sendScheduledMessage(services, { id: kept.id });
    expect(await statusOf(kept.id)).toBe("sent");
    expect(await contents(conversationId)).toEqual(["Rain plan: indoor courts"]);
    const { rows } = await db.execute<{ same: boolean }>(sql`select s.message_id = m.id and m.scheduled_message_id = s.id as same
      from scheduled_messages s join messages m on m.conversation_id = s.conversation_id where s.id = ${kept.id}`);
    expect(rows).toEqual([{ same: true }]);
    // The database itself refuses a second message for the same kept one (migration 0059's unique index).
    await expect(
      db.execute(sql`insert into messages (conversation_id, sender_id, content, scheduled_message_id)
        values (${conversationId}, ${coach.id}, 'Rain plan: indoor courts', ${kept.id})`),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
  });

  it("is sent by its key, not by its words: the same words typed by hand before the job's run do not stand in for it", async () => {
    const { conversationId } = await family("Fiona");
    atNight();
    const kept = await keepForEight(conversationId, "Courts 3 and 4 today");
    setClock("2026-12-02T08:00:01-05:00");
    const byHand = await createMessage(db, { conversationId, senderId: coach.id, content: "Courts 3 and 4 today" }, limits);
    expect(byHand.ok).toBe(true);
    await sendScheduledMessage(services, { id: kept.id });
    await sendScheduledMessage(services, { id: kept.id }); // a second run finds it done
    expect(await contents(conversationId)).toEqual(["Courts 3 and 4 today", "Courts 3 and 4 today"]);
    const { rows } = await db.execute<{ by_hand: boolean }>(sql`select s.message_id = ${byHand.ok ? byHand.message.id : ""}::uuid as by_hand
      from scheduled_messages s where s.id = ${kept.id} and s.status = 'sent'`);
    expect(rows).toEqual([{ by_hand: false }]);
  });
});

describe("who may keep and cancel a message, and when", () => {
  it("nobody else cancels the sender's message, nor keeps one in a conversation that is not theirs; its sender cancels it", async () => {
    const { conversationId, parent } = await family("Dalia");
    setClock("2026-12-01T21:30:00-05:00");
    const kept = await keepForEight(conversationId, "Rain plan");
    const stranger = await makePerson(db, "coach", "Scheduling Stranger Coach");
    expect(await cancelScheduledMessage(db, kept.id, stranger.id)).toBe(false);
    expect(await cancelScheduledMessage(db, kept.id, parent.id)).toBe(false);
    expect(await statusOf(kept.id)).toBe("scheduled");
    expect(await getScheduledMessages(db, parent.id, { conversationIds: [conversationId] })).toEqual([]);
    expect(await scheduleMessage(db, { conversationId, senderId: stranger.id, content: "Hello" }, limits)).toMatchObject({ ok: false, status: 404 });
    expect(await cancelScheduledMessage(db, kept.id, coach.id)).toBe(true);
    expect(await statusOf(kept.id)).toBe("cancelled");
    expect(await cancelScheduledMessage(db, kept.id, coach.id)).toBe(false);
    const jobs = await db.execute(sql`select 1 from graphile_worker.jobs where key = ${`send_scheduled_message:${kept.id}`}`);
    expect(jobs.rows).toEqual([]);
  });

  it("a message not refused by quiet hours cannot be kept: one that may go now, and one refused for another reason", async () => {
    const { conversationId, parent, minor } = await family("Elena");
    setClock("2026-12-01T21:30:00-05:00");
    // The guardian is not held by quiet hours: nothing to keep.
    expect(await scheduleMessage(db, { conversationId, senderId: parent.id, content: "Thanks" }, limits)).toMatchObject({
      ok: false,
      status: 403,
      error: "Quiet hours are over: this message can be sent now.",
    });
    setClock("2026-12-01T14:00:00-05:00");
    expect(await scheduleMessage(db, { conversationId, senderId: coach.id, content: "Afternoon" }, limits)).toMatchObject({ ok: false, status: 403 });
    // At night, with the family's confirmation withdrawn, the refusal is not quiet hours' alone: nothing is kept.
    await db.execute(sql`update household_members set confirmed_at = null, confirmed_by = null, confirmed_how = null where user_id = ${minor.id}`);
    setClock("2026-12-01T21:30:00-05:00");
    const refused = await scheduleMessage(db, { conversationId, senderId: coach.id, content: "Sneaky" }, limits);
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(!refused.ok && refused.error).toMatch(/confirm/i);
    const kept = await db.execute(sql`select 1 from scheduled_messages where conversation_id = ${conversationId}`);
    expect(kept.rows).toEqual([]);
  });
});
