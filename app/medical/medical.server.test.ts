// An athlete's medical information (issue 39, decision 0048), against a real PostgreSQL through the routes: a guardian
// writes it on /account/family; the attendance sheet carries only a flag; the details are read on demand by a coach
// of the athlete's session or staff, each read written to the safeguarding log; the wrong coach, another family and a
// client read and change nothing.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/index.server";
import { makeFamily, makeSession, makeUser, onCourt, servicesFor, type Person } from "~/enrollment/test-support";
import { action as familyAction, loader as familyLoader } from "~/routes/account.family";
import { action as sheetAction, loader as sheetLoader } from "~/routes/rosters.$sessionId.attendance";
import { readMedicalDetails, MEDICAL_DETAILS_READ } from "./index.server";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const NOW = "2026-06-15T14:00:00-04:00";
const ORIGIN = { Origin: "http://localhost:3000" };
const CLOCK = { clock: () => new Date(NOW), timeZone: "America/New_York" };

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const reads = async (athleteId: string) =>
  (
    await db.execute<{ actor_id: string; action: string; detail: string }>(
      sql`select actor_id, action, detail from safeguarding_log where athlete_id = ${athleteId} and action = ${MEDICAL_DETAILS_READ} order by created_at`,
    )
  ).rows;
const saveAs = (who: Person, athleteId: string, fields: Record<string, string>) =>
  call(familyAction as never, { request: postForm("/account/family", { intent: "medical", athleteId, ...fields }, ORIGIN), context: as(who) });

async function enrolled(name: string) {
  const coach = await makeUser(db, "coach", `Coach ${name}`);
  const session = await makeSession(db, 10, { title: `${name} Clinic` }, [coach.id]);
  const f = await makeFamily(db, name);
  const made = await createEnrollmentRequest(services, f.guardian, session, onCourt(f.athlete.id));
  if (!made.ok) throw new Error(made.error);
  await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-10", note: "" });
  await takeCoachStep(services, coach, made.enrollmentId, "enroll");
  return { coach, session, ...f };
}

describe("a guardian's medical information", () => {
  it("is written by the athlete's guardian only, each note within 500 characters, and shown back on the family page", async () => {
    const { guardian, athlete } = await enrolled("Medwrite");
    const other = await makeFamily(db, "Medother");
    expect((await saveAs(guardian, athlete.id, { allergies: "x".repeat(501) })).body).toMatchObject({
      ok: false,
      intent: "medical",
      values: { athleteId: athlete.id },
      fieldErrors: { allergies: "Keep this under 500 characters." },
    });
    expect(await saveAs(other.guardian, athlete.id, { allergies: "Nothing" })).toMatchObject({ status: 400 });
    expect((await db.execute(sql`select 1 from athlete_medical where athlete_id = ${athlete.id}`)).rows).toHaveLength(0);
    const saved = await saveAs(guardian, athlete.id, { allergies: "Bee stings", medication: "EpiPen in the red bag", courtsideAlert: "on" });
    expect(saved.body).toMatchObject({ ok: true, intent: "medical", athleteId: athlete.id, message: "Medical information saved for Medwrite Kid." });
    const page = await call(familyLoader as never, { request: new Request("http://localhost/account/family"), context: as(guardian) });
    expect((page.body as { medical: unknown[] }).medical).toEqual([
      {
        id: athlete.id,
        name: "Medwrite Kid",
        info: { allergies: "Bee stings", conditions: "", medication: "EpiPen in the red bag", courtsideAlert: true },
      },
    ]);
    // Emptied and unticked: nothing is kept.
    await saveAs(guardian, athlete.id, {});
    expect((await db.execute(sql`select 1 from athlete_medical where athlete_id = ${athlete.id}`)).rows).toHaveLength(0);
  });
});

describe("the attendance sheet's medical flag", () => {
  it("carries only a flag; a coach of the session reads the details on demand and each read is logged", async () => {
    const { coach, session, guardian, athlete } = await enrolled("Medflag");
    await saveAs(guardian, athlete.id, { allergies: "Peanuts (severe)", courtsideAlert: "on" });
    const sheet = await call(sheetLoader as never, {
      request: new Request(`http://localhost/rosters/${session}/attendance`),
      context: as(coach),
      params: { sessionId: session },
    });
    expect((sheet.body as { flags: unknown }).flags).toEqual({ [athlete.id]: "alert" });
    expect(JSON.stringify(sheet.body)).not.toContain("Peanuts");
    expect(await reads(athlete.id)).toEqual([]);
    const tap = await call(sheetAction as never, {
      request: postForm(`/rosters/${session}/attendance`, { intent: "medical", athleteId: athlete.id }, ORIGIN),
      context: as(coach),
      params: { sessionId: session },
    });
    expect(tap).toMatchObject({
      status: 200,
      body: { ok: true, intent: "medical", athleteId: athlete.id, details: { allergies: "Peanuts (severe)", courtsideAlert: true } },
    });
    expect(await reads(athlete.id)).toEqual([{ actor_id: coach.id, action: MEDICAL_DETAILS_READ, detail: "attendance sheet: Medflag Clinic" }]);
  });

  it("refuses the wrong coach, a client and another session's coach, logging nothing; staff read and are logged", async () => {
    const { coach, session, guardian, athlete } = await enrolled("Medwrong");
    await saveAs(guardian, athlete.id, { conditions: "Asthma" });
    const wrong = await makeUser(db, "coach", "Coach Wrongsession");
    const theirs = await makeSession(db, 10, { title: "Wrong Clinic" }, [wrong.id]);
    // The wrong coach at the sheet's door, and through the rule with their own session.
    const tap = await call(sheetAction as never, {
      request: postForm(`/rosters/${session}/attendance`, { intent: "medical", athleteId: athlete.id }, ORIGIN),
      context: as(wrong),
      params: { sessionId: session },
    });
    expect(tap.status).toBe(403);
    expect(JSON.stringify(tap.body)).not.toContain("Asthma");
    expect(await readMedicalDetails(db, wrong, athlete.id, theirs, "test", CLOCK)).toEqual({
      ok: false,
      error: "Only the coaches of the athlete's session and staff may read medical details.",
    });
    expect((await readMedicalDetails(db, guardian, athlete.id, session, "test", CLOCK)).ok).toBe(false);
    // The session's own coach, once their clearance lapsed, reads nothing either (decision 0042, one rule: 0069).
    await db.execute(sql`update coach_profiles set safe_play_checked_on = '2024-01-01' where user_id = ${coach.id}`);
    expect((await readMedicalDetails(db, coach, athlete.id, session, "test", CLOCK)).ok).toBe(false);
    expect(await reads(athlete.id)).toEqual([]);
    // The safeguarding lead reads any athlete's, and the read is logged.
    const lead = await makeUser(db, "coach", "Lead Medwrong", { safeguardingLead: true });
    expect(await readMedicalDetails(db, lead, athlete.id, null, "test", CLOCK)).toMatchObject({ ok: true, details: { conditions: "Asthma" } });
    expect((await reads(athlete.id)).map((r) => r.actor_id)).toEqual([lead.id]);
  });
});
