// The forms' routes against a real PostgreSQL (issue 40): who opens and changes what. A visitor is sent to sign in; a
// coach, another household's guardian and a minor athlete open no child's form, read no receipt and sign nothing; a
// coach who is not an administrator opens no /staff/forms. Bad input is answered beside its field, in the page's
// language, and stores nothing.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { makeFamily, makeUser, type Person } from "~/enrollment/test-support";
import { action as formsAction, loader as formsLoader } from "~/routes/account.forms";
import { loader as receiptLoader } from "~/routes/account.forms.receipts.$signatureId";
import { action as signAction, loader as signLoader } from "~/routes/account.forms.sign";
import { action as staffAction, loader as staffLoader } from "~/routes/staff.forms";
import { inLocale } from "../../server/languages";
import { call, contextFor, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { getCurrentForms } from "./forms.server";

const { db } = await createTestDatabase();
const NOW = "2026-06-15T14:00:00-04:00";

function as(p: Person | null): AppLoadContext {
  const base = contextFor(db, "visitor", { SAFE_PLAY_NOW: NOW, PUBLIC_URL: "http://localhost:3000" });
  const session = p ? { user: { id: p.id, email: p.email, name: p.fullName, role: p.role, emailVerified: true }, session: { token: "t" } } : null;
  return { ...base, clientIp: "198.51.100.4", auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

const forms = await getCurrentForms(db);
const waiver = forms[0]!;
const { guardian, athlete } = await makeFamily(db, "Routes", "2014-02-02");
const other = await makeFamily(db, "Elsewhere");
const coach = await makeUser(db, "coach", "Coach Routes");
const admin = await makeUser(db, "coach", "Admin Routes", { admin: true });
const signUrl = `/account/forms/sign?athlete=${athlete.id}&form=${waiver.formId}&season=none`;
const fields = (extra: Record<string, string> = {}) => ({
  versionId: waiver.versionId,
  athleteId: athlete.id,
  seasonId: "none",
  typedName: guardian.fullName,
  guardian: "on",
  esign: "on",
  ...extra,
});
const sign = (who: Person | null, f: Record<string, string>, locale: "en" | "es" = "en") =>
  inLocale(locale, () =>
    call(signAction as never, {
      request: postForm(`${locale === "es" ? "/es" : ""}/account/forms/sign`, f, { Origin: "http://localhost:3000", "user-agent": "Route test" }),
      context: as(who),
    }),
  );
const signatures = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from consent_signatures`)).rows[0]!.n);

describe("the forms' routes", () => {
  it("open the child's form to her guardian only", async () => {
    const open = (who: Person | null) => call(signLoader as never, { request: new Request(`http://localhost${signUrl}`), context: as(who) });
    const mine = await open(guardian);
    expect(mine).toMatchObject({ status: 200, body: { title: "Liability waiver", athleteName: athlete.fullName, versionId: waiver.versionId } });
    expect((await open(null)).status).toBe(302);
    for (const who of [other.guardian, coach, athlete]) expect((await open(who)).status, who.fullName).toBeGreaterThanOrEqual(403);
    expect((await call(formsLoader as never, { request: new Request("http://localhost/account/forms"), context: as(coach) })).status).toBe(403);
    const list = await call(formsLoader as never, { request: new Request("http://localhost/account/forms"), context: as(other.guardian) });
    expect(JSON.stringify(list.body)).not.toContain(athlete.fullName);
  });

  it("refuses bad input beside its field, in Spanish on Spanish pages, and stores nothing", async () => {
    expect(await sign(guardian, fields({ typedName: "Someone Else" }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { typedName: "Type your own full name, as it is on your account." } },
    });
    expect(await sign(guardian, fields({ typedName: "Routes\u0000 Parent" }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { typedName: expect.any(String) } },
    });
    expect(await sign(guardian, fields({ esign: "" }), "es")).toMatchObject({
      status: 400,
      body: { fieldErrors: { esign: "Marque esta casilla para firmar electrónicamente." } },
    });
    expect(await sign(guardian, fields({ guardian: "" }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { guardian: expect.stringContaining("guardian") } },
    });
    expect(await sign(guardian, fields({ versionId: "00000000-0000-4000-8000-000000000000" }))).toMatchObject({
      status: 400,
      body: { formError: "That form version does not exist." },
    });
    expect(await sign(guardian, fields({ athleteId: other.athlete.id }))).toMatchObject({
      status: 403,
      body: { formError: "You cannot sign forms for this athlete." },
    });
    for (const who of [other.guardian, coach, athlete, null]) expect((await sign(who, fields())).status).not.toBe(302);
    expect(await signatures()).toBe(0);
  });

  it("signs for the guardian; the receipt is hers to read, and nobody else's", async () => {
    const signed = await sign(guardian, fields());
    expect(signed.status).toBe(302);
    expect(signed.headers.get("set-cookie")).toContain("toast");
    const { rows } = await db.execute<{ id: string; ip_address: string; user_agent: string }>(
      sql`select id, ip_address, user_agent from consent_signatures where athlete_id = ${athlete.id}`,
    );
    expect(rows).toEqual([{ id: expect.any(String), ip_address: "198.51.100.4", user_agent: "Route test" }]);
    const receipt = (who: Person | null) =>
      call(receiptLoader as never, {
        request: new Request(`http://localhost/account/forms/receipts/${rows[0]!.id}`),
        context: as(who),
        params: { signatureId: rows[0]!.id },
      });
    const hers = await receipt(guardian);
    expect(hers.status).toBe(200);
    expect(hers.headers.get("content-type")).toBe("application/pdf");
    expect((await receipt(other.guardian)).status).toBe(404);
    expect((await receipt(coach)).status).toBe(403);
    expect((await receipt(null)).status).toBe(302);
    // Withdrawing: another household's guardian cannot; she can.
    const withdraw = (who: Person) =>
      call(formsAction as never, { request: postForm("/account/forms", { intent: "withdraw", signatureId: rows[0]!.id }), context: as(who) });
    expect((await withdraw(other.guardian)).status).toBe(404);
    expect((await withdraw(guardian)).status).toBe(302);
  });

  it("lets only an administrator write forms and say which programs require them", async () => {
    const staffPage = (who: Person | null) => call(staffLoader as never, { request: new Request("http://localhost/staff/forms"), context: as(who) });
    expect((await staffPage(admin)).status).toBe(200);
    expect((await staffPage(coach)).status).toBe(403);
    expect((await staffPage(guardian)).status).toBe(403);
    expect((await staffPage(null)).status).toBe(302);
    const publish = (who: Person, f: Record<string, string>) =>
      call(staffAction as never, { request: postForm("/staff/forms", { intent: "publish", formId: waiver.formId, ...f }), context: as(who) });
    const words = { titleEn: "Waiver", titleEs: "Exención", bodyEn: "New words.", bodyEs: "Palabras nuevas." };
    expect((await publish(coach, words)).status).toBe(403);
    expect(await publish(admin, { ...words, bodyEs: " " })).toMatchObject({ status: 400, body: { fieldErrors: { bodyEs: expect.any(String) } } });
    expect((await getCurrentForms(db))[0]!.version).toBe(1);
    expect((await publish(admin, words)).status).toBe(302);
    expect((await getCurrentForms(db))[0]!.version).toBe(2);
  });
});
