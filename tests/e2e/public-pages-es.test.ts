// The public pages about the organisation, its programs and giving, in Spanish (issue 27): /es/about, /es/programs,
// the program pages, /es/awarded-grants, /es/scholarships and /es/donate show their Spanish heading, title and prose,
// keep the reader in Spanish with their links, and leave the English pages as they were.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PAGES, PROGRAM_PAGES } from "~/content/pages";
import { PAGES_ES, PROGRAM_PAGES_ES } from "~/content/pages-es.server";
import { setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";
import { startingScheduleTitle, startingSeason } from "~/calendar/starting-season";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
const PHONE = "(202) 555-0147";
const EMAIL = "info@nextleveltennis.example.org";

/** Each page, its Spanish words in pages-es.server.ts, and a paragraph of its Spanish prose. */
const SPANISH_PAGES = [
  ["/about", PAGES_ES.about, "Nuestro fundador aprendió a jugar tenis en las canchas públicas de Washington DC"],
  ["/programs", PAGES_ES.programs, "La ubicación se decide por entrevista y evaluación."],
  ["/programs/fall", PROGRAM_PAGES_ES.fall, "El horario semanal de otoño va del 7 de septiembre al 7 de noviembre"],
  ["/awarded-grants", PAGES_ES.grants, "Fundaciones, clubes y empresas: únanse a nosotros"],
  ["/scholarships", PAGES_ES.scholarships, "Cada temporada, el equipo de entrenadores elige a los becados"],
  ["/donate", PAGES_ES.donate, "Cada donación pone una raqueta en la mano de un niño"],
] as const;
type SpanishPath = (typeof SPANISH_PAGES)[number][0];

/** The page open is `path` in Spanish: its lang, heading, title, description and a paragraph of its prose. */
async function expectSpanish(page: Page, path: SpanishPath) {
  const [, info, paragraph] = SPANISH_PAGES.find(([p]) => p === path)!;
  expect(await page.locator("html").getAttribute("lang"), path).toBe("es");
  await page.getByRole("heading", { level: 1, name: info.heading, exact: true }).waitFor();
  expect(await page.title(), path).toBe(info.title);
  expect(await page.locator('meta[name="description"]').getAttribute("content"), path).toBe(info.description);
  await page.getByRole("main").getByText(paragraph, { exact: false }).first().waitFor();
}

// Each page is opened once, by the test that reads it (its Spanish heading, title and prose checked there too).
describe("the public pages in Spanish", () => {
  it("shows the five levels, private lessons and the registration policy in Spanish, with Spanish links", async () => {
    const { page, visit } = await open();
    await visit("/es/programs");
    await expectSpanish(page, "/programs");
    await page.getByRole("heading", { name: "Nuestro sistema de cinco niveles" }).waitFor();
    for (const name of ["Nacional/Internacional", "Estatal/Regional", "Intermedio", "Recreativo", "Principiante"]) {
      await page.getByRole("heading", { name, exact: true }).waitFor();
    }
    await page.getByText("Nivel 1", { exact: true }).waitFor();
    await page.getByText("No se necesita experiencia. Nosotros ponemos las raquetas; a partir de los 4 años.").waitFor();
    await page.getByText("Las cuotas mensuales de inscripción se pagan con 15 días de anticipación.").waitFor();
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Pregúntenos por las clases privadas" }).getAttribute("href")).toBe("/es/contact");
    expect(await main.getByRole("link", { name: "Inscríbase ahora" }).getAttribute("href")).toBe("/es/programs/registration");
    expect(await main.getByRole("link", { name: "Programas de otoño" }).getAttribute("href")).toBe("/es/programs/fall");
  });

  it("shows every program page in Spanish, its facts and its next steps", async () => {
    const { page, visit } = await open();
    // The starting sessions' program (migration 0040: the season running or next when the site started).
    const { term } = startingSeason(new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }));
    for (const [slug, info] of Object.entries(PROGRAM_PAGES_ES)) {
      await visit(`/es/programs/${slug}`);
      await page.getByRole("heading", { level: 1, name: info.heading }).waitFor();
      expect(await page.title()).toBe(info.title);
      for (const label of ["Para quién es", "Cuándo", "Dónde", "Precio"]) await page.getByText(label, { exact: true }).waitFor();
      // A program with no session running or next has no Register button (issue 39).
      const register = page.getByRole("link", { name: "Inscribirse en este programa" });
      if (await page.getByRole("region", { name: "Sesiones" }).getByRole("listitem").count())
        expect(await register.getAttribute("href")).toBe(`/es/programs/registration?program=${slug}`);
      else expect(await register.count(), slug).toBe(0);
      expect(await page.getByRole("main").getByRole("link", { name: "Todos los programas" }).getAttribute("href")).toBe("/es/programs");
      if (slug === "fall") await expectSpanish(page, "/programs/fall");
      if (slug === term) {
        // A fact no session answers is "ask us", with the way to ask: never "to be decided".
        expect(await page.locator("[data-fact=where]").textContent()).toBe("Pregúntenos");
        expect(await page.locator("[data-fact=where]").getByRole("link").getAttribute("href")).toBe("/es/contact");
        expect(await page.locator("[data-fact=when]").textContent()).toContain("domingos de 8 a 10 a. m.");
        await page.getByRole("heading", { name: "Próximos pasos" }).waitFor();
        await page
          .getByRole("region", { name: "Sesiones" })
          .getByRole("heading", { name: startingScheduleTitle(term, "es") })
          .waitFor();
      }
      if (slug === "summer") {
        const pdf = page.getByRole("link", { name: "Formulario de autorización para fotos (PDF, en inglés)" });
        expect(await pdf.getAttribute("href")).toBe("/documents/photo-release-form.pdf");
      }
    }
    expect(Object.keys(PROGRAM_PAGES_ES)).toEqual(expect.arrayContaining([term, "summer", "fall"]));
  });

  it("shows the about page and the grants in Spanish", async () => {
    const { page, visit } = await open();
    await visit("/es/about");
    await expectSpanish(page, "/about");
    for (const h of ["Nuestra misión", "Nuestra historia", "Nuestro sistema, explicado para los padres", "Nuestros valores", "Nuestro equipo"]) {
      await page.getByRole("heading", { name: h, exact: true }).waitFor();
    }
    await page.getByText("Hoy", { exact: true }).waitFor();
    await page.getByText("Muy pronto presentaremos a nuestro equipo.").waitFor();

    await visit("/es/awarded-grants");
    await expectSpanish(page, "/awarded-grants");
    await page.getByRole("heading", { name: "Subvención para el campamento de verano" }).waitFor();
    await page.getByText("$17,500", { exact: true }).waitFor();
    expect(await page.locator("figure blockquote").count()).toBe(6);
    await page.getByText("— Exalumna del programa, hoy estudiante-atleta universitaria").waitFor();
    expect(await page.getByRole("link", { name: "Escríbanos para colaborar con nosotros" }).getAttribute("href")).toBe(
      `mailto:${EMAIL}?subject=${encodeURIComponent("Sumarse a la misión")}`,
    );
  });

  it("carries a scholarship chosen in Spanish to the Spanish Donate page, whose bank details stay as they are", async () => {
    const { page, visit } = await open();
    await visit("/es/scholarships");
    await expectSpanish(page, "/scholarships");
    const group = page.getByRole("group", { name: "Paso 1: Elija una beca" });
    await group.getByRole("radio", { name: "Beca en Memoria para Entrenamiento y Equipo de Tenis" }).check();
    await page.getByRole("button", { name: "Donar a esta beca" }).click();
    await page.waitForURL((u) => u.pathname === "/es/donate" && u.searchParams.get("scholarship") === "training");
    await page
      .getByRole("status")
      .getByText("Eligió la Beca en Memoria para Entrenamiento y Equipo de Tenis: por favor, escriba su nombre en la nota del pago.")
      .waitFor();

    await page.getByRole("button", { name: `Copiar Correo electrónico de Zelle ${EMAIL}` }).waitFor();
    await page.getByRole("button", { name: `Copiar Teléfono de Zelle ${PHONE}` }).waitFor();
    await page.getByText("Community Federal Bank", { exact: true }).waitFor();
    await page.getByText("Next Level Tennis & Education, Inc.", { exact: true }).waitFor();
    await page.getByText("Nombre del banco").waitFor();
    expect(await page.getByRole("link", { name: "Escríbanos para recibir los datos de la transferencia" }).getAttribute("href")).toBe(
      `mailto:${EMAIL}?subject=${encodeURIComponent("Datos para una transferencia bancaria")}`,
    );
    expect(await page.getByRole("link", { name: "Llámenos" }).getAttribute("href")).toBe("tel:2025550147");
    const stats = page.getByRole("region", { name: "Nuestro impacto" });
    await stats.getByText("Deducible de impuestos", { exact: true }).waitFor();
  });

  it("confirms a copy in Spanish", async () => {
    const { page, context, visit } = await open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await visit("/es/donate");
    await expectSpanish(page, "/donate");
    await page.getByRole("button", { name: `Copiar Teléfono de Zelle ${PHONE}` }).click();
    await page.getByText("Teléfono de Zelle: copiado al portapapeles").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PHONE);
  });
});

describe("the same pages in English", () => {
  it("stay in English, with English titles, prose and links", async () => {
    const { page, visit } = await open();
    const english = [
      ["/about", PAGES.about, "Staff profiles are coming soon."],
      ["/programs", PAGES.programs, "Placement is by interview and evaluation."],
      ["/programs/fall", PROGRAM_PAGES.fall, "The fall weekly schedule runs Sep 7 - Nov 7"],
      ["/awarded-grants", PAGES.grants, "Foundations, clubs and businesses: partner with us"],
      ["/scholarships", PAGES.scholarships, "Recipients are chosen by the coaching staff each season"],
      ["/donate", PAGES.donate, "Every gift puts a racquet in a child's hand"],
    ] as const;
    for (const [path, info, paragraph] of english) {
      await visit(path);
      expect(await page.locator("html").getAttribute("lang"), path).toBe("en");
      await page.getByRole("heading", { level: 1, name: info.heading, exact: true }).waitFor();
      expect(await page.title(), path).toBe(info.title);
      await page.getByRole("main").getByText(paragraph, { exact: false }).first().waitFor();
      if (path === "/programs") await page.getByText("Level 1", { exact: true }).waitFor();
      if (path === "/donate") {
        await page.getByText("Bank name").waitFor();
        await page.getByRole("region", { name: "Our impact" }).waitFor();
      }
    }
    await visit("/programs/summer");
    await page.getByRole("link", { name: "Photo Release Form (PDF)" }).waitFor();
    await page.getByRole("heading", { name: "Next Steps" }).waitFor();
  });
});
