// A signed-in person on a slow phone acts before the application's scripts have run. Every control outside the
// composer and the chat widget must work then (native HTML or the small page-behaviours script), or keep what
// the person did and finish it once React starts. Tested by holding back the scripts, acting, then releasing them.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, useSession, type Person } from "./support/messaging";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);

let client: Person;
beforeAll(async () => {
  client = await makePerson(baseURL, "Nadia Early", { env });
});

/** Holds back the application's scripts (not the page behaviours) until `release` is called. */
async function holdScripts(context: BrowserContext) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    if (!route.request().url().includes("page-behaviours")) await held;
    await route.continue();
  });
  return release;
}

const reactStarted = (page: Page, selector: string) =>
  page.waitForFunction((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith("__reactProps")), selector);

describe("before the page is interactive", () => {
  it("opens the account menu, and Sign out signs out, before React starts", async () => {
    // Signing out ends the session on the server: a person of its own, so the other tests stay signed in.
    const leaving = await makePerson(baseURL, "Omar Leaving", { env });
    const { page, context } = await open({ viewport: { width: 1280, height: 900 } });
    await useSession(context, baseURL, leaving);
    const release = await holdScripts(context);
    await page.goto("/vlog", { waitUntil: "commit" });
    await page.waitForFunction(() => "__siteBehaviours" in window);
    const account = page.getByRole("button", { name: /account menu/ });
    await account.click();
    await page.getByRole("link", { name: "Messages" }).waitFor();
    expect(await account.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("button", { name: "Sign out" }).click(); // a plain form post
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    release();
    expect(await page.getByRole("button", { name: /account menu/ }).count()).toBe(0);
  });

  it("keeps the account menu open and usable when React starts after it was opened", async () => {
    const { page, context } = await open({ viewport: { width: 1280, height: 900 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context);
    await page.goto("/vlog", { waitUntil: "commit" });
    await page.waitForFunction(() => "__siteBehaviours" in window);
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("link", { name: "Messages" }).waitFor();
    release();
    await reactStarted(page, "input[name=q]");
    expect(await page.getByRole("link", { name: "Messages" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Messages" }).click();
    await page.waitForURL((u) => u.pathname === "/messages");
    await page.getByText("Chat with your coaches").waitFor();
  });

  it("opens the Programs dropdown and follows its link before React starts", async () => {
    const { page, context } = await open({ viewport: { width: 1280, height: 900 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context);
    await page.goto("/vlog", { waitUntil: "commit" });
    await page.waitForFunction(() => "__siteBehaviours" in window);
    // A mouse: the pointer passing over opens it, and the click that follows keeps it open.
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Programs" }).click();
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Programs" }).getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Summer Camp" }).click();
    await page.waitForURL((u) => u.pathname === "/programs/summer", { waitUntil: "commit" });
    release();
    await page.getByRole("heading", { level: 1, name: "Summer Camp" }).waitFor();
  });

  it("searches the videos with what was typed before React started", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context);
    await page.goto("/vlog", { waitUntil: "commit" });
    const search = page.getByRole("searchbox", { name: "Search videos" }).or(page.getByLabel("Search videos"));
    await search.fill("zzz-no-such-video");
    await search.press("Enter"); // a plain GET form
    await page.waitForURL((u) => u.searchParams.get("q") === "zzz-no-such-video", { waitUntil: "commit" });
    release();
    await page.getByText('No videos match "zzz-no-such-video"', { exact: false }).waitFor();
  });

  it("keeps what was typed into the registration form when React starts, and sends it", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context);
    await page.goto("/programs/registration?program=fall", { waitUntil: "commit" });
    const main = page.getByRole("main");
    await main.getByLabel("Student Name").fill("Early Bird");
    await main.getByLabel("Age").fill("9");
    release();
    await reactStarted(page, "input[name=studentName]");
    expect(await main.getByLabel("Student Name").inputValue()).toBe("Early Bird");
    expect(await main.getByLabel("Age").inputValue()).toBe("9");
    expect(await main.getByLabel("Program Interest").inputValue()).toBe("Fall Programs");
  });
});

describe("program pages", () => {
  it("say who, when, where and what it costs, and Register opens the form with the program chosen", async () => {
    const { page, visit } = await open({ viewport: { width: 390, height: 844 } });
    await visit("/programs/fall");
    for (const label of ["Who it is for", "When", "Where", "Price"]) await page.getByText(label, { exact: true }).waitFor();
    expect(await page.locator("[data-fact=where]").textContent()).toBe("TBD");
    expect(await page.locator("[data-fact=when]").textContent()).toContain("Sundays 8-10 AM");
    await page.getByRole("link", { name: "Register for This Program" }).click();
    await page.waitForURL((u) => u.pathname === "/programs/registration");
    expect(await page.getByRole("main").getByLabel("Program Interest").inputValue()).toBe("Fall Programs");
  });
});
