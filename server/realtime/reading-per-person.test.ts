// Reading per person and leaving a conversation, over real sockets (issue 25, decision 0009). In a coach-athlete-guardian
// thread each person reads for themselves: the coach reading the guardian's message leaves it unread for the athlete
// (their badge stays), and the guardian's tick turns to "read by everyone" only once both have read. Someone taken out
// of a conversation stops hearing it at once, on a socket that was already open, and cannot subscribe again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { makePerson, openSocket, startRealtime, subscribedSockets } from "../../tests/support/realtime-sockets";
import type { SafePlaySettings } from "~/safe-play/safe-play.server";
import { parseQuietHours } from "~/safe-play/safe-play";
import { getConversationsForUser, getUnreadCount, startConversation } from "~/messaging/conversations.server";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { removeAthleteFromHousehold } from "~/family/guardian-athletes.server";
import { confirmHousehold } from "~/family/confirmation.server";
import { sql } from "drizzle-orm";

const { db, url } = await createTestDatabase();
const AFTERNOON = "2026-06-15T14:00:00-04:00";
const afternoon: SafePlaySettings = { timeZone: "America/New_York", quietHours: parseQuietHours("20:00-08:00")!, clock: () => new Date(AFTERNOON) };

/** A coach, and an athlete whose guardian is in the family staff confirmed: the coach's conversation holds all three. */
async function family(athleteBirth: string, safePlay = afternoon) {
  const coach = await makePerson(db, "coach", "Marcus Bell");
  const guardian = await makePerson(db, "client", "Ana Reyes", { clientKind: "guardian", dateOfBirth: "1980-05-01" });
  const athlete = await makePerson(db, "client", "Sofia Reyes", { clientKind: "athlete", dateOfBirth: athleteBirth });
  await db.transaction((tx) => joinAsGuardian(tx, { athleteId: athlete.id, guardianId: guardian.id, actorId: guardian.id, how: "test" }, safePlay));
  const household = await getHouseholdOf(db, athlete.id);
  await confirmHousehold(db, household!.householdId, coach.id, "met at the evaluation", safePlay);
  const { id } = await startConversation(db, { id: coach.id, role: "coach" }, athlete.id, safePlay);
  return { coach, guardian, athlete, conversationId: id };
}

const messageSaying = (text: string) => (e: Record<string, unknown>) => e.type === "message" && (e.message as { content: string }).content === text;

let realtime: Awaited<ReturnType<typeof startRealtime>>;
beforeAll(async () => (realtime = await startRealtime(db, url, { SAFE_PLAY_NOW: AFTERNOON })));
afterAll(() => realtime.close());

describe("in a coach-athlete-guardian thread", () => {
  it("each person reads for themselves: the coach reading leaves the athlete's message unread, and their badge", async () => {
    const { coach, guardian, athlete, conversationId } = await family("2011-03-04");
    const [coachSocket, guardianSocket, athleteSocket] = await subscribedSockets(realtime.origin, [coach, guardian, athlete], conversationId);
    athleteSocket!.send({ type: "watchUnread" });
    await athleteSocket!.next((e) => e.type === "unread");

    guardianSocket!.send({ type: "send", ref: "g1", conversationId, content: "Sofia has a cold, she will miss Tuesday" });
    await guardianSocket!.next((e) => e.type === "ack" && e.ref === "g1");
    const message = guardianSocket!.events.find((e) => e.type === "ack")!.message as { id: string; createdAt: string };
    await athleteSocket!.next(messageSaying("Sofia has a cold, she will miss Tuesday"));
    await athleteSocket!.next((e) => e.type === "unread" && e.count === 1);

    // The coach's page shows it and marks it read: for the coach alone.
    coachSocket!.send({ type: "read", conversationId, upTo: message.id });
    await guardianSocket!.next((e) => e.type === "read" && e.readerId === coach.id);
    expect(await getUnreadCount(db, coach.id)).toBe(0);
    expect(await getUnreadCount(db, athlete.id)).toBe(1);
    const athleteCard = (await getConversationsForUser(db, athlete.id)).conversations.find((c) => c.id === conversationId);
    expect(athleteCard?.unread).toBe(1);
    // Nothing told the athlete's badge to change (the coach's read is not theirs): asked again, the count is still 1,
    // and no count in between said otherwise.
    athleteSocket!.send({ type: "watchUnread" });
    await athleteSocket!.next((e) => e.type === "unread" && athleteSocket!.events.filter((x) => x.type === "unread").length >= 3);
    expect(athleteSocket!.events.filter((e) => e.type === "unread").map((e) => e.count)).toEqual([0, 1, 1]);

    // The athlete reads: now the guardian hears both marks, and the athlete's badge goes to 0.
    athleteSocket!.send({ type: "read", conversationId, upTo: message.id });
    await guardianSocket!.next((e) => e.type === "read" && e.readerId === athlete.id && typeof e.upTo === "string" && e.upTo >= message.createdAt);
    await athleteSocket!.next((e) => e.type === "unread" && e.count === 0);
    expect(await getUnreadCount(db, athlete.id)).toBe(0);
    for (const s of [coachSocket, guardianSocket, athleteSocket]) s!.close();
  });

  it("a guardian's cards say whose thread it is, and coaches see what the athlete is", async () => {
    const { coach, guardian, athlete, conversationId } = await family("2011-03-04");
    // The guardian's own conversation with the same coach (started by the guardian), beside the child's.
    const own = await startConversation(db, { id: guardian.id, role: "client" }, coach.id, afternoon);
    expect(own.id).not.toBe(conversationId);
    const cards = (await getConversationsForUser(db, guardian.id, { safePlay: afternoon })).conversations;
    const child = cards.find((c) => c.id === conversationId)!;
    const mine = cards.find((c) => c.id === own.id)!;
    expect(child.other?.fullName).toBe("Marcus Bell");
    expect(child.children).toEqual([{ firstName: "Sofia", age: 15 }]);
    expect(mine.children).toEqual([]);
    const coachCard = (await getConversationsForUser(db, coach.id, { safePlay: afternoon })).conversations.find((c) => c.id === conversationId)!;
    expect(coachCard.other?.id).toBe(athlete.id);
    expect(coachCard.otherLabel).toMatchObject({ kind: "athlete", minor: true, family: ["Ana Reyes"], confirmed: true });
  });
});

describe("leaving a conversation", () => {
  it("ends the live subscription of a guardian taken out, at once, on a socket already open", async () => {
    // The conversation began in May, when the athlete was 17 (so the guardian joined it); by June they are 18 and
    // leave the household, and their guardian leaves the athlete's conversations.
    const may = { ...afternoon, clock: () => new Date("2026-05-01T14:00:00-04:00") };
    const { coach, guardian, athlete, conversationId } = await family("2008-06-01", may);
    // The guardian's own conversation with the coach: what the coach says there after the removal is a marker that
    // everything announced before it has been handed out.
    const own = await startConversation(db, { id: guardian.id, role: "client" }, coach.id, afternoon);
    const [coachSocket, guardianSocket] = await subscribedSockets(realtime.origin, [coach, guardian], conversationId);
    guardianSocket!.send({ type: "subscribe", conversationId: own.id });
    await guardianSocket!.next((e) => e.type === "subscribed" && e.conversationId === own.id);
    await removeAthleteFromHousehold(db, { athleteId: athlete.id, actorId: athlete.id });
    await guardianSocket!.next((e) => e.type === "removed" && e.conversationId === conversationId);

    coachSocket!.send({ type: "send", ref: "c1", conversationId, content: "Only for Sofia now" });
    await coachSocket!.next((e) => e.type === "ack" && e.ref === "c1");
    guardianSocket!.send({ type: "typing", conversationId });
    await guardianSocket!.next((e) => e.type === "error" && e.error === "forbidden");
    guardianSocket!.send({ type: "subscribe", conversationId });
    await guardianSocket!.next((e) => e.type === "error" && e.error === "forbidden" && e.conversationId === conversationId);
    // Whatever the coach sent after the removal never reached the guardian: the coach's next message, in the
    // guardian's own conversation, arrives, and the one before it did not.
    coachSocket!.send({ type: "subscribe", conversationId: own.id });
    await coachSocket!.next((e) => e.type === "subscribed" && e.conversationId === own.id);
    coachSocket!.send({ type: "send", ref: "c2", conversationId: own.id, content: "See you at practice" });
    await guardianSocket!.next(messageSaying("See you at practice"));
    expect(guardianSocket!.events.filter(messageSaying("Only for Sofia now"))).toEqual([]);
    for (const s of [coachSocket, guardianSocket]) s!.close();
  });
});

describe("Safe Play's read rule on the socket", () => {
  it("a coach who may no longer read the thread (training lapsed) cannot hear it live: not the guardian's message, not typing", async () => {
    const { coach, guardian, athlete, conversationId } = await family("2011-03-04");
    // Training on record, but from 2020: the coach is not cleared, so the history page shows them nothing of the thread.
    await db.execute(sql`update coach_profiles set safe_play_checked_on = '2020-01-01' where user_id = ${coach.id}`);
    const [guardianSocket, athleteSocket] = await subscribedSockets(realtime.origin, [guardian, athlete], conversationId);
    const coachSocket = await openSocket(realtime.origin, coach);
    coachSocket.send({ type: "subscribe", conversationId });
    await coachSocket.next((e) => e.type === "error" && e.error === "forbidden" && e.conversationId === conversationId);

    // The guardian may still write (to the family); the athlete hears it, the coach's socket does not.
    guardianSocket!.send({ type: "typing", conversationId });
    guardianSocket!.send({ type: "send", ref: "g1", conversationId, content: "Sofia will be late on Tuesday" });
    await guardianSocket!.next((e) => e.type === "ack" && e.ref === "g1");
    await athleteSocket!.next(messageSaying("Sofia will be late on Tuesday"));
    // A marker: the coach's own unread watch answers after anything announced before it was handed out.
    coachSocket.send({ type: "watchUnread" });
    await coachSocket.next((e) => e.type === "unread");
    expect(coachSocket.events.filter((e) => e.type === "message" || e.type === "typing")).toEqual([]);
    for (const s of [coachSocket, guardianSocket, athleteSocket]) s!.close();
  });
});
