// The footer is the server's HTML, kept by the browser (its code is not in signed-in pages' JavaScript): it must stay
// whole after React starts and after client-side navigation, and its links and language switch work as plain HTML.
import { describe, expect, it } from "vitest";
import { createAccount, signInThroughPage, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);

describe("the footer on signed-in pages", () => {
  it("stays whole after React starts and after moving between pages", async () => {
    const email = uniqueEmail("footer");
    const password = "correct horse battery staple";
    await createAccount(baseURL, { fullName: "Fay Footer", email, password });
    const { page } = await open();
    await signInThroughPage(page, email, password);
    const footer = page.getByRole("contentinfo");
    // Hydrated: the account menu opens (React runs), and the footer still holds its links.
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("link", { name: "Account settings" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    // A client-side navigation keeps it as it was.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar" }).click();
    await page.waitForURL((u) => u.pathname === "/calendar");
    await page.getByRole("heading", { level: 1, name: "Calendar" }).waitFor();
    await footer.getByRole("link", { name: "Privacy Notice" }).waitFor();
    await footer.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL((u) => u.pathname === "/faq");
    await page.getByRole("contentinfo").getByRole("button", { name: "Read this page in Español" }).waitFor();
  });
});
