// Nothing overflows, is clipped or is covered, at any width from 320 to 1920 px: the header (for a visitor, a
// client and a coach with unread messages and long names), the logo, the programs' level cards, and the floating
// 'Message Your Coach' launcher against the footer's copyright and the small screens' menu. Checked by geometry.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);

const WIDTHS = [320, 390, 768, 1024, 1280, 1366, 1535, 1920];

let coach: Person;
let client: Person;
let conversation = "";
beforeAll(async () => {
  // Long names: the account menu must shorten them rather than push anything out of the window.
  coach = await makePerson(baseURL, "Maximiliana Featherstonehaugh-Worthington", { coach: true, env });
  client = await makePerson(baseURL, "Bartholomew Abernathy-Kowalczyk", { env });
  const db = await openDatabase(dataDir);
  try {
    const { rows } = await db.query<{ id: string }>("select id from users where email = $1", [client.email]);
    const started = await post(baseURL, "/messages", coach, { intent: "start", clientId: rows[0]!.id });
    conversation = started.headers.get("location")!;
    // Both sides have an unread message, so both headers show the badge.
    expect((await post(baseURL, conversation, coach, { intent: "send", content: "See you Thursday" })).status).toBeLessThan(400);
    expect((await post(baseURL, conversation, client, { intent: "send", content: "Thank you!" })).status).toBeLessThan(400);
  } finally {
    await db.close();
  }
});

/** Everything wrong with the header and the page's width, as sentences; empty when all is well. */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false; // not rendered, or visually hidden for screen readers
      return el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const header = document.querySelector("header")!;
    for (const el of header.querySelectorAll("a, button, span, svg, p")) {
      if (!shown(el) || el.closest("[data-disclosure-panel]")) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > vw + 0.5)
        out.push(`${name(el)} runs past the window's edge (${Math.round(r.left)}-${Math.round(r.right)} of ${vw})`);
      // Text cut off by its box, except where an ellipsis is the design (the account menu's long name).
      const style = getComputedStyle(el);
      if (style.overflow !== "visible" && style.textOverflow !== "ellipsis" && el.scrollWidth > el.clientWidth + 1)
        out.push(`${name(el)} is clipped`);
    }
    // The unread badge sits wholly inside its button.
    for (const badge of header.querySelectorAll("button .bg-red-700")) {
      if (!shown(badge)) continue;
      const b = badge.getBoundingClientRect();
      const p = badge.closest("button")!.getBoundingClientRect();
      if (b.left < p.left - 0.5 || b.right > p.right + 0.5 || b.top < p.top - 0.5 || b.bottom > p.bottom + 0.5)
        out.push("the unread badge is outside its button");
    }
    // The short name is drawn inside the logo's circle: every corner of the text's box within the radius.
    const logo = document.querySelector<SVGSVGElement>("[data-testid=logo-mark]");
    if (logo) {
      const c = logo.querySelector("circle")!;
      const t = logo.querySelector("text")!.getBBox();
      const cx = c.cx.baseVal.value;
      const cy = c.cy.baseVal.value;
      const radius = c.r.baseVal.value;
      for (const [x, y] of [
        [t.x, t.y],
        [t.x + t.width, t.y],
        [t.x, t.y + t.height],
        [t.x + t.width, t.y + t.height],
      ] as const) {
        if (Math.hypot(x - cx, y - cy) > radius) out.push(`"${logo.textContent}" spills out of the logo's circle`);
      }
    }
    // From 640 px the organisation's name is shown in full beside the logo.
    const site = header.querySelector("[data-testid=site-name] span");
    if (vw >= 640 && (!site || site.getBoundingClientRect().width < 100)) out.push("the organisation's name is not shown");
    return [...new Set(out)];
  });
}

/** True when the two elements' boxes overlap on screen. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([sa, sb]) => {
      const ea = document.querySelector(sa!);
      const eb = document.querySelector(sb!);
      if (!ea || !eb) throw new Error(`missing ${ea ? sb : sa}`);
      const r = ea.getBoundingClientRect();
      const s = eb.getBoundingClientRect();
      if (r.width === 0 || s.width === 0) return false;
      return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
    },
    [a, b],
  );
}

describe("layout at every width from 320 to 1920 px", () => {
  it.each([
    ["a visitor", null],
    ["a client with an unread message", "client"],
    ["a coach with an unread message", "coach"],
  ] as const)("the header fits, unclipped, for %s", async (_who, role) => {
    const { page, context } = await open({ viewport: { width: 1280, height: 900 } });
    if (role) await useSession(context, baseURL, role === "coach" ? coach : client);
    const found: string[] = [];
    // One load, then each width by resizing the window: the layout is CSS alone (no script measures the window).
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    await page.goto("/");
    if (role) await page.getByRole("button", { name: /account menu/ }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const p of await headerProblems(page)) found.push(`${width} px: ${p}`);
    }
    expect(found).toEqual([]);
  });

  it("keeps each level's title inside its card on /programs", async () => {
    const { page } = await open();
    const found: string[] = [];
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    await page.goto("/programs");
    await page.getByRole("heading", { name: "National/International" }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const bad = await page.evaluate(() =>
        [...document.querySelectorAll("[data-testid=level-name]")].flatMap((h) => {
          const card = h.parentElement!.getBoundingClientRect();
          const r = h.getBoundingClientRect();
          return h.scrollWidth > h.clientWidth + 1 || r.right > card.right + 0.5 || r.left < card.left - 0.5 ? [h.textContent] : [];
        }),
      );
      if (bad.length) found.push(`${width} px: ${bad.join(", ")} runs out of its card`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        `${width} px scrolls sideways`,
      ).toBe(true);
    }
    expect(found).toEqual([]);
  });

  it.each([
    ["a visitor", null],
    ["a client", "client"],
  ] as const)("never lets 'Message Your Coach' cover the footer's copyright or the menu's last item (%s)", async (_who, role) => {
    const { page, context } = await open({ viewport: { width: 320, height: 640 } });
    if (role) await useSession(context, baseURL, client);
    const launcher = ".chat-launcher";
    for (const path of ["/", "/programs/summer", "/vlog"]) {
      await page.goto(path);
      await page.getByRole("button", { name: "Message Your Coach" }).waitFor();
      for (const width of [320, 390, 768, 1280, 1920]) {
        await page.setViewportSize({ width, height: width < 768 ? 640 : 900 });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.getByText(/All rights reserved/).waitFor();
        await page.evaluate(() => document.querySelector("footer p:last-child")!.setAttribute("data-copyright", ""));
        expect(await overlap(page, launcher, "[data-copyright]"), `${width} px ${path}: the launcher covers the copyright`).toBe(false);
        if (width < 1280) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.getByRole("button", { name: "Open menu" }).click();
          const menu = page.getByRole("navigation", { name: "Mobile" });
          const last = menu.getByRole("link").last();
          await last.scrollIntoViewIfNeeded();
          await last.evaluate((el) => el.setAttribute("data-last-menu-item", ""));
          expect(await overlap(page, launcher, "[data-last-menu-item]"), `${width} px ${path}: the launcher covers the menu's last item`).toBe(false);
          // The menu's last item is on screen, not below the window's bottom edge.
          const box = (await last.boundingBox())!;
          expect(box.y + box.height, `${width} px ${path}: the menu's last item is off screen`).toBeLessThanOrEqual(page.viewportSize()!.height);
          await page.getByRole("button", { name: "Close menu" }).click();
        }
      }
    }
  });

  it("keeps a conversation's composer on screen, with the 'confirm your email' banner, and the page still after a send", async () => {
    const { page, context } = await open({ viewport: { width: 390, height: 844 } });
    await useSession(context, baseURL, client);
    const found: string[] = [];
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto(conversation);
    await page.getByRole("region", { name: "Email confirmation" }).waitFor();
    const box = page.getByPlaceholder("Type a message...");
    await box.waitFor();
    for (const [width, height] of [
      [320, 568],
      [390, 844],
      [768, 1024],
      [1280, 800],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Measured after the page has laid itself out at the new size (two frames): measured at once, a slow machine
      // read the previous size's height (1024 at 1280x800).
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const b = (await box.boundingBox())!;
      if (b.y + b.height > height) found.push(`${width}x${height}: the message box ends at ${Math.round(b.y + b.height)} px, below the screen`);
      // The conversation fills the screen: the page itself does not scroll, only the message history does.
      const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, view: window.innerHeight }));
      if (size.scroll > size.view + 1) found.push(`${width}x${height}: the page scrolls (${size.scroll} > ${size.view})`);
    }
    expect(found).toEqual([]);
    // On a desktop, sending does not move the page (it jumped by 427 px).
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true);
    await box.fill("On my way to the courts");
    await box.press("Enter");
    await page.getByRole("listitem").filter({ hasText: "On my way to the courts" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await box.boundingBox())!.y).toBeLessThan(800);
  });
});
