// Safe Play's read rule follows a socket that is already subscribed (issue 37, migration 0045): a coach whose clearance
// staff end, or whose family's confirmation is withdrawn, while the thread is open stops hearing it at once (told
// "withheld"), and hears nothing the family sends afterwards; a change that leaves the coach cleared changes nothing.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { makePerson, openSocket, startRealtime, subscribedSockets, type Person, type Socket } from "../../tests/support/realtime-sockets";
import type { SafePlaySettings } from "~/safe-play/safe-play.server";
import { parseQuietHours } from "~/safe-play/safe-play";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { startConversation } from "~/messaging/index.server";

const { db, url } = await createTestDatabase();
const AFTERNOON = "2026-06-15T14:00:00-04:00";
const afternoon: SafePlaySettings = { timeZone: "America/New_York", quietHours: parseQuietHours("20:00-08:00")!, clock: () => new Date(AFTERNOON) };

let realtime: Awaited<ReturnType<typeof startRealtime>>;
beforeAll(async () => (realtime = await startRealtime(db, url, { SAFE_PLAY_NOW: AFTERNOON })));
afterAll(() => realtime.close());

/** A cleared coach's thread with a 15-year-old and her guardian, in a family staff confirmed; all three subscribed. */
async function openThread(name: string) {
  const coach = await makePerson(db, "coach", `${name} Coach`);
  const guardian = await makePerson(db, "client", `${name} Guardian`, { clientKind: "guardian", dateOfBirth: "1980-05-01" });
  const athlete = await makePerson(db, "client", `${name} Athlete`, { clientKind: "athlete", dateOfBirth: "2011-03-04" });
  await db.transaction((tx) => joinAsGuardian(tx, { athleteId: athlete.id, guardianId: guardian.id, actorId: guardian.id, how: "test" }, afternoon));
  const household = await getHouseholdOf(db, athlete.id);
  await confirmHousehold(db, household!.householdId, coach.id, "met at the evaluation", afternoon);
  const { id: conversationId } = await startConversation(db, { id: coach.id, role: "coach" }, athlete.id, afternoon);
  const sockets = await subscribedSockets(realtime.origin, [coach, guardian, athlete], conversationId);
  return { coach, guardian, athlete, conversationId, sockets: sockets as [Socket, Socket, Socket] };
}

const saying = (text: string) => (e: Record<string, unknown>) => e.type === "message" && (e.message as { content: string }).content === text;

/** The guardian writes; the athlete hears it (so it was announced and delivered on this process). */
async function guardianWrites(sockets: [Socket, Socket, Socket], conversationId: string, text: string) {
  const [, guardianSocket, athleteSocket] = sockets;
  guardianSocket.send({ type: "send", ref: text, conversationId, content: text });
  await guardianSocket.next((e) => e.type === "ack" && e.ref === text);
  await athleteSocket.next(saying(text));
}

/** Everything announced before now has reached the coach's socket: its own unread watch answers after it. */
async function settled(coachSocket: Socket) {
  const before = coachSocket.events.filter((e) => e.type === "unread").length;
  coachSocket.send({ type: "watchUnread" });
  await coachSocket.next(() => coachSocket.events.filter((e) => e.type === "unread").length > before);
}

describe("a coach's open thread when Safe Play changes", () => {
  it("stops hearing the family at once when staff end the coach's clearance, and is told", async () => {
    const { coach, conversationId, sockets } = await openThread("Lapsed");
    const [coachSocket] = sockets;
    await guardianWrites(sockets, conversationId, "Before: see you Tuesday");
    await coachSocket.next(saying("Before: see you Tuesday"));

    await db.execute(sql`update coach_profiles set safe_play_checked_on = '2020-01-01' where user_id = ${coach.id}`);
    await coachSocket.next((e) => e.type === "withheld" && e.conversationId === conversationId);
    await guardianWrites(sockets, conversationId, "After: she has a new phone number");
    await settled(coachSocket);
    expect(coachSocket.events.filter(saying("After: she has a new phone number"))).toEqual([]);
    expect(coachSocket.events.filter((e) => e.type === "typing")).toEqual([]);
    // Subscribing again is refused, as for any coach the rule keeps out.
    coachSocket.send({ type: "subscribe", conversationId });
    await coachSocket.next((e) => e.type === "error" && e.conversationId === conversationId);
    for (const s of sockets) s.close();
  });

  it("stops hearing it when the family's confirmation is withdrawn", async () => {
    const { athlete, conversationId, sockets } = await openThread("Withdrawn");
    const [coachSocket] = sockets;
    await db.execute(sql`update household_members set confirmed_at = null, confirmed_by = null, confirmed_how = null where user_id = ${athlete.id}`);
    await coachSocket.next((e) => e.type === "withheld" && e.conversationId === conversationId);
    for (const s of sockets) s.close();
  });

  it("keeps hearing it when a change leaves the coach cleared (a renewed training date)", async () => {
    const { coach, conversationId, sockets } = await openThread("Renewed");
    const [coachSocket] = sockets;
    await db.execute(sql`update coach_profiles set safe_play_checked_on = '2026-06-01' where user_id = ${coach.id}`);
    await guardianWrites(sockets, conversationId, "Renewed: court 3 today");
    await coachSocket.next(saying("Renewed: court 3 today"));
    expect(coachSocket.events.filter((e) => e.type === "withheld")).toEqual([]);
    for (const s of sockets) s.close();
  });
});

// A second socket of the coach opened on another page is withheld too: the rule is about the person.
describe("every socket of the person", () => {
  it("is withheld, not only the one that subscribed first", async () => {
    const { coach, conversationId, sockets } = await openThread("Twice");
    const second: Socket = await openSocket(realtime.origin, coach as Person);
    second.send({ type: "subscribe", conversationId });
    await second.next((e) => e.type === "subscribed");
    await db.execute(sql`update coach_profiles set background_checked_on = null where user_id = ${coach.id}`);
    await sockets[0].next((e) => e.type === "withheld");
    await second.next((e) => e.type === "withheld");
    for (const s of [...sockets, second]) s.close();
  });
});
