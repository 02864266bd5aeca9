// npm run bench:http [-- --seconds 8 --connections 20]
// Starts the production server (one process, its own embedded database), then drives each page with autocannon
// at 20 connections on loopback, with a browser's request headers (compressed pages), one after another: /robots.txt (the yardstick: almost no work), the visitors'
// /programs, /faq and /, and a signed-in person's /messages. Prints requests per second, p99 latency, and each
// page's throughput as a share of /robots.txt measured in the same run, against the budgets of issue 15.
// Bounded: at most 60 seconds per page; the server and its temporary folder are removed at the end.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { startServer } from "../tests/e2e/support/server";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "8" }, connections: { type: "string", default: "20" } } });
const SECONDS = Math.min(60, Math.max(2, Number(values.seconds)));
const CONNECTIONS = Math.min(100, Math.max(1, Number(values.connections)));
const BUDGET_RATIO = 0.8;
const BUDGET_P99_MS = 20;

async function signedInCookie(base: string): Promise<string> {
  const email = `bench-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const headers = { Origin: base, "Content-Type": "application/x-www-form-urlencoded" };
  const password = "bench-password";
  await fetch(`${base}/signup`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ fullName: "Bench Family", email, password, kind: "guardian", dateOfBirth: "1984-05-17" }),
    redirect: "manual",
  });
  const res = await fetch(`${base}/signin`, { method: "POST", headers, body: new URLSearchParams({ email, password }), redirect: "manual" });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("nlte"))
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

type Figure = { path: string; who: string; rps: number; p99: number; errors: number };

/** What Chromium sends with a page request: it takes compressed pages, as every browser does. */
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-US,en;q=0.9",
};

async function drive(url: string, pathName: string, headers: Record<string, string>, seconds: number): Promise<Figure & { non2xx: number }> {
  const result = await autocannon({
    url: `${url}${pathName}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...headers },
    pipelining: 1,
  });
  return {
    path: pathName,
    who: headers.cookie ? "signed in" : "visitor",
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  buildIfStale({ quiet: true });
  const server = await startServer({ env: { SIGNIN_LIMIT_PER_IP: "10000" } });
  try {
    const cookie = await signedInCookie(server.url);
    const pages: Array<[string, Record<string, string>]> = [
      ["/robots.txt", {}],
      ["/programs", {}],
      ["/faq", {}],
      ["/", {}],
      ["/messages", { cookie }],
    ];
    // Warm up: the first visit renders and keeps each visitor page; the JIT settles.
    for (const [p, h] of pages) await drive(server.url, p, h, 1);
    const figures = [];
    for (const [p, h] of pages) figures.push(await drive(server.url, p, h, SECONDS));
    const yardstick = figures[0]!.rps;
    const [load1, load5] = fs.readFileSync("/proc/loadavg", "utf8").split(" ");
    console.log(
      `\nbench:http — one process, ${CONNECTIONS} connections, ${SECONDS} s a page, loopback; ${os.cpus().length} CPUs, load ${load1} / ${load5} (1 / 5 min)\n`,
    );
    console.log("page          who         req/s     p99 ms   share of /robots.txt   budget");
    let failed = false;
    for (const f of figures) {
      const share = f.rps / yardstick;
      const isBudgeted = f.who === "visitor" && f.path !== "/robots.txt";
      const shareOk = share >= BUDGET_RATIO;
      const p99Ok = f.p99 < BUDGET_P99_MS;
      if (isBudgeted && !(shareOk && p99Ok)) failed = true;
      const budget = isBudgeted
        ? `share ${shareOk ? "ok" : "MISSED"} (>= ${BUDGET_RATIO * 100}%), p99 ${p99Ok ? "ok" : "MISSED"} (< ${BUDGET_P99_MS} ms)`
        : f.path === "/robots.txt"
          ? "yardstick"
          : "measured only";
      const errors = f.errors || f.non2xx ? `  [${f.errors} errors, ${f.non2xx} non-2xx]` : "";
      console.log(
        `${f.path.padEnd(13)} ${f.who.padEnd(10)} ${f.rps.toFixed(0).padStart(6)} ${String(f.p99).padStart(10)} ${`${(share * 100).toFixed(0)}%`.padStart(16)}        ${budget}${errors}`,
      );
    }
    console.log(failed ? "\nSome budgets were missed (on a busy machine, rerun when it is quiet)." : "\nAll budgets met.");
    process.exitCode = failed ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
