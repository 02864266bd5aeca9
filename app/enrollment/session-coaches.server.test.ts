// Sessions record their coaches, and a session's history stays (issue 29, decision 0033 addendum), through the routes
// as each person would call them, against a real PostgreSQL: a coach who does not coach a session gets 403 and sees
// nothing of its roster, its marks endpoint or its roster message, while its coach does; /rosters lists a coach's own
// sessions first and the others without a link; the program's editor sets a session's coaches (at least one, from the
// staff); a coach who adds a session coaches it; and the database refuses to delete a session with requests or marks,
// the editor saying why and storing nothing, while a session without them is still deleted.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { attendanceMarks, enrollments, events, messages, sessionCoaches } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as calendarAction } from "~/routes/calendar.events";
import { action as editorAction, loader as editorLoader } from "~/routes/programs.$program.edit";
import { action as marksAction } from "~/routes/rosters.$sessionId.marks";
import { action as rosterAction, loader as rosterLoader } from "~/routes/rosters.$sessionId";
import { loader as attendanceLoader } from "~/routes/rosters.$sessionId.attendance";
import { loader as rostersLoader } from "~/routes/rosters";
import { createEnrollmentRequest, takeCoachStep } from "./enrollments.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "./test-support";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const NOW = "2026-06-15T14:00:00-04:00";
const ORIGIN = { Origin: "http://localhost:3000" };

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  return { ...base, clientIp: "10.8.0.1", auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const get = (url: string) => new Request(`http://localhost${url}`);

/** A session coached by `coach` only, with one family enrolled (the athlete's notes say "Peanut allergy"). */
async function coachedSession(coach: Person, name: string) {
  const session = await makeSession(db, 10, {}, [coach.id]);
  const fam = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, fam.guardian, session, onCourt(fam.athlete.id));
  if (!made.ok) throw new Error(made.error);
  await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" });
  await takeCoachStep(services, coach, made.enrollmentId, "enroll");
  return { session, ...fam, enrollmentId: made.enrollmentId };
}

describe("a coach who does not coach the session", () => {
  it("gets 403 and nothing of the roster, the attendance sheet, the marks endpoint, a step or the roster message; its coach gets them", async () => {
    const own = await makeUser(db, "coach", "Coach Own");
    const outsider = await makeUser(db, "coach", "Coach Outsider");
    const { session, athlete, enrollmentId } = await coachedSession(own, "Guarded");
    const params = { sessionId: session };

    const roster = await call(rosterLoader as never, { request: get(`/rosters/${session}`), context: as(outsider), params });
    expect(roster.status).toBe(403);
    expect(JSON.stringify(roster.body)).not.toContain("Peanut");
    expect(JSON.stringify(roster.body)).toContain("Only the coaches of this session open its roster.");
    expect((await call(attendanceLoader as never, { request: get(`/rosters/${session}/attendance`), context: as(outsider), params })).status).toBe(
      403,
    );

    const mark = { athleteId: athlete.id, day: "2026-06-11", present: true, clientId: crypto.randomUUID(), markedAt: NOW };
    const marksRequest = () =>
      new Request(`http://localhost/rosters/${session}/marks`, {
        method: "POST",
        body: JSON.stringify({ marks: [mark] }),
        headers: { "Content-Type": "application/json", ...ORIGIN },
      });
    expect((await call(marksAction as never, { request: marksRequest(), context: as(outsider), params })).status).toBe(403);
    expect(
      await db
        .select()
        .from(attendanceMarks)
        .where(sql`event_id = ${session}`),
    ).toEqual([]);

    const post = (who: Person, fields: Record<string, string>) =>
      call(rosterAction as never, { request: postForm(`/rosters/${session}`, fields, ORIGIN), context: as(who), params });
    expect((await post(outsider, { intent: "message", content: "Hello from a stranger" })).status).toBe(403);
    expect(
      await db
        .select()
        .from(messages)
        .where(sql`content = 'Hello from a stranger'`),
    ).toEqual([]);
    expect((await post(outsider, { intent: "step", step: "withdraw", enrollmentId })).status).toBe(403);
    expect((await post(outsider, { intent: "capacity", capacity: "30" })).status).toBe(403);
    const [row] = await db
      .select({ status: enrollments.status })
      .from(enrollments)
      .where(sql`id = ${enrollmentId}`);
    expect(row!.status).toBe("enrolled");
    expect(
      (
        await db
          .select({ capacity: events.capacity })
          .from(events)
          .where(sql`id = ${session}`)
      )[0]!.capacity,
    ).toBe(10);

    // The session's own coach: the notes, the mark, the message.
    const mine = await call(rosterLoader as never, { request: get(`/rosters/${session}`), context: as(own), params });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).toContain("Peanut allergy: EpiPen in the blue bag");
    expect(await call(marksAction as never, { request: marksRequest(), context: as(own), params })).toMatchObject({
      status: 200,
      body: { saved: [mark.clientId] },
    });
    expect(await post(own, { intent: "message", content: "Bring water" })).toMatchObject({ status: 200, body: { sent: 1 } });
  });

  it("reads /rosters with their own sessions first and linked, the others with their coaches and counts only", async () => {
    const carla = await makeUser(db, "coach", "Carla Courtside");
    const dario = await makeUser(db, "coach", "Dario Drills");
    const hers = await makeSession(db, 10, { title: "Carla's Clinic" }, [carla.id]);
    await makeSession(db, 10, { title: "Dario's Clinic" }, [dario.id]);
    await makeSession(db, 10, { title: "Nobody's Clinic" }, []);
    const page = await call(rostersLoader as never, { request: get("/rosters"), context: as(carla) });
    const body = page.body as { mine: Array<{ id: string; title: string }>; others: Array<{ title: string; coaches: string[] }> };
    expect(body.mine.map((s) => [s.id, s.title])).toEqual([[hers, "Carla's Clinic"]]);
    const others = Object.fromEntries(body.others.map((s) => [s.title, s.coaches]));
    expect(others["Dario's Clinic"]).toEqual(["Dario Drills"]);
    expect(others["Nobody's Clinic"]).toEqual([]);
    expect(JSON.stringify(body.others)).not.toContain("Peanut");
  });
});

describe("the program's editor sets a session's coaches", () => {
  it("records exactly the ticked coaches, refuses none or a non-coach beside the boxes, and a client changes nothing", async () => {
    const ana = await makeUser(db, "coach", "Ana Ace");
    const ben = await makeUser(db, "coach", "Ben Baseline");
    const parent = await makeUser(db, "client", "Pia Parent");
    const session = await makeSession(db, 10, {}, [ana.id]);
    const save = (who: Person, coachIds: string[], id = session) =>
      call(editorAction as never, {
        request: postForm("/programs/fall/edit", { intent: "save-coaches", id, coachIds }, ORIGIN),
        context: as(who),
        params: { program: "fall" },
      });
    const recorded = async () =>
      (
        await db
          .select({ id: sessionCoaches.coachId })
          .from(sessionCoaches)
          .where(sql`event_id = ${session}`)
      )
        .map((r) => r.id)
        .sort();

    expect((await save(ana, [])).body).toMatchObject({
      intent: "save-coaches",
      id: session,
      fieldErrors: { coachIds: "Choose at least one coach for the session." },
    });
    expect((await save(ana, [ben.id, parent.id])).body).toMatchObject({ fieldErrors: { coachIds: "Choose coaches from the list." } });
    expect((await save(parent, [parent.id])).status).toBe(403);
    expect(await recorded()).toEqual([ana.id]);
    // A session of another program is not this editor's.
    const summer = await makeSession(db, 10, { programSlug: "summer" }, [ana.id]);
    expect((await save(ana, [ben.id], summer)).status).toBe(404);

    expect((await save(ana, [ben.id, ana.id])).status).toBe(302);
    expect(await recorded()).toEqual([ana.id, ben.id].sort());
    expect((await save(ana, [ben.id])).status).toBe(302);
    expect(await recorded()).toEqual([ben.id]);
    // Ana, no longer its coach, is refused its roster from now on.
    expect(
      (await call(rosterLoader as never, { request: get(`/rosters/${session}`), context: as(ana), params: { sessionId: session } })).status,
    ).toBe(403);

    const editor = await call(editorLoader as never, { request: get("/programs/fall/edit"), context: as(ana), params: { program: "fall" } });
    const listed = (editor.body as { sessions: Array<{ id: string; coachIds: string[] }>; coaches: Array<{ id: string }> }).sessions;
    expect(listed.find((s) => s.id === session)!.coachIds).toEqual([ben.id]);
  });

  it("makes the coach who adds a session on the calendar its coach", async () => {
    const cleo = await makeUser(db, "coach", "Cleo Creator");
    const res = await call(calendarAction as never, {
      request: postForm(
        "/calendar/events",
        {
          intent: "create-event",
          title: "Cleo's New Clinic",
          kind: "weekly",
          weekdays: ["2"],
          startTime: "17:00",
          endTime: "18:00",
          programSlug: "fall",
        },
        ORIGIN,
      ),
      context: as(cleo),
    });
    expect(res.status).toBe(302);
    const [made] = await db
      .select({ id: events.id })
      .from(events)
      .where(sql`title = 'Cleo''s New Clinic'`);
    expect(
      (
        await db
          .select()
          .from(sessionCoaches)
          .where(sql`event_id = ${made!.id}`)
      ).map((r) => r.coachId),
    ).toEqual([cleo.id]);
  });
});

describe("deleting a session", () => {
  const remove = (who: Person, id: string) =>
    call(calendarAction as never, { request: postForm("/calendar/events", { intent: "delete-event", id }, ORIGIN), context: as(who) });
  const exists = async (id: string) =>
    (
      await db
        .select()
        .from(events)
        .where(sql`id = ${id}`)
    ).length === 1;

  it("is refused by the database while it has requests, even ended ones, or attendance marks, and the editor says why", async () => {
    const coach = await makeUser(db, "coach", "Coach Keeper");
    const { session, athlete, enrollmentId } = await coachedSession(coach, "History");
    const refused = await remove(coach, session);
    expect(refused).toMatchObject({ status: 409, body: { form: "delete-event", id: session } });
    expect((refused.body as { error: string }).error).toContain("cannot be deleted");
    expect(await exists(session)).toBe(true);
    // Withdrawn, the request is still history.
    await takeCoachStep(services, coach, enrollmentId, "withdraw");
    expect((await remove(coach, session)).status).toBe(409);
    // Marks alone hold it too (the request row removed underneath, as no path of the site does).
    await db.insert(attendanceMarks).values({
      eventId: session,
      athleteId: athlete.id,
      day: "2026-06-11",
      present: true,
      clientId: crypto.randomUUID(),
      markedAt: new Date(NOW),
    });
    await db.delete(enrollments).where(sql`id = ${enrollmentId}`);
    expect((await remove(coach, session)).status).toBe(409);
    expect(await exists(session)).toBe(true);
    expect(
      await db
        .select()
        .from(attendanceMarks)
        .where(sql`event_id = ${session}`),
    ).toHaveLength(1);
  });

  it("still deletes a session with no requests and no marks, and its coaches with it", async () => {
    const coach = await makeUser(db, "coach", "Coach Tidy");
    const session = await makeSession(db, 10, {}, [coach.id]);
    expect((await remove(coach, session)).status).toBe(302);
    expect(await exists(session)).toBe(false);
    expect(
      await db
        .select()
        .from(sessionCoaches)
        .where(sql`event_id = ${session}`),
    ).toEqual([]);
  });
});
