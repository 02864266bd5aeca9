// "I would like financial help" on the public registration form (issue 41), through the route against a real
// PostgreSQL: offered with a session to the guardian who holds the family's purse and to a visitor, never to an adult
// athlete of a household; asked in the registration's transaction as the request form asks it (one request for help
// on the family's account, the page then says it is with staff); a visitor's answers kept with their request and made
// the family's request for help, which staff see on /aid, when the guardian keeps it (decision 0075); a forged tick or
// bad answers are refused beside their field and store nothing at all.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { keepVisitorRequestAsGuardian, getVisitorRequestsToReview } from "~/enrollment/visitor-requests-review.server";
import { makeFamily, makeSession, makeUser, servicesFor, type Person } from "~/enrollment/test-support";
import { getOpenAidRequests } from "~/payments/aid.server";
import { action as registrationAction, loader as registrationLoader } from "~/routes/programs.registration";

const { db } = await createTestDatabase();

let ip = 0;
function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00", PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  return { ...base, clientIp: `10.8.0.${++ip}`, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const spec = {
  skillLevel: "Beginner",
  programInterest: "Fall Programs",
  parentName: "Ana Helpform",
  email: "ana@example.com",
  phone: "(202) 555-0100",
};
const court = { medicalNotes: "", pickupPeople: "", emergencyName: "Rosa Helpform", emergencyPhone: "202-555-0188" };
const family = await makeFamily(db, "Helpform");
const grown = await makeFamily(db, "Helpgrown", "2000-03-01");
const sessionId = await makeSession(db, 10, { title: "Helpform Clinic", feeCents: 30000, feePer: "season" });

type Body = { ok: boolean; fieldErrors?: Record<string, string>; answer?: Record<string, string> };
const send = async (who: Person | null, fields: Record<string, string>) => {
  const res = await call(registrationAction as never, {
    request: postForm("/programs/registration", { ...spec, ...court, sessionId, ...fields }, { Origin: "http://localhost:3000" }),
    context: as(who),
  });
  return { status: res.status, body: res.body as Body };
};
const helpOffered = async (who: Person | null) =>
  (
    (await call(registrationLoader, { request: new Request(`http://localhost/programs/registration?session=${sessionId}`), context: as(who) }))
      .body as {
      help: string | null;
    }
  ).help;
const stored = async () => {
  const { rows } = await db.execute<{ aid: number; regs: number; enrollments: number }>(sql`select
    (select count(*)::int from aid_requests) as aid, (select count(*)::int from registration_requests) as regs,
    (select count(*)::int from enrollments) as enrollments`);
  return rows[0]!;
};

describe("financial help asked on the registration form", () => {
  it("is offered with a session to the family's guardian and to a visitor, not to an adult athlete of a household", async () => {
    expect(await helpOffered(family.guardian)).toBe("none");
    expect(await helpOffered(grown.athlete)).toBeNull();
    expect(await helpOffered(null)).toBe("none");
  });

  it("refuses a forged tick and bad answers beside their field, storing nothing", async () => {
    const before = await stored();
    const adult = await send(grown.athlete, { studentName: grown.athlete.fullName, age: "26", wantsHelp: "on" });
    expect(adult.status).toBe(400);
    expect(adult.body.fieldErrors?.wantsHelp).toBe("Only a guardian of the family can ask for financial help.");
    const visitor = await send(null, { studentName: "Vi Helpform", age: "11", dateOfBirth: "2014-09-02", wantsHelp: "on", householdSize: "0" });
    expect(visitor.status).toBe(400);
    expect(visitor.body.fieldErrors?.householdSize).toBe("Enter a number from 1 to 20, or leave it empty.");
    const bad = await send(family.guardian, {
      studentName: family.athlete.fullName,
      age: "13",
      athleteId: family.athlete.id,
      wantsHelp: "on",
      householdSize: "99",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.householdSize).toBeTruthy();
    expect(await stored()).toEqual(before);
  });

  it("asks with the request for a place, once, on the family's account, and says it is with staff", async () => {
    const before = await stored();
    const res = await send(family.guardian, {
      studentName: family.athlete.fullName,
      age: "13",
      athleteId: family.athlete.id,
      wantsHelp: "on",
      householdSize: "4",
      schoolLunch: "free",
    });
    expect(res.body).toMatchObject({ ok: true, answer: { outcome: "requested", help: "asked" } });
    expect(await stored()).toEqual({ aid: before.aid + 1, regs: before.regs + 1, enrollments: before.enrollments + 1 });
    const { rows } = await db.execute<{ household_size: number; school_lunch: string; holder: boolean }>(sql`
      select household_size, school_lunch, account_id = payment_account_for(${family.athlete.id}) as holder from aid_requests`);
    expect(rows).toEqual([{ household_size: 4, school_lunch: "free", holder: true }]);
    // Asked, the form no longer offers the tick: it says the request is with staff.
    expect(await helpOffered(family.guardian)).toBe("open");
  });

  it("keeps a visitor's answers with the request, and makes them the family's request for help, on /aid, when the guardian keeps it", async () => {
    const email = `ana-visithelp-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const parent = await makeUser(db, "client", "Ana Visithelp", { email });
    const fields = { studentName: "Vi Visithelp", age: "11", dateOfBirth: "2014-09-02", email, wantsHelp: "on", householdSize: "5" };
    const sent = await send(null, { ...fields, incomeBand: "under-25k", note: "Two jobs, three children" });
    // The visitor's answer says the ask is kept with the request (the page adds the words).
    expect(sent.body).toMatchObject({ ok: true, answer: { outcome: "kept", help: "kept" } });
    const before = await stored();
    // The guardian reads the ask with every other field before keeping it.
    const [waiting] = await getVisitorRequestsToReview(db, parent, "en");
    expect(waiting?.help).toEqual({ householdSize: 5, schoolLunch: null, incomeBand: "under-25k", note: "Two jobs, three children" });
    const kept = await keepVisitorRequestAsGuardian(servicesFor(db), parent, waiting!.id, "new");
    if (!kept.ok) throw new Error(kept.error);
    // The guardian's answer says so (visitor-requests-action.server.ts adds "Your request for help is with staff").
    expect(kept.helpAsked).toBe(true);
    expect(await stored()).toMatchObject({ aid: before.aid + 1, enrollments: before.enrollments + 1 });
    const { rows } = await db.execute<{ requested_by: string; status: string; family: boolean }>(sql`
      select requested_by, status, account_id = payment_account_for(${kept.athleteId}) as family from aid_requests where note = 'Two jobs, three children'`);
    expect(rows).toEqual([{ requested_by: parent.id, status: "open", family: true }]);
    expect((await getOpenAidRequests(db)).find((r) => r.note === "Two jobs, three children")).toMatchObject({
      householdSize: 5,
      incomeBand: "under-25k",
    });
  });
});
