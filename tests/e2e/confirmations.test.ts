// After a form is sent, its confirmation is where the person is looking (issue 27): on a phone-sized screen, the
// answer is on screen and focused (so a screen reader reads it), with JavaScript, without it, on a visitor's page
// without React and on a signed-in page with it. Before, "Message sent!" and /account's "saved" were above the
// screen, which showed the footer, and families sent again.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAccount, uniqueEmail } from "./support/accounts";
import { waitFor } from "../support/wait-for";
import { setupBrowser } from "./support/browser";
import { signInCookie, useSession } from "./support/messaging";
import { sharedServer, useServerSettings } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
const PHONE = { width: 390, height: 740 };

/**
 * Waits until the element is wholly on screen and has the focus (React may answer in two renders: the action's data,
 * then the page's data again); fails when it never is.
 */
async function expectOnScreenAndFocused(locator: Locator) {
  const seen = () =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && document.activeElement === el;
    });
  await waitFor(seen, { what: "the confirmation, on screen and focused" });
}

async function sendContactForm(page: Page) {
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill("Marta Phone");
  await main.getByLabel("Email").fill("marta@example.com");
  await main.getByRole("textbox", { name: "Message" }).fill("Do you have a clinic near Silver Spring on Saturdays?");
  await main.getByRole("button", { name: "Send Message" }).click();
  return main.getByRole("status").filter({ hasText: "Message sent!" });
}

describe("the confirmation of a sent form", () => {
  // Each visitor comes from an address of their own (X-Forwarded-For, trusted here through the test hooks): the
  // contact form takes 8 a connection in ten minutes, and the files before this one on the server sent theirs too.
  useServerSettings({ trustProxy: 1 });
  for (const javaScriptEnabled of [true, false]) {
    it(`is on a phone's screen and focused after a visitor sends the contact form (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { page, visit } = await open({ viewport: PHONE, javaScriptEnabled });
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
      if (javaScriptEnabled) await visit("/contact");
      else await page.goto("/contact");
      const status = await sendContactForm(page);
      await status.waitFor();
      await expectOnScreenAndFocused(status);
    });
  }

  it("is beside the form a signed-in family saved on their account's pages, on screen and focused, each time they save", async () => {
    const email = uniqueEmail("phone");
    await createAccount(baseURL, { fullName: "Paula Phone", email, password: "secret12" });
    const { page, context, visit } = await open({ viewport: PHONE });
    await useSession(context, baseURL, {
      email,
      password: "secret12",
      fullName: "Paula Phone",
      cookie: await signInCookie(baseURL, email, "secret12"),
    });
    await visit("/account/notifications");
    const notices = page.getByRole("region", { name: "Notifications", exact: true });
    const changes = notices.getByLabel("When a session is cancelled or the schedule changes", { exact: false });
    expect(await changes.isChecked()).toBe(true);
    await changes.uncheck();
    await notices.getByRole("button", { name: "Save preferences" }).click();
    const saved = notices.getByRole("status").filter({ hasText: "Your notification preferences have been saved." });
    await saved.waitFor();
    await expectOnScreenAndFocused(saved);
    expect(await changes.isChecked()).toBe(false);

    // Scrolled away and saved again: the answer comes back into view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await changes.check();
    await notices.getByRole("button", { name: "Save preferences" }).click();
    await expectOnScreenAndFocused(saved);
    // Only the section whose form was sent says it.
    expect(await page.getByRole("status").filter({ hasText: "saved" }).count()).toBe(1);

    // A password changed on /account: said beside the form, and the form starts again empty.
    await visit("/account");
    const password = page.getByRole("region", { name: "Password", exact: true });
    await password.getByLabel("Current password").fill("secret12");
    await password.getByLabel("New password").fill("secret-new-34");
    await password.getByRole("button", { name: "Change password" }).click();
    await expectOnScreenAndFocused(password.getByRole("status").filter({ hasText: "Your password has been changed." }));
    expect(await password.getByLabel("Current password").inputValue()).toBe("");
    expect(await password.getByLabel("New password").inputValue()).toBe("");
  });

  it("is on screen and focused after a signed-in family sends the registration form", async () => {
    const email = uniqueEmail("reg");
    await createAccount(baseURL, { fullName: "Rene Register", email, password: "secret12" });
    const { page, context, visit } = await open({ viewport: PHONE });
    await useSession(context, baseURL, {
      email,
      password: "secret12",
      fullName: "Rene Register",
      cookie: await signInCookie(baseURL, email, "secret12"),
    });
    await visit("/programs/registration");
    const main = page.getByRole("main");
    await main.getByLabel("Student Name").fill("Nico Register");
    await main.getByLabel("Age").fill("9");
    await main.getByLabel("Skill Level").selectOption("Beginner");
    await main.getByLabel("Program Interest").selectOption("Summer Camp");
    await main.getByLabel("Parent/Guardian Name").fill("Rene Register");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Phone").fill("(202) 555-0100");
    await main.getByLabel("Emergency Contact").fill("Sam Aunt, (202) 555-0111");
    await main.getByRole("button", { name: "Submit Registration" }).click();
    const status = main.getByRole("status").filter({ has: page.getByRole("heading") });
    await status.waitFor();
    await expectOnScreenAndFocused(status);
  });
});
