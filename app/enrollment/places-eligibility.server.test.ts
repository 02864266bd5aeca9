// Places and eligibility (issue 39) against a real PostgreSQL: bare requests do not fill a session under the default
// setting (and do when staff say so), places left are the database's count, a session's ages and levels refuse what
// does not fit with the enroll form's words, a coach places outside them only with a reason that is logged, and an
// offered place keeps its place for an evaluation first.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { action as enrollAction, loader as enrollLoader } from "~/routes/enroll.$sessionId";
import { action as rostersAction } from "~/routes/rosters";
import { athleteLevels, enrollments, events } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { misfit, misfitWords, sessionFirstDay } from "./eligibility";
import { getAthleteFits } from "./eligibility.server";
import { answerAsFamily, createEnrollmentRequest, takeCoachStep } from "./enrollments.server";
import { setRequestsHoldPlace } from "./index.server";
import { holdWords, placesWords } from "./places";
import { getPlacesLeft, getRequestsHoldPlace } from "./places.server";
import { joinAsGuardian } from "~/family/membership.server";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "./test-support";

const { db } = await createTestDatabase();
const services = servicesFor(db);

const statusOf = async (id: string) =>
  (
    await db
      .select({ s: enrollments.status })
      .from(enrollments)
      .where(sql`id = ${id}`)
  )[0]!.s;
const placeAt = (athleteId: string, level: number) => db.insert(athleteLevels).values({ athleteId, level, placedOn: "2026-01-10" });
const ok = <T extends { ok: boolean }>(r: T) => {
  expect(r.ok).toBe(true);
  return r as Extract<T, { ok: true }>;
};

describe("places", () => {
  it("are words a family reads: how many are left, or full with the waitlist", () => {
    expect(placesWords(3, "en")).toBe("3 places left");
    expect(placesWords(1, "en")).toBe("1 place left");
    expect(placesWords(0, "en")).toBe("Full: join the waitlist");
    expect(placesWords(0, "es")).toBe("Completa: únase a la lista de espera");
    expect(placesWords(3, "es")).toBe("Quedan 3 plazas");
    expect(placesWords(null, "en")).toBeNull();
  });

  it("are not counted for a session with no set number of places: it says nothing and never 'Full'", async () => {
    const session = await makeSession(db, null);
    const family = await makeFamily(db, "PlUncapped");
    ok(await createEnrollmentRequest(services, family.guardian, session, onCourt(family.athlete.id)));
    expect((await getPlacesLeft(db, [session])).get(session)).toBeNull();
  });

  it("are not filled by bare requests under the default setting: one in evaluation and one requested leave a place", async () => {
    expect(await getRequestsHoldPlace(db)).toBe(false);
    const coach = await makeUser(db, "coach", "Coach Placesdefault");
    const session = await makeSession(db, 2);
    const [evaluated, bare, third] = [await makeFamily(db, "PlEval"), await makeFamily(db, "PlBare"), await makeFamily(db, "PlThird")];
    const e = ok(await createEnrollmentRequest(services, evaluated.guardian, session, onCourt(evaluated.athlete.id)));
    expect(await takeCoachStep(services, coach, e.enrollmentId, "evaluate")).toEqual({ ok: true, status: "evaluation" });
    const b = ok(await createEnrollmentRequest(services, bare.guardian, session, onCourt(bare.athlete.id)));
    expect(b.status).toBe("requested");
    expect((await getPlacesLeft(db, [session])).get(session)).toBe(1);
    // The third family is not sent to the waitlist while nobody is enrolled: a place is left for them.
    const t = ok(await createEnrollmentRequest(services, third.guardian, session, onCourt(third.athlete.id)));
    expect(t.status).toBe("requested");
    expect(holdWords("requested", false, "en")).toContain("does not hold a place yet");
    // The coach evaluates the third: the last place is taken, and the bare request waits on the waitlist, told so.
    expect(await takeCoachStep(services, coach, t.enrollmentId, "evaluate")).toEqual({ ok: true, status: "evaluation" });
    expect(await statusOf(b.enrollmentId)).toBe("waitlisted");
    expect((await getPlacesLeft(db, [session])).get(session)).toBe(0);
    // A place the database's trigger would refuse is refused with words, never an error.
    const late = await makeFamily(db, "PlLate");
    expect(ok(await createEnrollmentRequest(services, late.guardian, session, onCourt(late.athlete.id))).status).toBe("waitlisted");
  });

  it("are held by bare requests when staff say so; the change waitlists requests past the places, oldest kept", async () => {
    const session = await makeSession(db, 1);
    const [a, b] = [await makeFamily(db, "PlHoldA"), await makeFamily(db, "PlHoldB")];
    const ra = ok(await createEnrollmentRequest(services, a.guardian, session, onCourt(a.athlete.id)));
    const rb = ok(await createEnrollmentRequest(services, b.guardian, session, onCourt(b.athlete.id)));
    await setRequestsHoldPlace(services, true);
    try {
      expect(await statusOf(ra.enrollmentId)).toBe("requested");
      expect(await statusOf(rb.enrollmentId)).toBe("waitlisted");
      expect((await getPlacesLeft(db, [session])).get(session)).toBe(0);
      expect(holdWords("requested", true, "en")).toBe("This request holds a place until a coach answers it.");
      // The database agrees: a row past the places is refused whatever the code.
      const c = await makeFamily(db, "PlHoldC");
      await expect(
        db
          .insert(enrollments)
          .values({ eventId: session, athleteId: c.athlete.id, status: "requested", emergencyName: "X", emergencyPhone: "2025550100" }),
      ).rejects.toMatchObject({ cause: { constraint: "enrollments_within_capacity" } });
    } finally {
      await setRequestsHoldPlace(services, false);
    }
    // Back to the default, the bare request holds nothing: the place is offered to the first on the waitlist.
    expect(await statusOf(rb.enrollmentId)).toBe("offered");
  });
});

describe("eligibility", () => {
  const clinic = { kind: "weekly" as const, weekdays: [2, 4], onDate: null, startsOn: "2026-09-01", agesFrom: 8, agesTo: 12, levels: [] };

  it("counts age on the session's first day", () => {
    expect(sessionFirstDay(clinic, "2026-06-15")).toBe("2026-09-01");
    expect(sessionFirstDay({ ...clinic, startsOn: "2026-08-30" }, "2026-06-15")).toBe("2026-09-01");
    // Turns 13 the day after the first day: fits.
    expect(misfit({ name: "A", dateOfBirth: "2013-09-02", level: null }, clinic, "2026-06-15")).toBeNull();
    expect(misfit({ name: "A", dateOfBirth: "2013-09-01", level: null }, clinic, "2026-06-15")).toMatchObject({ kind: "age", age: 13 });
  });

  it("refuses a determined 15-year-old in the 8-12 clinic with the form's words, and changes nothing", async () => {
    const session = await makeSession(db, 10, { title: "Eligibility 8-12 Clinic", agesFrom: 8, agesTo: 12, startsOn: "2026-09-01" });
    const teen = await makeFamily(db, "Teen Determined", "2011-03-01");
    const fits = await getAthleteFits(db, session, [{ id: teen.athlete.id, name: "Teen Determined Kid" }], "2026-06-15");
    expect(fits[0]!.misfit).toBe("Teen Determined Kid is 15 on this session's first day (September 1, 2026); it is for ages 8-12.");
    for (let i = 0; i < 3; i++) {
      const result = await createEnrollmentRequest(services, teen.guardian, session, onCourt(teen.athlete.id));
      expect(result).toEqual({ ok: false, status: 400, error: fits[0]!.misfit, field: "athleteId" });
    }
    expect(
      await db
        .select()
        .from(enrollments)
        .where(sql`event_id = ${session}`),
    ).toEqual([]);
    // The same words in Spanish.
    const rule = { ...clinic };
    const problem = misfit({ name: "Diego", dateOfBirth: "2011-03-01", level: null }, rule, "2026-06-15")!;
    expect(misfitWords(problem, { name: "Diego" }, rule, "es")).toBe(
      "Diego tiene 15 años el primer día de esta sesión (1 de septiembre de 2026); la sesión es para edades de 8 a 12 años.",
    );
  });

  it("refuses a Level 2 player in a Levels 3-4 session; an athlete never placed fits (placed by evaluation)", async () => {
    const session = await makeSession(db, 10, { title: "Eligibility Levels 3-4", levels: [3, 4] });
    const strong = await makeFamily(db, "Level Two");
    await placeAt(strong.athlete.id, 2);
    const result = await createEnrollmentRequest(services, strong.guardian, session, onCourt(strong.athlete.id));
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: "Level Two Kid is placed at Level 2; this session is for Levels 3 and 4.",
      field: "athleteId",
    });
    const fresh = await makeFamily(db, "Never Placed");
    expect(ok(await createEnrollmentRequest(services, fresh.guardian, session, onCourt(fresh.athlete.id))).status).toBe("requested");
  });

  it("refuses a request for another family's athlete as before (the wrong user), before any eligibility", async () => {
    const session = await makeSession(db, 10, { agesFrom: 8, agesTo: 12 });
    const mine = await makeFamily(db, "Elig Mine");
    const theirs = await makeFamily(db, "Elig Theirs", "2011-03-01");
    const result = await createEnrollmentRequest(services, mine.guardian, session, onCourt(theirs.athlete.id));
    expect(result).toMatchObject({ ok: false, status: 403, field: "athleteId" });
    expect(result.ok ? "" : result.error).not.toContain("15");
  });

  it("lets a coach place outside the levels only with a reason, written in the safeguarding log", async () => {
    const coach = await makeUser(db, "coach", "Coach Override");
    const session = await makeSession(db, 10, { title: "Override Levels 3-4", levels: [3, 4] });
    const f = await makeFamily(db, "Override Kid");
    const r = ok(await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id)));
    const placement = { level: 2, placedOn: "2026-06-10", note: "" };
    expect(await takeCoachStep(services, coach, r.enrollmentId, "place", placement)).toEqual({
      ok: false,
      status: 400,
      error:
        "Override Kid Kid is placed at Level 2; this session is for Levels 3 and 4. To place outside the session's ages or levels, give your reason.",
      field: "overrideReason",
    });
    expect(await statusOf(r.enrollmentId)).toBe("requested");
    const reason = "Plays up with her sister's group; agreed with the head coach";
    expect(await takeCoachStep(services, coach, r.enrollmentId, "place", { ...placement, overrideReason: reason })).toEqual({
      ok: true,
      status: "placed",
    });
    const { rows } = await db.execute<{ actor_id: string; action: string; detail: string }>(
      sql`select actor_id, action, detail from safeguarding_log where athlete_id = ${f.athlete.id} and action = 'placed outside the session''s ages or levels'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBe(coach.id);
    expect(rows[0]!.detail).toContain("placed at Level 2; this session is for Levels 3 and 4");
    expect(rows[0]!.detail).toContain(reason);
  });
});

describe("an offered place", () => {
  it("keeps its place for an evaluation first where the session places by evaluation; a placed player is enrolled", async () => {
    const coach = await makeUser(db, "coach", "Coach Offer");
    const session = await makeSession(db, 1, { title: "Offer Levels 4-5", levels: [4, 5] });
    const [holder, newcomer] = [await makeFamily(db, "Offer Holder"), await makeFamily(db, "Offer Newcomer")];
    await placeAt(holder.athlete.id, 5);
    const h = ok(await createEnrollmentRequest(services, holder.guardian, session, onCourt(holder.athlete.id)));
    expect(h.status).toBe("enrolled");
    const n = ok(await createEnrollmentRequest(services, newcomer.guardian, session, onCourt(newcomer.athlete.id)));
    expect(n.status).toBe("waitlisted");
    expect(await takeCoachStep(services, coach, h.enrollmentId, "withdraw")).toEqual({ ok: true, status: "withdrawn" });
    expect(await statusOf(n.enrollmentId)).toBe("offered");
    expect(await answerAsFamily(services, newcomer.guardian, n.enrollmentId, "accept")).toEqual({ ok: true, status: "evaluation" });
    expect((await getPlacesLeft(db, [session])).get(session)).toBe(0);
    expect(holdWords("evaluation", false, "en")).toContain("A place is held for the evaluation");
    const [row] = await db
      .select({ capacity: events.capacity })
      .from(events)
      .where(sql`id = ${session}`);
    expect(row!.capacity).toBe(1);
  });
});

describe("the enroll form and /rosters", () => {
  const as = (p: Person): AppLoadContext => {
    const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00" });
    const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
    return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
  };

  it("offers only the athlete who fits, says why beside the other, and the action refuses the other with the same words", async () => {
    const session = await makeSession(db, 4, { title: "Route 8-12 Clinic", agesFrom: 8, agesTo: 12, startsOn: "2026-09-01" });
    const family = await makeFamily(db, "Route Young", "2016-05-01");
    const teen = await makeUser(db, "client", "Route Teen Kid", { clientKind: "athlete", dateOfBirth: "2011-05-01" });
    await db.transaction((tx) =>
      joinAsGuardian(tx, { athleteId: teen.id, guardianId: family.guardian.id, actorId: family.guardian.id, how: "test" }, afternoon()),
    );
    const page = await call(enrollLoader as never, {
      request: new Request(`http://localhost/enroll/${session}`),
      context: as(family.guardian),
      params: { sessionId: session },
    });
    const body = page.body as { athletes: Array<{ name: string }>; unfit: Array<{ name: string; why: string }>; places: string; full: boolean };
    expect(body.places).toBe("4 places left");
    expect(body.athletes.map((a) => a.name)).toEqual(["Route Young Kid"]);
    expect(body.unfit).toEqual([
      expect.objectContaining({
        name: "Route Teen Kid",
        why: "Route Teen Kid is 15 on this session's first day (September 1, 2026); it is for ages 8-12.",
      }),
    ]);
    const refused = await call(enrollAction as never, {
      request: postForm(
        `/enroll/${session}`,
        { athleteId: teen.id, emergencyName: "Rosa", emergencyPhone: "202-555-0188" },
        { Origin: "http://localhost" },
      ),
      context: as(family.guardian),
      params: { sessionId: session },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.athleteId).toBe(body.unfit[0]!.why);
  });

  it("lets a coach set on /rosters whether a bare request holds a place", async () => {
    const coach = await makeUser(db, "coach", "Coach Setting");
    const form = (fields: Record<string, string>) => postForm("/rosters", { intent: "requests-hold", ...fields }, { Origin: "http://localhost" });
    expect((await call(rostersAction as never, { request: form({ requestsHold: "on" }), context: as(coach) })).status).toBe(302);
    expect(await getRequestsHoldPlace(db)).toBe(true);
    expect((await call(rostersAction as never, { request: form({}), context: as(coach) })).status).toBe(302);
    expect(await getRequestsHoldPlace(db)).toBe(false);
  });
});
