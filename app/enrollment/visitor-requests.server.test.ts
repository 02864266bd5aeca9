// A visitor's kept requests (issue 29) and the guardian's yes (issue 37, decision 0033 addendum), against a real
// PostgreSQL. At most 3 wait for one address, under any race and whatever the code does; the guardian whose verified
// address it is reads every field and keeps or drops each one; until kept nothing of it is in the household, on a
// roster or anywhere staff look; a real child's name and birthday never merge by themselves; another family's
// guardian, an athlete, a coach, an unverified or deleted account and a visitor read and change nothing. Unanswered
// requests are forgotten after 30 days.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, events, guardianLinks, safeguardingLog, users, visitorEnrollmentRequests } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { createAthleteForGuardian } from "~/family/guardian-athletes.server";
import { createEnrollmentRequest } from "./enrollments.server";
import { getRoster } from "./rosters.server";
import { afternoon, makeSession, makeUser, servicesFor, type Person } from "./test-support";
import { forgetUnclaimedVisitorRequests, keepVisitorRequest, VISITOR_REQUESTS_PER_ADDRESS } from "./visitor-requests.server";
import {
  countVisitorRequestsToReview,
  dropVisitorRequest,
  getVisitorRequestsToReview,
  getVisitorRequestToReview,
  keepVisitorRequestAsGuardian,
} from "./visitor-requests-review.server";

const { db } = await createTestDatabase();
const services = servicesFor(db);

// What the stranger typed: their own pick-up and emergency contact around someone else's child.
const stranger = {
  medicalNotes: "No allergies",
  pickupPeople: "Mallory Stranger (202) 555-0666",
  photoConsent: true,
  emergencyName: "Mallory Stranger",
  emergencyPhone: "(202) 555-0666",
};
const address = () => `family-${crypto.randomUUID().slice(0, 8)}@example.com`;
const keep = (eventId: string, email: string, studentName: string, dateOfBirth = "2015-03-04") =>
  db.transaction((tx) => keepVisitorRequest(tx, { ...stranger, eventId, studentName, dateOfBirth, email }));
const keptFor = async (email: string) =>
  db
    .select()
    .from(visitorEnrollmentRequests)
    .where(sql`email = ${email.toLowerCase()}`)
    .orderBy(visitorEnrollmentRequests.seq);
const athletesOf = async (guardianId: string) =>
  db
    .select({ id: users.id, name: users.fullName, dob: users.dateOfBirth })
    .from(guardianLinks)
    .innerJoin(users, sql`${users.id} = ${guardianLinks.athleteId}`)
    .where(sql`${guardianLinks.guardianId} = ${guardianId}`);
const enrollmentsOf = async (athleteId: string) =>
  db
    .select()
    .from(enrollments)
    .where(sql`athlete_id = ${athleteId}`);
const rosterOf = async (eventId: string) => getRoster(db, eventId, afternoon());
const guardian = (name: string, email: string, extra = {}) => makeUser(db, "client", name, { email, ...extra });
/** A guardian with a child already in their household (as a family adds one on /account/family). */
async function familyWithChild(email: string, child: string, dob: string) {
  const parent = await guardian(`${child.split(" ")[1]} Parent`, email);
  const { athleteId } = await db.transaction((tx) => createAthleteForGuardian(tx, parent.id, { fullName: child, dateOfBirth: dob }));
  return { parent, childId: athleteId };
}
const asNew = (who: Person, id: string) => keepVisitorRequestAsGuardian(services, who, id, "new");

describe("at most 3 requests wait for one address", () => {
  it(`keeps ${VISITOR_REQUESTS_PER_ADDRESS}, refuses the 4th (whatever the case of the address), and counts each address apart`, async () => {
    const session = await makeSession(db, 10);
    const email = address();
    for (const n of [1, 2, 3]) expect(await keep(session, n === 2 ? email.toUpperCase() : email, `Child ${n}`)).toEqual({ ok: true });
    expect(await keep(session, ` ${email.toUpperCase()} `, "Child 4")).toEqual({ ok: false, reason: "too-many" });
    expect((await keptFor(email)).map((k) => k.studentName)).toEqual(["Child 1", "Child 2", "Child 3"]);
    const other = address();
    expect(await keep(session, other, "Other Child")).toEqual({ ok: true });
  });

  it("holds under ten forms sent at once for one address: exactly 3 are kept", async () => {
    const session = await makeSession(db, 10);
    const email = address();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => keep(session, email, `Racer ${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await keptFor(email)).toHaveLength(3);
  });

  it("is the database's rule too: a 4th row inserted directly, or a row moved to a full address, is refused", async () => {
    const session = await makeSession(db, 10);
    const email = address();
    for (const n of [1, 2, 3]) await keep(session, email, `Direct ${n}`);
    const row = { ...stranger, eventId: session, studentName: "Direct 4", dateOfBirth: "2015-01-01" };
    await expect(db.insert(visitorEnrollmentRequests).values({ ...row, email })).rejects.toMatchObject({
      cause: { constraint: "visitor_requests_at_most_three" },
    });
    const elsewhere = address();
    await keep(session, elsewhere, "Moved");
    await expect(db.execute(sql`update visitor_enrollment_requests set email = ${email} where email = ${elsewhere}`)).rejects.toMatchObject({
      cause: { constraint: "visitor_requests_at_most_three" },
    });
    expect(await keptFor(email)).toHaveLength(3);
  });
});

describe("nothing a visitor typed joins a family without the guardian's yes", () => {
  it("the stranger's attack: six forms, the family's address verified, and nothing in the household or on the roster until kept", async () => {
    const session = await makeSession(db, 10, { title: "Stranger Clinic" });
    const email = address();
    const results = [];
    for (let i = 1; i <= 6; i++) results.push(await keep(session, email, `Planted Child ${i}`, `2015-0${i}-01`));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false, false]);

    // The family signs up with that address and proves it: nothing joins by itself.
    const parent = await guardian("Pat Family", email);
    expect(await athletesOf(parent.id)).toEqual([]);
    expect(await rosterOf(session)).toEqual([]);

    // The guardian reads each one, oldest first, with every field the stranger typed.
    const waiting = await getVisitorRequestsToReview(db, parent, "en");
    expect(waiting.map((r) => r.studentName)).toEqual(["Planted Child 1", "Planted Child 2", "Planted Child 3"]);
    expect(waiting[0]).toMatchObject({
      dateOfBirth: "2015-01-01",
      session: { title: "Stranger Clinic", place: "Fort Dupont, Washington, DC" },
      pickupPeople: "Mallory Stranger (202) 555-0666",
      emergencyName: "Mallory Stranger",
      emergencyPhone: "(202) 555-0666",
      medicalNotes: "No allergies",
      photoConsent: true,
      sameAs: [],
    });
    expect(waiting[0]!.session!.when).toMatch(/Tuesday/);
    expect(await countVisitorRequestsToReview(db, parent)).toBe(3);

    // Drops two: deleted, nothing else changed.
    expect(await dropVisitorRequest(db, parent, waiting[0]!.id)).toEqual({ ok: true, studentName: "Planted Child 1" });
    expect(await dropVisitorRequest(db, parent, waiting[1]!.id)).toEqual({ ok: true, studentName: "Planted Child 2" });
    expect(await dropVisitorRequest(db, parent, waiting[1]!.id)).toMatchObject({ ok: false, status: 404 });
    expect((await keptFor(email)).map((k) => k.studentName)).toEqual(["Planted Child 3"]);
    expect(await athletesOf(parent.id)).toEqual([]);
    expect(await rosterOf(session)).toEqual([]);

    // Keeps the third: a new athlete of the household and a request for the place, with the fields as read; logged.
    const kept = await asNew(parent, waiting[2]!.id);
    expect(kept).toMatchObject({ ok: true, studentName: "Planted Child 3", session: "Stranger Clinic", status: "requested", position: null });
    const athletes = await athletesOf(parent.id);
    expect(athletes.map((a) => [a.name, a.dob])).toEqual([["Planted Child 3", "2015-03-01"]]);
    const roster = await rosterOf(session);
    expect(roster.map((e) => [e.athleteName, e.notes.pickup, e.notes.emergencyName])).toEqual([
      ["Planted Child 3", "Mallory Stranger (202) 555-0666", "Mallory Stranger"],
    ]);
    expect((await enrollmentsOf(athletes[0]!.id))[0]!.requestedBy).toBe(parent.id);
    expect(await keptFor(email)).toEqual([]);
    const [line] = await db
      .select()
      .from(safeguardingLog)
      .where(sql`athlete_id = ${athletes[0]!.id} and action = 'visitor request kept'`);
    expect(line!.actorId).toBe(parent.id);
    expect(line!.detail).toContain("as a new student-athlete");
    expect(line!.detail).toContain("may pick up: Mallory Stranger (202) 555-0666");
    expect(line!.detail).toContain("Stranger Clinic");
    // Kept once: a second keep of the same request is answered as missing and adds nothing.
    expect(await asNew(parent, waiting[2]!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await athletesOf(parent.id)).toHaveLength(1);
  });

  it("never attaches a stranger's pick-up to a real child by name and birthday: the guardian chooses, and only a choice attaches", async () => {
    const session = await makeSession(db, 10);
    const email = address();
    const { parent, childId } = await familyWithChild(email, "Noa Real", "2016-02-01");
    // A team list gives the stranger the name and birthday; typed in another case with spaces.
    await keep(session, email, " noa real ", "2016-02-01");
    await keep(session, email, "Noa Real", "2016-02-01");
    const [first, second] = await getVisitorRequestsToReview(db, parent, "en");
    expect(first!.sameAs).toEqual([{ id: childId, name: "Noa Real" }]);

    // No choice, or a choice that is not the household's child of that name and birthday: refused, nothing changes.
    const other = await familyWithChild(address(), "Noa Other", "2016-02-01");
    for (const as of [undefined, "", other.childId, crypto.randomUUID()])
      expect(await keepVisitorRequestAsGuardian(services, parent, first!.id, as)).toMatchObject({ ok: false, status: 400, field: "as" });
    expect(await enrollmentsOf(childId)).toEqual([]);
    expect(await athletesOf(parent.id)).toHaveLength(1);
    expect(await keptFor(email)).toHaveLength(2);

    // "Add as new": a second athlete; the real child is untouched, on no roster, with no stranger's pick-up.
    const asNewOne = await asNew(parent, first!.id);
    expect(asNewOne.ok && asNewOne.athleteId).not.toBe(childId);
    expect(await athletesOf(parent.id)).toHaveLength(2);
    expect(await enrollmentsOf(childId)).toEqual([]);
    // "This is Noa Real": only now, by the guardian's explicit choice, the request is the real child's.
    const asChild = await keepVisitorRequestAsGuardian(services, parent, second!.id, childId);
    expect(asChild).toMatchObject({ ok: true, athleteId: childId });
    expect((await enrollmentsOf(childId)).map((e) => e.pickupPeople)).toEqual(["Mallory Stranger (202) 555-0666"]);
    const [line] = await db
      .select()
      .from(safeguardingLog)
      .where(sql`athlete_id = ${childId} and action = 'visitor request kept'`);
    expect(line!.detail).toContain("for the student-athlete already in the family");
  });

  it("shows, counts and changes nothing for anyone but the guardian whose verified address it is", async () => {
    const session = await makeSession(db, 10);
    const email = address();
    await keep(session, email, "Kai Waiting");
    const [id] = (await keptFor(email)).map((k) => k.id);
    const someoneElse = await familyWithChild(address(), "Ivy Else", "2014-04-04");
    const wrong: Array<[string, Person | null]> = [
      ["another family's guardian", someoneElse.parent],
      ["an unverified account with that address", await guardian("Una Unverified", email.replace("family", "unverified"), { emailVerified: false })],
      ["a student-athlete's account", await makeUser(db, "client", "Ivy Athlete", { clientKind: "athlete", dateOfBirth: "2011-05-05" })],
      ["a coach", await makeUser(db, "coach", "Coach Look")],
      ["a visitor", null],
    ];
    for (const [who, person] of wrong) {
      expect(await getVisitorRequestsToReview(db, person, "en"), who).toEqual([]);
      expect(await getVisitorRequestToReview(db, person, id!, "en"), who).toBeNull();
      expect(await countVisitorRequestsToReview(db, person), who).toBe(0);
      expect(await keepVisitorRequestAsGuardian(services, person, id!, "new"), who).toMatchObject({ ok: false, status: 404 });
      expect(await dropVisitorRequest(db, person, id!), who).toMatchObject({ ok: false, status: 404 });
    }
    // Accounts that hold the very address but may not answer: a student-athlete's (a teenager who typed a parent's
    // address and signed up with it), a coach's, an unverified one, a deleted one.
    for (const [kind, extra] of [
      ["athlete", { clientKind: "athlete" as const, dateOfBirth: "2011-05-05" }],
      ["unverified", { emailVerified: false }],
      ["deleted", { deletedAt: new Date() }],
    ] as const) {
      const holder = await makeUser(db, "client", `Holder ${kind}`, { email, ...extra });
      expect(await getVisitorRequestsToReview(db, holder, "en"), kind).toEqual([]);
      expect(await keepVisitorRequestAsGuardian(services, holder, id!, "new"), kind).toMatchObject({ ok: false, status: 404 });
      expect(await dropVisitorRequest(db, holder, id!), kind).toMatchObject({ ok: false, status: 404 });
      await db.delete(users).where(sql`id = ${holder.id}`);
    }
    const coachWithAddress = await makeUser(db, "coach", "Coach Address", { email });
    expect(await getVisitorRequestsToReview(db, coachWithAddress, "en")).toEqual([]);
    expect(await dropVisitorRequest(db, coachWithAddress, id!)).toMatchObject({ ok: false, status: 404 });
    await db.delete(users).where(sql`id = ${coachWithAddress.id}`);
    expect(await keptFor(email)).toHaveLength(1);
    expect(await rosterOf(session)).toEqual([]);
    expect(await athletesOf(someoneElse.parent.id)).toHaveLength(1);
  });

  it("changes nothing when the request cannot be made: a closed session, one deleted since, one already asked", async () => {
    const closed = await makeSession(db, 10);
    const gone = await makeSession(db, 10);
    const open = await makeSession(db, 10);
    const email = address();
    const { parent, childId } = await familyWithChild(email, "Ada Asked", "2013-07-09");
    expect(await createEnrollmentRequest(services, parent, open, { ...stranger, athleteId: childId })).toMatchObject({ ok: true });
    await keep(closed, email, "Cy Closed");
    await keep(gone, email, "Gus Gone");
    await keep(open, email, "Ada Asked", "2013-07-09");
    await db.execute(sql`update events set closed = true where id = ${closed}`);
    await db.delete(events).where(sql`id = ${gone}`);
    const [c, g, a] = await getVisitorRequestsToReview(db, parent, "en");
    expect(g!.session).toBeNull();
    expect(await asNew(parent, c!.id)).toMatchObject({ ok: false, status: 409, error: "This session is not taking requests." });
    expect(await asNew(parent, g!.id)).toMatchObject({ ok: false, status: 404, error: expect.stringContaining("no longer exists") });
    expect(await keepVisitorRequestAsGuardian(services, parent, a!.id, childId)).toMatchObject({
      ok: false,
      status: 409,
      error: "This athlete already has a request for this session.",
    });
    // No athlete was added by the refused keeps (the new one went with the refusal), and all three still wait.
    expect((await athletesOf(parent.id)).map((x) => x.name)).toEqual(["Ada Asked"]);
    expect(await keptFor(email)).toHaveLength(3);
  });

  it("keeps a request once when two taps race, and a full session waitlists it", async () => {
    const full = await makeSession(db, 1);
    const holder = await familyWithChild(address(), "Hal Holder", "2012-01-01");
    expect(await createEnrollmentRequest(services, holder.parent, full, { ...stranger, athleteId: holder.childId })).toMatchObject({ ok: true });
    // The holder's evaluation holds the place (a bare request holds none by default: issue 39).
    await db.execute(sql`update enrollments set status = 'evaluation' where athlete_id = ${holder.childId}`);
    const email = address();
    await keep(full, email, "Wes Wait");
    const parent = await guardian("Wes Parent", email);
    const [r] = await getVisitorRequestsToReview(db, parent, "en");
    const both = await Promise.all([asNew(parent, r!.id), asNew(parent, r!.id)]);
    expect(both.map((b) => b.ok).sort()).toEqual([false, true]);
    expect(both.find((b) => b.ok)).toMatchObject({ status: "waitlisted", position: 1 });
    expect(await athletesOf(parent.id)).toHaveLength(1);
  });
});

describe("forgetting and the database's limits", () => {
  it("forgets requests nobody answered in 30 days, and only those", async () => {
    const session = await makeSession(db, 10);
    const [old, fresh] = [address(), address()];
    await keep(session, old, "Old Request");
    await keep(session, fresh, "Fresh Request");
    await db.execute(sql`update visitor_enrollment_requests set created_at = now() - interval '31 days' where email = ${old}`);
    expect(await forgetUnclaimedVisitorRequests(db)).toBeGreaterThanOrEqual(1);
    expect(await keptFor(old)).toEqual([]);
    expect(await keptFor(fresh)).toHaveLength(1);
  });

  it("refuses an address not lower-cased or a name too long", async () => {
    const session = await makeSession(db, 10);
    await expect(
      db
        .insert(visitorEnrollmentRequests)
        .values({ ...stranger, eventId: session, studentName: "Caps", dateOfBirth: "2015-01-01", email: "Caps@Example.com" }),
    ).rejects.toMatchObject({ cause: { constraint: "visitor_enrollment_requests_email_lower" } });
    await expect(
      db
        .insert(visitorEnrollmentRequests)
        .values({ ...stranger, eventId: session, studentName: "x".repeat(121), dateOfBirth: "2015-01-01", email: "long@example.com" }),
    ).rejects.toMatchObject({ cause: { constraint: "visitor_enrollment_requests_lengths" } });
  });
});
