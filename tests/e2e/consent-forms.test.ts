// Consent forms on a phone, in Spanish (issue 40): a guardian who signed up in Spanish signs the season's four forms for
// her two children on /es/account/forms. A coach had pressed "Enroll" for both: each request waits at "placed" and
// becomes enrolled only with that child's last signature. A name that is not hers is refused beside the field and
// stores nothing; the receipts are Spanish PDFs (read back with unpdf) and Spanish mails; another household's
// guardian and a visitor open nothing; an administrator publishes a new waiver version and the guardian is asked
// again. Its own server (decision 0034), not its worker's shared one: it makes every form required for the fall program
// and publishes a new waiver version, which would hold back every later file's fall enrollments and ask their families
// to sign again. Every page is checked with axe.
import { afterAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { get, makePerson, openDatabase, signInCookie, useSession, type Person } from "./support/messaging";
import { useOwnServer } from "./support/own-server";
import { RETENTION } from "~/retention/table";

// Tuesday 24 November 2026, 3 pm in New York: the fall season.
const TUESDAY = "2026-11-24T15:00:00-05:00";
const PHONE = { width: 390, height: 844 };
const FORMS = [
  "Exención de responsabilidad",
  "Autorización médica y consentimiento de tratamiento",
  "Autorización de fotos y videos",
  "Código de conducta",
];

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const env = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: "" });
const db = async () => (database ??= await openDatabase(server.dataDir));
const open = setupBrowser(() => server.url);

const server = useOwnServer({ SAFE_PLAY_NOW: TUESDAY });
afterAll(async () => {
  await database?.close();
});

async function spanishGuardian(fullName: string): Promise<Person> {
  const email = uniqueEmail("marisol");
  const password = "secret12";
  await createAccount(server.url, { fullName, email, password, phone: "(202) 555-0142" }, { locale: "es" });
  await (await db()).query(`update users set email_verified = true where email = $1`, [email]);
  return { email, password, fullName, cookie: await signInCookie(server.url, email, password) };
}

async function statusOf(enrollmentId: string) {
  const { rows } = await (await db()).query<{ status: string }>(`select status from enrollments where id = $1`, [enrollmentId]);
  return rows[0]!.status;
}

describe("consent forms", () => {
  it("a Spanish guardian signs four forms for two children on a phone; each child is enrolled at the last signature", async () => {
    const [coach, admin, marisol, stranger] = await Promise.all([
      makePerson(server.url, "Coach Consuelo", { coach: true, env: env() }),
      makePerson(server.url, "Admin Fermina", { coach: true, env: env() }),
      spanishGuardian("Marisol Quintero"),
      makePerson(server.url, "Ramona Stranger", { env: env() }),
    ]);
    const q = (await db()).query;
    await q(`update users set admin = true where email = $1`, [admin.email]);
    const { rows: seasonRows } = await q<{ id: string }>(
      `insert into seasons (term, year, starts_on, ends_on) values ('fall', 2026, '2026-09-01', '2026-12-20')
       on conflict (term, year) do update set starts_on = excluded.starts_on returning id`,
    );
    const { rows } = await q<{ id: string }>(
      `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, capacity, season_id)
       values ('Clínica de otoño', 'weekly', '{2,4}', '2026-09-01', '2026-12-20', '16:30', '18:00', 'Fort Dupont, Washington, DC', 'fall', 12, $1)
       returning id`,
      [seasonRows[0]!.id],
    );
    const sessionId = rows[0]!.id;
    await q(`insert into session_coaches (event_id, coach_id) select $1, id from users where email = $2`, [sessionId, coach.email]);
    await q(`insert into consent_form_programs (form_id, program_slug) select id, 'fall' from consent_forms`);

    // Marisol adds Sofía and Mateo on her phone, in Spanish.
    const g = await open({ viewport: PHONE });
    await useSession(g.context, server.url, marisol);
    for (const [name, dob] of [
      ["Sofía Quintero", "2015-06-01"],
      ["Mateo Quintero", "2017-03-10"],
    ] as const) {
      // The second time the same page with Sofía in it: checked by axe the first time (decision 0034, eighth pass).
      await g.visit("/es/account/family", { axe: name === "Sofía Quintero" });
      await g.page.getByLabel("Nombre del estudiante-atleta").fill(name);
      await g.page.getByLabel("Fecha de nacimiento del estudiante-atleta").fill(dob);
      await g.page.getByRole("button", { name: "Agregar un estudiante-atleta" }).click();
      await g.page.getByRole("status").getByText(`${name} se agregó a su familia.`, { exact: false }).waitFor();
    }
    // Both have a place at a level (placed), as after an evaluation.
    const { rows: requests } = await q<{ id: string; name: string }>(
      `insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone)
       select $1, g.athlete_id, g.guardian_id, 'placed', 'Marisol Quintero', '202-555-0142'
       from guardian_links g join users u on u.id = g.guardian_id where u.email = $2
       returning id, (select full_name from users where id = athlete_id) as name`,
      [sessionId, marisol.email],
    );
    const request = Object.fromEntries(requests.map((r) => [r.name, r.id]));

    // The coach presses "Enroll" for Sofía: she is not enrolled yet, and the roster says why.
    const c = await open({ viewport: PHONE });
    await useSession(c.context, server.url, coach);
    await c.visit(`/rosters/${sessionId}`);
    for (const child of ["Sofía Quintero", "Mateo Quintero"]) {
      const card = c.page.locator(`[data-athlete="${child}"]`);
      await card.getByRole("button", { name: "Enroll", exact: true }).click();
      await card.getByText("Not enrolled yet: the family has forms to sign for this program.", { exact: false }).waitFor();
    }
    expect([await statusOf(request["Sofía Quintero"]!), await statusOf(request["Mateo Quintero"]!)]).toEqual(["placed", "placed"]);
    const { rows: needed } = await q<{ subject: string }>(`select subject from mail_outbox where to_address = $1 and kind = 'consent-forms-needed'`, [
      marisol.email,
    ]);
    expect(needed.map((r) => r.subject).sort()).toEqual(["Formularios por firmar para Mateo Quintero", "Formularios por firmar para Sofía Quintero"]);
    // The roster lists the forms still missing and says "No photos" (no release given yet); "Send a reminder" mails the
    // family at once, and a second press the same day is not offered (issue 40, decision 0061).
    const sofiaCard = c.page.locator('[data-athlete="Sofía Quintero"]');
    await sofiaCard.getByText(`Forms missing: Liability waiver, Medical authorisation`, { exact: false }).waitFor();
    await sofiaCard.getByText("No photos", { exact: true }).waitFor();
    await sofiaCard.getByText("Mailed to the family at once; one reminder a day for each family.").waitFor();
    await sofiaCard.getByRole("button", { name: "Send a reminder" }).click();
    await sofiaCard.getByText("Reminder sent to Sofía Quintero's family.").waitFor();
    const { rows: reminded } = await q(`select 1 from mail_outbox where to_address = $1 and subject = 'Formularios por firmar para Sofía Quintero'`, [
      marisol.email,
    ]);
    expect(reminded).toHaveLength(2);
    // The roster again (checked by axe at the first visit; only what it says of Sofía differs).
    await c.visit(`/rosters/${sessionId}`, { axe: false });
    await sofiaCard.getByText("Sofía Quintero's family has had today's reminder; the next one can go tomorrow.").waitFor();
    expect(await sofiaCard.getByRole("button", { name: "Send a reminder" }).count()).toBe(0);

    // Nobody else opens Sofía's forms: another household's guardian gets 404, a visitor is sent to sign in.
    await g.visit("/es/account/forms");
    const firstHref = await g.page.getByRole("link", { name: `Firmar ${FORMS[0]} para Sofía Quintero` }).getAttribute("href");
    expect((await get(server.url, firstHref!, stranger)).status).toBe(404);
    expect((await get(server.url, firstHref!, null)).status).toBe(302);

    // A name that is not hers is refused beside the field, and nothing is stored.
    await g.page.getByRole("link", { name: `Firmar ${FORMS[0]} para Sofía Quintero` }).click();
    await g.page.getByRole("heading", { level: 1, name: FORMS[0] }).waitFor();
    await g.page.getByText("El tenis es una actividad física con riesgo de lesiones.", { exact: false }).waitFor();
    await g.page.getByLabel("Soy el padre, la madre o el tutor legal de Sofía Quintero.").check();
    await g.page.getByLabel("Acepto firmar este formulario electrónicamente", { exact: false }).check();
    await g.page.getByLabel("Su nombre completo (su firma)").fill("Otra Persona");
    await g.page.getByRole("button", { name: "Firmar", exact: true }).click();
    await g.page.getByText("Escriba su propio nombre completo, tal como figura en su cuenta.").waitFor();
    expect((await q(`select 1 from consent_signatures`)).rowCount).toBe(0);

    for (const child of ["Sofía Quintero", "Mateo Quintero"]) {
      for (const [i, form] of FORMS.entries()) {
        if (!(child === "Sofía Quintero" && i === 0)) {
          // Each signature brings her back to /es/account/forms (below): the next form is one tap away.
          await g.page.getByRole("link", { name: `Firmar ${form} para ${child}` }).click();
          await g.page.getByRole("heading", { level: 1, name: form }).waitFor();
        }
        if (form === "Autorización de fotos y videos") await g.page.getByLabel("Solo fotos del equipo").check();
        await g.page.getByLabel(`Soy el padre, la madre o el tutor legal de ${child}.`).check();
        await g.page.getByLabel("Acepto firmar este formulario electrónicamente", { exact: false }).check();
        await g.page.getByLabel("Su nombre completo (su firma)").fill("marisol quintero");
        const last = i === FORMS.length - 1;
        // Enrolled only with the last of the four.
        expect(await statusOf(request[child]!)).toBe("placed");
        await g.page.getByRole("button", { name: "Firmar", exact: true }).click();
        await g.page.waitForURL((u) => u.pathname === "/es/account/forms");
        // Back on her forms page: the form is among the signed ones, with its receipt.
        await g.page
          .getByRole("region", { name: child, exact: true })
          .getByRole("link", { name: `Recibo de ${form} (PDF)` })
          .waitFor();
        expect(await statusOf(request[child]!)).toBe(last ? "enrolled" : "placed");
      }
    }
    await g.visit("/es/account/enrollments");
    expect(await g.page.getByText("Inscrito", { exact: true }).count()).toBe(2);

    // Disclosure is its own choice (issue 40, decision 0061): Marisol allows Sofía's name and photo on the site and her
    // name on /scholarships, in Spanish on her phone; Mateo's stay off. The coach's roster then shows who may be
    // photographed (Sofía: team photos only, as her release says) and who may not.
    await g.visit("/es/account/family");
    const sharing = g.page.getByRole("region", { name: "Compartir fuera de la organización" });
    for (const kind of ["Nombre y foto en el sitio web público y la galería", "Nombre, universidad y año en la página de Becas"]) {
      await sharing.getByRole("button", { name: `Permitir: ${kind}, para Sofía Quintero` }).click();
      await sharing.getByText(`Sofía Quintero: ahora se permite «${kind}».`).waitFor();
      // Now allowed: the button withdraws it.
      await sharing.getByRole("button", { name: `Retirar: ${kind}, para Sofía Quintero` }).waitFor();
    }
    expect(await sharing.getByRole("button", { name: /^Retirar: .*, para Mateo Quintero$/ }).count()).toBe(0);
    await c.visit(`/rosters/${sessionId}`, { axe: false });
    await sofiaCard.getByText("Photos: team photos only", { exact: true }).waitFor();
    await c.page.locator('[data-athlete="Mateo Quintero"]').getByText("No photos", { exact: true }).waitFor();
    expect(await sofiaCard.getByText("Forms missing", { exact: false }).count()).toBe(0);

    // The receipts: eight Spanish mails, and Sofía's waiver as a Spanish PDF of exactly what was signed.
    const { rows: receipts } = await q<{ subject: string }>(`select subject from mail_outbox where to_address = $1 and kind = 'consent-receipt'`, [
      marisol.email,
    ]);
    expect(receipts).toHaveLength(8);
    expect(receipts.map((r) => r.subject)).toContain("Recibo: Exención de responsabilidad de Sofía Quintero");
    // Each receipt mail carries its PDF.
    const { rows: files } = await q<{ filename: string }>(
      `select a.filename from mail_attachments a join mail_outbox o on o.id = a.mail_id where o.to_address = $1 and o.kind = 'consent-receipt'`,
      [marisol.email],
    );
    expect(files).toHaveLength(8);
    expect(files.every((f) => /^recibo-[0-9a-f]{8}\.pdf$/.test(f.filename))).toBe(true);
    // Her forms page, signed, is checked by axe at the end with the new version to sign.
    await g.visit("/es/account/forms", { axe: false });
    const link = g.page.getByRole("link", { name: `Recibo de ${FORMS[0]} (PDF)` }).first();
    const pdf = await g.page.request.get((await link.getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    const words = text.replace(/\s+/g, " ");
    expect(words).toContain("Recibo de un formulario firmado");
    expect(words).toContain("Soy el padre, la madre o el tutor legal de");
    expect(words).toContain("Firma (nombre escrito): marisol quintero");
    expect(words).toContain("Navegador: Mozilla/5.0");

    // An administrator publishes a new waiver: Marisol is asked to sign it again, for each child.
    const a = await open({ viewport: PHONE });
    await useSession(a.context, server.url, admin);
    await a.visit("/staff/forms", { axe: false }); // checked after the test, with version 2 published
    await a.page.getByText("Write a new version of Liability waiver").click();
    const waiverBody = a.page.getByLabel("Text (English)").first();
    await waiverBody.fill("Tennis is a physical activity with a risk of injury. New wording for 2027.");
    await a.page.getByRole("button", { name: "Publish version 2" }).click();
    await a.page.getByText("Version 2 in force", { exact: false }).first().waitFor();
    await g.visit("/es/account/forms");
    await g.page.getByRole("link", { name: `Firmar ${FORMS[0]} para Sofía Quintero` }).waitFor();
    await g.page.getByRole("link", { name: `Firmar ${FORMS[0]} para Mateo Quintero` }).waitFor();
    expect(await g.page.getByRole("link", { name: /^Firmar / }).count()).toBe(2);
  });

  it("/privacy states every retention period and the outside services this server uses, in English and Spanish", async () => {
    const v = await open({ viewport: PHONE });
    for (const [path, locale, heading, services] of [
      ["/privacy", "en", "How long we keep children's data", ["Mail provider", "YouTube (videos on our pages)"]],
      ["/es/privacy", "es", "Cuánto tiempo guardamos los datos de los niños", ["Proveedor de correo", "YouTube (videos en nuestras páginas)"]],
    ] as const) {
      await v.visit(path);
      const section = v.page.getByRole("region", { name: heading });
      for (const row of RETENTION)
        await section
          .getByText(`${row.days} ${locale === "es" ? "días" : "days"} ${row.from[locale]}`, { exact: false })
          .first()
          .waitFor();
      expect(await section.getByRole("listitem").count()).toBe(RETENTION.length);
      for (const name of services) await v.page.getByText(name, { exact: true }).waitFor();
      // How to download or ask to delete a child's data, and each disclosure its own choice (issue 40, decision 0061).
      const rights = v.page.getByRole("region", {
        name:
          locale === "es" ? "Los datos de cada niño o niña: verlos, borrarlos y compartirlos" : "A child's data: seeing it, deleting it, sharing it",
      });
      await rights.getByRole("link", { name: locale === "es" ? "Su familia" : "Your family" }).waitFor();
      expect(await rights.getByRole("listitem").count()).toBe(4);
    }
  });
});
