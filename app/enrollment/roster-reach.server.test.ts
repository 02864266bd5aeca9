// Coaches reach families (issue 39), through the routes against a real database: the roster's loader marks each
// family's Safe Play state with who to call; its confirm step confirms only the people named, of a household on this
// roster, and only for its coach; "Message every family" accounts for every family and, at 21:30, keeps the message
// for 8:00 AM for the families quiet hours alone held back; the conversation page keeps and cancels a message for its
// sender only. The queue's part (sent at its time, Safe Play asked again) is app/messaging/scheduled.server.test.ts's.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { joinAsGuardian } from "~/family/membership.server";
import { startConversation } from "~/messaging/index.server";
import { action as conversationAction, loader as conversationLoader } from "~/routes/messages.$conversationId";
import { action as rosterAction, loader as rosterLoader } from "~/routes/rosters.$sessionId";
import { afternoon, makeFamily, makeSession, makeUser, type Person } from "./test-support";

const { db } = await createTestDatabase();
const DAY = "2026-06-15T14:00:00-04:00";
const NIGHT = "2026-06-15T21:30:00-04:00";

function as(p: Person, now = DAY): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: now, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const origin = { Origin: "http://localhost:3000" };

const coach = await makeUser(db, "coach", "Reach Coach");
const other = await makeUser(db, "coach", "Other Coach");
const sessionId = await makeSession(db, 10, {}, [coach.id]);
const confirmed = await makeFamily(db, "Reach Confirmed");
// A family staff have not confirmed yet: the guardian has a phone on record.
const guardian = await makeUser(db, "client", "Reach Waiting Parent", { phone: "202-555-0199" });
const athlete = await makeUser(db, "client", "Reach Waiting Kid", { clientKind: "athlete", dateOfBirth: "2014-02-02" });
await db.transaction((tx) => joinAsGuardian(tx, { athleteId: athlete.id, guardianId: guardian.id, actorId: guardian.id, how: "test" }, afternoon()));
for (const a of [confirmed.athlete.id, athlete.id])
  await db.execute(sql`insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone)
    values (${sessionId}, ${a}, ${a}, 'enrolled', 'Aunt Reach', '202-555-0111')`);
const url = `/rosters/${sessionId}`;
const roster = async (p: Person, now = DAY) =>
  (await call(rosterLoader, { request: new Request(`http://localhost${url}`), context: as(p, now), params: { sessionId } })).body as {
    roster: Array<{ id: string; athleteId: string; family: Array<{ name: string; confirmed: boolean; phone: string | null }> }>;
    scheduled: Array<{ id: string; to: string; status: string }>;
  };
const post = (p: Person, fields: Record<string, string | string[]>, now = DAY) =>
  call(rosterAction, { request: postForm(url, fields, origin), context: as(p, now), params: { sessionId } });

describe("the roster's families", () => {
  it("says who waits and who to call, and confirms only the people named, for the session's coach only", async () => {
    const before = await roster(coach);
    const waiting = before.roster.find((e) => e.athleteId === athlete.id)!;
    expect(waiting.family).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Reach Waiting Parent", confirmed: false, phone: "202-555-0199" }),
        expect.objectContaining({ name: "Reach Waiting Kid", confirmed: false }),
      ]),
    );
    expect(before.roster.find((e) => e.athleteId === confirmed.athlete.id)!.family.every((p) => p.confirmed)).toBe(true);

    // Nobody named, or no way of knowing them said: the reasons beside the fields, nothing confirmed.
    const bare = await post(coach, { intent: "confirm", enrollmentId: waiting.id, how: "" });
    expect(bare.status).toBe(400);
    expect((bare.body as { fieldErrors: Record<string, string> }).fieldErrors.how).toBeTruthy();
    const nobody = await post(coach, { intent: "confirm", enrollmentId: waiting.id, how: "Met at the clinic" });
    expect(nobody.status).toBe(400);
    // Another coach (not this session's) is refused; a person of another household is not confirmed through this one.
    expect((await post(other, { intent: "confirm", enrollmentId: waiting.id, people: [guardian.id], how: "Met them" })).status).toBe(403);
    expect(
      (await post(coach, { intent: "confirm", enrollmentId: waiting.id, people: [confirmed.guardian.id], how: "Met them" })).status,
    ).toBeGreaterThanOrEqual(400);
    const ids = (await roster(coach)).roster.find((e) => e.athleteId === athlete.id)!.family.filter((p) => p.confirmed);
    expect(ids).toEqual([]);

    const done = await post(coach, { intent: "confirm", enrollmentId: waiting.id, people: [guardian.id, athlete.id], how: "Met at the clinic" });
    expect(done.status).toBe(302);
    const after = (await roster(coach)).roster.find((e) => e.athleteId === athlete.id)!;
    expect(after.family.every((p) => p.confirmed)).toBe(true);
  });

  it("at 21:30 accounts for every family and keeps the message for 8:00 AM for those quiet hours held back", async () => {
    const sent = await post(coach, { intent: "message", content: "Bring water" }, NIGHT);
    const body = sent.body as { sent: number; refused: Array<{ athlete: string }>; later: { athleteIds: string[]; offer: { button: string } } };
    expect(sent.body).toMatchObject({ ok: true, intent: "message", content: "Bring water" });
    expect(body.sent).toBe(0);
    expect(body.refused.map((r) => r.athlete).sort()).toEqual(["Reach Confirmed Kid", "Reach Waiting Kid"]);
    expect(body.later.offer.button).toBe("Send at 8:00 AM");
    // Only athletes of this roster are kept for; an id from elsewhere is ignored.
    const kept = await post(coach, { intent: "message-later", content: "Bring water", athleteIds: [...body.later.athleteIds, other.id] }, NIGHT);
    expect(kept.body).toMatchObject({ ok: true, intent: "message-later", scheduled: 2, refused: [] });
    const list = (await roster(coach, NIGHT)).scheduled;
    expect(list).toHaveLength(2);
    // Another coach cannot cancel it (nor reads it); its sender can.
    expect((await post(other, { intent: "cancel-scheduled", scheduledId: list[0]!.id }, NIGHT)).status).toBe(403);
    expect((await post(coach, { intent: "cancel-scheduled", scheduledId: list[0]!.id }, NIGHT)).body).toMatchObject({
      ok: true,
      intent: "cancel-scheduled",
      message: "The scheduled message was cancelled; it will not be sent.",
    });
    expect((await roster(coach, NIGHT)).scheduled).toHaveLength(1);
    // By day nothing is kept: the message can go now.
    const day = await post(coach, { intent: "message-later", content: "Hi", athleteIds: [athlete.id] });
    expect(day.body).toMatchObject({
      scheduled: 0,
      refused: [{ athlete: "Reach Waiting Kid", reason: "Quiet hours are over: this message can be sent now." }],
    });
  });
});

describe("the conversation page", () => {
  it("offers to keep a send refused for quiet hours, keeps it for its sender, and nobody else cancels it", async () => {
    const { id: conversationId } = await startConversation(db, coach, athlete.id, { ...afternoon(), clock: () => new Date(DAY) });
    const convo = (p: Person, fields: Record<string, string>, now = NIGHT) =>
      call(conversationAction, {
        request: postForm(`/messages/${conversationId}`, fields, origin),
        context: as(p, now),
        params: { conversationId },
      });
    const refused = await convo(coach, { intent: "send", content: "Late note" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, content: "Late note", offer: { label: "8:00 AM", button: "Send at 8:00 AM" } });
    const kept = await convo(coach, { intent: "schedule", content: "Late note" });
    expect(kept.body).toMatchObject({ ok: true, scheduled: "Scheduled: it will be sent at 8:00 AM, if Safe Play still allows it then." });
    const page = await call(conversationLoader, {
      request: new Request(`http://localhost/messages/${conversationId}`),
      context: as(coach, NIGHT),
      params: { conversationId },
    });
    // The roster's test may have left its "Bring water" kept in this conversation too (which of its two it cancelled
    // is not fixed): this test reads its own.
    const scheduled = (page.body as { scheduled: Array<{ id: string; content: string }> }).scheduled.filter((s) => s.content !== "Bring water");
    expect(scheduled.map((s) => s.content)).toEqual(["Late note"]);
    // The guardian (in the conversation) neither sees nor cancels it, nor keeps one of their own: they may send now.
    const guardianPage = await call(conversationLoader, {
      request: new Request(`http://localhost/messages/${conversationId}`),
      context: as(guardian, NIGHT),
      params: { conversationId },
    });
    expect((guardianPage.body as { scheduled: unknown[] }).scheduled).toEqual([]);
    expect((await convo(guardian, { intent: "cancel-scheduled", scheduledId: scheduled[0]!.id })).status).toBe(404);
    expect((await convo(guardian, { intent: "schedule", content: "Thanks" })).status).toBe(403);
    // Someone outside the conversation gets its 404.
    expect((await convo(other, { intent: "cancel-scheduled", scheduledId: scheduled[0]!.id })).status).toBe(404);
    expect((await convo(coach, { intent: "cancel-scheduled", scheduledId: scheduled[0]!.id })).body).toMatchObject({ ok: true });
  });
});
