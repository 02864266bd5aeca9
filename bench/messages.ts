// npm run bench:messages [-- --pairs 200 --seconds 15]
// Starts the production server (one process, then two on one database), connects N coach-client pairs over
// real WebSockets on loopback, has every coach send one message a second, and prints messages per second and
// the send-to-receive latency (p50, p95, p99) seen by the clients. Bounded: at most 1000 pairs and 120 seconds
// per run; everything it starts is stopped and its temporary folder removed.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import WebSocket from "ws";
// @ts-expect-error: a plain ES module script without types
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { startEmbeddedPostgres } from "../server/embedded-postgres";
import { startServer, type RunningServer } from "../tests/e2e/support/server";

const { values } = parseArgs({
  options: {
    pairs: { type: "string", default: "200" },
    seconds: { type: "string", default: "15" },
    rate: { type: "string", default: "1" },
    // Writes a V8 CPU profile of each server process into this folder (open it in Chrome's DevTools).
    "cpu-prof": { type: "string" },
  },
});
const PAIRS = Math.min(1000, Math.max(1, Number(values.pairs)));
const SECONDS = Math.min(120, Math.max(3, Number(values.seconds)));
const RATE = Math.min(10, Math.max(0.1, Number(values.rate))); // messages per second per conversation
const PASSWORD = "bench-password";

type Pair = { coachCookie: string; clientCookie: string; conversationId: string };

async function signUpAndIn(base: string, email: string): Promise<string> {
  const headers = { Origin: base, "Content-Type": "application/x-www-form-urlencoded" };
  const up = await fetch(`${base}/signup`, { method: "POST", headers, body: new URLSearchParams({ fullName: email.split("@")[0]!, email, password: PASSWORD }), redirect: "manual" });
  if (up.status !== 302) throw new Error(`sign-up failed: ${up.status}`);
  const inRes = await fetch(`${base}/signin`, { method: "POST", headers, body: new URLSearchParams({ email, password: PASSWORD }), redirect: "manual" });
  const cookie = inRes.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("nlte"))
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign-in failed: ${inRes.status}`);
  return cookie;
}

async function inBatches<T>(n: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

async function makePairs(base: string, databaseUrl: string): Promise<Pair[]> {
  const run = crypto.randomBytes(3).toString("hex");
  const cookies = await inBatches(PAIRS * 2, 6, (i) => signUpAndIn(base, `bench-${run}-${i % 2 ? "client" : "coach"}-${i >> 1}@example.com`));
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    await sql.query(`update users set role = 'coach' where email like $1`, [`bench-${run}-coach-%`]);
    const pairs: Pair[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const id = crypto.randomUUID();
      await sql.query("insert into conversations (id, title) values ($1, 'Bench')", [id]);
      await sql.query(
        `insert into conversation_participants (conversation_id, user_id)
         select $1, id from users where email in ($2, $3)`,
        [id, `bench-${run}-coach-${i}@example.com`, `bench-${run}-client-${i}@example.com`],
      );
      pairs.push({ coachCookie: cookies[i * 2]!, clientCookie: cookies[i * 2 + 1]!, conversationId: id });
    }
    return pairs;
  } finally {
    await sql.end();
  }
}

function connect(base: string, cookie: string, conversationId: string, onEvent: (e: Record<string, unknown>) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`, { headers: { Origin: base, Cookie: cookie } });
    ws.on("message", (d) => {
      const e = JSON.parse(String(d)) as Record<string, unknown>;
      if (e.type === "subscribed") resolve(ws);
      onEvent(e);
    });
    ws.once("open", () => ws.send(JSON.stringify({ type: "subscribe", conversationId })));
    ws.once("error", reject);
    ws.once("unexpected-response", (_q, r) => reject(new Error(`socket refused: ${r.statusCode}`)));
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function measure(label: string, coachBase: string, clientBase: string, pairs: Pair[]) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  let received = 0;
  const sockets: WebSocket[] = [];
  const coachSockets: WebSocket[] = new Array(pairs.length);
  let measuring = false;
  await inBatches(pairs.length, 20, async (i) => {
    const p = pairs[i]!;
    sockets.push(
      await connect(clientBase, p.clientCookie, p.conversationId, (e) => {
        if (e.type !== "message") return;
        const content = (e.message as { content: string }).content;
        const t0 = sentAt.get(content);
        if (t0 === undefined) return;
        sentAt.delete(content);
        if (measuring) {
          latencies.push(performance.now() - t0);
          received++;
        }
      }),
    );
    coachSockets[i] = await connect(coachBase, p.coachCookie, p.conversationId, (e) => {
      if (e.type === "error" && errors++ === 0) console.error("first error:", e);
    });
    sockets.push(coachSockets[i]);
  });
  // Every conversation sends RATE messages a second, spread evenly over the second.
  const interval = 1000 / RATE;
  let seq = 0;
  const timers = coachSockets.map((ws, i) =>
    setTimeout(() => {
      const tick = () => {
        const content = `bench ${i} ${seq++}`;
        sentAt.set(content, performance.now());
        ws.send(JSON.stringify({ type: "send", conversationId: pairs[i]!.conversationId, content, ref: content }));
      };
      tick();
      const t = setInterval(tick, interval);
      timers.push(t as unknown as NodeJS.Timeout);
    }, (interval * i) / coachSockets.length),
  );
  // Two warm-up seconds, then the measured window.
  await new Promise((r) => setTimeout(r, 2000));
  measuring = true;
  const start = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  for (const t of timers) {
    clearTimeout(t);
    clearInterval(t);
  }
  await new Promise((r) => setTimeout(r, 500));
  const lost = [...sentAt.values()].filter((t) => t < start + elapsed * 1000 - 5000).length;
  for (const ws of sockets) ws.close();
  latencies.sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(34)} ${(received / elapsed).toFixed(1).padStart(7)} msgs/s   p50 ${f(percentile(latencies, 50))}   p95 ${f(percentile(latencies, 95))}   p99 ${f(percentile(latencies, 99))}   (${received} received, ${errors} errors, ${lost} not delivered within 5 s)`,
  );
}

async function main() {
  (buildIfStale as (o: { quiet: boolean }) => boolean)({ quiet: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-bench-"));
  const servers: RunningServer[] = [];
  let database: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  const cleanup = async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const guard = setTimeout(() => {
    console.error("bench: took too long; stopping");
    void cleanup().then(() => process.exit(1));
  }, (SECONDS * 2 + 300) * 1000);
  try {
    database = await startEmbeddedPostgres(dir);
    const env = { DATABASE_URL: database.url, SIGNIN_LIMIT_PER_IP: "100000", SIGNIN_LIMIT_PER_ACCOUNT: "100000" };
    const nodeArgs = values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values["cpu-prof"])}`] : [];
    const a = await startServer({ env, nodeArgs });
    servers.push(a);
    console.log(`${PAIRS} coach-client pairs, ${RATE} message(s) a second each, ${SECONDS} s measured, loopback, ${os.cpus().length} CPU cores`);
    const pairs = await makePairs(a.url, database.url);
    await measure("one process", a.url, a.url, pairs);
    const b = await startServer({ env, nodeArgs });
    servers.push(b);
    await measure("two processes (coach A, client B)", a.url, b.url, pairs);
  } finally {
    clearTimeout(guard);
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
