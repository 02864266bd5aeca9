// The programs editor and a season with signed forms (issue 40), through /programs/edit against a real PostgreSQL: the
// removal is refused beside its button and the season stays; a season nobody signed for is removed.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import { action as editAction } from "~/routes/programs.edit";
import { inLocale } from "../../server/languages";
import { getCurrentForms } from "./forms.server";

const { db } = await createTestDatabase();

function as(p: Person): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: "2026-06-15T14:00:00-04:00" });
  const session = { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true } };
  return { ...base, auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const admin = await makeUser(db, "coach", "Season Admin", { admin: true });
const family = await makeFamily(db, "Season Signer");
const season = async (term: string) =>
  (
    await db.execute<{ id: string }>(
      sql`insert into seasons (term, year, starts_on, ends_on) values (${term}, 2031, '2031-09-01', '2031-12-20') returning id`,
    )
  ).rows[0]!.id;
const signed = await season("fall");
const empty = await season("winter");
const waiver = (await getCurrentForms(db)).find((f) => f.kind === "waiver")!;
await db.execute(sql`
  insert into consent_signatures (form_id, version_id, athlete_id, season_id, signer_id, signer_role, athlete_name, typed_name,
    language, ip_address, user_agent, receipt_pdf, signed_at)
  values (${waiver.formId}, ${waiver.versionId}, ${family.athlete.id}, ${signed}::uuid, ${family.guardian.id}, 'guardian', 'Season Signer Kid',
    'Season Signer Parent', 'en', '198.51.100.4', 'test', '\\x00'::bytea, now())`);
const remove = (id: string, locale: "en" | "es" = "en") =>
  inLocale(locale, () =>
    call(editAction as never, {
      request: postForm(`${locale === "es" ? "/es" : ""}/programs/edit`, { intent: "remove-season", id }, { Origin: "http://localhost:3000" }),
      context: as(admin),
    }),
  );
const seasons = async () => (await db.execute<{ id: string }>(sql`select id from seasons order by term`)).rows.map((r) => r.id);

describe("removing a season", () => {
  it("is refused beside the button while signed forms name it, and works otherwise", async () => {
    expect(await remove(signed)).toMatchObject({
      status: 400,
      body: { form: "season", id: signed, fieldErrors: { remove: expect.stringContaining("signed forms are kept, so it cannot be removed") } },
    });
    expect(await remove(signed, "es")).toMatchObject({ body: { fieldErrors: { remove: expect.stringContaining("no se puede quitar") } } });
    expect(await seasons()).toContain(signed);
    expect((await remove(empty)).status).toBe(302);
    expect(await seasons()).not.toContain(empty);
    expect(await seasons()).toContain(signed);
  });
});
