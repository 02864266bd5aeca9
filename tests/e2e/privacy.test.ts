// The privacy notice (issue 24): reached from the footer and from every sign-up form, and it names what a parent
// needs: where to download and delete, the under-13 rule, how long backups keep data, and the configured contacts.
import { describe, expect, it } from "vitest";
import { PRIVACY_PAGE, PRIVACY_SECTIONS } from "~/content/privacy";
import { setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
const PRIVACY_LINK = /^Privacy notice/;

describe("privacy notice", () => {
  it("is linked from the footer and says where to download and delete data, the under-13 rule and whom to ask", async () => {
    const { page, visit } = await open();
    await visit("/");
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Notice" });
    expect(await footerLink.getAttribute("href")).toBe("/privacy");
    await footerLink.click();
    await page.waitForURL((u) => u.pathname === "/privacy");
    await page.getByRole("heading", { level: 1, name: PRIVACY_PAGE.heading }).waitFor();

    const article = page.getByRole("article");
    expect(await article.getByRole("heading", { level: 2 }).allTextContents()).toEqual(PRIVACY_SECTIONS.map((s) => s.title));
    const rights = page.getByRole("region", { name: "Get a copy, or delete it" });
    expect(await rights.getByRole("link", { name: "your account page (/account)" }).getAttribute("href")).toBe("/account");
    await rights.getByText("“Download my data” gives you a file", { exact: false }).waitFor();
    await rights.getByText("“Delete my account” removes your account", { exact: false }).waitFor();
    const children = page.getByRole("region", { name: "Children under 13, and teenagers" });
    await children.getByText("Children under 13 cannot sign up by themselves", { exact: false }).waitFor();
    await children.getByText("13 to 17 can sign up alone", { exact: false }).waitFor();
    // BACKUP_KEEP (14 by default) filled in, and no blank left unfilled anywhere.
    await page.getByText("keeps the newest 14. Something deleted is gone from every copy after 14 days.", { exact: false }).waitFor();
    expect(await article.textContent()).not.toMatch(/\{\w+\}/);
    const questions = page.getByRole("region", { name: "Questions" });
    expect(await questions.getByRole("link", { name: "info@nextleveltennis.example.org" }).getAttribute("href")).toBe(
      "mailto:info@nextleveltennis.example.org",
    );
    expect(await questions.getByRole("link", { name: "(202) 555-0147" }).getAttribute("href")).toBe("tel:2025550147");
  });

  it("is linked from the sign-up page, opening beside the form", async () => {
    const { page, visit } = await open();
    await visit("/signup");
    const link = page.getByRole("main").getByRole("link", { name: PRIVACY_LINK });
    expect(await link.getAttribute("href")).toBe("/privacy");
    expect(await link.getAttribute("target")).toBe("_blank");
  });

  // "/" is a page visitors get without React (its dialog is the server's), /vlog runs React.
  it.each(["/", "/vlog"])("is linked from the header dialog's sign-up, not its sign-in (%s)", async (path) => {
    const { page, visit } = await open();
    await visit(path);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Enter your credentials to access your account").waitFor();
    expect(await dialog.getByRole("link", { name: PRIVACY_LINK }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await dialog.getByRole("heading", { name: "Create Account" }).waitFor();
    const link = dialog.getByRole("link", { name: PRIVACY_LINK });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/privacy");
  });
});
