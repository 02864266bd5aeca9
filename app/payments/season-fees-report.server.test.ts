// The funder report's aid columns (issue 41) against a real PostgreSQL, through its page's loader and its CSV: the aid
// granted on the fees of the sessions shown and the athletes on aid, per session, per program and in all, hidden by the
// outcomes report's small-cell rule; /reports/finances gives the same aid over a period that covers it all. Only coaches
// read it: a guardian, an athlete and a visitor get nothing.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, contextAsPerson, type SignedInPerson } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeSession } from "~/enrollment/test-support";
import { loader as financesLoader } from "~/routes/reports.finances";
import { loader as fundersLoader } from "~/routes/reports.funders";
import { loader as fundersCsv } from "~/routes/reports.funders.csv";
import { createAidRequest, decideAidRequest } from "./aid.server";
import { accountOf, enroll, makeFamily, makeUser } from "./test-support";

const { db } = await createTestDatabase();

const contextAs = (who: SignedInPerson | null) => contextAsPerson(db, who, "2027-01-15T14:00:00-05:00");
const coach = await makeUser(db, "coach", "Coach Funder");
const admin = await makeUser(db, "coach", "Admin Funder");
await db.execute(sql`update users set admin = true where id = ${admin.id}`);

/** `n` families in `eventId`, each marked present on 2026-09-15; the first `aided` granted 50% before enrolling. */
async function families(eventId: string, n: number, aided: number, name: string) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const f = await makeFamily(db, `${name}${i}`);
    if (i < aided) {
      const accountId = await accountOf(db, f.guardian.id);
      const asked = await createAidRequest(db, accountId, f.guardian.id, { note: "" });
      if (!asked.ok) throw new Error("not asked");
      await decideAidRequest(db, asked.id, admin.id, { decision: "percent", requestId: asked.id, percent: 50, validUntil: "2027-08-31" });
    }
    await enroll(db, eventId, f.athlete.id);
    await db.execute(sql`insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at)
      values (${eventId}, ${f.athlete.id}, '2026-09-15', true, gen_random_uuid(), ${coach.id}, now())`);
    out.push(f);
  }
  return out;
}

const big = await makeSession(db, null, {
  title: "Funder Aid Big Clinic",
  feeCents: 30000,
  feePer: "season",
  startsOn: "2026-09-01",
  endsOn: "2026-12-15",
});
const small = await makeSession(db, null, {
  title: "Funder Aid Small Clinic",
  feeCents: 20000,
  feePer: "season",
  startsOn: "2026-09-01",
  endsOn: "2026-12-15",
});
const [first] = await families(big, 6, 5, "Bigaid");
await families(small, 5, 2, "Smallaid");
const query = "?from=2026-09-01&to=2026-12-31";
type Table = { id: string; head: string[]; rows: string[][] };
const tablesOf = (body: unknown) => (body as { tables: Table[] }).tables;

describe("the funder report's aid", () => {
  it("gives aid granted and athletes on aid per session, per program and in all, hiding small counts", async () => {
    const res = await call(fundersLoader, { request: new Request(`http://localhost/reports/funders${query}`), context: contextAs(coach) });
    expect(res.status).toBe(200);
    const tables = tablesOf(res.body);
    const sessions = tables.find((t) => t.id === "sessions")!;
    expect(sessions.head.slice(-2)).toEqual(["Aid granted", "Athletes on aid"]);
    // Five athletes had 50% of $300: shown. Two of five had 50% of $200: a count under 5, so both cells are hidden.
    expect(sessions.rows.find((r) => r[0] === "Funder Aid Big Clinic")!.slice(-2)).toEqual(["$750", "5"]);
    const hidden = sessions.rows.find((r) => r[0] === "Funder Aid Small Clinic")!.slice(-2);
    expect(hidden[0]).toBe(hidden[1]);
    expect(hidden[0]).toBe("suppressed (fewer than 5)");
    const programs = tables.find((t) => t.id === "programs")!;
    expect(programs.rows[0]!.slice(-2)).toEqual(["$950", "7"]);
    const totals = tables.find((t) => t.id === "totals")!;
    expect(totals.rows.slice(-2)).toEqual([
      ["Aid granted", "$950"],
      ["Athletes on aid", "7"],
    ]);
    // A period the fees' time does not meet gives none.
    const before = await call(fundersLoader, {
      request: new Request("http://localhost/reports/funders?from=2026-01-01&to=2026-08-31"),
      context: contextAs(coach),
    });
    expect(tablesOf(before.body).find((t) => t.id === "sessions")!.rows).toEqual([]);
  });

  it("writes the same columns in the CSV, and agrees with /reports/finances", async () => {
    const csv = await call(fundersCsv, { request: new Request(`http://localhost/reports/funders.csv${query}`), context: contextAs(coach) });
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain("Aid granted");
    expect(text).toMatch(/Funder Aid Big Clinic.*\$750.*5/);
    const finances = await call(financesLoader, { request: new Request("http://localhost/reports/finances"), context: contextAs(admin) });
    expect(JSON.stringify(finances.body)).toContain("$950");
  });

  it("is for coaches only: a guardian, an athlete and a visitor get nothing", async () => {
    const request = () => new Request(`http://localhost/reports/funders${query}`);
    expect((await call(fundersLoader, { request: request(), context: contextAs(first!.guardian) })).status).toBe(403);
    expect((await call(fundersLoader, { request: request(), context: contextAs({ ...first!.athlete, role: "client" }) })).status).toBe(403);
    expect((await call(fundersCsv, { request: request(), context: contextAs(first!.guardian) })).status).toBe(403);
    expect([302, 401]).toContain((await call(fundersLoader, { request: request(), context: contextAs(null) })).status);
  });
});
