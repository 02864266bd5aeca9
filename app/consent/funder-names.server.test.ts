// Names in reports to funders (issue 40, decisions 0061 and 0069), through /reports/funders-names.csv and the funder
// report's link, against a real PostgreSQL: a participant is named only while their family allows it (a withdrawal
// takes the name off at the next download), every other participant is only counted, an athlete with no present mark
// in the period is neither; administrators only (a coach, a guardian and a visitor get nothing); in Spanish too.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { makeFamily, makeSession, makeUser, type Person } from "~/enrollment/test-support";
import * as familyRoute from "~/routes/account.family";
import { loader as funderReport } from "~/routes/reports.funders";
import { loader as namesCsv } from "~/routes/reports.funders.names.csv";
import { inLocale } from "../../server/languages";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";
const origin = { Origin: "http://localhost:3000" };

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000", ORG_NAME: "Fundnames Tennis" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true }, session: { token: "t" } } : null;
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const admin = await makeUser(db, "client", "Fundnames Office", { admin: true });
const coach = await makeUser(db, "coach", "Fundnames Coach");
const sessionId = await makeSession(db, 10, { title: "Fundnames Clinic" }, [coach.id]);
const ana = await makeFamily(db, "Fundnames Ana");
const ben = await makeFamily(db, "Fundnames Ben");
const cai = await makeFamily(db, "Fundnames Cai"); // allowed, but never present in the period
for (const [athleteId, day, present] of [
  [ana.athlete.id, "2026-06-02", true],
  [ana.athlete.id, "2026-06-04", true],
  [ben.athlete.id, "2026-06-02", true],
  [cai.athlete.id, "2026-06-04", false],
] as const)
  await db.execute(sql`insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at)
    values (${sessionId}, ${athleteId}, ${day}, ${present}, ${crypto.randomUUID()}, ${coach.id}, now())`);

const allow = (family: { guardian: Person; athlete: Person }, given: "yes" | "no") =>
  inLocale("en", () =>
    call(familyRoute.action as never, {
      request: postForm("/account/family", { intent: "disclosure", athleteId: family.athlete.id, kind: "funders", given }, origin),
      context: as(family.guardian),
    }),
  );
const download = (who: Person | null, locale: "en" | "es" = "en") =>
  inLocale(locale, () =>
    call(namesCsv as never, {
      request: new Request(`http://localhost${locale === "es" ? "/es" : ""}/reports/funders-names.csv?from=2026-06-01&to=2026-06-30`),
      context: as(who),
    }),
  );

/** The CSV's text without its quotes (every cell is quoted; no name here holds a quote). */
const unquoted = (body: unknown) => String(body).replaceAll('"', "");

describe("names in reports to funders", () => {
  it("names only participants whose families allowed it, counts the others, and drops a name once withdrawn", async () => {
    for (const family of [ana, cai]) expect((await allow(family, "yes")).status).toBe(200);
    const csv = await download(admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const text = unquoted(csv.body);
    expect(text).toContain("Participants named for funders with their families' permission,Fundnames Tennis");
    expect(text).toContain("Fundnames Ana Kid,Fundnames Clinic,2,3");
    expect(text).not.toContain("Fundnames Ben"); // took part, no yes: counted, never named
    expect(text).not.toContain("Fundnames Cai"); // allowed, but not a participant in the period
    expect(text).toContain("Participants not named (their families have not allowed names in reports to funders): 1");

    await allow(ana, "no");
    const after = unquoted((await download(admin)).body);
    expect(after).not.toContain("Fundnames Ana");
    expect(after).toContain("Participants not named (their families have not allowed names in reports to funders): 2");
  });

  it("reads in Spanish", async () => {
    await allow(ben, "yes");
    const text = unquoted((await download(admin, "es")).body);
    expect(text).toContain("Nombre,Sesiones,Días con asistencia,Horas");
    expect(text).toContain("Fundnames Ben Kid,Fundnames Clinic,1,1.5");
  });

  it("is for administrators only: a coach, a guardian and a visitor get nothing, and only administrators see the link", async () => {
    for (const who of [coach, ana.guardian]) {
      const refused = await download(who);
      expect(refused.status, who.fullName).toBe(403);
      expect(String(refused.body)).not.toContain("Fundnames Ben");
    }
    expect((await download(null)).status).toBe(302);
    const report = (who: Person) =>
      inLocale("en", () =>
        call(funderReport as never, { request: new Request("http://localhost/reports/funders?from=2026-06-01&to=2026-06-30"), context: as(who) }),
      );
    expect(((await report(coach)).body as { mayName: boolean }).mayName).toBe(false);
    const coachAdmin = await makeUser(db, "coach", "Fundnames Head", { admin: true });
    expect(((await report(coachAdmin)).body as { mayName: boolean }).mayName).toBe(true);
  });
});
