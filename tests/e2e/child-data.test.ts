// A guardian's one step for a child's data (issue 40, decision 0056), on a phone in Chromium on the worker's shared
// server: Marta, whose family staff confirmed, reads Sofía's data on a page in Spanish (her allergy, the form she
// signed, her report card's link), downloads it as a file, and asks to delete it (asked once, in the site's dialog);
// the page shows the request and its deadline. An administrator sees it on /staff/data-requests with its deadline and
// carries it out; Marta's page then says it was done and what was kept (the signed form); the report card is gone.
// The rules (who may, what the file holds, what is deleted) are the integration tests'
// (app/childdata/childdata.server.test.ts). Every page is checked with axe.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, useSession, type Person } from "./support/messaging";
import { runUserRole } from "./support/server";
import { sharedServer } from "./support/shared-server";

const server = sharedServer();
const open = setupBrowser(() => server.url);
const PHONE = { viewport: { width: 390, height: 844 } };
const SOFIA = "Sofía Datoswell";

let db: Awaited<ReturnType<typeof openDatabase>>;
let guardian: Person;
let admin: Person;
let sofiaId: string;

beforeAll(async () => {
  db = await openDatabase(server.dataDir);
  [guardian, admin] = await Promise.all([
    makePerson(server.url, "Marta Datoswell", { env: server.env }),
    makePerson(server.url, "Dato Admin", { coach: true, env: server.env }),
  ]);
  const made = await runUserRole(server.url, [admin.email, "admin"], server.env);
  expect(made.code, made.stderr).toBe(0);
  const q = db.query;
  const guardianId = (await q<{ id: string }>("select id from users where email = $1", [guardian.email])).rows[0]!.id;
  sofiaId = `sofia-datoswell-${Date.now()}`;
  await q(
    `insert into users (id, email, full_name, role, client_kind, date_of_birth) values ($1, $1 || '@no-login.invalid', $2, 'client', 'athlete', '2014-05-05')`,
    [sofiaId, SOFIA],
  );
  const household = (await q<{ id: string }>("insert into households default values returning id")).rows[0]!.id;
  await q("insert into household_members (household_id, user_id, role) values ($1, $2, 'guardian'), ($1, $3, 'athlete')", [
    household,
    guardianId,
    sofiaId,
  ]);
  // Staff confirmed the family (the database lets only a transaction that says so confirm anyone).
  await q(`begin; select set_config('nlte.staff_confirmation', 'on', true);
    update household_members set confirmed_at = now(), confirmed_how = 'met at the evaluation' where household_id = '${household}'; commit`);
  await q("insert into athlete_medical (athlete_id, allergies, courtside_alert, updated_by) values ($1, 'Alergia al maní', true, $2)", [
    sofiaId,
    guardianId,
  ]);
  await q(
    `insert into consent_signatures (form_id, version_id, athlete_id, signer_id, signer_role, athlete_name, typed_name, language, ip_address, user_agent, receipt_pdf)
     select v.form_id, v.id, $1, $2, 'guardian', $3, 'Marta Datoswell', 'es', '127.0.0.1', 'Mozilla/5.0', '\\x255044462d'
     from consent_form_versions v join consent_forms f on f.id = v.form_id where f.kind = 'waiver' order by v.version desc limit 1`,
    [sofiaId, guardianId, SOFIA],
  );
  // Her spring term's report card, attached by Marta (a small PDF, kept in the database).
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  await q(
    `with t as (insert into athlete_terms (athlete_id, year, term, band) values ($1, 2026, 'spring', '3.5-4') returning id)
     insert into athlete_report_cards (athlete_id, term_id, file_name, mime_type, size, data, uploaded_by)
     select $1, t.id, 'Boletin primavera.pdf', 'application/pdf', $3, $4, $2 from t`,
    [sofiaId, guardianId, pdf.length, pdf],
  );
});

afterAll(async () => {
  await db?.close();
});

describe("a child's data in one step", () => {
  it("is read and downloaded in Spanish on a phone, asked to be deleted, and deleted by an administrator, signed forms kept", async () => {
    const g = await open(PHONE);
    await useSession(g.context, server.url, guardian);
    await g.visit("/es/account/family");
    const section = g.page.getByRole("region", { name: "Los datos de sus hijos" });
    await section.getByRole("link", { name: `Leer los datos de ${SOFIA} en una página` }).click();
    await g.page.getByRole("heading", { level: 1, name: `Los datos de ${SOFIA}` }).waitFor();
    await g.page.getByText("Alergia al maní").waitFor();
    await g.page.getByText(/firmado el .* por Marta Datoswell/).waitFor();
    await g.page.getByRole("link", { name: "Descargar el boletín de Primavera 2026 (Boletin primavera.pdf, 1 KB)" }).waitFor();
    expect(g.page.url()).toMatch(new RegExp(`/es/account/family/data/${sofiaId}$`));

    const [download] = await Promise.all([
      g.page.waitForEvent("download"),
      g.page.getByRole("link", { name: `Descargar los datos de ${SOFIA}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("athlete-data.json");
    const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as {
      medical: { allergies: string };
      signedForms: unknown[];
      path: { reportCards: Array<{ fileName: string; address: string }> };
    };
    expect(file.medical.allergies).toBe("Alergia al maní");
    expect(file.signedForms).toHaveLength(1);
    expect(file.path.reportCards).toEqual([
      expect.objectContaining({
        fileName: "Boletin primavera.pdf",
        address: expect.stringMatching(new RegExp(`^/athletes/${sofiaId}/report-cards/`)),
      }),
    ]);

    await g.visit("/es/account/family");
    await section.getByRole("button", { name: `Pedir que se borren los datos de ${SOFIA}` }).click();
    const dialog = g.page.getByRole("alertdialog", { name: `¿Pedir que se borre todo lo que guardamos sobre ${SOFIA}?` });
    await dialog.getByRole("button", { name: "Sí, pedir que se borren" }).click();
    await section.getByText(`Recibimos su solicitud para borrar los datos de ${SOFIA}.`, { exact: false }).waitFor();
    await section.getByText(new RegExp(`Pidió que se borren los datos de ${SOFIA} el .*\\. La organización responde a más tardar el `)).waitFor();

    const a = await open(PHONE);
    await useSession(a.context, server.url, admin);
    await a.visit("/staff/data-requests");
    const request = a.page.locator("li", { has: a.page.getByRole("heading", { name: SOFIA }) });
    await request.getByText(/^Due by /).waitFor();
    await request.getByRole("button", { name: `Delete ${SOFIA}'s data` }).click();
    await a.page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete it" }).click();
    await a.page.getByText(`${SOFIA}'s data was deleted and the family was told.`).waitFor();

    await g.visit("/es/account/family");
    await section.getByText("Lo que guardamos, y por qué:").waitFor();
    await section.getByText(/^Los formularios firmados, guardados 7 años/).waitFor();
    expect(await section.getByRole("link", { name: `Descargar los datos de ${SOFIA}` }).count()).toBe(0);
    expect((await db.query("select 1 from athlete_medical where athlete_id = $1", [sofiaId])).rowCount).toBe(0);
    expect((await db.query("select 1 from athlete_report_cards where athlete_id = $1", [sofiaId])).rowCount).toBe(0);
    expect((await db.query("select 1 from consent_signatures where athlete_id = $1", [sofiaId])).rowCount).toBe(1);
  });
});
