// Staff's screen for medical information (issue 39, decision 0063), against a real PostgreSQL through /staff/medical:
// the safeguarding lead and administrators (a coach or not: decision 0069) see which athletes have medical information
// (its flag, never what it says) and read one athlete's details on demand, each read written to the safeguarding log
// with where it came from; a coach who is neither, a lead whose clearance lapsed, a guardian (even the athlete's own),
// the athlete and a visitor see and read nothing.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import { action as familyAction } from "~/routes/account.family";
import { action as staffAction, headers as staffHeaders, loader as staffLoader } from "~/routes/staff.medical";
import { MEDICAL_DETAILS_READ, STAFF_MEDICAL_PAGE } from "./index.server";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";
const ORIGIN = { Origin: "http://localhost:3000" };

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}
const reads = async (athleteId: string) =>
  (
    await db.execute<{ actor_id: string; detail: string }>(
      sql`select actor_id, detail from safeguarding_log where athlete_id = ${athleteId} and action = ${MEDICAL_DETAILS_READ} order by created_at`,
    )
  ).rows;
const list = (who: Person | null) => call(staffLoader as never, { request: new Request("http://localhost/staff/medical"), context: as(who) });
const read = (who: Person | null, athleteId: string) =>
  call(staffAction as never, { request: postForm("/staff/medical", { intent: "medical", athleteId }, ORIGIN), context: as(who) });

const lead = await makeUser(db, "coach", "Medlist Lead", { safeguardingLead: true });
const admin = await makeUser(db, "coach", "Medlist Admin", { admin: true });
const coach = await makeUser(db, "coach", "Medlist Coach");
// An office administrator: an account flag on a client (decision 0030), no coach.
const office = await makeUser(db, "client", "Medlist Office", { admin: true });
// A lead whose background check is not on record: an uncleared coach reads no family's medical notes (decision 0042).
const lapsedLead = await makeUser(db, "coach", "Medlist Lapsed", { safeguardingLead: true });
await db.execute(sql`update coach_profiles set background_checked_on = null where user_id = ${lapsedLead.id}`);
const { guardian, athlete } = await makeFamily(db, "Medlist");
const quiet = await makeFamily(db, "Medquiet");
const saved = await call(familyAction as never, {
  request: postForm(
    "/account/family",
    { intent: "medical", athleteId: athlete.id, allergies: "Peanuts: EpiPen in the blue bag", courtsideAlert: "on" },
    ORIGIN,
  ),
  context: as(guardian),
});
expect(saved.status).toBe(200);

describe("staff's medical information screen", () => {
  it("lists who has medical information with its flag and nothing of what it says; a read gives the details and is logged", async () => {
    for (const staff of [lead, admin, office]) {
      const page = await list(staff);
      expect(page.status).toBe(200);
      const body = page.body as { athletes: Array<{ id: string; name: string; flag: string }> };
      expect(body.athletes).toEqual([expect.objectContaining({ id: athlete.id, name: "Medlist Kid", flag: "alert" })]);
      expect(JSON.stringify(body)).not.toContain("Peanuts");
      expect(body.athletes.map((a) => a.id)).not.toContain(quiet.athlete.id);
    }
    expect(await reads(athlete.id)).toEqual([]); // listing reads nobody's details
    const answered = await read(lead, athlete.id);
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      ok: true,
      intent: "medical",
      athleteId: athlete.id,
      details: { allergies: "Peanuts: EpiPen in the blue bag", courtsideAlert: true },
    });
    expect(await reads(athlete.id)).toEqual([{ actor_id: lead.id, detail: STAFF_MEDICAL_PAGE }]);
    // The administrator who is no coach reads too, and is logged.
    expect((await read(office, athlete.id)).body).toMatchObject({ athleteId: athlete.id, details: { allergies: "Peanuts: EpiPen in the blue bag" } });
    expect((await reads(athlete.id)).map((r) => r.actor_id)).toEqual([lead.id, office.id]);
    // No cache on the way or on the device keeps the page or the details.
    expect(staffHeaders({} as never)).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("is refused to a coach who is neither lead nor administrator, an uncleared lead, a guardian, the athlete and a visitor, with nothing read or logged", async () => {
    const before = (await reads(athlete.id)).length;
    for (const wrong of [coach, lapsedLead, guardian, athlete, quiet.guardian]) {
      expect((await list(wrong)).status).toBe(403);
      const refused = await read(wrong, athlete.id);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain("Peanuts");
    }
    expect((await list(null)).status).toBe(302);
    expect([302, 401]).toContain((await read(null, athlete.id)).status);
    expect((await reads(athlete.id)).length).toBe(before);
  });
});
