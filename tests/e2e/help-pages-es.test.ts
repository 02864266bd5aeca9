// The help pages and the home page's testimonials in Spanish (issue 27): /es/faq, /es/terms, /es/privacy and
// /es/contact show their Spanish headings and text; the Spanish contact form, sent empty, says what is missing in
// Spanish beside each field, with and without JavaScript, and its confirmation mail is in Spanish; the testimonials
// section, its form, its refusals and the coach's delete confirmation are in Spanish. On its worker's shared server
// (decision 0034), with the shared mail sink; the home page shows its samples only while the site has no testimonials,
// so the file first removes those earlier files on this server left (they have ended: a worker runs one file at a time).
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMailbox } from "./support/mail";
import { m } from "~/paraglide/messages";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { openDatabase, signInCookie, useSession } from "./support/messaging";
import { runScript } from "./support/server";
import { sharedServer } from "./support/shared-server";

const server = sharedServer();
/**
 * Every file on this shared server posts the public forms from 127.0.0.1, and a form takes 8 a connection in 10
 * minutes: this file's contact forms start from no earlier file's count, and leave none to the next file.
 */
async function forgetFormCounts() {
  const db = await openDatabase(server.dataDir);
  await db.query("delete from rate_limits where key like 'form:%'");
  await db.close();
}
beforeAll(async () => {
  await forgetFormCounts();
  const db = await openDatabase(server.dataDir);
  await db.query("delete from testimonials");
  await db.close();
});
afterAll(forgetFormCounts);
const smtp = sharedMailbox();

const open = setupBrowser(() => server.url);

/** The text of the message a field is described by: what the person hears beside it. */
async function messageBeside(page: Page, field: Locator) {
  const id = await field.getAttribute("aria-describedby");
  expect(id, "the field is described by its message").toBeTruthy();
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

describe("the help pages in Spanish", () => {
  it("shows the FAQ in Spanish: twelve questions, the policies, Spanish links", async () => {
    const { page, visit } = await open();
    await visit("/es/faq");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await page.title()).toBe("Preguntas frecuentes | NLTE");
    await page.getByRole("heading", { level: 1, name: "Preguntas frecuentes" }).waitFor();
    expect(await page.locator("details").count()).toBe(12);
    await page.getByText("¿Cuál es su política de reembolsos para programas y campamentos?").click();
    await page.getByText("Si cancela al menos 7 días antes del inicio, recibe un reembolso completo.", { exact: false }).waitFor();
    const quick = page.getByRole("navigation", { name: "Enlaces rápidos" });
    expect(await quick.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/es/programs",
      "/es/calendar",
      "/es/lessons",
      "/es/contact",
      "/es/donate",
    ]);
    await page.getByRole("heading", { name: "¿Tiene otra pregunta?" }).waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Contáctenos" }).getAttribute("href")).toBe("/es/contact");
    // The search engines' copy of the questions is the page's language too.
    const faqJson = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(faqJson.join("")).toContain("¿Desde qué edad pueden participar?");
  });

  it("shows the terms in Spanish, with the blanks kept and the English named as the reference", async () => {
    const { page, visit } = await open();
    await visit("/es/terms");
    expect(await page.title()).toBe("Términos del servicio | NLTE");
    await page.getByRole("heading", { level: 1, name: "Términos del servicio" }).waitFor();
    await page.getByText("Vigentes desde el 3 de septiembre de 2018").waitFor();
    const article = page.getByRole("article");
    expect(await article.getByRole("heading", { level: 2 }).count()).toBe(26);
    await article.getByRole("heading", { name: "23. Ley aplicable" }).waitFor();
    await article.getByText("se rigen por las leyes de ____________", { exact: false }).waitFor();
    await article.getByText("Si hay diferencias, rige la versión en inglés.").waitFor();
  });

  it("shows the privacy notice in Spanish, its blanks filled and its account link in Spanish", async () => {
    const { page, visit } = await open();
    await visit("/es/privacy");
    expect(await page.title()).toBe("Aviso de privacidad | NLTE");
    await page.getByRole("heading", { level: 1, name: "Aviso de privacidad" }).waitFor();
    const rights = page.getByRole("region", { name: "Obtener una copia, o borrarla" });
    expect(await rights.getByRole("link", { name: "la página de su cuenta (/es/account)" }).getAttribute("href")).toBe("/es/account");
    await page
      .getByRole("region", { name: "Niños menores de 13 años, y adolescentes" })
      .getByText("no pueden crear una cuenta por sí solos", { exact: false })
      .waitFor();
    await page
      .getByText("guarda las 14 más recientes. Lo que se borra desaparece de todas las copias después de 14 días.", { exact: false })
      .waitFor();
    const article = page.getByRole("article");
    expect(await article.textContent()).not.toMatch(/\{\w+\}/);
    expect(await page.getByRole("region", { name: "Preguntas" }).getByRole("link", { name: "(202) 555-0147" }).getAttribute("href")).toBe(
      "tel:2025550147",
    );
    await article.getByText("Si hay diferencias, rige la versión en inglés.").waitFor();
  });

  it("shows the contact page in Spanish", async () => {
    const { page, visit } = await open();
    await visit("/es/contact");
    expect(await page.title()).toBe("Contáctenos | NLTE");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Contáctenos" }).waitFor();
    expect(await main.getByRole("link", { name: "Llamar ahora" }).getAttribute("href")).toBe("tel:2025550147");
    await main.getByRole("link", { name: "Escríbanos" }).waitFor();
    await main.getByRole("heading", { name: "Envíenos un mensaje" }).waitFor();
    await main.getByRole("button", { name: "Enviar mensaje" }).waitFor();
  });
});

describe("the Spanish contact form", () => {
  it.each([true, false])("says in Spanish beside each field what is missing (JavaScript %s)", async (javaScriptEnabled) => {
    const { page } = await open({ javaScriptEnabled });
    await page.goto("/es/contact");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Enviar mensaje" }).click();
    const name = main.getByRole("textbox", { name: "Nombre" });
    await main.getByText("Escriba su nombre").waitFor();
    expect(await messageBeside(page, name)).toBe("Escriba su nombre");
    expect(await messageBeside(page, main.getByRole("textbox", { name: "Correo electrónico" }))).toBe("Escriba su correo electrónico");
    expect(await messageBeside(page, main.getByRole("textbox", { name: "Mensaje" }))).toBe("Escriba su mensaje");
    // The form's own refusal, shared with the registration form, is the Spanish one too.
    expect((await main.getByRole("alert").innerText()).trim()).toBe(m.account_form_fix_errors({}, { locale: "es" }));
    expect(new URL(page.url()).pathname).toBe("/es/contact");

    // A wrong address and phone get their own Spanish messages; what was typed stays.
    await name.fill("Rosa Prueba");
    await main.getByRole("textbox", { name: "Correo electrónico" }).fill("rosa-en-example.com");
    await main.getByRole("textbox", { name: "Teléfono" }).fill("+++++++");
    await main.getByRole("textbox", { name: "Mensaje" }).fill("¿Hay una clínica cerca de Baltimore?");
    await main.getByRole("button", { name: "Enviar mensaje" }).click();
    await main.getByText("Escriba un correo electrónico válido").waitFor();
    expect(await messageBeside(page, main.getByRole("textbox", { name: "Teléfono" }))).toBe("Escriba un número de teléfono válido");
    expect(await main.getByRole("textbox", { name: "Mensaje" }).inputValue()).toBe("¿Hay una clínica cerca de Baltimore?");
  });

  it("confirms a sent message on the page and by mail, both in Spanish", async () => {
    const email = uniqueEmail("familia");
    const { page, visit } = await open();
    await visit("/es/contact");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Nombre" }).fill("Rosa Prueba");
    await main.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
    await main.getByRole("textbox", { name: "Mensaje" }).fill("¿Cuándo empieza la clínica de otoño?");
    await main.getByRole("button", { name: "Enviar mensaje" }).click();
    await main.getByRole("heading", { name: "¡Mensaje enviado!" }).waitFor();
    await main.getByText("Leemos cada mensaje y le responderemos en un plazo de dos días hábiles.", { exact: false }).waitFor();

    const mail = await smtp.waitFor(email, "Recibimos su mensaje");
    expect(mail.text).toContain("¡Gracias por comunicarse con nosotros! Recibimos su mensaje y le responderemos pronto.");
    expect(mail.text).toContain("Si usted no envió este mensaje, puede ignorar este correo.");
    expect(mail.text).not.toContain("Thank you");
  });
});

describe("the home page's testimonials in Spanish", () => {
  const section = (page: Page) => page.getByRole("region", { name: "¿Qué dicen hoy de NLTE?" });

  it("shows a visitor the Spanish heading, the samples in Spanish and a Spanish sign-in hint", async () => {
    const { page, visit } = await open();
    await visit("/es");
    const region = section(page);
    await region.getByText("Lo que dice nuestra comunidad").waitFor();
    await region.getByText("Tanya M., madre").waitFor();
    await region.getByRole("img", { name: "5 de 5 estrellas" }).first().waitFor();
    await region.getByText("¿Forma parte de nuestra comunidad? Inicie sesión para compartir su experiencia.").waitFor();
    await region.getByRole("button", { name: "Iniciar sesión para compartir" }).waitFor();
  });

  it("gives a family the form, its messages and toasts in Spanish, and a coach the delete confirmation", async () => {
    const email = uniqueEmail("testimonio");
    await createAccount(server.url, { fullName: "Paula Prueba", email, password: "secret12" });
    const { page, context } = await open();
    await useSession(context, server.url, {
      email,
      password: "secret12",
      fullName: "Paula Prueba",
      cookie: await signInCookie(server.url, email, "secret12"),
    });
    await page.goto("/es");
    const region = section(page);
    await region.getByRole("heading", { name: "Comparta su experiencia" }).waitFor();
    expect(await region.getByLabel("Su nombre").inputValue()).toBe("Paula Prueba");
    expect(await region.getByRole("radio", { name: "5 estrellas" }).isChecked()).toBe(true);
    await region.getByRole("group", { name: "Calificación" }).waitFor();

    await region.getByLabel("Su nombre").fill("P");
    await region.getByLabel("Su testimonio").fill("Muy corto");
    await region.getByRole("button", { name: "Enviar testimonio" }).click();
    await region.getByText("El nombre debe tener al menos 2 caracteres").waitFor();
    await region.getByText("El testimonio debe tener al menos 10 caracteres").waitFor();

    await region.getByLabel("Su nombre").fill("Paula P.");
    await region.getByLabel("Su testimonio").fill("Los entrenadores son pacientes y muy atentos con mi hija.");
    await region
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "3 estrellas" }) })
      .click();
    await region.getByRole("button", { name: "Enviar testimonio" }).click();
    await page.getByText("Por favor, comparta un comentario positivo y alentador").waitFor();

    await region
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "5 estrellas" }) })
      .click();
    await region.getByRole("button", { name: "Enviar testimonio" }).click();
    await region.getByRole("heading", { name: "¡Testimonio agregado!" }).waitFor();
    await region.getByRole("button", { name: "Agregar otro testimonio" }).waitFor();

    const coachEmail = uniqueEmail("entrenadora");
    await createAccount(server.url, { fullName: "Carmen Coach", email: coachEmail, password: "secret12" });
    expect((await runScript(["cli/user-role.ts", coachEmail, "coach"], server.env)).code).toBe(0);
    const coach = await open();
    const coachCookie = await signInCookie(server.url, coachEmail, "secret12");
    await useSession(coach.context, server.url, { email: coachEmail, password: "secret12", fullName: "Carmen Coach", cookie: coachCookie });
    await coach.page.goto("/es");
    const card = section(coach.page).locator("figure").filter({ hasText: "Paula P." });
    const remove = card.getByRole("button", { name: "Eliminar el testimonio de Paula P." });
    const dialog = coach.page.getByRole("alertdialog");
    // Before React runs the page, the button is the plain form that deletes without asking (the no-JavaScript path):
    // wait for the confirmation's trigger to replace it.
    await expect.poll(() => remove.getAttribute("aria-haspopup"), { timeout: 30_000 }).toBe("dialog");
    await remove.click();
    await dialog.getByRole("heading", { name: "¿Eliminar este testimonio?" }).waitFor();
    await dialog.getByText("El testimonio de Paula P. se quitará de la página de inicio. Esto no se puede deshacer.").waitFor();
    await dialog.getByRole("button", { name: "Eliminar" }).click();
    await coach.page.getByText("Testimonio eliminado").waitFor();
  });
});
