// Rosters, attendance and roster messages against a real PostgreSQL, through the routes as each person would call
// them (issue 29): marks sent twice or out of order, marks refused, the wrong people at every door, one message a
// household through messaging's own send path.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { attendanceMarks, conversationParticipants, enrollments, messages } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { DEFAULT_SEND_LIMITS } from "~/messaging/index.server";
import { loader as accountEnrollmentsLoader } from "~/routes/account.enrollments";
import { action as enrollAction, loader as enrollLoader } from "~/routes/enroll.$sessionId";
import { action as marksAction } from "~/routes/rosters.$sessionId.marks";
import { action as rosterAction, loader as rosterLoader } from "~/routes/rosters.$sessionId";
import { loader as reportLoader } from "~/routes/reports.funders";
import { loader as csvLoader } from "~/routes/reports.funders.csv";
import { recordMarks } from "./attendance.server";
import { createEnrollmentRequest, takeCoachStep } from "./enrollments.server";
import { messageRoster } from "./roster-message.server";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "./test-support";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const NOW = "2026-06-15T14:00:00-04:00"; // a Monday afternoon
const settings = { timeZone: "America/New_York", clock: () => new Date(NOW) };

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const get = (url: string) => new Request(`http://localhost${url}`);
const json = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
  });

async function enrolledFamily(session: string, coach: Person, name: string) {
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" });
  await takeCoachStep(services, coach, made.enrollmentId, "enroll");
  return { ...f, enrollmentId: made.enrollmentId };
}

const mark = (athleteId: string, day: string, present: boolean, at: string) => ({
  athleteId,
  day,
  present,
  clientId: crypto.randomUUID(),
  markedAt: at,
});

describe("attendance", () => {
  it("stores a mark sent twice once, keeps the latest tap whatever order they arrive in, and refuses the rest", async () => {
    const coach = await makeUser(db, "coach", "Coach Court");
    const session = await makeSession(db, 10);
    const { athlete } = await enrolledFamily(session, coach, "Marked");
    const stranger = await makeFamily(db, "Stranger");
    const first = mark(athlete.id, "2026-06-11", false, "2026-06-11T20:31:00Z");
    const second = mark(athlete.id, "2026-06-11", true, "2026-06-11T20:32:00Z");
    expect(await recordMarks(db, coach, session, [first], settings)).toMatchObject({ ok: true, saved: [first.clientId] });
    expect(await recordMarks(db, coach, session, [second, first], settings)).toMatchObject({ ok: true });
    // The phone lost the answer and sends the older tap again: nothing changes.
    expect(await recordMarks(db, coach, session, [first], settings)).toMatchObject({ ok: true });
    const rows = await db
      .select()
      .from(attendanceMarks)
      .where(sql`event_id = ${session}`);
    expect(rows.map((r) => [r.day, r.present, r.clientId])).toEqual([["2026-06-11", true, second.clientId]]);
    // Not on the roster, a Monday (the session meets Tuesdays and Thursdays), a day to come: refused, nothing stored.
    const refused = await recordMarks(
      db,
      coach,
      session,
      [mark(stranger.athlete.id, "2026-06-11", true, NOW), mark(athlete.id, "2026-06-15", true, NOW), mark(athlete.id, "2026-06-16", true, NOW)],
      settings,
    );
    expect(refused.ok && refused.refused.map((r) => r.error)).toEqual([
      "This athlete is not on the session's roster.",
      "The session does not meet on Monday, June 15. Choose one of its days.",
      "Tuesday, June 16 has not come yet: attendance is taken on the day.",
    ]);
    expect(
      await db
        .select()
        .from(attendanceMarks)
        .where(sql`event_id = ${session}`),
    ).toHaveLength(1);
  });

  it("answers the phone's sync as a coach, and refuses a client and a visitor", async () => {
    const coach = await makeUser(db, "coach", "Coach Sync");
    const session = await makeSession(db, 10);
    const fam = await enrolledFamily(session, coach, "Synced");
    const body = { marks: [mark(fam.athlete.id, "2026-06-11", true, NOW)] };
    const url = `/rosters/${session}/marks`;
    expect((await call(marksAction as never, { request: json(url, body), context: as(fam.guardian), params: { sessionId: session } })).status).toBe(
      403,
    );
    expect((await call(marksAction as never, { request: json(url, body), context: as(null), params: { sessionId: session } })).status).toBe(401);
    expect(
      await db
        .select()
        .from(attendanceMarks)
        .where(sql`event_id = ${session}`),
    ).toHaveLength(0);
    const ok = await call(marksAction as never, { request: json(url, body), context: as(coach), params: { sessionId: session } });
    expect(ok).toMatchObject({ status: 200, body: { saved: [body.marks[0]!.clientId], refused: [] } });
  });
});

describe("the wrong people", () => {
  it("shows a roster, the report and its CSV to coaches only", async () => {
    const coach = await makeUser(db, "coach", "Coach Door");
    const session = await makeSession(db, 10);
    const fam = await enrolledFamily(session, coach, "Door");
    const params = { sessionId: session };
    for (const who of [fam.guardian, fam.athlete]) {
      expect((await call(rosterLoader as never, { request: get(`/rosters/${session}`), context: as(who), params })).status).toBe(403);
      expect((await call(reportLoader as never, { request: get("/reports/funders"), context: as(who) })).status).toBe(403);
      expect((await call(csvLoader as never, { request: get("/reports/funders.csv"), context: as(who) })).status).toBe(403);
    }
    expect((await call(rosterLoader as never, { request: get(`/rosters/${session}`), context: as(null), params })).status).toBe(302);
    // A client posting a coach's step changes nothing.
    const step = postForm(
      `/rosters/${session}`,
      { intent: "step", step: "withdraw", enrollmentId: fam.enrollmentId },
      { Origin: "http://localhost:3000" },
    );
    expect((await call(rosterAction as never, { request: step, context: as(fam.guardian), params })).status).toBe(403);
    const [row] = await db
      .select({ status: enrollments.status })
      .from(enrollments)
      .where(sql`id = ${fam.enrollmentId}`);
    expect(row!.status).toBe("enrolled");
    const roster = await call(rosterLoader as never, { request: get(`/rosters/${session}`), context: as(coach), params });
    const entry = (roster.body as { roster: Array<{ athleteName: string; notes: { medical: string }; guardians: Array<{ phone: string }> }> })
      .roster[0]!;
    expect([entry.athleteName, entry.notes.medical, entry.guardians[0]!.phone]).toEqual([
      "Door Kid",
      "Peanut allergy: EpiPen in the blue bag",
      "202-555-0100",
    ]);
  });

  it("shows a family only its own children, and refuses a coach the families' pages", async () => {
    const coach = await makeUser(db, "coach", "Coach Fam");
    const session = await makeSession(db, 10);
    const mine = await enrolledFamily(session, coach, "Ours");
    const theirs = await enrolledFamily(session, coach, "Others");
    const page = await call(accountEnrollmentsLoader as never, { request: get("/account/enrollments"), context: as(mine.guardian) });
    const children = (page.body as { children: Array<{ name: string; level: number; requests: Array<{ status: string }> }> }).children;
    expect(children.map((c) => [c.name, c.level, c.requests[0]!.status])).toEqual([["Ours Kid", 4, "enrolled"]]);
    expect(JSON.stringify(page.body)).not.toContain(theirs.athlete.id);
    expect((await call(accountEnrollmentsLoader as never, { request: get("/account/enrollments"), context: as(coach) })).status).toBe(403);
    expect(
      (await call(enrollLoader as never, { request: get(`/enroll/${session}`), context: as(coach), params: { sessionId: session } })).status,
    ).toBe(403);
    // Asking a place for another family's child through the page: refused beside the field, nothing stored.
    const other = await makeSession(db, 10);
    const ask = postForm(`/enroll/${other}`, { ...onCourt(theirs.athlete.id), photoConsent: "on" }, { Origin: "http://localhost:3000" });
    const refused = await call(enrollAction as never, { request: ask, context: as(mine.guardian), params: { sessionId: other } });
    expect(refused).toMatchObject({ status: 403, body: { fieldErrors: { athleteId: "Choose one of your household's student-athletes." } } });
    expect(
      await db
        .select()
        .from(enrollments)
        .where(sql`event_id = ${other}`),
    ).toHaveLength(0);
  });

  it("says a capacity of -1 and a level of 6 beside their fields, storing nothing", async () => {
    const coach = await makeUser(db, "coach", "Coach Bad");
    const session = await makeSession(db, 10);
    const fam = await enrolledFamily(session, coach, "Bad");
    const params = { sessionId: session };
    const post = (fields: Record<string, string>) =>
      call(rosterAction as never, {
        request: postForm(`/rosters/${session}`, fields, { Origin: "http://localhost:3000" }),
        context: as(coach),
        params,
      });
    expect(await post({ intent: "capacity", capacity: "-1" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { capacity: "Enter a number of places from 1 to 10,000." } },
    });
    expect(await post({ intent: "place", enrollmentId: fam.enrollmentId, level: "6", placedOn: "2026-06-12" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { level: "Choose a level from 1 to 5." } },
    });
    const levels = await db.execute<{ n: number }>(sql`select count(*)::int as n from athlete_levels where athlete_id = ${fam.athlete.id}`);
    expect(levels.rows[0]!.n).toBe(1);
  });
});

describe("roster messages", () => {
  it("sends one message to each household in its own conversation with its guardians, through the normal send path", async () => {
    const coach = await makeUser(db, "coach", "Coach Msg");
    const session = await makeSession(db, 10);
    const a = await enrolledFamily(session, coach, "MsgA");
    const b = await enrolledFamily(session, coach, "MsgB");
    const result = await messageRoster(db, coach, session, "Bring water tomorrow", { ...DEFAULT_SEND_LIMITS, safePlay: afternoon(NOW) });
    expect(result).toEqual({ sent: 2, refused: [], later: null });
    const sent = await db
      .select({ conversationId: messages.conversationId })
      .from(messages)
      .where(sql`content = 'Bring water tomorrow'`);
    expect(new Set(sent.map((s) => s.conversationId)).size).toBe(2);
    for (const fam of [a, b]) {
      const members = await db
        .select({ userId: conversationParticipants.userId })
        .from(conversationParticipants)
        .where(sql`conversation_id in (select conversation_id from conversation_participants where user_id = ${fam.athlete.id})`);
      expect(new Set(members.map((mm) => mm.userId))).toEqual(new Set([coach.id, fam.athlete.id, fam.guardian.id]));
    }
    // Quiet hours hold: at 21:00 a coach's message to minors is refused, each family said.
    const night = await messageRoster(db, coach, session, "Late note", { ...DEFAULT_SEND_LIMITS, safePlay: afternoon("2026-06-15T21:00:00-04:00") });
    expect(night?.sent).toBe(0);
    expect(night?.refused).toHaveLength(2);
    // Quiet hours alone held both back: the coach is offered to keep the message for 8:00 AM (issue 39).
    expect(night?.later?.athleteIds.sort()).toEqual([a.athlete.id, b.athlete.id].sort());
    expect(night?.later?.offer).toMatchObject({ label: "8:00 AM", button: "Send at 8:00 AM", sendAt: "2026-06-16T12:00:00.000Z" });
    // A client cannot message a roster.
    expect(await messageRoster(db, a.guardian, session, "Hi all", DEFAULT_SEND_LIMITS)).toBeNull();
  });
});
