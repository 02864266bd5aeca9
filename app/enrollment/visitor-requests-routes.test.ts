// The stranger's door through the routes (issue 37), against a real PostgreSQL: /programs/registration keeps at most 3
// requests for one address and refuses the 4th beside the email field in words that say nothing of any account, in
// both languages; /account/enrollments shows the guardian whose verified address it is every field, and keeps or
// drops each request only on a second, confirming post; /account and /account/family tell them requests wait.
// Another family's guardian, an athlete, a coach and a visitor see nothing and change nothing.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { enrollments, guardianLinks, registrationRequests, users, visitorEnrollmentRequests } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { inLocale } from "../../server/languages";
import { createAthleteForGuardian } from "~/family/guardian-athletes.server";
import { action as registrationAction } from "~/routes/programs.registration";
import { action as enrollmentsAction, loader as enrollmentsLoader } from "~/routes/account.enrollments";
import { loader as accountLoader } from "~/routes/account";
import { loader as familyLoader } from "~/routes/account.family";
import { getRoster } from "./rosters.server";
import { afternoon, makeSession, makeUser, type Person } from "./test-support";
import type { VisitorRequestAnswer, VisitorRequestView } from "./visitor-requests-types";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";

let ip = 0;
function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true }, session: { token: "t" } } : null;
  // Each form from its own address, as the stranger sent them: the per-address form limit does not stop this door.
  return { ...base, clientIp: `10.37.0.${++ip}`, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const form = (email: string, session: string, studentName: string, dateOfBirth: string, age: string) => ({
  studentName,
  age,
  dateOfBirth,
  skillLevel: "Beginner",
  programInterest: "Fall Programs",
  parentName: "Mallory Stranger",
  email,
  phone: "(202) 555-0666",
  medicalNotes: "",
  pickupPeople: "Mallory Stranger (202) 555-0666",
  emergencyName: "Mallory Stranger",
  emergencyPhone: "(202) 555-0666",
  sessionId: session,
});
type RegBody = { ok: boolean; fieldErrors?: Record<string, string>; answer?: Record<string, string> };
const register = async (fields: Record<string, string>, locale: "en" | "es" = "en") => {
  const res = await inLocale(locale, () =>
    call(registrationAction as never, {
      request: postForm(`${locale === "es" ? "/es" : ""}/programs/registration`, fields, { Origin: "http://localhost:3000" }),
      context: as(null),
    }),
  );
  return { status: res.status, body: res.body as RegBody };
};
const page = async (who: Person | null) => {
  const res = await call(enrollmentsLoader as never, { request: new Request("http://localhost/account/enrollments"), context: as(who) });
  return { status: res.status, body: res.body as { visitorRequests: VisitorRequestView[] } };
};
const answer = async (who: Person | null, fields: Record<string, string>) => {
  const res = await call(enrollmentsAction as never, {
    request: postForm("/account/enrollments", fields, { Origin: "http://localhost:3000" }),
    context: as(who),
  });
  return { status: res.status, body: res.body as VisitorRequestAnswer };
};
const noticeCount = async (loader: unknown, path: string, who: Person) =>
  ((await call(loader as never, { request: new Request(`http://localhost${path}`), context: as(who) })).body as { visitorRequests: number })
    .visitorRequests;
const keptFor = async (email: string) =>
  db
    .select()
    .from(visitorEnrollmentRequests)
    .where(sql`email = ${email}`)
    .orderBy(visitorEnrollmentRequests.seq);
const householdOf = async (guardianId: string) =>
  db
    .select({ name: users.fullName })
    .from(guardianLinks)
    .innerJoin(users, sql`${users.id} = ${guardianLinks.athleteId}`)
    .where(sql`${guardianLinks.guardianId} = ${guardianId}`);
const address = () => `family-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("the stranger plants requests with a family's address", () => {
  it("keeps 3 of 6 forms from 6 addresses, refuses the rest beside the email field in both languages, and the registrations with them", async () => {
    const session = await makeSession(db, 10, { title: "Route Clinic" });
    const email = address();
    const regsBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(registrationRequests))[0]!.n;
    const sent = [];
    for (let i = 1; i <= 5; i++) sent.push(await register(form(email, session, `Planted ${i}`, "2015-06-01", "11")));
    sent.push(await register(form(email.toUpperCase(), session, "Planted 6", "2015-06-01", "11"), "es"));
    expect(sent.slice(0, 3).map((s) => [s.status, s.body.answer?.outcome])).toEqual([
      [200, "kept"],
      [200, "kept"],
      [200, "kept"],
    ]);
    for (const s of sent.slice(3, 5))
      expect(s).toMatchObject({
        status: 409,
        body: { ok: false, fieldErrors: { email: "Too many requests are waiting for this address; sign in to send more." } },
      });
    expect(sent[5]).toMatchObject({
      status: 409,
      body: { fieldErrors: { email: "Hay demasiadas solicitudes esperando para este correo electrónico; inicie sesión para enviar más." } },
    });
    // The same words whether or not an account holds the address: nothing about any account is said.
    const parent = await makeUser(db, "client", "Rae Family", { email });
    expect((await register(form(email, session, "Planted 7", "2015-06-01", "11"))).body.fieldErrors).toEqual(sent[3]!.body.fieldErrors);
    expect((await keptFor(email)).map((k) => k.studentName)).toEqual(["Planted 1", "Planted 2", "Planted 3"]);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(registrationRequests))[0]!.n).toBe(regsBefore + 3);

    // The family's verified account: nothing joined, nothing on the roster; the page lists all three, every field.
    expect(await householdOf(parent.id)).toEqual([]);
    expect(await getRoster(db, session, afternoon())).toEqual([]);
    const { body } = await page(parent);
    expect(
      body.visitorRequests.map((r) => [r.studentName, r.dateOfBirth, r.session?.title, r.pickupPeople, r.emergencyName, r.emergencyPhone]),
    ).toEqual(
      [1, 2, 3].map((n) => [`Planted ${n}`, "2015-06-01", "Route Clinic", "Mallory Stranger (202) 555-0666", "Mallory Stranger", "(202) 555-0666"]),
    );
    expect(await noticeCount(accountLoader, "/account", parent)).toBe(3);
    expect(await noticeCount(familyLoader, "/account/family", parent)).toBe(3);
  });
});

describe("/account/enrollments: keep or drop, each confirmed", () => {
  async function waiting(child = "Lia Kept", dob = "2016-03-14") {
    const session = await makeSession(db, 10, { title: "Answer Clinic" });
    const email = address();
    expect((await register(form(email, session, child, dob, "10"))).status).toBe(200);
    const parent = await makeUser(db, "client", "Gil Guardian", { email });
    const [request] = (await page(parent)).body.visitorRequests;
    return { session, email, parent, request: request! };
  }

  it("drops only on the second post: the first asks, the second deletes, nothing else changes", async () => {
    const { session, email, parent, request } = await waiting();
    const asked = await answer(parent, { intent: "drop-request", requestId: request.id, as: "new" });
    expect(asked).toMatchObject({ status: 200, body: { ok: true, intent: "drop-request", requestId: request.id, confirm: "drop" } });
    expect(await keptFor(email)).toHaveLength(1);
    const done = await answer(parent, { intent: "drop-request", requestId: request.id, confirm: "yes" });
    expect(done).toMatchObject({ status: 200, body: { ok: true, intent: "drop-request", message: "The request for Lia Kept was dropped." } });
    expect(await keptFor(email)).toEqual([]);
    expect(await householdOf(parent.id)).toEqual([]);
    expect(await getRoster(db, session, afternoon())).toEqual([]);
    expect((await page(parent)).body.visitorRequests).toEqual([]);
    expect(await noticeCount(accountLoader, "/account", parent)).toBe(0);
  });

  it("keeps only on the second post: then a new athlete of the household, the request on the roster with what was read", async () => {
    const { session, email, parent, request } = await waiting();
    const asked = await answer(parent, { intent: "keep-request", requestId: request.id, as: "new" });
    expect(asked.body).toEqual({ ok: true, intent: "keep-request", requestId: request.id, confirm: "keep", as: "new" });
    expect(await householdOf(parent.id)).toEqual([]);
    expect(await getRoster(db, session, afternoon())).toEqual([]);
    const done = await answer(parent, { intent: "keep-request", requestId: request.id, as: "new", confirm: "yes" });
    expect(done).toMatchObject({
      status: 200,
      body: { ok: true, message: "Lia Kept is in your family, and the request for a place in Answer Clinic is: Requested." },
    });
    expect(await householdOf(parent.id)).toEqual([{ name: "Lia Kept" }]);
    expect((await getRoster(db, session, afternoon())).map((e) => [e.athleteName, e.notes.pickup])).toEqual([
      ["Lia Kept", "Mallory Stranger (202) 555-0666"],
    ]);
    expect(await keptFor(email)).toEqual([]);
  });

  it("asks the guardian who a request with their child's name and birthday is for, and attaches only what they choose", async () => {
    const email = address();
    const parent = await makeUser(db, "client", "Ona Parent", { email });
    const { athleteId } = await db.transaction((tx) => createAthleteForGuardian(tx, parent.id, { fullName: "Ona Real", dateOfBirth: "2015-06-01" }));
    const session = await makeSession(db, 10, { title: "Choice Clinic" });
    await register(form(email, session, "Ona Real", "2015-06-01", "11"));
    const [request] = (await page(parent)).body.visitorRequests;
    expect(request!.sameAs).toEqual([{ id: athleteId, name: "Ona Real" }]);
    // No choice: refused beside the choice, nothing asked, nothing changed.
    const none = await answer(parent, { intent: "keep-request", requestId: request!.id });
    expect(none).toMatchObject({
      status: 400,
      body: {
        ok: false,
        values: { requestId: request!.id },
        fieldErrors: { as: "Choose whether this is a new student-athlete or the child already in your family." },
      },
    });
    const asked = await answer(parent, { intent: "keep-request", requestId: request!.id, as: athleteId });
    expect(asked.body).toEqual({ ok: true, intent: "keep-request", requestId: request!.id, confirm: "keep", as: athleteId });
    expect(
      await db
        .select()
        .from(enrollments)
        .where(sql`athlete_id = ${athleteId}`),
    ).toEqual([]);
    await answer(parent, { intent: "keep-request", requestId: request!.id, as: athleteId, confirm: "yes" });
    expect(
      (
        await db
          .select()
          .from(enrollments)
          .where(sql`athlete_id = ${athleteId}`)
      ).map((e) => e.pickupPeople),
    ).toEqual(["Mallory Stranger (202) 555-0666"]);
    expect(await householdOf(parent.id)).toEqual([{ name: "Ona Real" }]);
  });

  it("shows nothing to, and changes nothing for, another family's guardian, an athlete, a coach or a visitor", async () => {
    const { session, email, request } = await waiting();
    const other = await makeUser(db, "client", "Oli Other");
    const athlete = await makeUser(db, "client", "Ath Lete", { clientKind: "athlete", dateOfBirth: "2000-01-01" });
    const coach = await makeUser(db, "coach", "Coach Peek");
    for (const who of [other, athlete]) {
      expect((await page(who)).body.visitorRequests, who.fullName).toEqual([]);
      expect(await noticeCount(accountLoader, "/account", who)).toBe(0);
      for (const fields of <Array<Record<string, string>>>[
        { intent: "keep-request", requestId: request.id, as: "new" },
        { intent: "keep-request", requestId: request.id, as: "new", confirm: "yes" },
        { intent: "drop-request", requestId: request.id, confirm: "yes" },
      ])
        expect(await answer(who, fields), `${who.fullName} ${fields.intent}`).toMatchObject({
          status: 404,
          body: { ok: false, values: { requestId: request.id }, formError: "This request is no longer waiting for your answer." },
        });
    }
    expect((await page(coach)).status).toBe(403);
    expect((await answer(coach, { intent: "drop-request", requestId: request.id, confirm: "yes" })).status).toBe(403);
    expect(await noticeCount(accountLoader, "/account", coach)).toBe(0);
    expect((await page(null)).status).toBe(302);
    expect((await answer(null, { intent: "drop-request", requestId: request.id, confirm: "yes" })).status).toBe(401);
    expect(await keptFor(email)).toHaveLength(1);
    expect(await getRoster(db, session, afternoon())).toEqual([]);
    expect(await householdOf(other.id)).toEqual([]);
  });
});
