// What coaches type, in Spanish beside the English (issue 27): a coach writes an announcement with its Spanish
// version and an event without one, on forms that work without JavaScript and refuse bad Spanish beside the field;
// a Spanish reader gets the announcement in Spanish at /es/general, and the event's English on the home page's card,
// wrapped in lang="en" and marked "En inglés"; an English reader sees no mark. This file starts its own server: the
// event it adds (English only, on purpose) shows on no other test's pages.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useOwnServer } from "./support/own-server";
import { createAccount, signInThroughPage, uniqueEmail } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";
import { runScript } from "./support/server";

// Its own server (not the worker's shared one): /es/general lists the newest announcements, and on a shared server other
// files' announcements (some dated years ahead) pushed this file's off the page in a full run.
const server = useOwnServer();

const open = setupBrowser(() => server.url);
const PASSWORD = "cancha-segura-12";

/** A coach, signed in through the English sign-in page. */
async function coach(javaScriptEnabled: boolean) {
  const email = uniqueEmail("coach-es");
  await createAccount(server.url, { fullName: "Coach Vega", email, password: PASSWORD });
  const role = await runScript(["cli/user-role.ts", email, "coach"], server.env);
  expect(role.code, role.stderr).toBe(0);
  const session = await open({ javaScriptEnabled });
  await signInThroughPage(session.page, email, PASSWORD);
  return session;
}

/** The text of the message a field is described by: what the coach hears beside it. */
async function messageBeside(page: Page, field: Locator) {
  const id = await field.getAttribute("aria-describedby");
  expect(id, "the field is described by its message").toBeTruthy();
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

describe("coaches' content in Spanish", () => {
  it("shows a Spanish reader the Spanish a coach wrote, and the English, marked, where there is none", async () => {
    const stamp = Date.now();
    const title = `Courts reopen ${stamp}`;
    const titleEs = `Reabren las canchas ${stamp}`;
    const eventTitle = `Evening Drills ${stamp}`;

    // The coach, without JavaScript: the announcement in both languages; HTML in the Spanish is refused beside it.
    const { page } = await coach(false);
    await page.goto("/general");
    let form = page.getByRole("form", { name: "New announcement" });
    await form.getByRole("group", { name: "In Spanish (optional)" }).waitFor();
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel(/^Text/).fill("Bring **water** and a friend.");
    await form.getByLabel("Headline in Spanish").fill(titleEs);
    await form.getByLabel("Announcement in Spanish (Markdown, as above)").fill("Traigan <b>agua</b>.");
    await form.getByRole("button", { name: "Publish" }).click();
    form = page.getByRole("form", { name: "New announcement" });
    const spanishText = form.getByLabel("Announcement in Spanish (Markdown, as above)");
    expect(await messageBeside(page, spanishText)).toBe("Use Markdown, not HTML: remove <b> (links, lists and emphasis are written in Markdown).");
    expect(await form.getByLabel("Headline in Spanish").inputValue()).toBe(titleEs);
    await spanishText.fill("Traigan **agua** y a un amigo.");
    await form.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(/\/general\/[0-9a-f-]{36}$/);
    const postPath = new URL(page.url()).pathname;

    // The event, in English only.
    await page.goto("/calendar/events");
    const add = page.getByRole("form", { name: "Add an event" });
    await add.getByLabel("Title", { exact: true }).fill(eventTitle);
    for (const day of ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
      await add.getByLabel(day, { exact: true }).check();
    await add.getByLabel("Starts at").fill("17:00");
    await add.getByLabel("Ends at").fill("18:30");
    await add.getByLabel("Level, ages or other note (optional)").fill("Ages 10 to 14");
    await add.getByRole("button", { name: "Add event" }).click();
    await page.getByRole("main").getByRole("listitem").filter({ hasText: eventTitle }).waitFor();

    // A Spanish reader: the announcement in Spanish, unmarked.
    const reader = await open();
    await reader.visit("/es/general");
    const article = reader.page.getByRole("article", { name: titleEs });
    await article.getByText("Traigan agua y a un amigo.").waitFor();
    expect(await article.locator("strong").textContent()).toBe("agua");
    expect(await article.getByText("En inglés").count()).toBe(0);
    expect(await article.locator('[lang="en"]').count()).toBe(0);
    await reader.visit(`/es${postPath}`);
    await reader.page.getByRole("heading", { level: 1, name: titleEs }).waitFor();
    expect(await reader.page.title()).toBe(`${titleEs} | Novedades y anuncios`);
    expect(await reader.page.getByText("En inglés", { exact: true }).count()).toBe(0);

    // A starting announcement, which has no Spanish: its English title heads the page in lang="en", marked. The
    // starting ones are from 2024: more than a year old, they are in the archive (issue 39).
    await reader.visit("/es/general?archive");
    const seeded = reader.page
      .getByRole("article")
      .filter({ has: reader.page.locator('h3 [lang="en"]') })
      .first();
    await seeded.getByText("En inglés", { exact: true }).waitFor();
    const seededTitle = (await seeded.getByRole("heading").innerText()).trim();
    await seeded.getByRole("link", { name: seededTitle }).click();
    await reader.page.getByRole("heading", { level: 1, name: seededTitle }).waitFor();
    await expectAccessible(reader.page);
    expect(await reader.page.locator("h1").evaluate((h) => h.closest("[lang]")?.getAttribute("lang"))).toBe("en");
    await reader.page.getByText("Novedades y anuncios ·", { exact: false }).waitFor();
    expect(await reader.page.getByText("Novedades y anuncios ·", { exact: false }).evaluate((p) => p.closest("[lang]")?.getAttribute("lang"))).toBe(
      "es",
    );
    expect(await reader.page.getByText("En inglés", { exact: true }).count()).toBeGreaterThan(0);

    // The home page's card: the event's English title and note, each in lang="en", and the mark.
    await reader.visit("/es");
    const card = reader.page.getByRole("listitem").filter({ has: reader.page.getByRole("heading", { name: eventTitle }) });
    await card.getByText("En inglés", { exact: true }).waitFor();
    expect(await card.locator('[lang="en"]').allInnerTexts()).toEqual([eventTitle, "Ages 10 to 14"]);
    await card.getByText("de 5:00 a 6:30 p. m.", { exact: false }).waitFor();
    expect(await card.getByText("de 5:00 a 6:30 p. m.", { exact: false }).getAttribute("lang")).toBeNull();

    // An English reader: the English, never marked.
    const english = await open();
    await english.visit("/");
    const englishCard = english.page.getByRole("listitem").filter({ has: english.page.getByRole("heading", { name: eventTitle }) });
    await englishCard.getByText("Ages 10 to 14").waitFor();
    expect(await englishCard.getByText(/In English|En inglés/).count()).toBe(0);
    await english.visit("/general");
    await english.page.getByRole("article", { name: title }).getByText("Bring water and a friend.").waitFor();

    // The coach's edit form on the Spanish page (with JavaScript, checked by axe): both versions, Spanish labels.
    const again = await coach(true);
    await again.visit(`/es${postPath}`);
    const edit = again.page.getByRole("form", { name: "Editar anuncio" });
    const spanish = edit.getByRole("group", { name: "En español (opcional)" });
    expect(await edit.getByLabel("Título", { exact: true }).inputValue()).toBe(title);
    expect(await spanish.getByLabel("Encabezado en español").inputValue()).toBe(titleEs);
    expect(await spanish.getByLabel("Anuncio en español (Markdown, como arriba)").inputValue()).toBe("Traigan **agua** y a un amigo.");
    await again.visit("/es/calendar/events");
    const cancel = again.page.getByRole("form", { name: "Cancelar una fecha" });
    await cancel.getByRole("group", { name: "En español (opcional)" }).getByLabel("Nota para las familias en español").waitFor();
  });
});
