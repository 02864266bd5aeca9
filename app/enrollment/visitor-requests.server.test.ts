// A visitor's kept requests claimed by a verified address (issue 29, decision 0024), against a real PostgreSQL: the
// guardian who verified that very address gets each one, in the order made, as an athlete of their household and an
// enrollment request (a full session waitlists it, a deleted one is answered as missing); an unverified address, a
// different one, or a student-athlete's own account (a teenager who typed a parent's address) gets nothing; unclaimed
// requests are forgotten after 30 days.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, events, guardianLinks, householdMembers, users, visitorEnrollmentRequests } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { createEnrollmentRequest } from "./enrollments.server";
import { makeFamily, makeSession, makeUser, servicesFor } from "./test-support";
import { claimVisitorRequests, forgetUnclaimedVisitorRequests, keepVisitorRequest } from "./visitor-requests.server";

const { db } = await createTestDatabase();
const services = servicesFor(db);

const court = {
  medicalNotes: "Bee sting allergy",
  pickupPeople: "Uncle Leo",
  photoConsent: false,
  emergencyName: "Leo Park",
  emergencyPhone: "202-555-0177",
};
const address = () => `family-${crypto.randomUUID().slice(0, 8)}@example.com`;
const keep = (eventId: string, email: string, studentName: string, dateOfBirth = "2015-03-04") =>
  db.transaction((tx) => keepVisitorRequest(tx, { ...court, eventId, studentName, dateOfBirth, email }));
const claim = (userId: string, email: string) => db.transaction((tx) => claimVisitorRequests(tx, userId, email, services));
const keptFor = async (email: string) =>
  db
    .select()
    .from(visitorEnrollmentRequests)
    .where(sql`email = ${email.toLowerCase()}`);
const athletesOf = async (guardianId: string) =>
  db
    .select({ id: users.id, name: users.fullName, dob: users.dateOfBirth, email: users.email })
    .from(guardianLinks)
    .innerJoin(users, sql`${users.id} = ${guardianLinks.athleteId}`)
    .where(sql`${guardianLinks.guardianId} = ${guardianId}`);

describe("claiming a visitor's requests", () => {
  it("makes each kept request, in the order made, an athlete of the verified guardian's household and an enrollment request", async () => {
    const full = await makeSession(db, 1, { title: "Full Clinic" });
    const open = await makeSession(db, 10, { title: "Open Clinic" });
    const holder = await makeFamily(db, "Holder");
    expect(await createEnrollmentRequest(services, holder.guardian, full, { ...court, athleteId: holder.athlete.id })).toMatchObject({ ok: true });
    const email = address();
    // Typed in capitals on the form; kept lower-cased.
    await keep(open, email.toUpperCase(), "Noa Park", "2016-02-01");
    await keep(full, email, "Eli Park", "2013-07-09");
    await keep(open, email, "Eli Park", "2013-07-09");
    const someoneElse = address();
    await keep(open, someoneElse, "Other Child");

    const guardian = await makeUser(db, "client", "Jin Park", { email: email.replace("family", "Family") });
    const claimed = await claim(guardian.id, email);
    expect(claimed.map((c) => c.result.ok && c.result.status)).toEqual(["requested", "waitlisted", "requested"]);
    // One child asked twice is one athlete, with the date of birth the form gave; the household is the guardian's.
    const athletes = await athletesOf(guardian.id);
    expect(athletes.map((a) => [a.name, a.dob]).sort()).toEqual([
      ["Eli Park", "2013-07-09"],
      ["Noa Park", "2016-02-01"],
    ]);
    expect(athletes.every((a) => a.email.endsWith("@no-login.invalid"))).toBe(true);
    expect(new Set(claimed.map((c) => c.athleteId)).size).toBe(2);
    const made = await db
      .select({
        eventId: enrollments.eventId,
        athleteId: enrollments.athleteId,
        requestedBy: enrollments.requestedBy,
        medical: enrollments.medicalNotes,
      })
      .from(enrollments)
      .where(
        sql`athlete_id in (${sql.join(
          athletes.map((a) => sql`${a.id}`),
          sql`, `,
        )})`,
      )
      .orderBy(enrollments.seq);
    const eli = athletes.find((a) => a.name === "Eli Park")!.id;
    const noa = athletes.find((a) => a.name === "Noa Park")!.id;
    expect(made).toEqual([
      { eventId: open, athleteId: noa, requestedBy: guardian.id, medical: "Bee sting allergy" },
      { eventId: full, athleteId: eli, requestedBy: guardian.id, medical: "Bee sting allergy" },
      { eventId: open, athleteId: eli, requestedBy: guardian.id, medical: "Bee sting allergy" },
    ]);
    // Claimed rows are gone; another address's stays; claiming again adds nothing.
    expect(await keptFor(email)).toEqual([]);
    expect(await keptFor(someoneElse)).toHaveLength(1);
    expect(await claim(guardian.id, email)).toEqual([]);
  });

  it("attaches nothing to an unverified address, to a different one, or to whatever address the caller names", async () => {
    const session = await makeSession(db, 10);
    const email = address();
    await keep(session, email, "Kai Unproved");
    const unverified = await makeUser(db, "client", "Una Unverified", { email, emailVerified: false });
    expect(await claim(unverified.id, email)).toEqual([]);
    const other = await makeUser(db, "client", "Otto Other");
    expect(await claim(other.id, other.email)).toEqual([]);
    // The caller names the kept address, but the account's verified address is another: nothing.
    expect(await claim(other.id, email)).toEqual([]);
    expect(await keptFor(email)).toHaveLength(1);
    expect(await athletesOf(unverified.id)).toEqual([]);
    expect(await athletesOf(other.id)).toEqual([]);
  });

  it("gives a teenager who typed a parent's address nothing on their own account; the parent who verifies it gets the request", async () => {
    const session = await makeSession(db, 10);
    const parentAddress = address();
    await keep(session, parentAddress, "Teo Teen", "2011-05-05");
    // The teenager signs up with their own address and verifies it: nothing is theirs.
    const teen = await makeUser(db, "client", "Teo Teen", { clientKind: "athlete", dateOfBirth: "2011-05-05" });
    expect(await claim(teen.id, teen.email)).toEqual([]);
    expect(
      await db
        .select()
        .from(enrollments)
        .where(sql`event_id = ${session}`),
    ).toEqual([]);
    expect(await keptFor(parentAddress)).toHaveLength(1);
    // A student-athlete's account claims nothing even with a verified address that has requests: only a guardian's.
    const athleteAddress = address();
    await keep(session, athleteAddress, "Ivy Athlete", "2011-05-05");
    const athleteAccount = await makeUser(db, "client", "Ivy Athlete", { clientKind: "athlete", dateOfBirth: "2011-05-05", email: athleteAddress });
    expect(await claim(athleteAccount.id, athleteAddress)).toEqual([]);
    expect(await keptFor(athleteAddress)).toHaveLength(1);
    // The parent signs up as a guardian with their own address and verifies it: the request is theirs.
    const parent = await makeUser(db, "client", "Pat Parent", { email: parentAddress });
    const [claimed] = await claim(parent.id, parentAddress);
    expect(claimed!.result).toMatchObject({ ok: true, status: "requested" });
    expect((await athletesOf(parent.id)).map((a) => a.name)).toEqual(["Teo Teen"]);
    // The teenager's own account is in no household and has no request: the parent's child is a new athlete.
    expect(claimed!.athleteId).not.toBe(teen.id);
    expect(
      await db
        .select()
        .from(householdMembers)
        .where(sql`user_id = ${teen.id}`),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(enrollments)
        .where(sql`athlete_id = ${teen.id}`),
    ).toEqual([]);
    // A coach's account claims nothing either.
    const coach = await makeUser(db, "coach", "Coach Claim", { email: address() });
    await keep(session, coach.email, "Coach Kid");
    expect(await claim(coach.id, coach.email)).toEqual([]);
  });

  it("answers a request for a session deleted since as createEnrollmentRequest does, and still adds the child", async () => {
    const session = await makeSession(db, 10);
    const email = address();
    await keep(session, email, "Gus Gone");
    await db.delete(events).where(sql`id = ${session}`);
    expect((await keptFor(email))[0]!.eventId).toBeNull();
    const guardian = await makeUser(db, "client", "Gia Gone", { email });
    const [claimed] = await claim(guardian.id, email);
    expect(claimed!.result).toMatchObject({ ok: false, status: 404, error: "This session does not exist." });
    expect((await athletesOf(guardian.id)).map((a) => a.name)).toEqual(["Gus Gone"]);
    expect(await keptFor(email)).toEqual([]);
  });

  it("forgets requests nobody claimed in 30 days, and only those", async () => {
    const session = await makeSession(db, 10);
    const [old, fresh] = [address(), address()];
    await keep(session, old, "Old Request");
    await keep(session, fresh, "Fresh Request");
    await db.execute(sql`update visitor_enrollment_requests set created_at = now() - interval '31 days' where email = ${old}`);
    expect(await forgetUnclaimedVisitorRequests(db)).toBeGreaterThanOrEqual(1);
    expect(await keptFor(old)).toEqual([]);
    expect(await keptFor(fresh)).toHaveLength(1);
  });

  it("keeps the database's own limits: an address not lower-cased or a name too long is refused", async () => {
    const session = await makeSession(db, 10);
    await expect(
      db
        .insert(visitorEnrollmentRequests)
        .values({ ...court, eventId: session, studentName: "Caps", dateOfBirth: "2015-01-01", email: "Caps@Example.com" }),
    ).rejects.toMatchObject({ cause: { constraint: "visitor_enrollment_requests_email_lower" } });
    await expect(
      db
        .insert(visitorEnrollmentRequests)
        .values({ ...court, eventId: session, studentName: "x".repeat(121), dateOfBirth: "2015-01-01", email: "long@example.com" }),
    ).rejects.toMatchObject({ cause: { constraint: "visitor_enrollment_requests_lengths" } });
  });
});
