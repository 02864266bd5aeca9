// The header, its Programs dropdown and mobile menu, the footer, and every route of the spec's route list.
import { describe, expect, it, vi } from "vitest";
import { AUTH_DIALOG_CLEARS } from "~/lib/page-behaviours-contract";
import { createAccount, uniqueEmail } from "./support/accounts";
import { setupBrowser } from "./support/browser";
import { signInCookie, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);

// The header works the same on a page visitors get without React ("/") and on one that runs React ("/vlog").
const PAGE_KINDS = ["/", "/vlog"];
const PROGRAM_PAGES = ["Spring Programs", "Summer Camp", "Fall Programs", "Winter Programs", "After School Programming", "School Without Walls"];

/** A new account, signed in by hand-made request (these tests are not about signing in). */
async function signedIn(fullName: string): Promise<Person> {
  const email = uniqueEmail(fullName.split(" ")[0]!.toLowerCase());
  await createAccount(baseURL, { fullName, email, password: "secret12" });
  return { email, password: "secret12", fullName, cookie: await signInCookie(baseURL, email, "secret12") };
}

describe("header", () => {
  it("shows every link to a visitor and highlights the current page; the footer has its links, partners, the configured contact details, serving areas and the copyright", async () => {
    const { page, visit } = await open();
    await visit("/faq");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Home", "General", "About", "Calendar", "Awarded Grants", "Gallery", "Scholarships", "Vlog", "FAQ", "Contact", "Donate"]) {
      await nav.getByRole("link", { name: label, exact: true }).waitFor();
    }
    expect(await nav.getByRole("link", { name: "Appointments" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "FAQ" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();

    // The footer, on the same page (it is the site's layout, the same on every page).
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Terms of Service" }).waitFor();
    await footer.getByRole("link", { name: "(202) 555-0147" }).waitFor();
    expect(await footer.getByRole("link", { name: "(202) 555-0147" }).getAttribute("href")).toBe("tel:2025550147");
    await footer.getByRole("link", { name: "info@nextleveltennis.example.org" }).waitFor();
    for (const area of ["Washington DC", "Baltimore MD", "Atlanta GA", "Chesapeake VA"]) await footer.getByText(area).waitFor();
    await footer.getByRole("list", { name: "Partners" }).waitFor();
    // Today's year on the server's clock (issue 39), not the spec's 2024.
    const year = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }).slice(0, 4);
    await footer.getByText(`© ${year} Next Level Tennis & Education. All rights reserved.`).waitFor();
  });

  // Hover, then the keyboard, on one load of each page.
  it.each(PAGE_KINDS)(
    "opens the Programs dropdown on hover and closes it 150 ms after the pointer leaves; works by keyboard: open, move with the arrows, follow a link, Escape closes (%s)",
    async (path) => {
      const { page, visit } = await open();
      await page.clock.install();
      await visit(path);
      // Stop the page's clock so a busy machine cannot let the 150 ms pass between two steps.
      await page.clock.pauseAt(Date.now() + 60_000);
      const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Programs" });
      await button.hover();
      const list = page.getByRole("navigation", { name: "Main" }).getByRole("list").last();
      for (const label of PROGRAM_PAGES) await list.getByRole("link", { name: label }).waitFor();
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      await page.mouse.move(600, 600);
      await page.clock.runFor(140);
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      // Coming back in time keeps it open.
      await button.hover();
      await page.clock.runFor(300);
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      await page.mouse.move(600, 600);
      await page.clock.runFor(151);
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
      await list.getByRole("link", { name: "Summer Camp" }).waitFor({ state: "hidden" });
      await page.clock.resume(); // the keyboard's steps and axe, run after each test, need the page's timers

      await button.focus();
      await page.keyboard.press("Enter");
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Escape");
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Programs");
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Spring Programs");
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Summer Camp");
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.pathname === "/programs/summer");
      await page.getByRole("heading", { level: 1, name: "Summer Camp" }).waitFor();
      expect(await button.getAttribute("aria-expanded")).toBe("false");
    },
  );

  it.each(PAGE_KINDS)("has a collapsible mobile menu with the same links (%s)", async (path) => {
    const { page, visit } = await open({ viewport: { width: 390, height: 844 } });
    await visit(path);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    for (const label of [
      "Home",
      "General",
      "About",
      "Calendar",
      "Awarded Grants",
      "Gallery",
      "Scholarships",
      "Vlog",
      "FAQ",
      "Contact",
      "Donate",
      "All programs",
      "Register",
      ...PROGRAM_PAGES,
    ]) {
      await mobile.getByRole("link", { name: label, exact: true }).waitFor();
    }
    // The page behind the open menu stays still.
    const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await overflow()).toBe("hidden");
    await page.getByRole("button", { name: "Close menu" }).click();
    expect(await overflow()).not.toBe("hidden");
    await toggle.click();
    await mobile.getByRole("link", { name: "Donate" }).click();
    await page.waitForURL((u) => u.pathname === "/donate");
    await mobile.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Open menu" }).waitFor();
  });
});

describe("the sign-in dialog on a page without React", () => {
  it("clears only what was typed in the sign-in dialog: choices and hidden inputs keep their values, and sign-up works after", async () => {
    const { page, visit } = await open();
    await visit("/faq");
    const dialog = page.getByRole("dialog");
    /** Every input of the dialog, as the form would send it (the value) and as the person left it. */
    const inputs = () =>
      page
        .locator("dialog", { has: page.getByLabel("I am a parent or guardian") })
        .locator("input")
        .evaluateAll((els) => (els as HTMLInputElement[]).map((i) => ({ name: i.name, type: i.type, value: i.value, checked: i.checked })));
    const sent = await inputs();
    expect(sent.filter((i) => i.type === "radio").map((i) => i.value)).toEqual(["guardian", "athlete"]);
    expect(sent.some((i) => i.type === "hidden")).toBe(true);
    /** Typed values are blank; a choice is unticked with its value unchanged; hidden inputs are unchanged. */
    const expectCleared = async (how: string) => {
      const now = await inputs();
      expect(now.map((i) => i.name)).toEqual(sent.map((i) => i.name));
      for (const [n, input] of now.entries()) {
        if ((AUTH_DIALOG_CLEARS.values as readonly string[]).includes(input.type)) expect(input.value, `${how}: ${input.name}`).toBe("");
        else expect(input.value, `${how}: ${input.name} (${input.type}) keeps its value`).toBe(sent[n]!.value);
        if (input.type === "radio") expect(input.checked, `${how}: ${input.name} ${input.value} unticked`).toBe(false);
      }
    };
    const fillSignUp = async (email: string) => {
      await dialog.getByLabel("Full Name").fill("Clara Clear");
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Phone").fill("(202) 555-0188");
      await dialog.getByLabel("I am a parent or guardian").check();
      await dialog.getByLabel("Date of birth").fill("1985-03-14");
      await dialog.getByLabel("Password").fill("secret12");
    };

    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await fillSignUp("typed-then-cleared@example.com");
    await dialog.getByRole("button", { name: "Sign in" }).click(); // switching modes clears
    await dialog.getByRole("heading", { name: "Sign In" }).waitFor();
    await expectCleared("switched to sign-in");
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await fillSignUp("typed-then-closed@example.com");
    await page.keyboard.press("Escape"); // so does closing
    await dialog.waitFor({ state: "hidden" });
    // The dialog clears as it closes: on a loaded machine a moment after it is hidden.
    await vi.waitFor(() => expectCleared("closed"), { timeout: 5_000, interval: 100 });

    // What the form sends is intact: the first sign-up after both succeeds.
    const email = uniqueEmail("cleared");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await fillSignUp(email);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Welcome to Next Level Tennis! We sent you an email to confirm your address. You can sign in now.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/faq");
  });
});

describe("before and without JavaScript", () => {
  it("lets a signed-in person open the menu and copy before React starts, and React keeps the page as it is", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, await signedIn("Eli Early"));
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    // Hold back the application's scripts (a slow phone), not the page behaviours.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/.+\.js$/, async (route) => {
      if (!route.request().url().includes("page-behaviours")) await held;
      await route.continue();
    });
    await page.goto("/donate", { waitUntil: "commit" });
    await page.waitForFunction(() => "__siteBehaviours" in window);
    expect(await page.evaluate(() => "__reactRouterContext" in window && !!document.querySelector("[data-copy]")), "the page is there").toBe(true);

    await page.getByRole("button", { name: /^Copy Zelle email/ }).click();
    await page.getByText("Zelle email copied to clipboard").waitFor();
    await page.getByRole("button", { name: "Open menu" }).click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await mobileNav.waitFor();
    await page.getByRole("button", { name: "Close menu" }).waitFor();

    release();
    // React has started once it owns the copy button; had it thrown the server's markup away, the menu would be shut.
    await page.waitForFunction(() => Object.keys(document.querySelector("[data-copy]") ?? {}).some((k) => k.startsWith("__reactProps")));
    expect(await mobileNav.isVisible()).toBe(true);
    expect(await page.getByText("Zelle email copied to clipboard").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).click();
    await mobileNav.waitFor({ state: "hidden" });
    // (Console errors, such as a hydration mismatch, fail the test after it.)
  });

  it("works without JavaScript: the header's dialog opens natively and its sign-up leads to the sign-up page", async () => {
    // (The page it ends on is checked by axe after the test, opened again with JavaScript.)
    const { page } = await open({ javaScriptEnabled: false });
    await page.goto("/faq");
    await page.getByRole("button", { name: "Sign In", exact: true }).click(); // a native command button
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Enter your credentials to access your account").waitFor();
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL((u) => u.pathname === "/signup");
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
  });
});

describe("routes", () => {
  const ROUTES: Array<[string, string]> = [
    ["/", "Next Level Tennis & Education"],
    ["/general", "Updates and Announcements"],
    ["/about", "About Next Level Tennis & Education"],
    ["/programs", "Our Programs"],
    ["/programs/spring", "Spring Programs"],
    ["/programs/summer", "Summer Camp"],
    ["/programs/fall", "Fall Programs"],
    ["/programs/winter", "Winter Programs"],
    ["/programs/after-school", "After School Programming"],
    ["/programs/school-without-walls", "School Without Walls"],
    ["/programs/registration", "Program Registration"],
    ["/calendar", "Calendar"],
    ["/awarded-grants", "Awarded Grants"],
    ["/scholarships", "Scholarships"],
    ["/gallery", "Gallery"],
    ["/faq", "Frequently Asked Questions"],
    ["/contact", "Contact Us"],
    ["/donate", "Donate"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Notice"],
    ["/signin", "Sign In"],
    ["/signup", "Create Account"],
    ["/messages", "Sign In Required"],
  ];

  it("answers every route of the route list with its own title and description", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [path, heading] of ROUTES) {
      const res = await fetch(`${baseURL}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title!);
      descriptions.add(description!);
      expect(html, path).toContain(heading.replace(/&/g, "&amp;"));
    }
    expect(titles.size).toBe(ROUTES.length);
    expect(descriptions.size).toBe(ROUTES.length);
  });

  // The content pages are documents without React for a visitor; pages with the application's forms and tools run it.
  const WITHOUT_REACT = ["/", "/programs", "/faq", "/donate", "/gallery", "/calendar", "/programs/summer", "/privacy"];
  const WITH_REACT = ["/vlog", "/contact", "/signin"];

  it("opens each information page in the browser without accessibility problems, sends the content pages to a visitor with no application JavaScript, and the application to a signed-in person", async () => {
    const { page, context, visit } = await open();
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    /**
     * The scripts a visit to `path` loaded, once the network is quiet (so a script loaded late counts too). The page
     * first leaves for about:blank, which ends the previous document's loads: a chunk it asked for late (the language
     * offer a React page loads while it hydrates) is never counted as this page's.
     */
    const loaded = async (path: string) => {
      await page.goto("about:blank");
      scripts.length = 0;
      await visit(path);
      await page.waitForLoadState("networkidle");
      return [...scripts];
    };
    const checked: string[] = [];
    for (const [path, heading] of ROUTES) {
      if (WITHOUT_REACT.includes(path)) {
        expect(await loaded(path), path).toEqual([expect.stringMatching(/^\/assets\/page-behaviours-[\w-]+\.js$/)]);
        checked.push(path);
      } else if (WITH_REACT.includes(path)) {
        expect(
          (await loaded(path)).some((s) => s.includes("entry.client")),
          path,
        ).toBe(true);
        checked.push(path);
      } else await visit(path);
      expect(await page.getByRole("heading", { level: 1 }).first().textContent(), path).toBe(heading);
    }
    expect(
      (await loaded("/vlog")).some((s) => s.includes("entry.client")),
      "/vlog",
    ).toBe(true);
    expect([...checked, "/vlog"].sort()).toEqual([...WITHOUT_REACT, ...WITH_REACT].sort());

    await useSession(context, baseURL, await signedIn("Dora Document"));
    expect((await loaded("/faq")).some((s) => s.includes("entry.client"))).toBe(true);
    await page.getByRole("button", { name: /Dora Document.*account menu/ }).click();
    await page.getByRole("link", { name: "Messages" }).click();
    await page.waitForURL((u) => u.pathname === "/messages");
  });
});
