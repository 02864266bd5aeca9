// The registration form as an enrollment request (issue 29), through the route's action against a real PostgreSQL:
// a visitor's request is kept with the address lower-cased and nothing else; a signed-in guardian's makes the
// enrollment request in the registration's transaction (refused: neither is stored); a minor alone, a coach, another
// family's athlete and bad input are refused beside their fields, storing nothing. Without a session, as before.
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { enrollments, mailOutbox, registrationRequests, visitorEnrollmentRequests } from "../../db/schema";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as registrationAction, loader as registrationLoader } from "~/routes/programs.registration";
import { makeFamily, makeSession, makeUser, type Person } from "~/enrollment/test-support";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";

let ip = 0;
function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } } : null;
  // Each call from its own address: the form's per-address limit is tested elsewhere (public-forms.server.test.ts).
  return { ...base, clientIp: `10.9.0.${++ip}`, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const spec = {
  studentName: "Mia Lopez",
  age: "11",
  skillLevel: "Beginner",
  programInterest: "Fall Programs",
  parentName: "Ana Lopez",
  email: "Ana.Lopez@Example.com",
  phone: "(202) 555-0100",
};
const court = {
  medicalNotes: "Asthma: inhaler in the front pocket",
  pickupPeople: "Aunt Rosa",
  emergencyName: "Rosa Lopez",
  emergencyPhone: "202-555-0188",
};

type Body = { ok: boolean; fieldErrors?: Record<string, string>; error?: string; answer?: Record<string, string> };
const send = async (who: Person | null, fields: Record<string, string>) => {
  const res = await call(registrationAction as never, {
    request: postForm("/programs/registration", fields, { Origin: "http://localhost:3000" }),
    context: as(who),
  });
  return { status: res.status, body: res.body as Body };
};
const count = async (table: typeof registrationRequests | typeof enrollments | typeof visitorEnrollmentRequests) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe("a visitor registers for a session", () => {
  it("keeps the request with the address lower-cased, and the registration for the coaches' inbox naming the session", async () => {
    const session = await makeSession(db, 10);
    const before = await count(enrollments);
    const res = await send(null, { ...spec, ...court, photoConsent: "on", sessionId: session, dateOfBirth: "2014-09-02" });
    expect(res).toMatchObject({ status: 200, body: { ok: true, answer: { outcome: "kept", session: "Level-5 Youth Clinic" } } });
    // Nothing asked, nothing said of help.
    expect(res.body.answer).not.toHaveProperty("help");
    const kept = await db
      .select()
      .from(visitorEnrollmentRequests)
      .where(sql`event_id = ${session}`);
    expect(kept.map((k) => [k.email, k.studentName, k.dateOfBirth, k.medicalNotes, k.photoConsent, k.emergencyPhone])).toEqual([
      ["ana.lopez@example.com", "Mia Lopez", "2014-09-02", "Asthma: inhaler in the front pocket", true, "202-555-0188"],
    ]);
    const [row] = await db
      .select()
      .from(registrationRequests)
      .where(sql`session_id = ${session}`);
    // The spec's emergency contact, asked as the court's name and phone, is kept as one line for the inbox.
    expect([row!.studentName, row!.emergencyContact, row!.submittedBy]).toEqual(["Mia Lopez", "Rosa Lopez, 202-555-0188", null]);
    expect(await count(enrollments)).toBe(before);
  });

  it("refuses a missing date of birth, one that disagrees with the age, and no emergency contact, beside each field, storing nothing", async () => {
    const session = await makeSession(db, 10);
    const [regs, kept] = [await count(registrationRequests), await count(visitorEnrollmentRequests)];
    const none = await send(null, { ...spec, ...court, sessionId: session });
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors?.dateOfBirth).toBeTruthy();
    const wrong = await send(null, { ...spec, ...court, sessionId: session, dateOfBirth: "2010-01-01" });
    expect(wrong.body.fieldErrors).toEqual({ dateOfBirth: "The date of birth does not match the age given." });
    const noContact = await send(null, { ...spec, sessionId: session, dateOfBirth: "2014-09-02" });
    expect(noContact.body.fieldErrors).toEqual({
      emergencyName: "Enter the name of someone we can call in an emergency.",
      emergencyPhone: "Enter a phone number we can call in an emergency.",
    });
    const notASession = await send(null, { ...spec, ...court, sessionId: "fall-clinic", dateOfBirth: "2014-09-02" });
    expect(notASession.body.fieldErrors).toEqual({ sessionId: "Choose a session from the list." });
    const otherProgram = await send(null, { ...spec, ...court, programInterest: "Summer Camp", sessionId: session, dateOfBirth: "2014-09-02" });
    expect(otherProgram).toMatchObject({
      status: 400,
      body: { fieldErrors: { programInterest: "The session chosen is part of Fall Programs: choose that program, or another session." } },
    });
    const closed = await makeSession(db, 10, { closed: true });
    expect((await send(null, { ...spec, ...court, sessionId: closed, dateOfBirth: "2014-09-02" })).body.fieldErrors).toEqual({
      sessionId: "This session is no longer taking requests: choose another.",
    });
    expect([await count(registrationRequests), await count(visitorEnrollmentRequests)]).toEqual([regs, kept]);
  });

  it("registers without a session exactly as before: the spec's fields, no request kept", async () => {
    const kept = await count(visitorEnrollmentRequests);
    const res = await send(null, { ...spec, studentName: "No Session", emergencyContact: "Sam, 202-555-0111" });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(res.body.answer).toBeUndefined();
    const [row] = await db
      .select()
      .from(registrationRequests)
      .where(sql`student_name = 'No Session'`);
    expect([row!.emergencyContact, row!.sessionId]).toEqual(["Sam, 202-555-0111", null]);
    expect(await count(visitorEnrollmentRequests)).toBe(kept);
  });
});

describe("a signed-in family registers for a session", () => {
  it("makes the guardian's enrollment request with the registration, and the page says so", async () => {
    const session = await makeSession(db, 10);
    const { guardian, athlete } = await makeFamily(db, "Reg");
    const mailsOf = (kind: string) => db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(eq(mailOutbox.kind, kind));
    const receiptsBefore = (await mailsOf("registration-received")).length;
    const res = await send(guardian, { ...spec, ...court, studentName: athlete.fullName, sessionId: session, athleteId: athlete.id });
    expect(res).toMatchObject({ status: 200, body: { ok: true, answer: { outcome: "requested", status: "Requested" } } });
    const made = await db
      .select()
      .from(enrollments)
      .where(sql`event_id = ${session}`);
    expect(made.map((e) => [e.athleteId, e.requestedBy, e.status, e.pickupPeople])).toEqual([[athlete.id, guardian.id, "requested", "Aunt Rosa"]]);
    const [row] = await db
      .select()
      .from(registrationRequests)
      .where(sql`session_id = ${session}`);
    expect([row!.submittedBy, row!.athleteId]).toEqual([guardian.id, athlete.id]);
    // One mail, not two: enrollment's "requested" to the guardian is the receipt; the form's own receipt is not sent.
    expect((await mailsOf("registration-received")).length).toBe(receiptsBefore);
    expect((await mailsOf("enrollment-requested")).filter((x) => x.to === guardian.email)).toHaveLength(1);
    // The same again: refused beside the athlete, and the second registration is not kept either (one transaction).
    const regs = await count(registrationRequests);
    const again = await send(guardian, { ...spec, ...court, sessionId: session, athleteId: athlete.id });
    expect(again).toMatchObject({ status: 409, body: { fieldErrors: { athleteId: "This athlete already has a request for this session." } } });
    expect(await count(registrationRequests)).toBe(regs);
  });

  it("puts a request past the session's places on its waitlist, and says its number", async () => {
    const session = await makeSession(db, 1);
    const first = await makeFamily(db, "First");
    const second = await makeFamily(db, "Second");
    expect((await send(first.guardian, { ...spec, ...court, sessionId: session, athleteId: first.athlete.id })).body.answer?.outcome).toBe(
      "requested",
    );
    // The first's evaluation holds the place (a bare request holds none by default: issue 39).
    await db.execute(sql`update enrollments set status = 'evaluation' where athlete_id = ${first.athlete.id}`);
    const res = await send(second.guardian, { ...spec, ...court, sessionId: session, athleteId: second.athlete.id });
    expect(res.body.answer).toMatchObject({ outcome: "waitlisted", position: "1" });
  });

  it("refuses another family's athlete, a guardian who chose none, a minor alone and a coach, storing nothing", async () => {
    const session = await makeSession(db, 10);
    const mine = await makeFamily(db, "Mine");
    const theirs = await makeFamily(db, "Theirs");
    const coach = await makeUser(db, "coach", "Coach Form");
    const [regs, made] = [await count(registrationRequests), await count(enrollments)];
    const refusals = [
      await send(mine.guardian, { ...spec, ...court, sessionId: session, athleteId: theirs.athlete.id }),
      await send(mine.guardian, { ...spec, ...court, sessionId: session }),
      await send(mine.athlete, { ...spec, ...court, sessionId: session }),
      await send(coach, { ...spec, ...court, sessionId: session }),
    ];
    expect(refusals.map((r) => [r.status, r.body.fieldErrors])).toEqual([
      [403, { athleteId: "Choose one of your household's student-athletes." }],
      [403, { athleteId: "Choose one of your household's student-athletes." }],
      [403, { athleteId: "A parent or guardian asks for a place for a student-athlete under 18." }],
      [403, { sessionId: "Enrollment requests are made by families; coaches work from the rosters." }],
    ]);
    expect([await count(registrationRequests), await count(enrollments)]).toEqual([regs, made]);
    // An adult athlete asks for themselves: no athlete to choose.
    const adult = await makeUser(db, "client", "Ada Adult", { clientKind: "athlete", dateOfBirth: "2000-01-01" });
    const own = await send(adult, { ...spec, ...court, age: "26", sessionId: session });
    expect(own).toMatchObject({ status: 200, body: { answer: { outcome: "requested" } } });
    expect(
      (
        await db
          .select()
          .from(enrollments)
          .where(sql`athlete_id = ${adult.id}`)
      ).map((e) => e.status),
    ).toEqual(["requested"]);
  });

  it("offers a program's open sessions on the form, and preselects one from the address", async () => {
    const session = await makeSession(db, 10, { title: "Saturday Rally Clinic" });
    await makeSession(db, 10, { title: "Closed Clinic", closed: true });
    const { guardian, athlete } = await makeFamily(db, "Pick");
    const page = await call(registrationLoader as never, {
      request: new Request(`http://localhost/programs/registration?session=${session}&athlete=${athlete.id}`),
      context: as(guardian),
    });
    const body = page.body as {
      session: { id: string } | null;
      chosen: string;
      sessionGroups: Array<{ program: string; sessions: Array<{ id: string; label: string }> }>;
      prefill: { athleteId: string; studentName: string } | null;
      sessionNote: unknown;
    };
    expect(body.session?.id).toBe(session);
    expect(body.chosen).toBe("Fall Programs");
    const labels = body.sessionGroups.flatMap((g) => g.sessions.map((s) => s.label));
    expect(labels.some((l) => l.startsWith("Saturday Rally Clinic"))).toBe(true);
    expect(labels.some((l) => l.startsWith("Closed Clinic"))).toBe(false);
    expect(body.prefill).toMatchObject({ athleteId: athlete.id, studentName: "Pick Kid" });
    expect(body.sessionNote).toBeNull();
  });
});
