// `npm run bench:pages`: builds (when stale) and starts the production server, then prints for the key public
// pages the gzip size of the JavaScript each page loads for a visitor, and the Lighthouse (mobile) category scores
// (Lighthouse 12, a dev dependency: 13 needs Node 22). Budgets: 110 KB gzip JS per page; performance >= 95; the rest 100.
// Visitors get these pages without the React runtime (docs/decisions/0007). A signed-in client gets the whole
// application: budget 130 KB gzip on every page, in English and in Spanish, "/" and a conversation (/messages/:id)
// listed script by script.
// `npm run bench:pages -- --signed-in` measures only the signed-in figures (no Lighthouse): quick, while cutting.
import fs from "node:fs";
import http from "node:http";
import lighthouse from "lighthouse";
import { chromium, type Browser, type Cookie } from "playwright-core";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import pg from "pg";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { freePort, runScript, startServer } from "../tests/e2e/support/server";

const ENGLISH_PAGES = ["/", "/programs", "/faq", "/donate", "/gallery", "/general", "/calendar"];
// Each visitor page at its Spanish address too: the same budgets hold in either language.
const PAGES = [...ENGLISH_PAGES, ...ENGLISH_PAGES.map((p) => (p === "/" ? "/es" : `/es${p}`))];
// A family's own pages, measured signed in only: their account, their children's programs and their lessons.
const FAMILY_PAGES = ["/account", "/account/family", "/account/notifications", "/account/enrollments", "/lessons"];
const JS_BUDGET_KB = 110;
const SIGNED_IN_BUDGET_KB = 130;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const SIGNED_IN_ONLY = process.argv.includes("--signed-in");

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(
    Boolean,
  ) as string[];
  return candidates.find((p) => fs.existsSync(p));
}

/** Bytes the server really sends for a URL when the browser accepts gzip (or `accept`), and the headers it sends with them. */
function transferSize(url: string, accept = "gzip"): Promise<{ bytes: number; encoding: string; cacheControl: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": accept } }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () =>
          resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "none"), cacheControl: String(res.headers["cache-control"] ?? "") }),
        );
      })
      .on("error", reject);
  });
}

/** The site's scripts a browser loads for a page, optionally with a signed-in person's cookies. */
async function loadedScripts(browser: Browser, base: string, path: string, cookies: Cookie[] = []) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && r.url().startsWith(base)) scripts.add(r.url());
  });
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  await context.close();
  return scripts;
}

/** Creates an account and signs it in with plain form posts; returns its email and its cookies for the browser. */
async function signedInCookies(base: string, who = "bench"): Promise<{ email: string; cookies: Cookie[] }> {
  const email = `${who}-${Date.now()}@example.com`;
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  await post("/signup", { fullName: "Bench Person", email, password: "bench-secret", kind: "guardian", dateOfBirth: "1984-05-17" });
  const res = await post("/signin", { email, password: "bench-secret" });
  const url = new URL(base);
  // Only the session: the one-off "Welcome back!" toast cookie belongs to the first page after signing in, not to
  // the pages measured here.
  const cookies = res.headers
    .getSetCookie()
    .filter((c) => !c.startsWith("nlte_toast="))
    .map((c) => {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      return { name: pair!.slice(0, i), value: pair!.slice(i + 1), domain: url.hostname, path: "/" } as Cookie;
    });
  return { email, cookies };
}

/** A coach opens a conversation with the client, as people do; returns its path. */
async function conversationWith(server: Awaited<ReturnType<typeof startServer>>, clientEmail: string): Promise<string> {
  const coach = await signedInCookies(server.url, "bench-coach");
  const r = await runScript(["cli/user-role.ts", coach.email, "coach"], server.env);
  if (r.code !== 0) throw new Error(r.stderr);
  const db = await connectEmbeddedPostgres(server.dataDir);
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  const { rows } = await sql.query<{ id: string }>("select id from users where email = $1", [clientEmail]);
  await sql.end();
  const res = await fetch(`${server.url}/messages`, {
    method: "POST",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: coach.cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    },
    body: new URLSearchParams({ intent: "start", clientId: rows[0]!.id }),
    redirect: "manual",
  });
  const location = res.headers.get("location");
  if (!location) throw new Error(`could not start a conversation: HTTP ${res.status}`);
  return location;
}

/** How the signed-in table names a page: a conversation by its route, not its id. */
const label = (path: string) => path.replace(/\/messages\/[^/]+$/, "/messages/:id");

/** KB the server sends for these URLs when the browser accepts gzip (or `accept`). */
async function transferKb(urls: Iterable<string>, accept = "gzip") {
  let total = 0;
  for (const url of urls) total += (await transferSize(url, accept)).bytes;
  return total / 1024;
}

/** One visitor page: its scripts (size, compression, caching) and its Lighthouse scores, noting what costs points. */
async function measureVisitorPage(browser: Browser, base: string, path: string, debugPort: number, sizes: Map<string, number>, notes: string[]) {
  const scripts = await loadedScripts(browser, base, path);
  let total = 0;
  const problems: string[] = [];
  for (const url of scripts) {
    const t = await transferSize(url);
    total += t.bytes;
    sizes.set(new URL(url).pathname, t.bytes);
    if (t.encoding !== "gzip" && t.bytes > 1024) problems.push(`uncompressed ${new URL(url).pathname}`);
    if (url.includes("/assets/") && !/max-age=31536000/.test(t.cacheControl) && !/immutable/.test(t.cacheControl))
      problems.push(`short cache ${new URL(url).pathname}`);
  }
  const kb = total / 1024;
  const row = [path, String(scripts.size), kb.toFixed(1), kb <= JS_BUDGET_KB ? "ok" : "OVER"];
  const result = await lighthouse(`${base}${path}`, {
    port: debugPort,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    formFactor: "mobile",
  });
  const c = result?.lhr.categories ?? {};
  for (const k of CATEGORIES) row.push(String(Math.round((c[k]?.score ?? 0) * 100)));
  // Name what costs points, so a score below budget says where to look.
  const audits = result?.lhr.audits ?? {};
  for (const k of CATEGORIES) {
    const failing = (c[k]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && audits[r.id]?.scoreDisplayMode !== "notApplicable" && (audits[r.id]?.score ?? 1) < 0.9)
      .map((r) => r.id);
    if (failing.length) notes.push(`${path} ${k}: ${failing.join(", ")}`);
  }
  return { row, problems, over: kb > JS_BUDGET_KB };
}

async function main() {
  buildIfStale({ quiet: false });
  const server = await startServer();
  const executablePath = findChromium();
  if (!executablePath) {
    console.log("Chromium not found: set CHROMIUM_PATH. Nothing measured.");
    await server.stop();
    return;
  }
  const debugPort = await freePort();
  const browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${debugPort}`],
  });
  const rows: string[][] = [];
  const sizes = new Map<string, number>();
  let over = false;
  let headerProblems = 0;
  const notes: string[] = [];
  let memberLine: string;
  const memberRows: string[][] = [];
  const memberSizes = new Map<string, number>();
  const pageLists: string[] = [];
  try {
    for (const path of SIGNED_IN_ONLY ? [] : PAGES) {
      const page = await measureVisitorPage(browser, server.url, path, debugPort, sizes, notes);
      if (page.over) over = true;
      headerProblems += page.problems.length;
      rows.push(page.row, ...page.problems.map((p) => ["", "", "", p]));
    }
    const { email, cookies } = await signedInCookies(server.url);
    const conversation = await conversationWith(server, email);
    // Each in Spanish too: a page's scripts now depend on its language (its words in it only, decision 0084).
    for (const path of ["/", conversation, "/es", `/es${conversation}`]) {
      const scripts = await loadedScripts(browser, server.url, path, cookies);
      let bytes = 0;
      for (const url of scripts) {
        const size = (await transferSize(url)).bytes;
        memberSizes.set(new URL(url).pathname, size);
        bytes += size;
      }
      const kb = bytes / 1024;
      if (kb > SIGNED_IN_BUDGET_KB) over = true;
      if (SIGNED_IN_ONLY) {
        const each = [...scripts].map((u) => new URL(u).pathname).sort((a, b) => memberSizes.get(b)! - memberSizes.get(a)!);
        pageLists.push(`${label(path)}: ${each.map((p) => `${p.replace("/assets/", "")} ${(memberSizes.get(p)! / 1024).toFixed(1)}`).join(", ")}`);
      }
      // What Chromium really downloads: it accepts Brotli, and the build compresses every script with it too.
      const brKb = await transferKb(scripts, "gzip, deflate, br, zstd");
      memberRows.push([label(path), String(scripts.size), kb.toFixed(1), kb <= SIGNED_IN_BUDGET_KB ? "ok" : "OVER", brKb.toFixed(1)]);
    }
    // Every other page a family opens signed in holds the same budget, at its English and its Spanish address: the
    // browser gets a page's words in its language only (decision 0084), so a Spanish page loads its Spanish words too.
    const member: string[] = [];
    for (const path of [...PAGES.filter((p) => p !== "/" && p !== "/es"), ...FAMILY_PAGES, ...FAMILY_PAGES.map((p) => `/es${p}`)]) {
      const scripts = await loadedScripts(browser, server.url, path, cookies);
      const kb = await transferKb(scripts);
      if (kb > SIGNED_IN_BUDGET_KB) over = true;
      // Over budget: say what it loads, largest first, to know what to cut.
      if (kb > SIGNED_IN_BUDGET_KB) {
        const each = await Promise.all(
          [...scripts].map(async (u) => [new URL(u).pathname.replace("/assets/", ""), (await transferSize(u)).bytes / 1024] as const),
        );
        pageLists.push(
          `${path}: ${each
            .sort((a, b) => b[1] - a[1])
            .map(([p, k]) => `${p} ${k.toFixed(1)}`)
            .join(", ")}`,
        );
      }
      member.push(`${path} ${kb.toFixed(1)}${kb > SIGNED_IN_BUDGET_KB ? " OVER" : ""}`);
    }
    memberLine = `Other pages for a signed-in client (budget ${SIGNED_IN_BUDGET_KB} KB), gzip KB: ${member.join(", ")}`;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  const header = ["page", "scripts", "gzip JS (KB)", `budget ${JS_BUDGET_KB} KB`];
  header.push("perf", "a11y", "best practices", "seo");
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (c ?? "").padEnd(widths[i]!)).join("  ");
  if (!SIGNED_IN_ONLY) {
    console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
    for (const r of rows) console.log(line(r));
  }
  const mHeader = ["signed-in client", "scripts", "gzip JS (KB)", `budget ${SIGNED_IN_BUDGET_KB} KB`, "Brotli (KB)"];
  const mWidths = mHeader.map((h, i) => Math.max(h.length, ...memberRows.map((r) => (r[i] ?? "").length)));
  const mLine = (r: string[]) => r.map((c, i) => (c ?? "").padEnd(mWidths[i]!)).join("  ");
  console.log(`\n${mLine(mHeader)}\n${mWidths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of memberRows) console.log(mLine(r));
  if (memberLine) console.log(memberLine);
  const mLargest = [...memberSizes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `Largest scripts for a signed-in client (gzip KB): ${mLargest.map(([p, b]) => `${p.replace("/assets/", "")} ${(b / 1024).toFixed(1)}`).join(", ")}`,
  );
  for (const l of pageLists) console.log(`\n${l}`);
  if (notes.length) console.log(`\nLighthouse audits scoring below 0.9:\n${notes.map((n) => `  ${n}`).join("\n")}`);
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 6);
  if (!SIGNED_IN_ONLY)
    console.log(`\nLargest scripts (gzip KB): ${largest.map(([p, b]) => `${p.replace("/assets/", "")} ${(b / 1024).toFixed(1)}`).join(", ")}`);
  if (!SIGNED_IN_ONLY)
    console.log(
      headerProblems === 0
        ? "Text compression (gzip) and one-year immutable caching of hashed assets: ok."
        : `${headerProblems} compression/caching problems (listed above).`,
    );
  console.log(over ? "\nSome pages are over their JavaScript budget." : "\nAll pages are within their JavaScript budget.");
}

await main();
