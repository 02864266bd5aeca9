// Separate consent for each disclosure (issue 40, decision 0061) through the routes, against a real PostgreSQL: every
// kind is "no" until given; a guardian of the household (or the adult athlete) gives and withdraws it on /account/family;
// another household's guardian, a minor for themselves, a coach and a visitor change nothing; each answer is a row that
// is never edited; and the one rule decides what /scholarships shows, a withdrawal taking the name off at the next read.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { athleteMilestones } from "../../db/schema-athletes";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import * as familyRoute from "~/routes/account.family";
import * as scholarships from "~/routes/scholarships";
import { inLocale } from "../../server/languages";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { getCurrentForms } from "./forms.server";
import { mayDisclose } from "./disclosures.server";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true }, session: { token: "t" } } : null;
  return { ...base, clientIp: "198.51.100.4", auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const sofia = await makeFamily(db, "Disclosure", "2010-03-01"); // 16 on NOW
const other = await makeFamily(db, "Neighbour", "2012-03-01");
const adult = await makeFamily(db, "Grown", "2005-03-01"); // 21: answers for herself
const coach = await makeUser(db, "coach", "Coach Disclosure");
await db.execute(sql`update users set full_name = 'Sofía Disclosure' where id = ${sofia.athlete.id}`);
await db.insert(athleteMilestones).values({
  athleteId: sofia.athlete.id,
  kind: "scholarship",
  happenedOn: "2026-05-01",
  college: "University of Maryland",
  classYear: 2027,
  scholarshipKind: "athletic",
  amountBand: "1k-5k",
  recordedBy: sofia.guardian.id,
  listingAgreedBy: sofia.guardian.id,
  listingAgreedAt: new Date("2026-05-02T12:00:00Z"),
});

const answer = (who: Person | null, f: Record<string, string>, locale: "en" | "es" = "en") =>
  inLocale(locale, () =>
    call(familyRoute.action as never, {
      request: postForm(`${locale === "es" ? "/es" : ""}/account/family`, { intent: "disclosure", ...f }, { Origin: "http://localhost:3000" }),
      context: as(who),
    }),
  );
const familyPage = (who: Person) =>
  inLocale("en", () => call(familyRoute.loader as never, { request: new Request("http://localhost/account/family"), context: as(who) }));
const listed = async () => {
  const r = await inLocale("en", () =>
    call(scholarships.loader as never, { request: new Request("http://localhost/scholarships"), context: as(null) }),
  );
  return (r.body as { recipients: Array<{ name: string }> }).recipients.map((x) => x.name);
};
const rows = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from disclosure_consents`)).rows[0]!.n);

describe("separate consent for each disclosure", () => {
  it("is no for every kind until given, and the family page says so", async () => {
    const page = await familyPage(sofia.guardian);
    expect((page.body as { disclosures: unknown }).disclosures).toEqual([
      {
        id: sofia.athlete.id,
        name: "Sofía Disclosure",
        self: false,
        states: { photo: false, scholarships: false, funders: false, colleges: false },
        history: [],
      },
    ]);
    // A listing agreed on the athlete's page before this rule existed is not a consent: nothing is listed yet.
    expect(await listed()).toEqual([]);
  });

  it("is refused to everyone but the household's guardian or the adult athlete, storing nothing", async () => {
    const f = { athleteId: sofia.athlete.id, kind: "scholarships", given: "yes" };
    expect(await answer(other.guardian, f)).toMatchObject({ status: 403, body: { ok: false, formError: "This athlete is not one you answer for." } });
    expect(await answer(sofia.athlete, { ...f, athleteId: sofia.athlete.id })).toMatchObject({
      status: 403,
      body: { ok: false, values: { athleteId: sofia.athlete.id }, formError: "A parent or guardian gives this consent for an athlete under 18." },
    });
    expect(await answer(sofia.athlete, f, "es")).toMatchObject({ status: 403, body: { formError: expect.stringContaining("menores de 18") } });
    expect((await answer(coach, f)).status).toBeGreaterThanOrEqual(300);
    expect((await answer(null, f)).status).toBe(401); // a form posted by a visitor: sign in first
    expect(await answer(sofia.guardian, { ...f, kind: "newspaper" })).toMatchObject({ status: 400 });
    expect(await answer(sofia.guardian, { ...f, athleteId: "x".repeat(500) })).toMatchObject({ status: 400 });
    expect(await rows()).toBe(0);
    expect(await listed()).toEqual([]);
    // The adult athlete answers for herself; her guardian too.
    expect(await answer(adult.athlete, { athleteId: adult.athlete.id, kind: "colleges", given: "yes" })).toMatchObject({ status: 200 });
    expect(await mayDisclose(db, adult.athlete.id, "colleges")).toBe(true);
  });

  it("lists on /scholarships while given, and a withdrawal takes the name off at once", async () => {
    const given = await answer(sofia.guardian, { athleteId: sofia.athlete.id, kind: "scholarships", given: "yes" });
    expect(given).toMatchObject({
      status: 200,
      body: { ok: true, athleteId: sofia.athlete.id, message: "Sofía Disclosure: “Name, college and year on the Scholarships page” is now allowed." },
    });
    expect(await listed()).toEqual(["Sofía D."]);
    const shown = await familyPage(sofia.guardian);
    expect((shown.body as { disclosures: Array<{ states: Record<string, boolean> }> }).disclosures[0]!.states).toEqual({
      photo: false,
      scholarships: true,
      funders: false,
      colleges: false,
    });
    // The same answer again adds nothing.
    const before = await rows();
    await answer(sofia.guardian, { athleteId: sofia.athlete.id, kind: "scholarships", given: "yes" });
    expect(await rows()).toBe(before);
    const withdrawn = await answer(sofia.guardian, { athleteId: sofia.athlete.id, kind: "scholarships", given: "no" }, "es");
    expect(withdrawn).toMatchObject({ status: 200, body: { ok: true, message: expect.stringContaining("queda retirado desde ahora") } });
    expect(await listed()).toEqual([]);
    // Each answer stays, with who gave it, newest first.
    const page = await familyPage(sofia.guardian);
    const [mine] = (page.body as { disclosures: Array<{ history: Array<{ kind: string; given: boolean; by: string }> }> }).disclosures;
    expect(mine!.history.map((h) => [h.kind, h.given, h.by])).toEqual([
      ["scholarships", false, "Disclosure Parent"],
      ["scholarships", true, "Disclosure Parent"],
    ]);
  });

  it("keeps every answer as written: the database refuses an edit", async () => {
    await expect(db.execute(sql`update disclosure_consents set given = true`)).rejects.toThrow();
    await expect(db.execute(sql`update disclosure_consents set at = now()`)).rejects.toThrow();
  });

  it("counts a yes only while its giver is still the athlete's guardian", async () => {
    await answer(sofia.guardian, { athleteId: sofia.athlete.id, kind: "scholarships", given: "yes" });
    expect(await listed()).toEqual(["Sofía D."]);
    await db.execute(sql`delete from household_members where user_id = ${sofia.guardian.id} and role = 'guardian'`);
    expect(await listed()).toEqual([]);
    expect(await mayDisclose(db, sofia.athlete.id, "scholarships")).toBe(false);
  });

  it("says no to photos while a photo release signed 'no' is in force, whatever the answer", async () => {
    await answer(other.guardian, { athleteId: other.athlete.id, kind: "photo", given: "yes" });
    expect(await mayDisclose(db, other.athlete.id, "photo")).toBe(true);
    const photo = (await getCurrentForms(db)).find((f) => f.kind === "photo")!;
    await db.execute(sql`
      insert into consent_signatures (form_id, version_id, athlete_id, season_id, signer_id, signer_role, athlete_name, typed_name,
        photo_choice, language, ip_address, user_agent, receipt_pdf, signed_at)
      values (${photo.formId}, ${photo.versionId}, ${other.athlete.id}, null, ${other.guardian.id}, 'guardian', 'Neighbour Kid',
        'Neighbour Parent', 'no', 'en', '198.51.100.4', 'test', '\\x00'::bytea, now())`);
    expect(await mayDisclose(db, other.athlete.id, "photo")).toBe(false);
  });
});
