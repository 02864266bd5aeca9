// Consent forms against a real PostgreSQL (issue 40): the versions' hash and immutability, signing with every rule
// checked before anything is stored, the PDF receipt read back with unpdf, superseding, the enrollment gate (a request
// waits for its forms, the family is reminded at most once a day, the last signature enrolls it), and the wrong people.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/index.server";
import { afternoon, makeFamily, makeSession, makeUser, onCourt, servicesFor } from "~/enrollment/test-support";
import { createTestDatabase } from "../../tests/support/test-db";
import { getCurrentForms, getVersion, publishVersion, setFormPrograms } from "./forms.server";
import { getFamilyForms } from "./family.server";
import { formsMissing } from "./gate.server";
import { SignSchema, sameName, type SignInput } from "./schemas";
import { getReceipt, signForm, withdrawSignature } from "./signatures.server";
import { parseForm } from "~/lib/forms";

const { db } = await createTestDatabase();
const services = servicesFor(db);
const ctx = { ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (iPhone) Safari", locale: "es" as const };

async function pdfText(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function count(table: string, where = sql`true`) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`);
  return Number(rows[0]!.n);
}

async function season(term: string, year: number) {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into seasons (term, year, starts_on, ends_on) values (${term}, ${year}, ${`${year}-09-01`}, ${`${year}-12-20`}) returning id`);
  return rows[0]!.id;
}

const forms = await getCurrentForms(db);
const fall = await season("fall", 2026);

/** Every form required by the "fall" program (this test file's own database). */
for (const f of forms) await setFormPrograms(db, f.formId, ["fall"]);

const signInput = (athleteId: string, versionId: string, typedName: string, extra: Partial<SignInput> = {}): SignInput => ({
  versionId,
  athleteId,
  seasonId: fall,
  typedName,
  guardian: true,
  esign: true,
  ...extra,
});

async function signAll(guardian: { id: string; role: "client" | "coach"; fullName: string }, athleteId: string) {
  const results = [];
  for (const f of await getCurrentForms(db))
    results.push(
      await signForm(
        services,
        guardian,
        signInput(athleteId, f.versionId, guardian.fullName, { photoChoice: f.kind === "photo" ? "team" : undefined }),
        ctx,
      ),
    );
  return results;
}

describe("form versions", () => {
  it("seeds four forms in both languages, each version hashed by the database and never changed", async () => {
    expect(forms.map((f) => f.kind)).toEqual(["waiver", "medical", "photo", "conduct"]);
    for (const f of forms) {
      const expected = crypto.createHash("sha256").update([f.title.en, f.body.en, f.title.es, f.body.es].join("\n"), "utf8").digest("hex");
      expect(f.hash).toBe(expected);
      expect(f.title.es.length).toBeGreaterThan(0);
    }
    await expect(db.execute(sql`update consent_form_versions set body_en = 'changed' where id = ${forms[0]!.versionId}`)).rejects.toThrow();
  });
});

describe("signing", () => {
  it("a guardian signs in Spanish: stored with signer, time, address and browser; the PDF receipt says exactly that; the receipt mail is Spanish", async () => {
    const { guardian, athlete } = await makeFamily(db, "Receipt");
    await db.execute(sql`update users set locale = 'es' where id = ${guardian.id}`);
    const waiver = forms[0]!;
    const result = await signForm(services, guardian, signInput(athlete.id, waiver.versionId, "receipt  PARENT"), ctx);
    expect(result).toMatchObject({ ok: true, enrolled: [] });
    if (!result.ok) return;
    const { rows } = await db.execute(sql`
      select signer_id, athlete_id, version_id, ip_address, user_agent, language, state, typed_name from consent_signatures where id = ${result.signatureId}`);
    expect(rows[0]).toEqual({
      signer_id: guardian.id,
      athlete_id: athlete.id,
      version_id: waiver.versionId,
      ip_address: "203.0.113.7",
      user_agent: "Mozilla/5.0 (iPhone) Safari",
      language: "es",
      state: "active",
      typed_name: "receipt  PARENT",
    });
    const receipt = await getReceipt(services, guardian, result.signatureId);
    const text = await pdfText(receipt!.pdf);
    expect(text).toContain("Recibo de un formulario firmado");
    expect(text).toContain("Exención de responsabilidad");
    expect(text).toContain("El tenis es una actividad física con riesgo de lesiones.");
    expect(text).toContain(`Soy el padre, la madre o el tutor legal de ${athlete.fullName}.`);
    expect(text).toContain("Firma (nombre escrito): receipt PARENT");
    expect(text).toContain("Dirección: 203.0.113.7");
    expect(text).toContain(waiver.hash);
    const { rows: mails } = await db.execute<{ subject: string; text_body: string }>(sql`
      select subject, text_body from mail_outbox where to_address = ${guardian.email} and kind = 'consent-receipt'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Recibo: Exención de responsabilidad de ${athlete.fullName}`);
    expect(mails[0]!.text_body).toContain(waiver.hash);
    // The mail carries the PDF itself, the same one the family's page lists.
    const { rows: files } = await db.execute<{ filename: string; content: Buffer }>(sql`
      select a.filename, a.content from mail_attachments a join mail_outbox o on o.id = a.mail_id
      where o.to_address = ${guardian.email} and o.kind = 'consent-receipt'`);
    expect(files.map((f) => f.filename)).toEqual([`recibo-${result.signatureId.slice(0, 8)}.pdf`]);
    expect(Buffer.from(files[0]!.content).equals(receipt!.pdf)).toBe(true);
    // A signature is never edited: only its end may be recorded.
    await expect(db.execute(sql`update consent_signatures set typed_name = 'Someone Else' where id = ${result.signatureId}`)).rejects.toThrow();
    expect(await signForm(services, guardian, signInput(athlete.id, waiver.versionId, guardian.fullName), ctx)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("refuses bad input beside its field and stores nothing", async () => {
    const { guardian, athlete } = await makeFamily(db, "Refused");
    const other = await makeFamily(db, "Stranger");
    const coach = await makeUser(db, "coach", "Coach Refusal");
    const waiver = forms[0]!;
    const photo = forms.find((f) => f.kind === "photo")!;
    const before = await count("consent_signatures");
    const cases: Array<[Parameters<typeof signForm>[1], SignInput, string]> = [
      [guardian, signInput(athlete.id, waiver.versionId, "Somebody Else"), "typedName"],
      [guardian, signInput(other.athlete.id, waiver.versionId, guardian.fullName), "athleteId"],
      [other.guardian, signInput(athlete.id, waiver.versionId, other.guardian.fullName), "athleteId"],
      [coach, signInput(athlete.id, waiver.versionId, coach.fullName), "athleteId"],
      [athlete, signInput(athlete.id, waiver.versionId, athlete.fullName), "athleteId"],
      [guardian, signInput(athlete.id, crypto.randomUUID(), guardian.fullName), "versionId"],
      [guardian, signInput(athlete.id, waiver.versionId, guardian.fullName, { guardian: false }), "guardian"],
      [guardian, signInput(athlete.id, waiver.versionId, guardian.fullName, { seasonId: crypto.randomUUID() }), "seasonId"],
      [guardian, signInput(athlete.id, photo.versionId, guardian.fullName), "photoChoice"],
    ];
    for (const [actor, input, field] of cases) expect(await signForm(services, actor, input, ctx)).toMatchObject({ ok: false, field });
    expect(await count("consent_signatures")).toBe(before);
    expect(await count("mail_outbox", sql`kind = 'consent-receipt'`)).toBe(1);
    // At the boundary: control characters and a missing e-sign consent, each beside its field.
    const form = {
      versionId: waiver.versionId,
      athleteId: athlete.id,
      seasonId: fall,
      typedName: "Refused\u0007 Parent",
      guardian: "on",
      esign: "on",
    };
    expect(parseForm(SignSchema, form).fieldErrors).toHaveProperty("typedName");
    expect(parseForm(SignSchema, { ...form, typedName: guardian.fullName, esign: undefined }).fieldErrors).toEqual({
      esign: "Tick this box to sign electronically.",
    });
    expect(parseForm(SignSchema, { ...form, typedName: guardian.fullName, versionId: "not-a-version" }).fieldErrors).toHaveProperty("versionId");
    expect(sameName("  maría   JOSÉ  ", "María José")).toBe(true);
    expect(sameName("Maria", "María José")).toBe(false);
  });

  it("another household's guardian reads no receipt and withdraws nothing", async () => {
    const { guardian, athlete } = await makeFamily(db, "Owner");
    const other = await makeFamily(db, "Nosy");
    const signed = await signForm(services, guardian, signInput(athlete.id, forms[3]!.versionId, guardian.fullName), ctx);
    if (!signed.ok) throw new Error(signed.error);
    expect(await getReceipt(services, other.guardian, signed.signatureId)).toBeNull();
    expect(await withdrawSignature(services, other.guardian, signed.signatureId)).toBe(false);
    expect(await getReceipt(services, athlete, signed.signatureId)).not.toBeNull();
    expect(await withdrawSignature(services, guardian, signed.signatureId)).toBe(true);
    const { rows } = await db.execute(sql`select state from consent_signatures where id = ${signed.signatureId}`);
    expect(rows[0]).toEqual({ state: "withdrawn" });
  });
});

describe("the enrollment gate", () => {
  it("holds a request at placed until the last form is signed, reminds once a day, then enrolls it", async () => {
    const coach = await makeUser(db, "coach", "Coach Gate");
    const { guardian, athlete } = await makeFamily(db, "Gate");
    const session = await makeSession(db, 10, { seasonId: fall }, [coach.id]);
    const made = await createEnrollmentRequest(services, guardian, session, onCourt(athlete.id));
    if (!made.ok) throw new Error(made.error);
    await takeCoachStep(services, coach, made.enrollmentId, "place", { level: 5, placedOn: "2026-06-10", note: "" });
    const held = await takeCoachStep(services, coach, made.enrollmentId, "enroll");
    expect(held).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("forms to sign") });
    expect(await takeCoachStep(services, coach, made.enrollmentId, "enroll")).toMatchObject({ ok: false, status: 409 });
    expect(await count("mail_outbox", sql`kind = 'consent-forms-needed' and to_address = ${guardian.email}`)).toBe(1);
    const needed = (await getFamilyForms(db, guardian, afternoon(), "en"))[0]!.needed;
    expect(needed.map((n) => n.title)).toEqual([
      "Liability waiver",
      "Medical authorisation and consent to treat",
      "Photo and video release",
      "Code of conduct",
    ]);
    expect(needed[0]!.season).toBe("Fall 2026");

    const results = await signAll(guardian, athlete.id);
    expect(results.slice(0, 3).map((r) => r.ok && r.enrolled.length)).toEqual([0, 0, 0]);
    expect(results[3]).toMatchObject({ ok: true, enrolled: [made.enrollmentId] });
    const { rows } = await db.execute(sql`select status from enrollments where id = ${made.enrollmentId}`);
    expect(rows[0]).toEqual({ status: "enrolled" });
    expect(await count("mail_outbox", sql`kind = 'consent-enrolled' and to_address = ${guardian.email}`)).toBe(1);
    expect(await count("consent_enrollment_waits", sql`enrollment_id = ${made.enrollmentId}`)).toBe(0);
  });

  it("a new version asks again, and signing it supersedes the old signature", async () => {
    const admin = await makeUser(db, "coach", "Admin Versions");
    const { guardian, athlete } = await makeFamily(db, "Versions");
    const session = await makeSession(db, 10, { seasonId: fall });
    await signAll(guardian, athlete.id);
    expect(await formsMissing(db, athlete.id, session)).toEqual([]);
    const waiver = forms[0]!;
    const version = await publishVersion(
      db,
      waiver.formId,
      { titleEn: "Liability waiver", titleEs: "Exención", bodyEn: "New words.", bodyEs: "Palabras nuevas." },
      admin.id,
    );
    expect(version).toBe(2);
    const missing = await formsMissing(db, athlete.id, session);
    expect(missing.map((f) => f.title.en)).toEqual(["Liability waiver"]);
    expect(await signForm(services, guardian, signInput(athlete.id, waiver.versionId, guardian.fullName), ctx)).toMatchObject({
      ok: false,
      field: "versionId",
    });
    const again = await signForm(services, guardian, signInput(athlete.id, missing[0]!.versionId, guardian.fullName), ctx);
    expect(again.ok).toBe(true);
    const { rows } = await db.execute(sql`
      select v.version, s.state from consent_signatures s join consent_form_versions v on v.id = s.version_id
      where s.athlete_id = ${athlete.id} and s.form_id = ${waiver.formId} order by v.version`);
    expect(rows).toEqual([
      { version: 1, state: "superseded" },
      { version: 2, state: "active" },
    ]);
    expect(await getVersion(db, waiver.versionId)).toMatchObject({ current: false });
  });

  it("leaves programs that require no form as they were: a returning player is enrolled at once", async () => {
    const { guardian, athlete } = await makeFamily(db, "Free");
    await db.execute(sql`insert into athlete_levels (athlete_id, level, placed_on) values (${athlete.id}, 5, '2026-01-10')`);
    const session = await makeSession(db, 10, { programSlug: "summer" });
    expect(await createEnrollmentRequest(services, guardian, session, onCourt(athlete.id))).toMatchObject({ ok: true, status: "enrolled" });
    const gated = await makeSession(db, 10, { seasonId: fall });
    const other = await makeFamily(db, "Returning");
    await db.execute(sql`insert into athlete_levels (athlete_id, level, placed_on) values (${other.athlete.id}, 5, '2026-01-10')`);
    expect(await createEnrollmentRequest(services, other.guardian, gated, onCourt(other.athlete.id))).toMatchObject({ ok: true, status: "placed" });
  });
});
