// The accessibility check every visit and every test's last page goes through (tests/e2e/support/browser.ts) finds
// a problem planted in a page: in a document axe was not yet put into, and in one it found clean before (the check
// runs again only because the document changed). Without this, a check that had stopped looking would pass everything.
import crypto from "node:crypto";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);

/** An image without a text alternative, added to the page's main region. */
const plantImageWithoutAlt = (page: Page) =>
  page.evaluate(() => {
    const img = document.createElement("img");
    img.id = "planted";
    img.src = "/favicon.ico";
    document.querySelector("main")!.append(img);
  });

/** The planted image taken away: the page the test ends on is checked (and must be clean) after it. */
const removePlanted = (page: Page) => page.evaluate(() => document.getElementById("planted")!.remove());

/** What the check failed with: axe's rule and the planted element, among the problems it lists. */
async function failureOf(page: Page) {
  const error = (await expectAccessible(page).then(
    () => null,
    (e: unknown) => e,
  )) as { message: string; actual?: unknown } | null;
  expect(error?.message).toMatch(/^axe found problems on /);
  return JSON.stringify(error?.actual);
}

it("fails on an image without alt in a document axe was not yet put into", async () => {
  const { page, visit } = await open();
  await visit("/about", { axe: false });
  expect(await page.evaluate(() => "axe" in window)).toBe(false);
  await plantImageWithoutAlt(page);
  expect(await failureOf(page)).toMatch(/image-alt: Images must have alternative text \(#planted /);
  await removePlanted(page);
});

it("fails on an image without alt added to a document axe found clean", async () => {
  const { page, visit } = await open();
  // A document of its own (its address is part of what the check remembers): another file's clean /faq, checked
  // first in this run, would be taken as seen and axe never put into this one.
  await visit(`/faq?planted=${crypto.randomUUID()}`);
  expect(await page.evaluate(() => "axe" in window)).toBe(true);
  await plantImageWithoutAlt(page);
  expect(await failureOf(page)).toMatch(/image-alt: Images must have alternative text \(#planted /);
  await removePlanted(page);
});
