// Attendance that tells the truth (issue 39, decision 0048), against a real PostgreSQL through the routes: a mark
// stamped ahead of the server's clock is kept at the server's time so a later tap corrects it; a tap that loses to a
// newer mark says whose mark was kept; a day the session does not meet is refused beside the picker and for each mark;
// the form without JavaScript sends only what changed and never answers "saved" for a row that kept another value.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { contextFor, call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as sheetAction, loader as sheetLoader } from "~/routes/rosters.$sessionId.attendance";
import { action as marksAction } from "~/routes/rosters.$sessionId.marks";
import { recordMarks } from "./attendance.server";
import { createEnrollmentRequest, takeCoachStep } from "./enrollments.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "./test-support";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const NOW = "2026-06-15T14:00:00-04:00"; // Monday 15 June 2026, 2 pm in New York (18:00 UTC)
const at = (iso: string) => ({ timeZone: "America/New_York", clock: () => new Date(iso) });
const settings = at(NOW);

function as(p: Person, now = NOW): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: now, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const json = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
  });
const mark = (athleteId: string, day: string, present: boolean, markedAt: string) => ({
  athleteId,
  day,
  present,
  clientId: crypto.randomUUID(),
  markedAt,
});

/** A Tuesday/Thursday session coached by two coaches, one athlete enrolled. */
async function sheet(name: string) {
  const [carla, dev] = [await makeUser(db, "coach", `${name} Carla`), await makeUser(db, "coach", `${name} Dev`)];
  const session = await makeSession(db, 10, {}, [carla.id, dev.id]);
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  await takeCoachStep(services, carla, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" });
  await takeCoachStep(services, carla, made.enrollmentId, "enroll");
  return { carla, dev, session, athlete: f.athlete };
}
const row = async (session: string) =>
  (
    await db.execute<{ present: boolean; marked_at: string; marked_by: string }>(
      sql`select present, to_char(marked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as marked_at, marked_by from attendance_marks where event_id = ${session}`,
    )
  ).rows;

describe("a mark's time", () => {
  it("is never ahead of the server's clock, so a later tap corrects a mark from a phone whose clock is ahead", async () => {
    const { carla, session, athlete } = await sheet("Clamp");
    // The phone's clock is six hours ahead: its tap says 00:00 UTC tomorrow.
    const ahead = mark(athlete.id, "2026-06-11", true, "2026-06-16T00:00:00Z");
    expect(await recordMarks(db, carla, session, [ahead], settings)).toMatchObject({ ok: true, saved: [ahead.clientId], refused: [] });
    expect(await row(session)).toEqual([{ present: true, marked_at: "2026-06-15T18:00", marked_by: carla.id }]);
    // Five minutes later a tap from a phone with the right time corrects it.
    const later = mark(athlete.id, "2026-06-11", false, "2026-06-15T18:05:00Z");
    expect(await recordMarks(db, carla, session, [later], at("2026-06-15T14:05:00-04:00"))).toMatchObject({
      ok: true,
      saved: [later.clientId],
      refused: [],
    });
    expect((await row(session))[0]).toMatchObject({ present: false, marked_at: "2026-06-15T18:05" });
  });

  it("a tap that loses to a newer mark is not called saved: it says whose mark was kept, and what it says", async () => {
    const { carla, dev, session, athlete } = await sheet("Newer");
    await recordMarks(db, carla, session, [mark(athlete.id, "2026-06-11", true, "2026-06-15T18:00:00Z")], settings);
    // Dev's phone was offline: his older tap arrives after Carla's.
    const old = mark(athlete.id, "2026-06-11", false, "2026-06-15T17:50:00Z");
    const answer = await call(marksAction as never, {
      request: json(`/rosters/${session}/marks`, { marks: [old] }),
      context: as(dev),
      params: { sessionId: session },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        saved: [],
        refused: [
          { clientId: old.clientId, athleteId: athlete.id, kept: true, error: "A newer mark from Newer Carla at 2:00 PM was kept: Present." },
        ],
      },
    });
    expect(await row(session)).toEqual([{ present: true, marked_at: "2026-06-15T18:00", marked_by: carla.id }]);
  });
});

describe("the days a sheet takes", () => {
  it("opens on the nearest meeting day, refuses a day the session does not meet beside the picker, and stores nothing for it", async () => {
    const { carla, session, athlete } = await sheet("Days");
    const load = (q: string) =>
      call(sheetLoader as never, {
        request: new Request(`http://localhost/rosters/${session}/attendance${q}`),
        context: as(carla),
        params: { sessionId: session },
      });
    // Monday: the sheet opens on last Thursday, and offers meeting days only.
    expect((await load("")).body).toMatchObject({ day: "2026-06-11", dayError: null, markable: true });
    const monday = (await load("?day=2026-06-15")).body as { day: string; days: string[]; dayError: string };
    expect(monday.dayError).toBe("The session does not meet on Monday, June 15. Choose one of its days.");
    expect(monday.day).toBe("2026-06-11");
    expect(monday.days.slice(0, 3)).toEqual(["2026-06-11", "2026-06-09", "2026-06-04"]);
    expect(((await load("?day=2026-06-09")).body as { day: string }).day).toBe("2026-06-09");
    // The form without JavaScript, for Monday: refused beside the picker, nothing stored.
    const posted = await call(sheetAction as never, {
      request: postForm(
        `/rosters/${session}/attendance`,
        { day: "2026-06-15", [`mark:${athlete.id}`]: "present" },
        { Origin: "http://localhost:3000" },
      ),
      context: as(carla),
      params: { sessionId: session },
    });
    expect(posted).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { day: "The session does not meet on Monday, June 15. Choose one of its days." } },
    });
    // The phone's sync: Monday and tomorrow refused, each with its reason.
    const synced = await recordMarks(
      db,
      carla,
      session,
      [mark(athlete.id, "2026-06-15", true, NOW), mark(athlete.id, "2026-06-16", true, NOW)],
      settings,
    );
    expect(synced.ok && synced.refused.map((r) => r.error)).toEqual([
      "The session does not meet on Monday, June 15. Choose one of its days.",
      "Tuesday, June 16 has not come yet: attendance is taken on the day.",
    ]);
    expect(await row(session)).toEqual([]);
  });
  it("never offers nor takes a day the organisation cancelled: the picker skips it, the address, the form and the sync refuse it", async () => {
    const { carla, session, athlete } = await sheet("Cancelled");
    await db.execute(sql`insert into cancelled_dates (day, note) values ('2026-06-02', 'Courts resurfaced')`);
    try {
      const load = (q: string) =>
        call(sheetLoader as never, {
          request: new Request(`http://localhost/rosters/${session}/attendance${q}`),
          context: as(carla),
          params: { sessionId: session },
        });
      const opened = (await load("")).body as { days: string[] };
      expect(opened.days).toContain("2026-06-04");
      expect(opened.days).not.toContain("2026-06-02");
      const words = "The session was cancelled on Tuesday, June 2: there is no attendance to take. Choose another of its days.";
      expect((await load("?day=2026-06-02")).body).toMatchObject({ day: "2026-06-11", dayError: words });
      const posted = await call(sheetAction as never, {
        request: postForm(
          `/rosters/${session}/attendance`,
          { day: "2026-06-02", [`mark:${athlete.id}`]: "present" },
          { Origin: "http://localhost:3000" },
        ),
        context: as(carla),
        params: { sessionId: session },
      });
      expect(posted).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { day: words } } });
      const synced = await recordMarks(db, carla, session, [mark(athlete.id, "2026-06-02", true, NOW)], settings);
      expect(synced.ok && synced.refused.map((r) => r.error)).toEqual([words]);
      expect(await row(session)).toEqual([]);
    } finally {
      await db.execute(sql`delete from cancelled_dates where day = '2026-06-02'`);
    }
  });
});

describe("the form without JavaScript", () => {
  it("corrects a mark a phone stamped ahead, sends only what changed, and says when a newer mark was kept", async () => {
    const { carla, dev, session, athlete } = await sheet("Form");
    await recordMarks(db, carla, session, [mark(athlete.id, "2026-06-11", true, "2026-06-16T03:00:00Z")], settings);
    const post = (who: Person, fields: Record<string, string>, now = "2026-06-15T14:10:00-04:00") =>
      call(sheetAction as never, {
        request: postForm(`/rosters/${session}/attendance`, { day: "2026-06-11", ...fields }, { Origin: "http://localhost:3000" }),
        context: as(who, now),
        params: { sessionId: session },
      });
    // Dev corrects it ten minutes later: saved, and the row says so.
    expect((await post(dev, { [`was:${athlete.id}`]: "present", [`mark:${athlete.id}`]: "absent" })).status).toBe(302);
    expect(await row(session)).toEqual([{ present: false, marked_at: "2026-06-15T18:10", marked_by: dev.id }]);
    // Carla's sheet still showed "absent" and she changed nothing: nothing is sent, the row keeps Dev's mark.
    expect((await post(carla, { [`was:${athlete.id}`]: "absent", [`mark:${athlete.id}`]: "absent" }, "2026-06-15T14:20:00-04:00")).status).toBe(302);
    expect((await row(session))[0]!.marked_by).toBe(dev.id);
    // A form whose clock reads earlier than the kept mark (the server's clock was set back) is told the truth.
    const lost = await post(carla, { [`was:${athlete.id}`]: "absent", [`mark:${athlete.id}`]: "present" }, "2026-06-15T14:05:00-04:00");
    expect(lost).toMatchObject({
      status: 400,
      body: {
        ok: false,
        sent: { saved: 0, refused: [{ athleteId: athlete.id, kept: false, error: "A newer mark from Form Dev at 2:10 PM was kept: Absent." }] },
      },
    });
    expect((await row(session))[0]).toMatchObject({ present: false, marked_by: dev.id });
  });
});
