// A browser context is handed from one test to the next only emptied (tests/e2e/support/browser.ts, decision 0099):
// what the first test leaves in it (a cookie, local and session storage, a database, a permission, the offline
// switch) is gone for the second, which gets the same context.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
let first: BrowserContext | undefined;

describe("a browser context kept between tests", () => {
  it("takes what a test leaves in it", async () => {
    const s = await open();
    first = s.context;
    await s.visit("/faq", { axe: false });
    await s.page.evaluate(async () => {
      document.cookie = "left=behind; path=/";
      localStorage.setItem("left", "behind");
      sessionStorage.setItem("left", "behind");
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("left-behind", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("things");
        request.onsuccess = () => (request.result.close(), resolve());
        request.onerror = () => reject(request.error);
      });
    });
    await s.context.grantPermissions(["geolocation"], { origin: baseURL });
    expect(await s.page.evaluate(async () => (await navigator.permissions.query({ name: "geolocation" })).state)).toBe("granted");
    expect((await s.context.cookies()).map((c) => c.name)).toContain("left");
    await s.context.setOffline(true);
    expect(await s.page.evaluate(() => navigator.onLine)).toBe(false);
  });

  it("is empty for the next test", async () => {
    const s = await open();
    expect(s.context).toBe(first);
    expect(await s.context.cookies()).toEqual([]);
    const whatIsLeft = async (page: Page) =>
      page.evaluate(async () => ({
        cookie: document.cookie,
        local: localStorage.getItem("left"),
        session: sessionStorage.getItem("left"),
        databases: (await indexedDB.databases()).map((d) => d.name),
        geolocation: (await navigator.permissions.query({ name: "geolocation" })).state,
        online: navigator.onLine,
      }));
    await s.visit("/faq", { axe: false });
    // As a context no test used says.
    const fresh = await s.context.browser()!.newContext({ baseURL });
    try {
      const page = await fresh.newPage();
      await page.goto("/faq");
      const expected = await whatIsLeft(page);
      expect(expected).toMatchObject({ cookie: "", local: null, session: null, databases: [], online: true });
      expect(await whatIsLeft(s.page)).toEqual(expected);
    } finally {
      await fresh.close();
    }
  });

  it("does not excuse a request refused as offline in a test that never went offline, though an earlier test did", async () => {
    const s = await open();
    expect(s.context).toBe(first);
    const errors = (s as typeof s & { errors: string[] }).errors;
    await s.visit("/faq", { axe: false });
    await s.page.route("**/refused-as-offline", (route) => route.abort("internetdisconnected"));
    await s.page.evaluate(() => fetch("/refused-as-offline").catch(() => null));
    await expect.poll(() => errors).toContain("Failed to load resource: net::ERR_INTERNET_DISCONNECTED");
    // Counted as the console error it is (the test would fail on it); emptied here so that this one passes.
    errors.length = 0;
  });
});
