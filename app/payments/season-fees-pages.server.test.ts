// "I would like financial help" in the request for a place (/enroll/:sessionId, issue 41) called as each kind of
// person: the family's guardian asks with the request (one request for help, the price hidden until staff answer);
// bad answers are refused beside their field and change nothing; another household's guardian, the athlete, a coach
// and a visitor ask nothing for anyone.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, postForm, contextAsPerson, type SignedInPerson } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeSession } from "~/enrollment/test-support";
import { loader as paymentsLoader } from "~/routes/account.payments";
import { action as cancelAction, loader as cancelLoader } from "~/routes/aid.sessions";
import { action as enrollAction, loader as enrollLoader } from "~/routes/enroll.$sessionId";
import { getBalance } from "./ledger.server";
import { accountOf, enroll, makeFamily, makeUser, setEnrollmentStatus } from "./test-support";

const { db } = await createTestDatabase();

const contextAs = (who: SignedInPerson | null) => contextAsPerson(db, who, "2026-06-15T14:00:00-04:00");
const get = (path: string) => new Request(`http://localhost${path}`);
const onCourt = { emergencyName: "Rosa Diaz", emergencyPhone: "202-555-0188", medicalNotes: "", pickupPeople: "" };

const a = await makeFamily(db, "Helpasker");
const b = await makeFamily(db, "Otherhouse");
const coach = await makeUser(db, "coach", "Coach Helpless");
const sessionId = await makeSession(db, null, { title: "Aid Form Clinic", feeCents: 40000, feePer: "season", startsOn: "2026-09-01" });
const other = await makeSession(db, null, { title: "Aid Form Second Clinic", feeCents: 20000, feePer: "month", startsOn: "2026-09-01" });
const enrollPost = (fields: Record<string, string>, id = sessionId) => postForm(`/enroll/${id}`, fields);

const aidRequests = async () => {
  const { rows } = await db.execute<{ account_id: string; household_size: number | null; school_lunch: string | null; note: string; status: string }>(
    sql`select account_id, household_size, school_lunch, note, status from aid_requests order by created_at`,
  );
  return rows;
};
const enrollmentsOf = async (athleteId: string) => {
  const { rows } = await db.execute<{ id: string; event_id: string }>(sql`select id, event_id from enrollments where athlete_id = ${athleteId}`);
  return rows;
};

describe("financial help asked in the request for a place", () => {
  it("writes nothing when the pages are only read: no account for a family that never owed (issue 41)", async () => {
    const looker = await makeFamily(db, "Lookonly");
    const page = await call(enrollLoader, { request: get(`/enroll/${sessionId}`), context: contextAs(looker.guardian), params: { sessionId } });
    expect(page.body).toMatchObject({ help: "none" });
    const money = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(looker.guardian) });
    expect(money.body).toMatchObject({ rows: [], balance: "$0", due: { state: "nothing" }, aid: { state: "none" } });
    const { rows } = await db.execute(sql`select 1 from payment_accounts`);
    expect(rows).toEqual([]);
  });

  it("refuses bad answers beside their field and keeps neither the request nor the ask", async () => {
    const res = await call(enrollAction, {
      request: enrollPost({ athleteId: a.athlete.id, ...onCourt, wantsHelp: "on", householdSize: "99", schoolLunch: "caviar" }),
      context: contextAs(a.guardian),
      params: { sessionId },
    });
    expect(res.status).toBe(400);
    const body = res.body as { fieldErrors: Record<string, string>; values: { aid: { householdSize: string; wantsHelp: boolean } } };
    expect(body.fieldErrors.householdSize).toBeTruthy();
    expect(body.fieldErrors.schoolLunch).toBeTruthy();
    expect(body.values.aid).toMatchObject({ wantsHelp: true, householdSize: "99" });
    expect(await aidRequests()).toEqual([]);
    expect(await enrollmentsOf(a.athlete.id)).toEqual([]);
  });

  it("asks nobody's help for another household, the athlete, a coach or a visitor", async () => {
    const ask = { athleteId: a.athlete.id, ...onCourt, wantsHelp: "on", householdSize: "4" };
    const other = await call(enrollAction, { request: enrollPost(ask), context: contextAs(b.guardian), params: { sessionId } });
    expect(other.status).toBe(403);
    const athlete = await call(enrollAction, {
      request: enrollPost(ask),
      context: contextAs({ ...a.athlete, role: "client" }),
      params: { sessionId },
    });
    expect(athlete.status).toBeGreaterThanOrEqual(400);
    expect((await call(enrollAction, { request: enrollPost(ask), context: contextAs(coach), params: { sessionId } })).status).toBe(403);
    const visitor = await call(enrollAction, { request: enrollPost(ask), context: contextAs(null), params: { sessionId } });
    expect([302, 401]).toContain(visitor.status);
    expect(await aidRequests()).toEqual([]);
    expect(await enrollmentsOf(a.athlete.id)).toEqual([]);
  });

  it("lets an adult athlete of a household ask for a place but not for the family's help (the purse is a guardian's, as on /lessons)", async () => {
    const grown = await makeFamily(db, "Grownup", "2000-03-01");
    const me = { ...grown.athlete, role: "client" as const };
    const page = await call(enrollLoader, { request: get(`/enroll/${sessionId}`), context: contextAs(me), params: { sessionId } });
    expect((page.body as { help: string }).help).toBe("not-holder");
    const res = await call(enrollAction, {
      request: enrollPost({ athleteId: grown.athlete.id, ...onCourt, wantsHelp: "on", householdSize: "4" }),
      context: contextAs(me),
      params: { sessionId },
    });
    expect(res.status).toBe(400);
    expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors.wantsHelp).toBe(
      "Only a guardian of the family can ask for financial help.",
    );
    expect(await aidRequests()).toEqual([]);
    expect(await enrollmentsOf(grown.athlete.id)).toEqual([]);
  });

  it("keeps the tick's answers with the request, tells the family it is with staff, and shows no price once enrolled", async () => {
    const before = await call(enrollLoader, { request: get(`/enroll/${sessionId}`), context: contextAs(a.guardian), params: { sessionId } });
    expect(before.body).toMatchObject({ help: "none" });
    const res = await call(enrollAction, {
      request: enrollPost({ athleteId: a.athlete.id, ...onCourt, wantsHelp: "on", householdSize: "5", schoolLunch: "free", note: "Dos trabajos" }),
      context: contextAs(a.guardian),
      params: { sessionId },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/enrollments");
    const accountId = await accountOf(db, a.guardian.id);
    expect(await aidRequests()).toEqual([{ account_id: accountId, household_size: 5, school_lunch: "free", note: "Dos trabajos", status: "open" }]);
    const [enrollment] = await enrollmentsOf(a.athlete.id);
    await setEnrollmentStatus(db, enrollment!.id, "enrolled");
    const page = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(a.guardian) });
    expect(page.body).toMatchObject({ due: { state: "aid-pending" }, aid: { state: "open" } });
    expect(JSON.stringify(page.body)).not.toContain("$400");

    // The form then says the request waits, and a second tick (another session) asks nothing twice.
    const after = await call(enrollLoader, { request: get(`/enroll/${other}`), context: contextAs(a.guardian), params: { sessionId: other } });
    expect(after.body).toMatchObject({ help: "open" });
    const again = await call(enrollAction, {
      request: enrollPost({ athleteId: a.athlete.id, ...onCourt, wantsHelp: "on" }, other),
      context: contextAs(a.guardian),
      params: { sessionId: other },
    });
    expect(again.status).toBe(302);
    expect(await aidRequests()).toHaveLength(1);
    expect(await enrollmentsOf(a.athlete.id)).toHaveLength(2);
  });

  it("asks nothing when the tick is off, whatever else was typed", async () => {
    const res = await call(enrollAction, {
      request: enrollPost({ athleteId: b.athlete.id, ...onCourt, householdSize: "3", note: "just curious" }),
      context: contextAs(b.guardian),
      params: { sessionId },
    });
    expect(res.status).toBe(302);
    expect((await aidRequests()).filter((r) => r.account_id === "x")).toEqual([]);
    expect(await aidRequests()).toHaveLength(1);
  });
});

describe("/aid/sessions: a session the organisation cancels", () => {
  it("lets only an administrator cancel; a guardian, an athlete, a coach (even one allowed on /aid) and a visitor change nothing", async () => {
    const family = await makeFamily(db, "Cancelpage");
    const admin = await makeUser(db, "coach", "Admin Canceller");
    await db.execute(sql`update users set admin = true where id = ${admin.id}`);
    const payer = await makeUser(db, "coach", "Coach Paystaff");
    await db.execute(sql`insert into payment_staff (user_id, granted_by) values (${payer.id}, ${admin.id})`);
    const eventId = await makeSession(db, null, { title: "Cancel Page Clinic", feeCents: 15000, feePer: "season", startsOn: "2026-09-01" });
    await enroll(db, eventId, family.athlete.id);
    const accountId = await accountOf(db, family.guardian.id);
    const fields = { eventId, reason: "Courts closed", reasonEs: "Canchas cerradas", understood: "on" };
    for (const who of [family.guardian, { ...family.athlete, role: "client" as const }, coach, payer]) {
      expect((await call(cancelLoader, { request: get("/aid/sessions"), context: contextAs(who) })).status).toBe(403);
      expect((await call(cancelAction, { request: postForm("/aid/sessions", fields), context: contextAs(who) })).status).toBe(403);
    }
    expect([302, 401]).toContain((await call(cancelAction, { request: postForm("/aid/sessions", fields), context: contextAs(null) })).status);
    expect([302, 401]).toContain((await call(cancelLoader, { request: get("/aid/sessions"), context: contextAs(null) })).status);
    expect(await getBalance(db, accountId)).toBe(15000);

    // Bad input is answered beside its field and cancels nothing.
    const bad = await call(cancelAction, { request: postForm("/aid/sessions", { eventId, reason: " ", reasonEs: "" }), context: contextAs(admin) });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      reason: "Say why in 1 to 300 characters.",
      understood: "Tick this to confirm the cancellation.",
    });
    expect(await getBalance(db, accountId)).toBe(15000);

    const page = await call(cancelLoader, { request: get("/aid/sessions"), context: contextAs(admin) });
    expect((page.body as { rows: Array<{ title: string; enrolled: number }> }).rows).toContainEqual(
      expect.objectContaining({ title: "Cancel Page Clinic", enrolled: 1 }),
    );
    const done = await call(cancelAction, { request: postForm("/aid/sessions", fields), context: contextAs(admin) });
    expect(done.status).toBe(302);
    expect(await getBalance(db, accountId)).toBe(0);
    const again = await call(cancelAction, { request: postForm("/aid/sessions", fields), context: contextAs(admin) });
    expect(again.status).toBe(409);
    expect(await getBalance(db, accountId)).toBe(0);
  });
});
