// The funder report against fixtures with known answers (issue 29): a month of two sessions, four athletes, one of
// whom came before the month. Each expected number is worked out by hand in the comments.
import { describe, expect, it } from "vitest";
import { attendanceMarks, athleteLevels } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { getFunderReport } from "./report.server";
import { reportRows } from "./report-tables.server";
import { toCsv } from "./csv";
import { makeSession, makeUser } from "./test-support";

const { db } = await createTestDatabase();
const coach = await makeUser(db, "coach", "Coach Report");
// A: fall, Tuesdays and Thursdays 16:30-18:00 (1.5 h), in Washington, DC. B: summer, Mondays 10:00-12:00 (2 h), Baltimore.
const A = await makeSession(db, 20);
const B = await makeSession(db, 20, {
  programSlug: "summer",
  weekdays: [1],
  startTime: "10:00",
  endTime: "12:00",
  place: "Druid Hill Park, Baltimore",
});
const kid = (name: string, dob: string) => makeUser(db, "client", name, { clientKind: "athlete", dateOfBirth: dob });
const p1 = await kid("Pia One", "2016-05-01"); // 9 on March 1st, level 5, came in February: returning
const p2 = await kid("Pablo Two", "2012-01-15"); // 14, level 4, new
const p3 = await kid("Paz Three", "2008-02-01"); // 18, level 4, new
const p4 = await kid("Pol Four", "2014-06-01"); // 11, only absent: not a participant
await db.insert(athleteLevels).values([
  { athleteId: p1.id, level: 5, placedOn: "2026-01-05", coachId: coach.id },
  { athleteId: p2.id, level: 4, placedOn: "2026-01-05", coachId: coach.id },
  { athleteId: p3.id, level: 4, placedOn: "2026-01-05", coachId: coach.id },
  // Placed after the range: not the level the report reads for March.
  { athleteId: p3.id, level: 2, placedOn: "2026-04-15", coachId: coach.id },
]);
const mark = (eventId: string, athleteId: string, day: string, present: boolean) => ({
  eventId,
  athleteId,
  day,
  present,
  clientId: crypto.randomUUID(),
  markedAt: new Date(`${day}T20:00:00Z`),
});
await db.insert(attendanceMarks).values([
  mark(A, p1.id, "2026-02-24", true), // before the range
  mark(A, p1.id, "2026-03-03", true),
  mark(A, p2.id, "2026-03-03", true),
  mark(A, p4.id, "2026-03-03", false),
  mark(A, p1.id, "2026-03-05", true),
  mark(A, p2.id, "2026-03-05", false),
  mark(A, p1.id, "2026-03-10", false),
  mark(B, p3.id, "2026-03-02", true),
  mark(B, p3.id, "2026-03-09", true),
  mark(B, p3.id, "2026-04-06", true), // after the range
]);
const march = { from: "2026-03-01", to: "2026-03-31", program: "", level: "" as const, city: "" as const };

describe("the funder report", () => {
  it("counts March as worked out by hand", async () => {
    expect(await getFunderReport(db, march)).toMatchObject({
      participants: 3, // P1, P2, P3 (P4 was only absent)
      newParticipants: 2,
      returning: 1, // P1 was present on February 24
      sessionsHeld: 5, // A on 3, 5, 10 March; B on 2, 9 March
      marks: 8,
      present: 5,
      attendanceRate: 62.5, // 5 / 8
      hoursOnCourt: 8.5, // 3 present at A x 1.5 h + 2 present at B x 2 h
      ages: { under10: 1, from10to13: 0, from14to17: 1, adults: 1, unknown: 0 },
    });
  });

  it("narrows to a program, a city and a level", async () => {
    const summer = await getFunderReport(db, { ...march, program: "summer" });
    expect([summer.participants, summer.sessionsHeld, summer.attendanceRate, summer.hoursOnCourt]).toEqual([1, 2, 100, 4]);
    expect(await getFunderReport(db, { ...march, city: "Baltimore" })).toEqual(summer);
    const dc = await getFunderReport(db, { ...march, city: "Washington" });
    expect([dc.participants, dc.returning, dc.sessionsHeld, dc.marks]).toEqual([2, 1, 3, 6]);
    // Level 4 in March: P2 (present once, absent once) and P3 (present twice).
    const four = await getFunderReport(db, { ...march, level: 4 });
    expect([four.participants, four.marks, four.present, four.attendanceRate, four.sessionsHeld, four.hoursOnCourt]).toEqual([2, 4, 3, 75, 4, 5.5]);
  });

  it("says nothing rather than dividing by zero for a month without marks", async () => {
    const empty = await getFunderReport(db, { ...march, from: "2025-03-01", to: "2025-03-31" });
    expect([empty.participants, empty.attendanceRate, empty.hoursOnCourt]).toEqual([0, null, 0]);
  });

  it("gives the page and the CSV the same rows", async () => {
    const rows = reportRows(await getFunderReport(db, march), "en");
    expect(rows.slice(0, 3)).toEqual([
      ["Participants (unique athletes)", "3"],
      ["New participants", "2"],
      ["Returning participants", "1"],
    ]);
    expect(rows.find(([k]) => k === "Attendance rate")?.[1]).toBe("62.5%");
    // Ages are counts of athletes: with 3 participants every one is suppressed, as /reports/outcomes does (issue 39).
    expect(rows.find(([k]) => k === "Ages under 10")?.[1]).toBe("suppressed (fewer than 5)");
    expect(toCsv(rows).split("\r\n")[0]).toBe('\uFEFF"Participants (unique athletes)","3"');
    expect(reportRows(await getFunderReport(db, march), "es")[0]).toEqual(["Participantes (atletas únicos)", "3"]);
  });
});
