// The funder report's tables of issue 39 against a fixture worked out by hand: rows per program and per session, the
// CSV's header (organisation, period, filters), and the families' answers counted with the outcomes report's
// suppression (a count of 1 to 4 hidden; every count hidden when fewer than 5 took part; rare ZIPs and schools pooled).
import { describe, expect, it } from "vitest";
import { athleteDemographics, attendanceMarks } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { toCsv } from "./csv";
import { getFunderReport } from "./report.server";
import { reportCsvRows, reportTables } from "./report-tables.server";
import { makeSession, makeUser } from "./test-support";

const { db } = await createTestDatabase();
// A: fall, 16:30-18:00 (1.5 h), DC. B: summer, 10:00-12:00 (2 h), Baltimore.
const A = await makeSession(db, 20, { title: "Tables Fall Clinic", titleEs: "Clínica de otoño (tablas)" });
const B = await makeSession(db, 20, { title: "Tables Summer Camp", programSlug: "summer", startTime: "10:00", endTime: "12:00", place: "Baltimore" });
const kids = await Promise.all(
  ["Ana", "Bea", "Cai", "Dan", "Eli", "Fay", "Gus"].map((n) =>
    makeUser(db, "client", `${n} Tables`, { clientKind: "athlete", dateOfBirth: "2014-06-01" }),
  ),
);
const mark = (eventId: string, athleteId: string, day: string, present: boolean) => ({
  eventId,
  athleteId,
  day,
  present,
  clientId: crypto.randomUUID(),
  markedAt: new Date(`${day}T20:00:00Z`),
});
// All seven present at A on March 3; the first five also absent at A on March 5; Ana and Bea present at B on March 2.
await db
  .insert(attendanceMarks)
  .values([
    ...kids.map((k) => mark(A, k.id, "2026-03-03", true)),
    ...kids.slice(0, 5).map((k) => mark(A, k.id, "2026-03-05", false)),
    mark(B, kids[0]!.id, "2026-03-02", true),
    mark(B, kids[1]!.id, "2026-03-02", true),
  ]);
// Answers: five girls, one boy, one skipped; five in ZIP 20019, one in 20020, one not answered; six at Garfield (two
// spellings), one at another school; grades 4 (x5) and 7 (x2); lunch: free x6, none x1.
const answers = (i: number) => ({
  athleteId: kids[i]!.id,
  gender: i < 5 ? ("female" as const) : i === 5 ? ("male" as const) : null,
  zip: i < 5 ? "20019" : i === 5 ? "20020" : null,
  school: i < 3 ? "Garfield Elementary" : i < 6 ? " garfield elementary " : "Hendley",
  grade: i < 5 ? 4 : 7,
  schoolLunch: i < 6 ? ("free" as const) : ("none" as const),
});
await db.insert(athleteDemographics).values(kids.map((_, i) => answers(i)));
const march = { from: "2026-03-01", to: "2026-03-31", program: "", level: "" as const, city: "" as const };
const HIDDEN = "suppressed (fewer than 5)";

describe("the funder report's tables (issue 39)", () => {
  it("has a row per program and per session besides the totals", async () => {
    const report = await getFunderReport(db, march);
    expect(report.participants).toBe(7);
    const [totals, programs, sessions] = reportTables(report, "en");
    expect(totals!.rows[0]).toEqual(["Participants (unique athletes)", "7"]);
    expect(programs!.head).toEqual(["Program", "Participants", "Sessions held", "Attendance rate", "Hours on court"]);
    // Fall: 7 present of 12 marks on 2 days, 7 x 1.5 h; summer: 2 of 2 on 1 day, 2 x 2 h.
    expect(programs!.rows).toEqual([
      ["Fall Programs", "7", "2", "58.3%", "10.5"],
      ["Summer Camp", "2", "1", "100%", "4"],
    ]);
    expect(sessions!.rows).toEqual([
      ["Tables Fall Clinic", "Fall Programs", "7", "2", "58.3%", "10.5"],
      ["Tables Summer Camp", "Summer Camp", "2", "1", "100%", "4"],
    ]);
    expect(reportTables(report, "es")[2]!.rows[0]![0]).toBe("Clínica de otoño (tablas)");
  });

  it("counts the families' answers, suppressing 1 to 4 and pooling rare ZIP codes and schools", async () => {
    const answersTable = reportTables(await getFunderReport(db, march), "en")[3]!;
    expect(Object.fromEntries(answersTable.rows)).toEqual({
      "Gender: female": "5",
      "Gender: male": HIDDEN,
      "Gender: another gender": "0",
      "Gender: not answered": HIDDEN,
      "ZIP code: 20019": "5",
      "ZIP code: other ZIP codes (fewer than 5 athletes each)": HIDDEN,
      "ZIP code: not answered": HIDDEN,
      "School: Garfield Elementary": "6", // two spellings, one school
      "School: other schools (fewer than 5 athletes each)": HIDDEN,
      "School: not answered": "0",
      "Grade: kindergarten to 5th grade": "5",
      "Grade: 6th to 8th grade": HIDDEN,
      "Grade: 9th to 12th grade": "0",
      "Grade: finished high school": "0",
      "Grade: not answered": "0",
      "School lunch: free lunch": "6",
      "School lunch: reduced-price lunch": "0",
      "School lunch: neither": HIDDEN,
      "School lunch: not answered": "0",
    });
    // A ZIP code a single family gave never appears by itself.
    expect(JSON.stringify(answersTable.rows)).not.toContain("20020");
  });

  it("hides every count of athletes when fewer than 5 took part", async () => {
    const summer = reportTables(await getFunderReport(db, { ...march, program: "summer" }), "en");
    const counts = summer[3]!.rows.map((r) => r[1]);
    expect(new Set(counts)).toEqual(new Set([HIDDEN]));
    expect(summer[0]!.rows.find((r) => r[0] === "Ages 10-13")?.[1] ?? HIDDEN).toBe(HIDDEN);
  });

  it("starts the CSV with the organisation, the period and the filters used, in the reader's language", async () => {
    const query = { ...march, program: "summer", level: 4 as const, city: "Baltimore" as const };
    const lines = toCsv(reportCsvRows(await getFunderReport(db, query), query, "Next Level Tennis & Education", "en")).split("\r\n");
    expect(lines.slice(0, 5)).toEqual([
      '\uFEFF"Organization","Next Level Tennis & Education"',
      '"Period","2026-03-01 to 2026-03-31"',
      '"Program","Summer Camp"',
      '"Level","Level 4"',
      '"City","Baltimore"',
    ]);
    expect(lines).toContain('"By session"');
    const es = reportCsvRows(await getFunderReport(db, march), march, "NLTE", "es");
    expect(es.slice(1, 3)).toEqual([
      ["Período", "del 2026-03-01 al 2026-03-31"],
      ["Programa", "Todos"],
    ]);
  });
});
