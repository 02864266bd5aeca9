// No English left in the Spanish site (issue 27): every page is opened at its Spanish address, as a visitor and as a
// signed-in family, and its visible text (with the names of the organisation, its partners and what people typed
// taken out) must hold none of the words English writes on every line and Spanish never does. Pages that still show
// English (coaches' content without a Spanish version yet) are listed, and struck off as each is translated.
import { describe, expect, it } from "vitest";
import { SITEMAP_PATHS } from "~/content/sitemap";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);

/** Words of every English sentence that are not Spanish words. */
const ENGLISH = /\b(the|and|your|you|with|our|this|that|will|please|from|are|is|for|of|to|what|when|how|who)\b/i;
/** Names that stay as they are in Spanish, and what they contain. */
const NAMES = [/Next Level Tennis (&|and) Education/g, /School Without Walls/g, /Zelle/g, /Fun For All Starts Here/g];

/**
 * Pages still showing English: only what coaches typed and the starting content seeded in the database (event cards'
 * notes, announcements, "Closed for the Sabbath"), which has no Spanish version yet (issue 27: coaches' content gets
 * its Spanish beside the English). Struck off as each is translated.
 */
const STILL_IN_ENGLISH = new Set(["/", "/general", "/calendar", "/vlog"]);
/** A family's signed-in pages, walked in their own test. */
const FAMILY_PAGES = ["/account", "/account/family", "/account/notifications", "/messages"];

/** The English sentences left on a page: the lines of its visible text that hold an English word. */
async function englishLines(page: import("playwright-core").Page): Promise<string[]> {
  let text = await page.locator("body").innerText();
  for (const name of NAMES) text = text.replace(name, "");
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => ENGLISH.test(l));
}

describe("the Spanish site has no English left", () => {
  it("in every public page and the sign-in pages, with html lang=es", async () => {
    const { page } = await open();
    const found = new Map<string, string[]>();
    for (const path of [...SITEMAP_PATHS.map((p) => p.path), "/signin", "/signup", "/forgot-password"]) {
      await page.goto(path === "/" ? "/es" : `/es${path}`);
      expect(await page.locator("html").getAttribute("lang"), path).toBe("es");
      const lines = await englishLines(page);
      if (lines.length) found.set(path, lines);
    }
    const pages = (s: Iterable<string>) => [...s].filter((p) => !FAMILY_PAGES.includes(p)).sort();
    // What other tests typed into the shared site (videos, testimonials) shows on the content pages in any order, so
    // only pages outside the list must be free of English.
    const unexpected = pages(found.keys()).filter((p) => !STILL_IN_ENGLISH.has(p));
    expect(unexpected, `English found:\n${[...found].map(([p, l]) => `${p}: ${l.slice(0, 3).join(" | ")}`).join("\n")}`).toEqual([]);
  });

  it("in a family's signed-in pages", async () => {
    const email = uniqueEmail("es-familia");
    const password = "correct horse battery staple";
    await createAccount(baseURL, { fullName: "Ana Familia", email, password }, { locale: "es" });
    const { page } = await open();
    await page.goto("/es/signin");
    const main = page.getByRole("main");
    await main.getByLabel(/Email|Correo/).fill(email);
    await main.getByLabel(/Password|Contraseña/).fill(password);
    await main.getByRole("button", { name: /^(Sign In|Iniciar sesión)$/ }).click();
    await page.waitForURL((u) => u.pathname === "/es");
    const found: string[] = [];
    for (const path of FAMILY_PAGES) {
      await page.goto(`/es${path}`);
      expect(await page.locator("html").getAttribute("lang"), path).toBe("es");
      if ((await englishLines(page)).length) found.push(path);
    }
    expect(found).toEqual([...STILL_IN_ENGLISH].filter((p) => FAMILY_PAGES.includes(p)));
  });
});
