import { noteNavigations, timed } from "./profile";
// Chromium through playwright-core, with axe-core run on every page a test visits.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { afterEach, beforeAll, expect, type TestContext } from "vitest";
import { projectRoot } from "./server";
import { AXE_CLEAN_VARIABLE } from "./workers";

const require = createRequire(import.meta.url);
// `void 0` after it: the script's own last value is not sent back.
const axeSource = `${fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")}\n;void 0`;

/**
 * Debian's `chromium-headless-shell` when it is there (.ci/run installs it): the same Blink and V8 without the
 * desktop browser around them, which spent half the processor time of `chromium`'s headless mode on the same pages and
 * axe checks here (21 s against 11 s for 30 pages). Otherwise Debian's `chromium`.
 */
export function findChromium(): string {
  const fromEnv = [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH].filter(Boolean) as string[];
  const candidates = [
    ...fromEnv,
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error("Chromium not found: install the Debian package `chromium-headless-shell` (or `chromium`) or set CHROMIUM_PATH");
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      // One renderer process for the site's pages in a context (all loopback servers are one site), so a test's page
      // opens in the process its context's kept page holds, where the site's scripts and axe are compiled already
      // (contextForSession below, decision 0099).
      "--process-per-site",
      // The pages' scripts run on V8's baseline compiler only (Sparkplug; no Maglev or TurboFan): a test keeps a page
      // for a few hundred milliseconds, less than optimising its code costs two busy cores. Measured on four
      // end-to-end files (31 tests): Chromium's processor time 112-117 -> 91-98 s, wall 101-104 -> 86-93 s; `--max-opt=0`
      // (the interpreter only) was slower than this (decision 0100).
      "--js-flags=--max-opt=1",
    ],
  });
}

/** Runs axe-core on the page as it is now; fails with a readable list of what it found. */
export function expectAccessible(page: Page) {
  return timed(
    "axe check",
    () => checkWithAxe(page),
    (outcome) => (outcome === "checked" ? "axe check" : "axe check (same document, skipped)"),
    () => pathOf(page.url()),
  );
}

/**
 * The documents axe found nothing on in this run, by a hash of their markup and the window's size: the same document
 * again (a visitor's page opened by several tests, each with a fresh browser context) gets the same answer, so it is
 * not checked again. The markup includes the stylesheets' addresses (named by their content) and every attribute and
 * text axe reads; only hidden inputs' values (a form's one-time tokens) are left out. Noted in memory, and in the run's
 * folder for the other workers when there is one (tests/e2e/support/workers.ts).
 */
const checkedClean = {
  known: new Set<string>(),
  folder: process.env[AXE_CLEAN_VARIABLE],
  has(hash: string) {
    return this.known.has(hash) || (this.folder !== undefined && fs.existsSync(path.join(this.folder, hash)));
  },
  add(hash: string) {
    this.known.add(hash);
    if (this.folder && fs.existsSync(this.folder)) fs.writeFileSync(path.join(this.folder, hash), "");
  },
};

/**
 * The document as axe would read it (`key`), or null when it is unchanged since axe found nothing on it in this page;
 * and whether axe is in it already (the same document checked before, changed since).
 */
function documentKey(page: Page): Promise<{ key: string; hasAxe: boolean } | null> {
  return page.evaluate(() => {
    // The same page, unchanged since axe last found nothing on it (a test's last visit, checked again after the
    // test): the answer would be the same.
    if ((window as unknown as { nlteUnchangedSinceAxe?: boolean }).nlteUnchangedSinceAxe) return null;
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const input of copy.querySelectorAll('input[type="hidden"]')) input.removeAttribute("value");
    return { key: `${window.innerWidth}x${window.innerHeight} ${document.URL} ${copy.outerHTML}`, hasAxe: "axe" in window };
  });
}

/** Each page's DevTools session of its own, opened for its first check and ended with the page. */
const devToolsSessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Puts axe-core into the page's document by evaluating its text there directly (Runtime.evaluate), never as an
 * element of the page. Through page.evaluate the 650 kB text went as an argument to playwright's helper script, which
 * evaluated it again. Whole checks (key, axe put in, run) on 24 site documents in fresh contexts, three runs
 * interleaved at load 11-17 (issue 38): the page's processor time 337 -> 327, 354 -> 339, 353 -> 330 ms a check
 * (3-6%); the test process's about the same (opening the session costs what sending the argument did).
 */
async function injectAxe(page: Page) {
  let session = devToolsSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    devToolsSessions.set(page, session);
  }
  const { exceptionDetails } = await (await session).send("Runtime.evaluate", { expression: axeSource });
  if (exceptionDetails)
    throw new Error(`axe-core did not load in ${page.url()}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
}

async function checkWithAxe(page: Page) {
  await page.waitForLoadState("load");
  const current = await documentKey(page);
  if (current === null) return "unchanged";
  const hash = crypto.createHash("sha256").update(current.key).digest("hex");
  if (checkedClean.has(hash)) return "seen";
  if (!current.hasAxe) await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as {
      nlteUnchangedSinceAxe?: boolean;
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[]; html: string; failureSummary?: string }> }> }>;
      };
    };
    // From the top of the page: scrolled down (a reload keeps the place), the sticky header lies over whatever is
    // under it, and axe counts that as a target too small to tap, which no reader scrolling there would meet.
    window.scrollTo(0, 0);
    // Violations only: the passes and inapplicable rules are not collected node by node (a third of axe's time).
    const result = await w.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    if (result.violations.length === 0 && w.nlteUnchangedSinceAxe === undefined) {
      // Any change to the document after this check (an element, an attribute, a text) means checking again.
      new MutationObserver(() => (w.nlteUnchangedSinceAxe = false)).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    }
    if (result.violations.length === 0) w.nlteUnchangedSinceAxe = true;
    // The element's own markup and axe's explanation make a failure readable without a rerun.
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} ${n.failureSummary ?? ""}`)
          .join(" | ")})`,
    );
  });
  expect(violations, `axe found problems on ${page.url()}`).toEqual([]);
  checkedClean.add(hash);
  return "checked";
}

/**
 * A document loaded in a page state the file checks anyway (`visit(path, { axe: false })`): noted as axe notes a
 * clean one, so the check after the test is skipped unless the document changed (then it is checked as it is).
 */
async function takeAsChecked(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(() => {
    const w = window as unknown as { nlteUnchangedSinceAxe?: boolean };
    if (w.nlteUnchangedSinceAxe === undefined) {
      new MutationObserver(() => (w.nlteUnchangedSinceAxe = false)).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    }
    w.nlteUnchangedSinceAxe = true;
  });
}

/** A page's path for the time profile: never its query or fragment (an invitation's token is in the query). */
function pathOf(url: string): string {
  try {
    return new URL(url, "http://localhost").pathname;
  } catch {
    return "?";
  }
}

function isExternal(url: string, base: string): boolean {
  try {
    return new URL(url).origin !== new URL(base).origin;
  } catch {
    return false;
  }
}

export type BrowserSession = {
  context: BrowserContext;
  page: Page;
  /**
   * Opens a path and checks it with axe. axe checks each page state once in a file (decision 0034, eighth pass): a
   * visit to a state the file checks anyway passes `{ axe: false }`: the same page again for the same kind of person
   * with other data in it, or the page the test goes on to change (its state is checked when the test ends on it).
   * The document is then taken as checked until it changes, and whatever changes in it is checked after the test.
   */
  visit: (path: string, options?: { axe?: boolean }) => Promise<void>;
};

/**
 * The worker's browser, launched for its first file and kept for the next: a worker's "shared" files share their
 * modules (vitest.e2e.config.ts), and launching Chromium cost about a second per file. A browser context is handed
 * from one test to the next only emptied (contextForSession), so nothing a test leaves (cookies, storage, a service
 * worker, a permission, the HTTP cache) reaches another. A browser that went away is launched again; playwright-core
 * ends the browsers it launched when the worker's process ends.
 */
let workerBrowser: Promise<Browser> | undefined;
function browserForWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    launching.then(
      (browser) =>
        browser.on("disconnected", () => {
          if (workerBrowser === launching) workerBrowser = undefined;
        }),
      () => {
        if (workerBrowser === launching) workerBrowser = undefined;
      },
    );
  }
  return workerBrowser;
}

/**
 * A browser context kept for the worker's next tests (decision 0099), with a page of the site kept open in it (its
 * robots.txt) so that the site's renderer process lives on between tests: a test's page opens in that process
 * (`--process-per-site`), where V8 has compiled the site's scripts and axe already. Against a new context per test,
 * on 8 public pages (quiet machine): context and page 82 -> 55 ms, load 145 -> 85, axe put in 155 -> 63, axe.run
 * 282 -> 208; 666 -> 413 ms a checked page.
 */
type KeptContext = { context: BrowserContext; key: string; keeper: Page; keeperSession: Promise<CDPSession>; origins: Set<string> };
type ContextOptions = NonNullable<Parameters<Browser["newContext"]>[0]> & { baseURL: string };
/** Idle contexts, the most recently used last; at most KEPT_CONTEXTS (the oldest is closed). */
const keptContexts: KeptContext[] = [];
const KEPT_CONTEXTS = 6;

async function contextForSession(browser: Browser, options: ContextOptions): Promise<KeptContext> {
  const key = JSON.stringify(options);
  const index = keptContexts.findLastIndex((k) => k.key === key && k.context.browser() === browser);
  if (index >= 0) return keptContexts.splice(index, 1)[0]!;
  const context = await browser.newContext(options);
  const keeper = await context.newPage();
  const kept: KeptContext = { context, key, keeper, keeperSession: context.newCDPSession(keeper), origins: new Set() };
  // Every origin a page of the context showed a document of: its storage is emptied before the context is used again.
  const noteOrigin = (url: string) => {
    if (/^https?:/.test(url)) kept.origins.add(new URL(url).origin);
  };
  context.on("page", (page) => page.on("framenavigated", (frame) => noteOrigin(frame.url())));
  await keeper.goto(new URL("/robots.txt", options.baseURL).href);
  return kept;
}

/**
 * After a test: the context is emptied as a new one would be (its other pages closed; cookies, permissions, routes,
 * the offline switch; every origin's storage, service workers and caches; the HTTP cache) and kept, or closed when
 * the test failed or emptying it did not succeed.
 */
async function releaseContext(kept: KeptContext, passed: boolean) {
  const { context, keeper } = kept;
  try {
    if (!passed || keeper.isClosed()) throw new Error("not kept");
    for (const page of context.pages()) if (page !== keeper) await page.close();
    const session = await kept.keeperSession;
    await Promise.all([
      context.clearCookies(),
      context.clearPermissions(),
      context.setOffline(false),
      context.unrouteAll({ behavior: "ignoreErrors" }),
      ...[...kept.origins].map((origin) => session.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" })),
      session.send("Network.clearBrowserCache"),
    ]);
    kept.origins.clear();
    keptContexts.push(kept);
    if (keptContexts.length > KEPT_CONTEXTS) await keptContexts.shift()!.context.close();
  } catch {
    await context.close().catch(() => undefined);
  }
}

/**
 * The worker's browser for the test file; an empty context (no cookies) per test. After each test the page it ended on is
 * checked with axe, console errors (such as a Content-Security-Policy refusal) fail the test, and a failing test
 * leaves a screenshot in test-results/.
 */
export function setupBrowser(baseURL: () => string) {
  let browser: Browser;
  const sessions: Array<
    BrowserSession & {
      errors: string[];
      errorPlaces: string[];
      javaScriptEnabled: boolean;
      navigations: number;
      pooled: KeptContext;
      passed: boolean;
    }
  > = [];
  beforeAll(async () => {
    browser = await browserForWorker();
  });
  afterEach(async (ctx: TestContext) => {
    const failed = ctx.task.result?.state === "fail";
    for (const s of sessions.splice(0)) {
      try {
        if (failed) {
          const dir = path.join(projectRoot, "test-results");
          fs.mkdirSync(dir, { recursive: true });
          const name = `${ctx.task.name}`.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
          await s.page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
        } else {
          if (!s.page.isClosed()) {
            if (s.javaScriptEnabled) await expectAccessible(s.page);
            else {
              // axe needs scripts: the page a session without JavaScript ended on is checked again with them.
              const checker = await browser.newContext({ baseURL: baseURL(), storageState: await s.context.storageState() });
              try {
                const page = await checker.newPage();
                await page.goto(s.page.url());
                await expectAccessible(page);
              } finally {
                await checker.close();
              }
            }
          }
          expect(s.errors, `errors in the browser console (where: ${s.errorPlaces.join("; ")})`).toEqual([]);
        }
        s.passed = !failed;
      } finally {
        noteNavigations(s.navigations);
        await releaseContext(s.pooled, s.passed);
      }
    }
  });
  return async function openSession(
    options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; timezoneId?: string; locale?: string } = {},
  ): Promise<BrowserSession> {
    const javaScriptEnabled = options.javaScriptEnabled ?? true;
    const pooled = await contextForSession(browser, {
      baseURL: baseURL(),
      viewport: options.viewport ?? { width: 1280, height: 900 },
      reducedMotion: "reduce",
      javaScriptEnabled,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      // The browser's languages (navigator.languages and Accept-Language).
      ...(options.locale ? { locale: options.locale } : {}),
    });
    const context = pooled.context;
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    // Whether this test took the browser offline (context.setOffline): only then is Chromium's error for a request it
    // refused for that expected. A kept context is wrapped again by each test, around the method it came with.
    let wentOffline = false;
    const kept = context as typeof context & { nlteSetOffline?: typeof context.setOffline };
    const setOffline = (kept.nlteSetOffline ??= context.setOffline.bind(context));
    context.setOffline = (offline: boolean) => ((wentOffline ||= offline), setOffline(offline));
    const errors: string[] = [];
    // Where each error arose (the page's path, and the script's place or the error's stack), for the failure message:
    // a console error seen once in many runs is found from that message alone. A test that takes out errors it
    // expects (messaging-servers.test.ts) leaves their places here: the list is a hint beside the errors, not a pairing.
    const errorPlaces: string[] = [];
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      // A 4xx response the test provoked on purpose is logged by the browser as a failed resource load.
      if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(m.text())) return;
      // A request the test's offline switch refused (context.setOffline): Chromium's own error for it. The page's online
      // state and the browser's refusal are switched by separate messages, so a page may send just before or after.
      if (wentOffline && m.text() === "Failed to load resource: net::ERR_INTERNET_DISCONNECTED") return;
      // The tests run without internet: outside hosts (video thumbnails and players) cannot be reached, and the
      // pages fall back. A network failure of the site itself still fails the test.
      if (m.text().startsWith("Failed to load resource: net::ERR_") && isExternal(m.location().url, baseURL())) return;
      errors.push(m.text());
      const { url, lineNumber, columnNumber } = m.location();
      errorPlaces.push(`${pathOf(page.url())}: console, ${pathOf(url)}:${lineNumber}:${columnNumber}`);
    });
    page.on("pageerror", (e) => {
      errors.push(String(e));
      errorPlaces.push(`${pathOf(page.url())}: uncaught, ${(e.stack ?? "").split("\n").slice(1, 6).join(" ").replace(/\s+/g, " ")}`);
    });
    const session = {
      navigations: 0,
      pooled,
      passed: false,
      context,
      page,
      errors,
      errorPlaces,
      javaScriptEnabled,
      visit: async (p: string, visitOptions: { axe?: boolean } = {}) => {
        await timed(
          "page load",
          () => page.goto(p),
          undefined,
          () => pathOf(p),
        );
        if (!javaScriptEnabled) return;
        // A control that asks before acting (ConfirmAction) is a plain form until React runs, and a press before then
        // posts it without JavaScript (the question shown in place, not the dialog). A page React runs in is pressed
        // only once it marks itself hydrated (app/root.tsx); a content page sent without React has nothing to wait for.
        await page.waitForFunction(() => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"));
        if (visitOptions.axe === false) await takeAsChecked(page);
        else await expectAccessible(page);
      },
    };
    // Each document the page loads (a visit, a link, a form without JavaScript, a reload), for npm test's summary.
    page.on("load", () => session.navigations++);
    sessions.push(session);
    return session;
  };
}
