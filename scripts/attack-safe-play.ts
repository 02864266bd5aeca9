// npm run attack:safe-play -- [--runs 20000] [--seed N] [--lanes 2] [--steps 8] [--ignore door,door] [--all-doors] [--no-reads] [--no-live]
// Safe Play's model-based attack search (issue 37, tests/safe-play-model/model.ts): many sequences of every
// self-service and staff action the site offers, on its own embedded PostgreSQL, each step judged by the oracle.
// Lanes are processes of their own (one database each, side by side), each with the site's realtime server on its
// database for staff's open pages (--no-live: without). Prints the number of actions modelled and
// either `0 of N sequences broke Safe Play` or the shortest sequence that broke an invariant (fast-check's
// shrinking). --all-doors goes on after a break with that door set aside, so one run lists the shortest way through
// each door still open. Exit code 1 when anything broke. SAFE_PLAY_TIMING=1 adds where the time went: each part's
// lane-seconds and statements a sequence, and PostgreSQL's costliest statements (planning and execution).
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";
import { throwawayFilesInMemory } from "../tests/support/memory-tmpdir.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20000" },
    seed: { type: "string" },
    lanes: { type: "string", default: "2" },
    steps: { type: "string", default: "8" },
    ignore: { type: "string", default: "" },
    "all-doors": { type: "boolean", default: false },
    "no-reads": { type: "boolean", default: false },
    "no-live": { type: "boolean", default: false },
    // Internal: this process is one lane (its database, its seed, its share of the runs).
    lane: { type: "string" },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const SEED = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const LANES = Math.max(1, Math.min(8, Number(values.lanes)));
const STEPS = Math.max(1, Number(values.steps));

type Broken = { door: string; invariant: string; detail: string; trace: string[] };
type LaneResult = { runs: number; broken: Broken | null; error: string | null; timing: Record<string, number> };

if (values.lane !== undefined) await lane(JSON.parse(values.lane) as { url: string; seed: number; runs: number; ignore: string[] });
else await main();

/** One lane: fast-check's search on its own database; the result goes back to the parent. */
async function lane(job: { url: string; seed: number; runs: number; ignore: string[] }) {
  const fc = (await import("fast-check")).default;
  const { createDb } = await import("../db/client");
  const { ACCEPTED, PART, TIMING, commandsArbitrary, playSequence, SafePlayBroken, siteFor } = await import("../tests/safe-play-model/model");
  // Every statement this lane sends (the model's, the site's functions', its realtime server's), by the part running.
  const statements: Record<string, number> = {};
  if (process.env.SAFE_PLAY_TIMING) {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements[PART.now] = (statements[PART.now] ?? 0) + 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  const { contextFor } = await import("../tests/support/route-context");
  const { safePlayOutside } = await import("../tests/support/safe-play-outside");
  const { db, pool } = createDb(job.url, 4);
  // With the site's realtime server on the lane's database: staff's open pages are asked too (live.ts).
  const site = siteFor(db, (env) => contextFor(db, "visitor", env), safePlayOutside(job.url));
  const ignore = new Set(job.ignore) as Set<never>;
  let count = 0;
  const result = await fc.check(
    fc.asyncProperty(commandsArbitrary(STEPS, { underWay: true }), async (cmds) => {
      // Every run adds a new cast; now and then the tables are emptied so queries stay as fast as on a fresh site.
      if (++count % 300 === 0) {
        await site.shared?.live?.close();
        await pool.query(
          `truncate users, households, events, conversations, visitor_enrollment_requests, mail_outbox, safeguarding_log, rate_limits cascade`,
        );
        site.shared = undefined;
      }
      await playSequence(site, cmds, { checkReads: !values["no-reads"], ignore, live: !values["no-live"] });
    }),
    { numRuns: job.runs, seed: job.seed, endOnFailure: false },
  );
  const e = result.errorInstance;
  const answer: LaneResult = {
    runs: result.numRuns,
    broken: e instanceof SafePlayBroken ? { ...e.broken, trace: e.trace } : null,
    error: e && !(e instanceof SafePlayBroken) ? String((e as Error).stack ?? e) : null,
    timing: {
      ...TIMING,
      ...Object.fromEntries(Object.entries(ACCEPTED).map(([name, n]) => [`accepted:${name}`, n])),
      ...Object.fromEntries(Object.entries(statements).map(([part, n]) => [`statements:${part}`, n])),
    },
  };
  await site.shared?.live?.close();
  await site.realtime?.close();
  await pool.end();
  process.send!(answer);
}

function catalogStale() {
  const compiled = "app/paraglide/messages.js";
  if (!fs.existsSync(compiled)) return true;
  const built = fs.statSync(compiled).mtimeMs;
  const sources = fs.readdirSync("messages", { recursive: true }).map((f) => path.join("messages", String(f)));
  return sources.some((f) => f.endsWith(".json") && fs.statSync(f).mtimeMs > built);
}

async function main() {
  const { compile } = await import("@inlang/paraglide-js");
  const { startTestPostgres } = await import("../tests/support/embedded-db");
  // The language catalog the site's functions answer in (the vite plugin compiles it for tests and builds): compiled
  // here only when a catalog file is newer than it (another run may be reading or writing it at the same moment).
  if (catalogStale()) await compile({ project: "./project.inlang", outdir: "./app/paraglide", strategy: ["baseLocale"], emitTsDeclarations: true });
  const { ACTIONS, DOORS } = await import("../tests/safe-play-model/model");
  const ignore = new Set(
    values.ignore
      .split(",")
      .map((d) => d.trim())
      .filter((d) => (DOORS as readonly string[]).includes(d)),
  );
  const started = Date.now();
  console.log(`Safe Play attack: ${ACTIONS.length} actions modelled (${ACTIONS.map((a) => a.name).join(", ")})`);
  console.log(
    `${RUNS} sequences of up to ${STEPS} steps, seed ${SEED}, ${LANES} lanes${ignore.size ? `, doors set aside: ${[...ignore].join(", ")}` : ""}`,
  );
  // The lanes' databases in memory where the machine has it to spare (decision 0079); the lanes inherit TMPDIR.
  throwawayFilesInMemory();
  // SAFE_PLAY_TIMING: PostgreSQL counts every statement (pg_stat_statements, planning too), printed at the end.
  const postgres = await startTestPostgres({ statementStatistics: Boolean(process.env.SAFE_PLAY_TIMING) });
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  // This throwaway server keeps nothing worth a disk flush: commits return at once (the search is all commits).
  await admin.query("alter system set fsync = off");
  await admin.query("alter system set synchronous_commit = off");
  await admin.query("select pg_reload_conf()");
  const urls: string[] = [];
  for (let i = 0; i < LANES; i++) {
    await admin.query(`create database attack_${i} template app`);
    const url = new URL(postgres.adminUrl);
    url.pathname = `/attack_${i}`;
    urls.push(url.toString());
  }
  await admin.end();
  console.log(`ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  let done = 0;
  const timing: Record<string, number> = {};
  const search = async (aside: Set<string>) => {
    const per = Math.ceil(RUNS / LANES);
    const results = await Promise.all(
      urls.map(
        (url, i) =>
          new Promise<LaneResult>((resolve, reject) => {
            const child = fork(
              process.argv[1]!,
              [
                "--steps",
                String(STEPS),
                ...(values["no-reads"] ? ["--no-reads"] : []),
                ...(values["no-live"] ? ["--no-live"] : []),
                "--lane",
                JSON.stringify({ url, seed: SEED + i, runs: per, ignore: [...aside] }),
              ],
              // The server's V8 flags (scripts/server-node-flags.mjs): a lane allocates as the server does (statements,
              // rows, its realtime server's frames), and with the larger young generation 1,000 sequences took 6% less
              // processor time (seed 7, two A/B pairs: 82.7 -> 77.4 s user).
              { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS] },
            );
            let answer: LaneResult | null = null;
            child.on("message", (m) => (answer = m as LaneResult));
            child.on("exit", (code) => (answer ? resolve(answer) : reject(new Error(`lane ${i} ended with ${code} and no answer`))));
          }),
      ),
    );
    for (const r of results) {
      done += r.runs;
      for (const [k, v] of Object.entries(r.timing)) timing[k] = (timing[k] ?? 0) + v;
      if (r.error) throw new Error(`a sequence failed outside Safe Play's invariants:\n${r.error}`);
    }
    const broken = results
      .map((r) => r.broken)
      .filter((b): b is Broken => b !== null)
      .sort((a, b) => a.trace.length - b.trace.length)[0];
    return { broken: broken ?? null, runs: results.reduce((n, r) => n + r.runs, 0) };
  };

  let exit = 0;
  try {
    const aside = new Set<string>(ignore);
    for (;;) {
      const { broken, runs } = await search(aside);
      if (!broken) {
        console.log(`0 of ${runs} sequences broke Safe Play${aside.size ? ` (doors set aside: ${[...aside].join(", ")})` : ""}`);
        break;
      }
      exit = 1;
      console.log(`\nSafe Play broken within ${runs} sequences, through the door "${broken.door}" (${broken.invariant}).`);
      console.log(`Shortest sequence found (${broken.trace.length} steps):`);
      broken.trace.forEach((step, n) => console.log(`  ${n + 1}. ${step}`));
      console.log(`  => ${broken.detail}`);
      if (!values["all-doors"]) break;
      aside.add(broken.door);
    }
  } finally {
    console.log(`${done} sequences in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const s = (k: string) => ((timing[k] ?? 0) / 1000).toFixed(1);
    if (process.env.SAFE_PLAY_TIMING)
      console.log(
        `time (lane-seconds): set-up ${s("setUp")}, ${timing.steps ?? 0} actions ${s("actions")}, ${timing.checked ?? 0} checks ${s("checks")} (sends ${s("sends")}, starts ${s("probes")}, roster ${s("roster")}, personal data ${s("personal")}, open pages ${s("live")}, ${timing.livePassed ?? 0} of them passed over; ${timing.copied ?? 0} openings copied (${s("copy")}), ${timing.copiedSteps ?? 0} steps; ${timing.castsCopied ?? 0} casts copied)`,
      );
    const counted = Object.entries(timing).filter(([k]) => k.startsWith("statements:"));
    const all = counted.reduce((n, [, v]) => n + v, 0);
    if (process.env.SAFE_PLAY_TIMING && done)
      console.log(
        `statements: ${(all / done).toFixed(1)} a sequence (${counted
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k.slice(11)} ${(n / done).toFixed(1)}`)
          .join(", ")})`,
      );
    if (process.env.SAFE_PLAY_TIMING)
      console.log(
        `accepted by the site: ${Object.entries(timing)
          .filter(([k]) => k.startsWith("accepted:"))
          .map(([k, n]) => `${k.slice(9)} ${n}`)
          .join(", ")}`,
      );
    if (process.env.SAFE_PLAY_TIMING) await printCostliestStatements(postgres.adminUrl, done);
    await postgres.stop();
  }
  process.exit(exit);
}

/**
 * PostgreSQL's costliest statements over the run (planning and execution, by every lane and the statements triggers
 * run), in milliseconds a sequence: where the database's share of the search goes.
 */
async function printCostliestStatements(adminUrl: string, sequences: number) {
  if (!sequences) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query("create extension if not exists pg_stat_statements");
    const { rows } = await client.query<{ calls: string; exec: number; plan: number; q: string }>(
      // Each lane's database counts its own: a statement is summed over them, named by its start and its end.
      `select sum(calls)::text as calls, sum(total_exec_time) as exec, sum(total_plan_time) as plan,
         left(q, 70) || case when length(q) > 130 then ' … ' || right(q, 60) else substr(q, 71) end as q
       from (select *, regexp_replace(query, '\\s+', ' ', 'g') as q from pg_stat_statements) s
       group by q order by sum(total_exec_time + total_plan_time) desc limit 10`,
    );
    const { rows: all } = await client.query<{ exec: number; plan: number }>(
      "select sum(total_exec_time) as exec, sum(total_plan_time) as plan from pg_stat_statements",
    );
    const per = (ms: number) => (ms / sequences).toFixed(3);
    console.log(`PostgreSQL, ms a sequence: executing ${per(all[0]!.exec)}, planning ${per(all[0]!.plan)}; the costliest statements:`);
    for (const r of rows) console.log(`  ${per(r.exec)} + ${per(r.plan)} planning, ${(Number(r.calls) / sequences).toFixed(2)} calls: ${r.q}`);
  } finally {
    await client.end();
  }
}
