import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FALLBACK_TESTIMONIALS } from "../../app/testimonials/rules";
import { createAccount, signInThroughPage, uniqueEmail } from "./support/accounts";
import { expectAccessible, setupBrowser } from "./support/browser";
import { runScript } from "./support/server";
import { sharedServer } from "./support/shared-server";

/** A word no other test wrote, in letters only: testimonials refuse seven or more digits as a phone number. */
const uniqueWord = () => Array.from({ length: 10 }, () => "abcdefgjkmnpqrtuvwxyz"[Math.floor(Math.random() * 21)]).join("");

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
const SAMPLE_NAMES = FALLBACK_TESTIMONIALS.map((t) => t.name);

const section = (page: Page) => page.getByRole("region", { name: "What Are They Saying About NLTE Now?" });
const cards = (page: Page) => section(page).getByRole("listitem");
const cardNames = async (page: Page) => (await cards(page).locator("figcaption").allTextContents()).map((s) => s.trim());

async function cookieHeader(context: BrowserContext) {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A request made by hand, as an attacker with (or without) the browser's cookies would. */
async function postByHand(fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return fetch(`${baseURL}/testimonials`, { method: "POST", headers, body: new URLSearchParams({ ...fields, via: "fetcher" }), redirect: "manual" });
}

async function signedIn(name: string, role: "client" | "coach" = "client") {
  const email = uniqueEmail(role);
  await createAccount(baseURL, { fullName: name, email, password: "secret12" });
  if (role === "coach") {
    const res = await runScript(["cli/user-role.ts", email, "coach"], { DATA_DIR: sharedServer().dataDir, DATABASE_URL: "" });
    expect(res.code).toBe(0);
  }
  const session = await open();
  await signInThroughPage(session.page, email, "secret12");
  return session;
}

async function submitTestimonial(page: Page, text: string, stars: number, name?: string) {
  const form = section(page);
  if (name !== undefined) await form.getByLabel("Your Name").fill(name);
  await form.getByLabel("Your Testimonial").fill(text);
  // A person clicks the star drawn for the (visually hidden) radio button.
  const radioName = `${stars} star${stars === 1 ? "" : "s"}`;
  const radio = form.getByRole("radio", { name: radioName });
  await form
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: radioName }) })
    .click();
  expect(await radio.isChecked()).toBe(true);
  await form.getByRole("button", { name: "Submit Testimonial" }).click();
}

describe("testimonials", () => {
  it("shows a visitor three testimonials and no form, and refuses the visitor's hand-made requests", async () => {
    const { page, visit } = await open();
    await visit("/");
    const region = section(page);
    await region.getByText("Hear from our community").waitFor();
    expect(await cards(page).count()).toBe(3);
    await region.getByRole("img", { name: "5 out of 5 stars" }).first().waitFor();
    expect(await region.getByLabel("Your Testimonial").count()).toBe(0);
    expect(await region.getByRole("button", { name: /Delete testimonial/ }).count()).toBe(0);
    const before = await cardNames(page);

    await region.getByRole("button", { name: "Sign in to share" }).click();
    await page.getByRole("dialog").getByText("Enter your credentials to access your account").waitFor();
    await page.keyboard.press("Escape");

    const create = await postByHand({ intent: "create", name: "Visitor Vandal", content: "Posting without an account here", rating: "5" });
    expect(create.status).toBe(401);
    const remove = await postByHand({ intent: "delete", id: "f1" });
    expect(remove.status).toBe(401);
    await page.reload();
    expect(await cardNames(page)).toEqual(before);
    expect(await section(page).getByText("Visitor Vandal").count()).toBe(0);
  });

  it("lets a client add a testimonial, with the spec's messages, the positivity gate and the success card", async () => {
    const { page, context } = await signedIn("Carla Client");
    const region = section(page);
    // The name starts as the profile's name; the star selector starts at 5.
    expect(await region.getByLabel("Your Name").inputValue()).toBe("Carla Client");
    expect(await region.getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);
    await region.getByRole("group", { name: "Rating" }).waitFor();

    await region.getByLabel("Your Name").fill("C");
    await region.getByLabel("Your Testimonial").fill("Too short");
    await region.getByRole("button", { name: "Submit Testimonial" }).click();
    await region.getByText("Name must be at least 2 characters").waitFor();
    await region.getByText("Testimonial must be at least 10 characters").waitFor();
    // What the person typed is kept.
    expect(await region.getByLabel("Your Testimonial").inputValue()).toBe("Too short");
    await expectAccessible(page);

    // Three stars: the positivity gate.
    await submitTestimonial(page, "Coaching was fine for my daughter.", 3, "Carla C.");
    await page.getByText("Please share a positive, encouraging quote").waitFor();
    await page.getByText("Rating should be 4–5 and content should be positive.").waitFor();
    expect(await region.getByText("Testimonial Added!").count()).toBe(0);
    await page
      .getByRole("listitem")
      .filter({ hasText: "Please share a positive, encouraging quote" })
      .getByRole("button", { name: "Close toast" })
      .click();
    await page.getByText("Please share a positive, encouraging quote").waitFor({ state: "detached" });

    // A listed word, whatever its case, is blocked too; the keyboard moves the stars.
    await region.getByLabel("Your Testimonial").fill("Best damn coaches in DC!");
    await region.getByRole("radio", { name: "3 stars" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await region.getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);
    await region.getByRole("button", { name: "Submit Testimonial" }).click();
    await page.getByText("Please share a positive, encouraging quote").waitFor();
    expect(await region.getByText("Testimonial Added!").count()).toBe(0);

    // 'Hello' is not a listed word.
    const text = `Hello! My son came out of his shell at NLTE ${uniqueWord()}.`;
    await submitTestimonial(page, text, 4);
    await region.getByRole("heading", { name: "Testimonial Added!" }).waitFor();
    await page.getByText("Thank you for sharing your experience.").first().waitFor();
    const card = cards(page).filter({ hasText: text });
    await card.waitFor();
    await card.getByRole("img", { name: "4 out of 5 stars" }).waitFor();
    expect(await card.locator("figcaption").textContent()).toBe("Carla C.");
    // A client never gets a delete button.
    expect(await region.getByRole("button", { name: /Delete testimonial/ }).count()).toBe(0);

    await region.getByRole("button", { name: "Add Another Testimonial" }).click();
    await region.getByRole("heading", { name: "Share Your Experience" }).waitFor();
    expect(await region.getByLabel("Your Testimonial").inputValue()).toBe("");
    expect(await region.getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);

    // The server holds the gate even when the browser is bypassed, and refuses a client's delete.
    const cookie = await cookieHeader(context);
    const gated = await postByHand({ intent: "create", name: "Carla", content: "This is crap, honestly speaking", rating: "5" }, cookie);
    expect(gated.status).toBe(400);
    const html = await (await fetch(`${baseURL}/`, { headers: { cookie } })).text();
    const id = html.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0];
    expect(id, "the home page carries the real testimonial's id").toBeTruthy();
    const refused = await postByHand({ intent: "delete", id: id! }, cookie);
    expect(refused.status).toBe(403);
    await page.reload();
    await cards(page).filter({ hasText: text }).waitFor();
  });

  it("lets a coach delete a real testimonial after confirming, never a sample", async () => {
    const { page, context } = await signedIn("Coach Cora", "coach");
    const region = section(page);
    const text = `Coach-tested: the Saturday group loved the new drills ${uniqueWord()}.`;
    await submitTestimonial(page, text, 5, "Cora's Family");
    await region.getByRole("heading", { name: "Testimonial Added!" }).waitFor();
    const card = cards(page).filter({ hasText: text });
    await card.waitFor();

    // Real cards have a delete button, samples have none.
    for (const name of await cardNames(page)) {
      const buttons = await region.getByRole("button", { name: `Delete testimonial by ${name}` }).count();
      expect(buttons, name).toBe(SAMPLE_NAMES.includes(name) ? 0 : 1);
    }

    // Cancel keeps it. (Before React runs the page the button is the plain form that deletes without asking: wait
    // for the confirmation's trigger.)
    const remove = card.getByRole("button", { name: "Delete testimonial by Cora's Family" });
    await expect.poll(() => remove.getAttribute("aria-haspopup"), { timeout: 30_000 }).toBe("dialog");
    await remove.click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("heading", { name: "Delete this testimonial?" }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await cards(page).filter({ hasText: text }).count()).toBe(1);

    // Confirm deletes it, and the list refreshes.
    await remove.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Testimonial deleted").waitFor();
    await cards(page).filter({ hasText: text }).waitFor({ state: "detached" });
    expect(await cards(page).count()).toBe(3);

    // A sample cannot be deleted by hand either.
    const res = await postByHand({ intent: "delete", id: "f1" }, await cookieHeader(context));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ formError: "Sample testimonials cannot be deleted." });
  });

  it("works without JavaScript: a client adds and a coach deletes with plain form posts", async () => {
    const { context: jsContext, visit } = await open();
    await visit("/");
    const browser = jsContext.browser()!;
    const clientEmail = uniqueEmail("nojs");
    const coachEmail = uniqueEmail("nojs-coach");
    await createAccount(baseURL, { fullName: "Nora No-Script", email: clientEmail, password: "secret12" });
    await createAccount(baseURL, { fullName: "Coach No-Script", email: coachEmail, password: "secret12" });
    expect((await runScript(["cli/user-role.ts", coachEmail, "coach"], { DATA_DIR: sharedServer().dataDir, DATABASE_URL: "" })).code).toBe(0);
    const text = `Without scripts it still works, thank you coaches ${uniqueWord()}.`;

    const clientContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await clientContext.newPage();
      await signInThroughPage(page, clientEmail, "secret12");
      await submitTestimonial(page, text, 4, "Nora N.");
      await page.waitForURL((u) => u.pathname === "/");
      const card = cards(page).filter({ hasText: text });
      await card.waitFor();
      await card.getByRole("img", { name: "4 out of 5 stars" }).waitFor();
    } finally {
      await clientContext.close();
    }

    const coachContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await coachContext.newPage();
      await signInThroughPage(page, coachEmail, "secret12");
      await cards(page).filter({ hasText: text }).getByRole("button", { name: "Delete testimonial by Nora N." }).click();
      await page.waitForURL((u) => u.pathname === "/");
      await section(page).getByText("Hear from our community").waitFor();
      expect(await cards(page).filter({ hasText: text }).count()).toBe(0);
    } finally {
      await coachContext.close();
    }
  });
});
