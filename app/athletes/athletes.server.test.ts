// An athlete's path (issue 42) through the routes' loaders and actions with a real PostgreSQL: who reads an athlete's
// page (guardians, the athlete from 13, their session coaches, staff, education staff of education sessions) and
// nobody else; a coach's evaluation read in Spanish with the change since the last; school, terms, milestones,
// check-ins and the listing on /scholarships; every wrong person refused with nothing changed, and bad input answered
// beside its field with nothing stored.
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { enrollments, staffLog, users } from "../../db/schema";
import { athleteCheckIns, athleteEvaluations, athleteMilestones, athleteSchools, athleteTerms, educationStaff } from "../../db/schema-athletes";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeSession, makeUser, onCourt, type Person } from "~/enrollment/test-support";
import type { Locale } from "~/i18n/language";
import { localeStore } from "../../tests/support/locale-store";
import * as athletePage from "~/routes/athletes.$athleteId";
import * as athletesList from "~/routes/athletes";
import * as scholarships from "~/routes/scholarships";
import * as staffRoute from "~/routes/staff";
import { getStaffLog } from "~/staff/log.server";
import { getActiveSkills } from "./path.server";

const { db } = await createTestDatabase();
const languages = localeStore();

// Coaches first: makeSession with no list gives a session every coach there is, so these are made with explicit lists.
const coach = await makeUser(db, "coach", "Carmen Courtside");
const otherCoach = await makeUser(db, "coach", "Otto Elsewhere");
const sofia = await makeFamily(db, "Garcia", "2010-03-01"); // 16: reads her own page and records terms
const young = await makeFamily(db, "Young", "2016-03-01"); // 10: the page is her guardian's to read
const other = await makeFamily(db, "Other", "2011-03-01");
const admin = await makeUser(db, "client", "Ada Admin", { admin: true });
const tutor = await makeUser(db, "client", "Tess Tutor");
await db.insert(educationStaff).values({ userId: tutor.id });
const tennis = await makeSession(db, 20, {}, [coach.id]);
const homework = await makeSession(db, 20, { programSlug: "after-school", title: "Homework Help" }, [otherCoach.id]);
await db.execute(`update events set session_kind = 'education' where id = '${homework}'`);
const enroll = (eventId: string, athleteId: string) => db.insert(enrollments).values({ eventId, status: "enrolled", ...onCourt(athleteId) });
await enroll(tennis, sofia.athlete.id);
await enroll(homework, sofia.athlete.id);
await enroll(tennis, young.athlete.id);
await enroll(tennis, other.athlete.id);

const as = (person: Pick<Person, "id" | "email" | "fullName" | "role"> | null) =>
  ({
    ...contextFor(db, "visitor"),
    auth: {
      api: { getSession: async () => (person ? { user: { id: person.id, email: person.email, name: person.fullName, role: person.role } } : null) },
    },
  }) as unknown as AppLoadContext;
const page = (who: Person | null, athleteId: string, locale: Locale = "en") =>
  languages.run(locale, () =>
    call(athletePage.loader, {
      request: new Request(`http://localhost${locale === "es" ? "/es" : ""}/athletes/${athleteId}`),
      context: as(who),
      params: { athleteId },
    }),
  );
const post = (who: Person | null, athleteId: string, fields: Record<string, string>) =>
  languages.run("en", () =>
    call(athletePage.action, { request: postForm(`/athletes/${athleteId}`, fields), context: as(who), params: { athleteId } }),
  );
type PageBody = Awaited<ReturnType<typeof athletePage.loader>>;

async function everything() {
  const n = async (t: typeof athleteEvaluations | typeof athleteSchools | typeof athleteTerms | typeof athleteCheckIns) =>
    (await db.select({ n: count() }).from(t))[0]!.n;
  return {
    evaluations: await n(athleteEvaluations),
    schools: await n(athleteSchools),
    terms: await n(athleteTerms),
    milestones: await db.select().from(athleteMilestones).orderBy(athleteMilestones.id),
    checkIns: await n(athleteCheckIns),
  };
}

async function scoreFields(score: number) {
  const skills = await getActiveSkills(db, "en");
  return Object.fromEntries(skills.map((s) => [`score-${s.id}`, String(score)]));
}

describe("who reads an athlete's page", () => {
  it("opens it to the guardian, the athlete from 13, their session coach, staff and education staff of their education session", async () => {
    for (const who of [sofia.guardian, sofia.athlete, coach, admin, tutor, otherCoach])
      expect((await page(who, sofia.athlete.id)).status, who.fullName).toBe(200);
    const body = (await page(sofia.guardian, sofia.athlete.id)).body as PageBody;
    expect(body.rights).toMatchObject({ relation: "guardian", evaluate: false, recordSchool: true, checkIn: false });
    expect(body.mayList).toBe(true);
    expect(((await page(coach, sofia.athlete.id)).body as PageBody).rights).toMatchObject({ evaluate: true, recordSchool: false, checkIn: false });
    expect(((await page(sofia.athlete, sofia.athlete.id)).body as PageBody).mayList).toBe(false); // 16: her guardian answers
    expect(((await page(tutor, sofia.athlete.id)).body as PageBody).rights).toMatchObject({ evaluate: false, recordMilestone: true, checkIn: true });
  });

  it("refuses another family, a coach of no session of theirs, education staff outside education sessions, a child under 13 and a visitor", async () => {
    expect((await page(other.guardian, sofia.athlete.id)).status).toBe(404);
    expect((await page(other.athlete, sofia.athlete.id)).status).toBe(404);
    expect((await page(otherCoach, young.athlete.id)).status).toBe(404); // coaches the homework session only
    expect((await page(tutor, young.athlete.id)).status).toBe(404); // in no education session
    expect((await page(young.athlete, young.athlete.id)).status).toBe(404); // 10: the guardian reads it
    expect((await page(young.guardian, young.athlete.id)).status).toBe(200);
    const visitor = await page(null, sofia.athlete.id);
    expect(visitor.status).toBe(302);
    expect((await page(sofia.guardian, "not-an-id")).status).toBe(404);
    expect((await page(sofia.guardian, sofia.guardian.id)).status).toBe(404); // a guardian is not an athlete
  });

  it("closes it to a coach once the athlete's request in their session has ended, and to someone no longer a coach", async () => {
    const later = await makeFamily(db, "Later", "2012-03-01");
    const [row] = await db
      .insert(enrollments)
      .values({ eventId: tennis, status: "enrolled", ...onCourt(later.athlete.id) })
      .returning({ id: enrollments.id });
    expect((await page(coach, later.athlete.id)).status).toBe(200);
    await db.update(enrollments).set({ status: "withdrawn", closedReason: "family" }).where(eq(enrollments.id, row!.id));
    expect((await page(coach, later.athlete.id)).status).toBe(404);
    await db.update(users).set({ role: "client" }).where(eq(users.id, otherCoach.id));
    // Otto coaches Sofía's homework session; made a client, the session's record grants him nothing.
    expect((await page({ ...otherCoach, role: "client" }, sofia.athlete.id)).status).toBe(404);
    await db.update(users).set({ role: "coach" }).where(eq(users.id, otherCoach.id));
  });

  it("lists on /athletes only the athletes a person may read", async () => {
    const list = async (who: Person) =>
      (
        (await call(athletesList.loader, { request: new Request("http://localhost/athletes"), context: as(who) })).body as {
          athletes: { id: string }[];
        }
      ).athletes.map((a) => a.id);
    expect(await list(sofia.guardian)).toEqual([sofia.athlete.id]);
    expect((await list(coach)).sort()).toEqual([sofia.athlete.id, young.athlete.id, other.athlete.id].sort());
    expect(await list(tutor)).toEqual([sofia.athlete.id]);
    expect(await list(other.athlete)).toEqual([other.athlete.id]);
  });
});

describe("evaluations", () => {
  it("a session coach evaluates; the guardian reads it in Spanish with the change since the last and the level it earned", async () => {
    const first = await post(coach, sofia.athlete.id, {
      intent: "evaluate",
      level: "4",
      evaluatedOn: "2026-03-01",
      note: "Steady rallies.",
      goalOne: "Serve 7 of 10 in",
      ...(await scoreFields(2)),
    });
    expect(first.status).toBe(302);
    const skills = await getActiveSkills(db, "en");
    const second = await post(coach, sofia.athlete.id, {
      intent: "evaluate",
      level: "3",
      evaluatedOn: "2026-09-15",
      note: "Won her first tournament match.",
      goalOne: "Come to the net after a deep approach",
      goalTwo: "Keep a match diary",
      ...(await scoreFields(2)),
      [`score-${skills[0]!.id}`]: "4",
    });
    expect(second.status).toBe(302);
    const es = (await page(sofia.guardian, sofia.athlete.id, "es")).body as PageBody;
    expect(es.evaluations).toHaveLength(2);
    const latest = es.evaluations[0]!;
    expect(latest).toMatchObject({ level: 3, levelBefore: 4, goals: ["Come to the net after a deep approach", "Keep a match diary"] });
    expect(latest.scores[0]).toEqual({ skill: "Derecha", score: 4, change: 2 });
    expect(latest.scores[1]).toEqual({ skill: "Revés", score: 2, change: 0 });
    expect(es.evaluations[1]!.scores[0]!.change).toBeNull();
    // The evaluation placed her at level 3, with what earned it.
    expect(es.levels[0]).toMatchObject({ level: 3, placedOn: "2026-09-15", note: "Won her first tournament match." });
  });

  it("refuses the guardian, a coach of no session of hers and another family; bad input is answered beside the field", async () => {
    const before = await everything();
    const fields = { intent: "evaluate", level: "4", evaluatedOn: "2026-03-01", goalOne: "x", ...(await scoreFields(3)) };
    expect((await post(sofia.guardian, sofia.athlete.id, fields)).status).toBe(403);
    expect((await post(otherCoach, young.athlete.id, fields)).status).toBe(404);
    expect((await post(other.guardian, sofia.athlete.id, fields)).status).toBe(404);
    expect((await post(null, sofia.athlete.id, fields)).status).toBe(401); // a visitor's form: sign in first
    const bad = await post(coach, sofia.athlete.id, { ...fields, goalOne: "", evaluatedOn: "2999-01-01", level: "9" });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      goalOne: "Write at least one goal set with the athlete.",
      level: "Choose a level from 1 to 5.",
    });
    const skills = await getActiveSkills(db, "en");
    const unscored = await post(coach, sofia.athlete.id, { ...fields, [`score-${skills[2]!.id}`]: "" });
    expect((unscored.body as { fieldErrors: Record<string, string> }).fieldErrors[`score-${skills[2]!.id}`]).toBe("Score this skill from 1 to 4.");
    expect(await everything()).toEqual(before);
  });
});

describe("school, terms, milestones and the listing", () => {
  it("the athlete records her school and a term's band; a coach and another family cannot", async () => {
    const before = await everything();
    expect((await post(coach, sofia.athlete.id, { intent: "school", school: "Wilson High", grade: "11" })).status).toBe(403);
    expect((await post(other.guardian, sofia.athlete.id, { intent: "term", year: "2026", term: "spring", band: "3-3.5" })).status).toBe(404);
    expect((await post(tutor, sofia.athlete.id, { intent: "term", year: "2026", term: "spring", band: "3-3.5" })).status).toBe(403);
    const empty = await post(sofia.athlete, sofia.athlete.id, { intent: "term", year: "2026", term: "spring", band: "", summary: "" });
    expect((empty.body as { fieldErrors: Record<string, string> }).fieldErrors.band).toBe(
      "Choose a grade-point band or write a short report-card summary.",
    );
    expect(await everything()).toEqual(before);
    expect((await post(sofia.athlete, sofia.athlete.id, { intent: "school", school: "Wilson High", grade: "11" })).status).toBe(302);
    expect((await post(sofia.athlete, sofia.athlete.id, { intent: "term", year: "2026", term: "spring", band: "3-3.5", summary: "" })).status).toBe(
      302,
    );
    expect((await post(sofia.athlete, sofia.athlete.id, { intent: "term", year: "2026", term: "spring", band: "3.5-4", summary: "" })).status).toBe(
      302,
    );
    const body = (await page(coach, sofia.athlete.id)).body as PageBody;
    expect(body.school).toEqual({ school: "Wilson High", grade: 11 });
    expect(body.terms).toEqual([{ year: 2026, term: "spring", band: "3.5-4", summary: "" }]); // the same term, replaced
  });

  it("education staff record a commitment and a scholarship; the guardian lists it and /scholarships shows it", async () => {
    const commit = await post(tutor, sofia.athlete.id, {
      intent: "milestone",
      kind: "committed",
      happenedOn: "2026-11-01",
      college: "University of Maryland",
      tennis: "on",
    });
    expect(commit.status).toBe(302);
    const noCollege = await post(tutor, sofia.athlete.id, {
      intent: "milestone",
      kind: "scholarship",
      happenedOn: "2026-11-02",
      scholarshipKind: "athletic",
    });
    expect((noCollege.body as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      college: "Enter the college's name.",
      amountBand: "Choose the scholarship's amount.",
    });
    // A college enrollment (decision 0070) names its college too; named, it is recorded.
    const enrolled = { intent: "milestone", kind: "enrolled", happenedOn: "2026-11-02" };
    expect(((await post(tutor, sofia.athlete.id, enrolled)).body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      college: "Enter the college's name.",
    });
    expect((await post(tutor, sofia.athlete.id, { ...enrolled, college: "University of Maryland" })).status).toBe(302);
    expect(
      (
        await post(tutor, sofia.athlete.id, {
          intent: "milestone",
          kind: "scholarship",
          happenedOn: "2026-11-02",
          college: "University of Maryland",
          scholarshipKind: "athletic",
          amountBand: "5k-20k",
          classYear: "2027",
        })
      ).status,
    ).toBe(302);
    expect((await post(tutor, sofia.athlete.id, { intent: "check-in", note: "Essay draft due Friday." })).status).toBe(302);
    expect((await post(sofia.guardian, sofia.athlete.id, { intent: "check-in", note: "Hi" })).status).toBe(403);

    const visitors = async () =>
      (
        (await languages.run("en", () => call(scholarships.loader, { request: new Request("http://localhost/scholarships"), context: as(null) })))
          .body as {
          recipients: { name: string; college: string; year: number }[];
        }
      ).recipients;
    expect(await visitors()).toEqual([]); // never public until the guardian says yes
    const body = (await page(sofia.guardian, sofia.athlete.id)).body as PageBody;
    expect(body.checkIns).toEqual([]); // staff's notes stay with staff
    const [scholarship] = body.milestones.filter((m) => m.kind === "scholarship");
    const [commitment] = body.milestones.filter((m) => m.kind === "committed");
    expect(commitment).toMatchObject({ college: "University of Maryland", tennis: true });

    // The athlete is 16: only her guardian says yes, and she is told so beside the form. The tutor, a coach and another
    // family cannot.
    const minor = await post(sofia.athlete, sofia.athlete.id, { intent: "listing", milestoneId: scholarship!.id, list: "yes" });
    expect(minor).toMatchObject({
      status: 403,
      body: { intent: "listing", formError: "A parent or guardian gives this consent for an athlete under 18." },
    });
    for (const who of [tutor, coach])
      expect((await post(who, sofia.athlete.id, { intent: "listing", milestoneId: scholarship!.id, list: "yes" })).status).toBe(403);
    expect((await post(other.guardian, sofia.athlete.id, { intent: "listing", milestoneId: scholarship!.id, list: "yes" })).status).toBe(404);
    expect((await post(sofia.guardian, sofia.athlete.id, { intent: "listing", milestoneId: commitment!.id, list: "yes" })).status).toBe(409);
    expect(await visitors()).toEqual([]);
    expect((await post(sofia.guardian, sofia.athlete.id, { intent: "listing", milestoneId: scholarship!.id, list: "yes" })).status).toBe(302);
    await db.update(users).set({ fullName: "Sofía García" }).where(eq(users.id, sofia.athlete.id));
    expect(await visitors()).toEqual([{ name: "Sofía G.", college: "University of Maryland", year: 2027 }]);
    // Another family's guardian cannot list it by naming its id on their own child's page either.
    expect((await post(other.guardian, other.athlete.id, { intent: "listing", milestoneId: scholarship!.id, list: "no" })).status).toBe(404);
    expect((await post(sofia.guardian, sofia.athlete.id, { intent: "listing", milestoneId: scholarship!.id, list: "no" })).status).toBe(302);
    expect(await visitors()).toEqual([]);
  });

  it("asks one rule for a listing: a guardian the disclosure rule does not let answer is not offered it, and is told why", async () => {
    // A parent who became a coach keeps the guardian link (reads the page as its guardian) but no longer answers for the
    // family (the acting-for rule: clients only). Before, the page offered the listing, stored it and said "listed"
    // while the consent was refused unseen, so /scholarships never showed it.
    const family = await makeFamily(db, "Listing", "2009-03-01");
    const [ms] = await db
      .insert(athleteMilestones)
      .values({
        athleteId: family.athlete.id,
        kind: "scholarship",
        happenedOn: "2026-11-02",
        college: "Howard University",
        scholarshipKind: "academic",
        amountBand: "5k-20k",
        classYear: 2027,
        recordedBy: family.guardian.id,
      })
      .returning({ id: athleteMilestones.id });
    await db.update(users).set({ role: "coach" }).where(eq(users.id, family.guardian.id));
    const nowCoach = { ...family.guardian, role: "coach" as const };
    const body = (await page(nowCoach, family.athlete.id)).body as PageBody;
    expect(body.rights.relation).toBe("guardian");
    expect(body.mayList).toBe(false);
    const refused = await post(nowCoach, family.athlete.id, { intent: "listing", milestoneId: ms!.id, list: "yes" });
    expect(refused).toMatchObject({ status: 403, body: { intent: "listing", formError: "This athlete is not one you answer for." } });
    const [row] = await db.select({ at: athleteMilestones.listingAgreedAt }).from(athleteMilestones).where(eq(athleteMilestones.id, ms!.id));
    expect(row!.at).toBeNull();
  });
});

describe("milestones from grade 9", () => {
  const milestone = { intent: "milestone", kind: "applied", happenedOn: "2026-11-01", college: "Howard University" };

  it("refuses them beside the field before grade 9 (by the school grade, else by age 14), loader and action alike", async () => {
    const before = await everything();
    // Ten, no grade on record: the page says why instead of the form, and a sent form is refused beside "What happened".
    expect(((await page(young.guardian, young.athlete.id)).body as PageBody).collegePathOpen).toBe(false);
    const refused = await post(young.guardian, young.athlete.id, milestone);
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.kind).toBe(
      "Milestones start in grade 9: this athlete's school grade (or age) is below it.",
    );
    // Fifteen, but in grade 8 on record: the grade decides.
    expect((await post(other.guardian, other.athlete.id, { intent: "school", school: "Jefferson Middle", grade: "8" })).status).toBe(302);
    expect(((await page(other.guardian, other.athlete.id)).body as PageBody).collegePathOpen).toBe(false);
    expect((await post(other.guardian, other.athlete.id, milestone)).status).toBe(400);
    expect(await everything()).toEqual({ ...before, schools: before.schools + 1 });
    // Grade 9: the college path is open.
    expect((await post(other.guardian, other.athlete.id, { intent: "school", school: "Wilson High", grade: "9" })).status).toBe(302);
    expect(((await page(other.guardian, other.athlete.id)).body as PageBody).collegePathOpen).toBe(true);
    expect((await post(other.guardian, other.athlete.id, milestone)).status).toBe(302);
  });
});

describe("the education staff permission on /staff", () => {
  const staffPost = (who: Person, fields: Record<string, string>) =>
    languages.run("en", () => call(staffRoute.action, { request: postForm("/staff", fields), context: as(who) }));

  it("is granted and removed by an administrator only, and never to a student-athlete", async () => {
    const helper = await makeUser(db, "coach", "Hana Helper");
    expect((await staffPost(coach, { intent: "grant-education", userId: helper.id })).status).toBe(403);
    expect((await staffPost(tutor, { intent: "grant-education", userId: helper.id })).status).toBe(403);
    expect(await db.select().from(educationStaff).where(eq(educationStaff.userId, helper.id))).toEqual([]);
    const granted = await staffPost(admin, { intent: "grant-education", userId: helper.id });
    expect(granted.body).toMatchObject({ ok: true, userId: helper.id, message: "Hana Helper is now education staff." });
    expect(await db.select({ by: educationStaff.grantedBy }).from(educationStaff).where(eq(educationStaff.userId, helper.id))).toEqual([
      { by: admin.id },
    ]);
    const refused = await staffPost(admin, { intent: "grant-education", userId: sofia.athlete.id });
    expect(refused.status).toBe(409);
    expect(await db.select().from(educationStaff).where(eq(educationStaff.userId, sofia.athlete.id))).toEqual([]);
    expect((await staffPost(admin, { intent: "remove-education", userId: helper.id })).body).toMatchObject({
      ok: true,
      message: "Hana Helper is no longer education staff.",
    });
    expect(await db.select().from(educationStaff).where(eq(educationStaff.userId, helper.id))).toEqual([]);
    // Each grant and removal is a line of the staff log, as the other roles' are; the refused one and a second
    // removal (nothing changed) write none. /staff reads them in the reader's language.
    expect((await staffPost(admin, { intent: "remove-education", userId: helper.id })).status).toBe(200);
    const lines = await db
      .select({ actor: staffLog.actorId, subject: staffLog.subjectName, action: staffLog.action })
      .from(staffLog)
      .where(eq(staffLog.subjectId, helper.id))
      .orderBy(staffLog.createdAt);
    expect(lines.filter((l) => l.action.startsWith("education"))).toEqual([
      { actor: admin.id, subject: "Hana Helper", action: "education granted" },
      { actor: admin.id, subject: "Hana Helper", action: "education removed" },
    ]);
    expect(await db.select().from(staffLog).where(eq(staffLog.subjectId, sofia.athlete.id))).toEqual([]);
    const log = (await languages.run("es", () => getStaffLog(db))).filter((l) => l.subject === "Hana Helper").map((l) => l.action);
    expect(log).toContain("Pasó a ser personal de educación");
    expect(log).toContain("Se le quitó el rol de personal de educación");
  });
});
