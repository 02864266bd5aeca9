// `npm run screenshots`: builds the site when stale, starts it on a loopback port with a throw-away database,
// makes a coach, a client and a short conversation, and saves what people see into docs/screenshots/:
// the home page, a program page and the conversation, at 390 px (a phone) and 1280 px (a laptop).
// Commit the images with a change that alters how pages look, so the next change has something to compare with.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { chromium } from "playwright-core";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { projectRoot, runScript, startServer } from "../tests/e2e/support/server";
import { buildIfStale } from "./build-if-stale.mjs";

/** The same search as the end-to-end tests: CHROMIUM_PATH, then the usual places. */
function findChromium(): string {
  const found = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found) throw new Error("Chromium not found: install the Debian package `chromium` or set CHROMIUM_PATH");
  return found;
}

const OUT = path.join(projectRoot, "docs/screenshots");
const WIDTHS = [390, 1280];

async function must(res: Response, what: string) {
  if (res.status >= 400) throw new Error(`${what}: HTTP ${res.status}`);
  return res;
}

async function main() {
  buildIfStale({ quiet: false });
  const server = await startServer({ env: { SIGNIN_LIMIT_PER_IP: "10000" } });
  const base = server.url;
  const form = (p: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${base}${p}`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const person = async (fullName: string) => {
    const email = `${fullName.split(" ")[0]!.toLowerCase()}-${crypto.randomBytes(3).toString("hex")}@example.com`;
    await must(
      await form("/signup", { fullName, email, password: "secret12", phone: "(202) 555-0111", kind: "guardian", dateOfBirth: "1984-05-17" }),
      "sign-up",
    );
    const res = await must(await form("/signin", { email, password: "secret12" }), "sign-in");
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((c) => c.startsWith("nlte") && c.includes("session"))
      .join("; ");
    return { email, cookie };
  };
  const browser = await chromium.launch({ executablePath: findChromium(), args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const coach = await person("Coach Rivera");
    const r = await runScript(["cli/user-role.ts", coach.email, "coach"], server.env);
    if (r.code !== 0) throw new Error(r.stderr);
    const client = await person("Maria Lopez");
    const db = await connectEmbeddedPostgres(server.dataDir);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const { rows } = await sql.query<{ id: string }>("select id from users where email = $1", [client.email]);
    await sql.end();
    const started = await form("/messages", { intent: "start", clientId: rows[0]!.id }, coach.cookie);
    const conversation = started.headers.get("location")!;
    await must(await form(conversation, { intent: "send", content: "Hi Maria! Practice moves to court 3 on Thursday." }, coach.cookie), "send");
    await must(await form(conversation, { intent: "send", content: "Thanks, we will be there at 4:30." }, client.cookie), "send");

    fs.mkdirSync(OUT, { recursive: true });
    const shots: Array<{ name: string; path: string; cookie?: string }> = [
      { name: "home", path: "/" },
      { name: "program-summer", path: "/programs/summer" },
      { name: "conversation", path: conversation, cookie: client.cookie },
    ];
    for (const width of WIDTHS) {
      for (const shot of shots) {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 800 },
          deviceScaleFactor: 1,
          reducedMotion: "reduce",
          timezoneId: "America/New_York",
        });
        if (shot.cookie) {
          await context.addCookies(
            shot.cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: base })),
          );
        }
        const page = await context.newPage();
        await page.goto(`${base}${shot.path}`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(OUT, `${shot.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: shot.name !== "conversation" });
        console.log(`wrote ${path.relative(projectRoot, file)}`);
        await context.close();
      }
    }
    await db.stop().catch(() => undefined);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
