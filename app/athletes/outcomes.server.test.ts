// The outcomes report (issue 42) against fixtures with known answers: March 2026, ten athletes at a tennis session
// (1.5 h, Washington), five of them at a session of tennis and education (2 h, Baltimore), three at a short tennis
// session in Atlanta. Each expected number is worked out by hand in the comments, and so is each suppression.
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { athleteDemographics, athleteLevels, attendanceMarks } from "../../db/schema";
import { athleteMilestones, athleteTerms, educationStaff } from "../../db/schema-athletes";
import { call, contextFor } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeSession, makeUser, type Person } from "~/enrollment/test-support";
import * as csvRoute from "~/routes/reports.outcomes.csv";
import * as reportRoute from "~/routes/reports.outcomes";
import { cell, getOutcomes, outcomeRows, share } from "./outcomes.server";

const { db } = await createTestDatabase();
const coach = await makeUser(db, "coach", "Rita Report");
const T = await makeSession(db, 20, {}, [coach.id]); // fall, 16:30-18:00, Fort Dupont, Washington, DC
const B = await makeSession(
  db,
  20,
  { programSlug: "after-school", weekdays: [1], startTime: "10:00", endTime: "12:00", place: "Druid Hill Park, Baltimore" },
  [coach.id],
);
const C = await makeSession(db, 20, { programSlug: "summer", weekdays: [3], startTime: "10:00", endTime: "11:00", place: "Atlanta" }, [coach.id]);
await db.execute(`update events set session_kind = 'both' where id = '${B}'`);
const kids: Person[] = [];
for (let i = 1; i <= 10; i++)
  kids.push(await makeUser(db, "client", `Kid ${i}`, { clientKind: "athlete", dateOfBirth: i <= 5 ? "2012-01-01" : "2015-01-01" }));
const k = (i: number) => kids[i - 1]!.id;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, j) => from + j);
const mark = (eventId: string, i: number, day: string, present = true) => ({
  eventId,
  athleteId: k(i),
  day,
  present,
  clientId: crypto.randomUUID(),
  markedAt: new Date(`${day}T20:00:00Z`),
});
await db.insert(attendanceMarks).values([
  ...range(1, 10).map((i) => mark(T, i, "2026-03-03")), // 10 x 1.5 h of tennis
  ...range(1, 5).map((i) => mark(B, i, "2026-03-02")), // 5 x 2 h, half tennis, half education
  mark(B, 6, "2026-03-02", false), // absent: nothing
  ...range(1, 3).map((i) => mark(C, i, "2026-03-04")), // 3 x 1 h of tennis
  mark(T, 10, "2026-04-02"), // after the range
]);
await db.insert(athleteLevels).values([
  ...range(1, 10).map((i) => ({ athleteId: k(i), level: 5, placedOn: "2026-01-05", coachId: coach.id })),
  ...range(1, 5).map((i) => ({ athleteId: k(i), level: 4, placedOn: "2026-03-20", coachId: coach.id })), // rose
  { athleteId: k(6), level: 3, placedOn: "2026-04-10", coachId: coach.id }, // after the range: not counted
]);
await db.insert(athleteTerms).values([
  ...range(1, 6).map((i) => ({ athleteId: k(i), year: 2025, term: "fall" as const, band: "3-3.5" as const })),
  ...range(1, 5).map((i) => ({ athleteId: k(i), year: 2026, term: "spring" as const, band: "3.5-4" as const })), // improved
  { athleteId: k(6), year: 2026, term: "spring" as const, band: "2.5-3" as const }, // dropped
]);
await db.insert(athleteMilestones).values([
  ...range(1, 5).map((i) => ({
    athleteId: k(i),
    kind: "committed" as const,
    happenedOn: "2026-03-15",
    college: "University of Maryland",
    tennis: i === 1,
  })),
  {
    athleteId: k(1),
    kind: "scholarship",
    happenedOn: "2026-03-16",
    college: "University of Maryland",
    scholarshipKind: "athletic",
    amountBand: "5k-20k",
  },
  { athleteId: k(2), kind: "admitted", happenedOn: "2025-12-01", college: "Howard University" }, // before the range
  ...range(6, 10).map((i) => ({ athleteId: k(i), kind: "enrolled" as const, happenedOn: "2026-03-10", college: "Howard University" })),
]);
// The families' optional answers: kids 1-5 female, 6-7 male, 8 another gender, 9-10 none; kids 1-6 free lunch, 7
// reduced-price, 8 neither, 9-10 none given.
await db.insert(athleteDemographics).values(
  range(1, 8).map((i) => ({
    athleteId: k(i),
    gender: i <= 5 ? ("female" as const) : i <= 7 ? ("male" as const) : ("another" as const),
    schoolLunch: i <= 6 ? ("free" as const) : i === 7 ? ("reduced" as const) : ("none" as const),
  })),
);
const march = { from: "2026-03-01", to: "2026-03-31", program: "" };

describe("the outcomes", () => {
  it("counts March as worked out by hand", async () => {
    expect(await getOutcomes(db, march)).toEqual({
      served: 10,
      tennisHours: 23, // 10 x 1.5 + 5 x 2 / 2 + 3 x 1
      educationHours: 5, // 5 x 2 / 2
      ages: { under10: 0, from10to13: 5, from14to17: 5, adults: 0, unknown: 0 },
      genders: { female: 5, male: 2, another: 1, unknown: 2 },
      lunch: { free: 6, reduced: 1, none: 1, unknown: 2 },
      rose: { of: 10, count: 5 },
      grades: { of: 6, count: 5 },
      graduated: 0,
      admitted: 0,
      committed: 5,
      committedTennis: 1,
      enrolled: 5,
      scholarships: 1,
      scholarshipAthletes: 1,
      bands: { under1k: 0, from1kto5k: 0, from5kto20k: 1, over20k: 0 },
    });
  });

  it("suppresses every cell of 1 to 4 athletes, and a share whose athletes or those left out are 1 to 4", async () => {
    const rows = Object.fromEntries(outcomeRows(await getOutcomes(db, march), "en").map((r) => [r.what, r.value]));
    expect(rows).toMatchObject({
      "Youth served": "10",
      "Hours of tennis (athlete-hours)": "23",
      "Hours of education (athlete-hours)": "5",
      "Youth served aged 10 to 13": "5",
      "Youth served under 10": "0",
      "Youth served, gender: Female": "5",
      "Youth served, gender: Male": "suppressed (fewer than 5)",
      "Youth served, gender: Another gender": "suppressed (fewer than 5)",
      "Youth served, gender not given": "suppressed (fewer than 5)",
      "Youth served, school lunch: Free lunch": "6",
      "Youth served, school lunch: Reduced-price lunch": "suppressed (fewer than 5)",
      "Youth served, school lunch not given": "suppressed (fewer than 5)",
      "Share who rose a level": "50%",
      "Share with a grade-point band held or improved": "suppressed (fewer than 5)", // 5 of 6: the one left out shows
      "Athletes committed to a college": "5",
      "Athletes enrolled in college": "5",
      "of whom committed to play tennis": "suppressed (fewer than 5)",
      "Scholarships won": "suppressed (fewer than 5)",
      "Scholarships of $5,000 to $20,000": "suppressed (fewer than 5)",
      "Seniors graduated": "0",
    });
    // Each number says how it is counted, in the reader's language.
    const es = outcomeRows(await getOutcomes(db, march), "es");
    expect(es.find((r) => r.what === "Jóvenes atendidos, almuerzo escolar: Almuerzo gratuito")?.value).toBe("6");
    expect(es[0]).toEqual({
      what: "Jóvenes atendidos",
      value: "10",
      rule: "Atletas marcados presentes al menos una vez en el período en las sesiones elegidas, cada uno contado una vez.",
    });
  });

  it("narrows to a program, a city and a season; a cell of fewer than 5 athletes served shows no number at all", async () => {
    const afterSchool = await getOutcomes(db, { ...march, program: "after-school" });
    expect([afterSchool.served, afterSchool.tennisHours, afterSchool.educationHours, afterSchool.rose]).toEqual([5, 5, 5, { of: 5, count: 5 }]);
    expect(outcomeRows(afterSchool, "en").find((r) => r.what === "Share who rose a level")!.value).toBe("100%");
    const atlanta = await getOutcomes(db, { ...march, city: "Atlanta" });
    expect(atlanta.served).toBe(3);
    expect(new Set(outcomeRows(atlanta, "en").map((r) => r.value))).toEqual(new Set(["suppressed (fewer than 5)"]));
    const nobody = await getOutcomes(db, { ...march, season: crypto.randomUUID() });
    expect(nobody.served).toBe(0);
  });

  it("has the suppression rule as written", () => {
    expect([0, 1, 4, 5].map(cell)).toEqual([0, null, null, 5]);
    expect(share(5, 10)).toBe(50);
    expect(share(5, 6)).toBeNull(); // 1 left out
    expect(share(4, 10)).toBeNull();
    expect(share(4, 4)).toBeNull(); // base under 5
    expect(share(0, 10)).toBe(0);
    expect(share(10, 10)).toBe(100);
  });
});

const family = await makeFamily(db, "Outcome");
const tutor = await makeUser(db, "client", "Una Tutor");
await db.insert(educationStaff).values({ userId: tutor.id });
const admin = await makeUser(db, "client", "Abe Admin", { admin: true });

describe("/reports/outcomes and its CSV", () => {
  const as = (p: Person | null) =>
    ({
      ...contextFor(db, "visitor"),
      auth: { api: { getSession: async () => (p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role } } : null) } },
    }) as unknown as AppLoadContext;
  const query = "?from=2026-03-01&to=2026-03-31";

  it("are for coaches, administrators and education staff; families and visitors are refused", async () => {
    for (const who of [coach, tutor, admin])
      expect((await call(reportRoute.loader, { request: new Request(`http://localhost/reports/outcomes${query}`), context: as(who) })).status).toBe(
        200,
      );
    for (const who of [family.guardian, family.athlete])
      expect((await call(reportRoute.loader, { request: new Request(`http://localhost/reports/outcomes${query}`), context: as(who) })).status).toBe(
        403,
      );
    expect(
      (await call(csvRoute.loader, { request: new Request(`http://localhost/reports/outcomes.csv${query}`), context: as(family.guardian) })).status,
    ).toBe(403);
    expect((await call(reportRoute.loader, { request: new Request(`http://localhost/reports/outcomes${query}`), context: as(null) })).status).toBe(
      302,
    );
  });

  it("answers a bad range beside its field, and the CSV carries the same suppressed numbers with their rules", async () => {
    const bad = await call(reportRoute.loader, {
      request: new Request("http://localhost/reports/outcomes?from=2026-03-31&to=2026-03-01"),
      context: as(coach),
    });
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.to).toBe("The last day must be on or after the first.");
    const csv = await call(csvRoute.loader, { request: new Request(`http://localhost/reports/outcomes.csv${query}`), context: as(coach) });
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain('"Youth served","10","Athletes marked present at least once in the range at the chosen sessions, each counted once."');
    expect(text).toContain('"of whom committed to play tennis","suppressed (fewer than 5)"');
    expect(text).not.toContain("Kid ");
  });
});
