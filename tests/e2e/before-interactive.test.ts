// A signed-in person on a slow phone acts before the application's scripts have run. Every control must work then
// (native HTML or the small page-behaviours script: menus, links, forms, the chat widget's popover), or keep what
// the person did and finish it once React starts (text typed into the widget or the composer). Tested by holding
// back the scripts, acting, then releasing them.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, startConversation, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";
import { startingSeason } from "~/calendar/starting-season";
import { PROGRAM_LINKS } from "~/content/site";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);

let client: Person;
let coach: Person;
let conversationPath: string;
beforeAll(async () => {
  client = await makePerson(baseURL, "Nadia Early", { env });
  coach = await makePerson(baseURL, "Colette Early", { coach: true, env });
  const db = await openDatabase(dataDir);
  try {
    const { rows } = await db.query<{ id: string }>("select id from users where email = $1", [client.email]);
    conversationPath = `/messages/${await startConversation(baseURL, coach, rows[0]!.id)}`;
  } finally {
    await db.close();
  }
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
    // With no videos at all the page says that instead of naming the search: either way the search ran.
    await page.getByRole("heading", { name: "No Videos Found" }).waitFor();
    expect(await search.inputValue()).toBe("zzz-no-such-video");
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

  it("keeps a testimonial begun before React started, loads the form's code only when it is used, and sends it", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const scripts: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(r.url())));
    const release = await holdScripts(context);
    await page.goto("/", { waitUntil: "commit" });
    const region = page.getByRole("region", { name: "What Are They Saying About NLTE Now?" });
    await region.getByLabel("Your Testimonial").fill("Too short");
    // The stars are drawn by CSS from the radio buttons: right before any script runs.
    await region
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "4 stars" }) })
      .click();
    expect(await region.locator("[data-stars='4']").isVisible()).toBe(true);
    expect(await region.locator("[data-stars='5']").isVisible()).toBe(false);
    release();
    await reactStarted(page, "#testimonials");
    await page.waitForLoadState("networkidle");
    expect(await region.getByLabel("Your Testimonial").inputValue()).toBe("Too short");
    expect(await region.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(true);
    expect(scripts.filter((u) => u.includes("testimonial-form"))).toEqual([]);

    // Sent with React running, by Enter on the chosen star: the live form answers, with what was typed and chosen,
    // and the focus is still on that star.
    await region.getByRole("radio", { name: "4 stars" }).press("Enter");
    await region.getByText("Testimonial must be at least 10 characters").waitFor();
    expect(await region.getByRole("radio", { name: "4 stars" }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(scripts.some((u) => u.includes("testimonial-form"))).toBe(true);
    expect(await region.getByLabel("Your Testimonial").inputValue()).toBe("Too short");
    expect(await region.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(true);
    expect(await region.getByLabel("Your Name").inputValue()).toBe("Nadia Early");
    await region.getByLabel("Your Testimonial").fill("Started typing before the page was ready, and it was kept.");
    await region.getByRole("button", { name: "Submit Testimonial" }).click();
    await region.getByRole("heading", { name: "Testimonial Added!" }).waitFor();
    await region.getByRole("img", { name: "4 out of 5 stars" }).first().waitFor();
  });
});

describe("messaging before the page is interactive", () => {
  it("opens 'Message Your Coach' on the first tap, keeps what was typed when React starts, and sends it", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context);
    await page.goto("/", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Message Your Coach" }).click();
    const widget = page.getByRole("dialog", { name: "Message Your Coach" });
    await widget.waitFor();
    await widget.getByLabel("Coach").selectOption({ label: "Colette Early" });
    await widget.getByLabel("Subject").fill("Before it loaded");
    await widget.getByLabel("Message").fill("Typed on a slow phone");
    release();
    await reactStarted(page, "[popover] input[name=subject]");
    expect(await widget.isVisible()).toBe(true);
    expect(await widget.getByLabel("Subject").inputValue()).toBe("Before it loaded");
    expect(await widget.getByLabel("Message").inputValue()).toBe("Typed on a slow phone");
    await widget.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Your message has been sent to Colette Early. They'll respond soon!").waitFor();
    await widget.waitFor({ state: "hidden" });
  });

  it("sends what was typed into the widget before React started, as a plain form post", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context); // the scripts of the page the form is on never run
    await page.goto("/about", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Message Your Coach" }).click();
    const widget = page.getByRole("dialog", { name: "Message Your Coach" });
    await widget.getByLabel("Coach").selectOption({ label: "Colette Early" });
    await widget.getByLabel("Subject").fill("No scripts");
    await widget.getByLabel("Message").fill("Sent by the browser itself");
    await widget.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL((u) => u.pathname === conversationPath, { waitUntil: "commit" });
    await page.getByText("Sent by the browser itself", { exact: false }).waitFor();
    release();
    await page.getByText("Message Sent!").waitFor();
  });

  it("keeps what was typed into the composer before React started, and sends it", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const release = await holdScripts(context);
    await page.goto(conversationPath, { waitUntil: "commit" });
    const box = page.getByPlaceholder("Type a message...");
    await box.fill("Typed before the page was ready");
    release();
    await reactStarted(page, "textarea[name=content]");
    // React's first render and the effects after it must not wipe it.
    await page.waitForLoadState("networkidle");
    expect(await box.inputValue()).toBe("Typed before the page was ready");
    await expect.poll(() => page.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(false);
    await box.press("Enter");
    await page.getByRole("listitem").filter({ hasText: "Typed before the page was ready" }).waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
  });
});

describe("program pages", () => {
  it("say who, when, where and what it costs, and Register opens the form with the program chosen", async () => {
    const { page, visit } = await open({ viewport: { width: 390, height: 844 } });
    // The starting sessions' program (migration 0040: the season running or next when the site started).
    const { term } = startingSeason(new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }));
    await visit(`/programs/${term}`);
    for (const label of ["Who it is for", "When", "Where", "Price"]) await page.getByText(label, { exact: true }).waitFor();
    expect(await page.locator("[data-fact=where]").textContent()).toBe("Ask us");
    expect(await page.locator("[data-fact=when]").textContent()).toContain("Sundays 8-10 AM");
    await page.getByRole("link", { name: "Register for This Program" }).click();
    await page.waitForURL((u) => u.pathname === "/programs/registration");
    expect(await page.getByRole("main").getByLabel("Program Interest").inputValue()).toBe(PROGRAM_LINKS.find((l) => l.slug === term)!.label);
  });
});
