// Quiet hours over real sockets (Safe Play, decision 0022, issue 24): the realtime server (tests/support/realtime-sockets.ts)
// with the clock fixed through SAFE_PLAY_NOW. At 21:00 a coach typing or reading in a coach-minor-guardian
// conversation reaches the guardian and not the minor; at 14:00 it reaches both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  makePerson as makePersonIn,
  startRealtime as startRealtimeOn,
  subscribedSockets as subscribe,
  type Person,
} from "../../tests/support/realtime-sockets";
import type { SafePlaySettings } from "~/safe-play/safe-play.server";
import { parseQuietHours } from "~/safe-play/safe-play";
import { startConversation } from "~/messaging/conversations.server";
import { markConversationRead } from "~/messaging/messages.server";
import { sql } from "drizzle-orm";
import { getHouseholdOf } from "~/family/family-log.server";
import { joinAsGuardian } from "~/family/membership.server";
import { confirmHousehold } from "~/family/confirmation.server";

const { db, url } = await createTestDatabase();
const NY = "America/New_York";
const AFTERNOON = "2026-06-15T14:00:00-04:00";
const NIGHT = "2026-06-15T21:00:00-04:00";
const afternoon: SafePlaySettings = { timeZone: NY, quietHours: parseQuietHours("20:00-08:00")!, clock: () => new Date(AFTERNOON) };
const makePerson = (role: "client" | "coach", fullName: string, extra?: Parameters<typeof makePersonIn>[3]) =>
  makePersonIn(db, role, fullName, extra);
/** The realtime server of one app process, whose Safe Play clock reads `now`. */
const startRealtime = (now: string) => startRealtimeOn(db, url, { SAFE_PLAY_NOW: now });

// A coach, and a 15-year-old whose guardian is in the family staff confirmed: the conversation the coach starts has
// all three in it.
const coach = await makePerson("coach", "Cora Coach");
const parent = await makePerson("client", "Pat Parent", { clientKind: "guardian", dateOfBirth: "1980-05-01" });
const minor = await makePerson("client", "Max Minor", { clientKind: "athlete", dateOfBirth: "2011-03-04" });
await db.transaction((tx) => joinAsGuardian(tx, { athleteId: minor.id, guardianId: parent.id, actorId: parent.id, how: "test" }, afternoon));
const household = await getHouseholdOf(db, minor.id);
await confirmHousehold(db, household!.householdId, coach.id, "met at the evaluation", afternoon);
const { id: conversationId } = await startConversation(db, { id: coach.id, role: "coach" }, minor.id, afternoon);

async function subscribedSockets(origin: string) {
  const [coachSocket, parentSocket, minorSocket] = await subscribe(origin, [coach, parent, minor], conversationId);
  return { coachSocket: coachSocket!, parentSocket: parentSocket!, minorSocket: minorSocket! };
}

const typingOf = (person: Person) => (e: Record<string, unknown>) =>
  e.type === "typing" && e.conversationId === conversationId && e.userId === person.id;
const readBy = (person: Person) => (e: Record<string, unknown>) =>
  e.type === "read" && e.conversationId === conversationId && e.readerId === person.id;

describe("at 21:00 (quiet hours)", () => {
  let realtime: Awaited<ReturnType<typeof startRealtime>>;
  beforeAll(async () => (realtime = await startRealtime(NIGHT)));
  afterAll(() => realtime.close());

  it("a coach's typing and reading reach the guardian, not the minor; the family's reach everyone", async () => {
    const { coachSocket, parentSocket, minorSocket } = await subscribedSockets(realtime.origin);

    coachSocket.send({ type: "typing", conversationId });
    await parentSocket.next(typingOf(coach));
    // The guardian types after the coach's signal was handed out: once the minor has the guardian's, the coach's would
    // have come before it on the same socket, had it been sent.
    parentSocket.send({ type: "typing", conversationId });
    await minorSocket.next(typingOf(parent));
    await coachSocket.next(typingOf(parent));
    expect(minorSocket.events.filter(typingOf(coach))).toEqual([]);

    // The guardian writes (families are never held by quiet hours); the coach reads it, which is presence too.
    parentSocket.send({ type: "send", ref: "r1", conversationId, content: "Is practice on tomorrow?" });
    await parentSocket.next((e) => e.type === "ack" && e.ref === "r1");
    await coachSocket.next((e) => e.type === "message");
    coachSocket.send({ type: "read", conversationId });
    await parentSocket.next(readBy(coach));
    parentSocket.send({ type: "send", ref: "r2", conversationId, content: "Thanks!" });
    await minorSocket.next((e) => e.type === "message" && (e.message as { content: string }).content === "Thanks!");
    expect(minorSocket.events.filter(readBy(coach))).toEqual([]);
    // The minor's own typing still reaches the coach: the rule is about what a minor is shown.
    minorSocket.send({ type: "typing", conversationId });
    await coachSocket.next(typingOf(minor));
  });
});

describe("at 14:00", () => {
  let realtime: Awaited<ReturnType<typeof startRealtime>>;
  beforeAll(async () => (realtime = await startRealtime(AFTERNOON)));
  afterAll(() => realtime.close());

  it("a coach's typing and reading reach the guardian and the minor", async () => {
    const { coachSocket, parentSocket, minorSocket } = await subscribedSockets(realtime.origin);
    coachSocket.send({ type: "typing", conversationId });
    await Promise.all([parentSocket.next(typingOf(coach)), minorSocket.next(typingOf(coach))]);

    minorSocket.send({ type: "send", ref: "r3", conversationId, content: "See you at 4" });
    await coachSocket.next((e) => e.type === "message" && (e.message as { content: string }).content === "See you at 4");
    coachSocket.send({ type: "read", conversationId });
    await Promise.all([parentSocket.next(readBy(coach)), minorSocket.next(readBy(coach))]);
  });

  // The hub remembers each conversation's participants for this rule until the conversation's Safe Play version moves
  // (issue 43): a change must count for the very next signal, not the next restart.
  it("once the coach's training lapses, the coach's read mark reaches nobody, though it reached the minor a moment before", async () => {
    const { coachSocket, parentSocket, minorSocket } = await subscribedSockets(realtime.origin);
    coachSocket.send({ type: "typing", conversationId });
    await minorSocket.next(typingOf(coach));

    minorSocket.send({ type: "send", ref: "r4", conversationId, content: "Are you there?" });
    await minorSocket.next((e) => e.type === "ack" && e.ref === "r4");
    await db.execute(sql`update coach_profiles set safe_play_checked_on = null where user_id = ${coach.id}`);
    const before = minorSocket.events.length;
    expect(await markConversationRead(db, conversationId, coach.id)).toBe(true);
    // The family type after the coach's mark was announced: once each has the other's, the coach's would have come first.
    parentSocket.send({ type: "typing", conversationId });
    minorSocket.send({ type: "typing", conversationId });
    await Promise.all([minorSocket.next(typingOf(parent)), parentSocket.next(typingOf(minor))]);
    expect(minorSocket.events.slice(before).filter(readBy(coach))).toEqual([]);
    expect(parentSocket.events.filter(readBy(coach))).toEqual([]);
  });
});
