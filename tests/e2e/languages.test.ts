// The site in English and Spanish (issue 27): every page has a Spanish address under /es, the switch works with and
// without JavaScript, a signed-in person's choice is kept on their account and followed on another device.
import { describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);

describe("the site in Spanish", () => {
  it("has a Spanish address for a page, with html lang, hreflang alternates and Spanish navigation", async () => {
    const res = await fetch(`${baseURL}/es/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="es"/);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${baseURL}/about"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="es" href="${baseURL}/es/about"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${baseURL}/about"/>`);
    expect(await (await fetch(`${baseURL}/about`)).text()).toMatch(/<html lang="en"/);
  });

  it("answers an unknown language, or English under a prefix, with the 404 page", async () => {
    for (const path of ["/fr/about", "/en/about", "/xx"]) expect((await fetch(`${baseURL}${path}`)).status, path).toBe(404);
  });

  it("switches a visitor to Spanish and back without JavaScript, keeping the page", async () => {
    const { page } = await open({ javaScriptEnabled: false });
    await page.goto("/faq");
    await page.getByRole("button", { name: "Read this page in Español" }).first().click();
    await page.waitForURL((u) => u.pathname === "/es/faq");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const nav = page.getByRole("navigation", { name: "Principal" });
    expect(await nav.getByRole("link", { name: "Nosotros" }).getAttribute("href")).toBe("/es/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contacto" }).click();
    await page.waitForURL((u) => u.pathname === "/es/contact");
    // The device remembers the choice: the English address of a page opens the Spanish one.
    await page.goto("/gallery");
    await page.waitForURL((u) => u.pathname === "/es/gallery");
    await page.getByRole("button", { name: "Leer esta página en English" }).first().click();
    await page.waitForURL((u) => u.pathname === "/gallery");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.goto("/about");
    expect(new URL(page.url()).pathname).toBe("/about");
  });

  it("never sends a browser that merely prefers Spanish to another address", async () => {
    const res = await fetch(`${baseURL}/about`, {
      headers: { "Accept-Language": "es-US,es;q=0.9", "Sec-Fetch-Dest": "document" },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
  });

  it("keeps a signed-in person's choice on their account and follows it on another device", async () => {
    const email = uniqueEmail("idioma");
    const password = "correct horse battery staple";
    await createAccount(baseURL, { fullName: "Lucía Madre", email, password });
    const first = await open();
    await first.page.goto("/signin");
    const main = first.page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password").fill(password);
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await first.page.waitForURL((u) => u.pathname === "/");
    await first.page.getByRole("button", { name: "Read this page in Español" }).first().click();
    await first.page.waitForURL((u) => u.pathname === "/es");
    await first.page.getByRole("button", { name: /menú de la cuenta/ }).waitFor();

    // Another device, no cookie: signing in from an English page lands in Spanish.
    const second = await open();
    await second.page.goto("/signin");
    const main2 = second.page.getByRole("main");
    await main2.getByLabel("Email").fill(email);
    await main2.getByLabel("Password").fill(password);
    await main2.getByRole("button", { name: "Sign In", exact: true }).click();
    await second.page.waitForURL((u) => u.pathname === "/es");
    expect(await second.page.locator("html").getAttribute("lang")).toBe("es");
    await second.page.getByRole("link", { name: "Inicio" }).first().waitFor();
  });
});
