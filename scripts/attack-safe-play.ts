// npm run attack:safe-play -- [--runs 20000] [--seed N] [--lanes 3] [--steps 8] [--ignore door,door] [--all-doors] [--no-reads]
// Safe Play's model-based attack search (issue 37, app/family/safe-play-model/model.ts): many sequences of every
// self-service action the site offers, on its own embedded PostgreSQL (one database a lane, lanes run side by side),
// each step judged by the oracle. Prints the number of actions modelled and either `0 of N sequences broke Safe Play`
// or the shortest sequence that broke an invariant (fast-check's shrinking). --all-doors goes on after a break
// with that door set aside, so one run lists the shortest way through each door still open.
import { parseArgs } from "node:util";
import pg from "pg";
import fc from "fast-check";
import { compile } from "@inlang/paraglide-js";
import { createDb } from "../db/client";
import { startTestPostgres } from "../tests/support/embedded-db";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20000" },
    seed: { type: "string" },
    lanes: { type: "string", default: "3" },
    steps: { type: "string", default: "8" },
    ignore: { type: "string", default: "" },
    "all-doors": { type: "boolean", default: false },
    "no-reads": { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const SEED = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const LANES = Math.max(1, Math.min(8, Number(values.lanes)));
const STEPS = Math.max(1, Number(values.steps));

// The language catalog the site's functions answer in (the vite plugin compiles it for tests and builds).
await compile({ project: "./project.inlang", outdir: "./app/paraglide", strategy: ["baseLocale"], emitTsDeclarations: true });
const { ACTIONS, DOORS, TIMING, commandsArbitrary, playSequence, SafePlayBroken, siteFor } = await import("../app/family/safe-play-model/model");
const { contextFor } = await import("../tests/support/route-context");
type Door = (typeof DOORS)[number];
const ignore = new Set<Door>(
  values.ignore
    .split(",")
    .map((d) => d.trim())
    .filter((d): d is Door => (DOORS as readonly string[]).includes(d)),
);

const started = Date.now();
console.log(`ready in ${(performance.now() / 1000).toFixed(0)} s`);
console.log(`Safe Play attack: ${ACTIONS.length} actions modelled (${ACTIONS.map((a) => a.name).join(", ")})`);
console.log(
  `${RUNS} sequences of up to ${STEPS} steps, seed ${SEED}, ${LANES} lanes${ignore.size ? `, doors set aside: ${[...ignore].join(", ")}` : ""}`,
);
const postgres = await startTestPostgres();
const admin = new pg.Client({ connectionString: postgres.adminUrl });
await admin.connect();
// This throwaway server keeps nothing worth a disk flush: commits return at once (the search is all commits).
await admin.query("alter system set fsync = off");
await admin.query("alter system set synchronous_commit = off");
await admin.query("select pg_reload_conf()");
type Lane = { db: ReturnType<typeof createDb>["db"]; pool: ReturnType<typeof createDb>["pool"]; site: ReturnType<typeof siteFor> };
const lanes: Lane[] = [];
for (let i = 0; i < LANES; i++) {
  const name = `attack_${i}`;
  await admin.query(`create database ${name} template app`);
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const { db, pool } = createDb(url.toString(), 4);
  lanes.push({ db, pool, site: siteFor(db, (env) => contextFor(db, "visitor", env)) });
}
await admin.end();

/** Every run adds a new cast; now and then a lane's tables are emptied so its queries stay as fast as on a fresh site. */
async function tidy(lane: Lane) {
  // People and what hangs off them (cascade), families, sessions, conversations, kept requests, mail, the log.
  await lane.pool.query(
    `truncate users, households, events, conversations, visitor_enrollment_requests, mail_outbox, safeguarding_log, rate_limits cascade`,
  );
  lane.site.shared = undefined;
}

let done = 0;
async function search(doorsAside: Set<Door>, runs: number) {
  const per = Math.ceil(runs / LANES);
  const results = await Promise.all(
    lanes.map(async (lane, i) => {
      let count = 0;
      const result = await fc.check(
        fc.asyncProperty(commandsArbitrary(STEPS), async (cmds) => {
          if (++count % 300 === 0) await tidy(lane);
          await playSequence(lane.site, cmds, { checkReads: !values["no-reads"], ignore: doorsAside });
        }),
        { numRuns: per, seed: SEED + i, endOnFailure: false },
      );
      done += result.numRuns;
      return result;
    }),
  );
  const broken = results
    .map((r) => r.errorInstance)
    .filter((e): e is InstanceType<typeof SafePlayBroken> => e instanceof SafePlayBroken)
    .sort((a, b) => a.trace.length - b.trace.length);
  const other = results.map((r) => r.errorInstance).find((e) => e && !(e instanceof SafePlayBroken));
  if (other) throw other;
  return { broken: broken[0] ?? null, runs: results.reduce((n, r) => n + r.numRuns, 0) };
}

let exit = 0;
try {
  const aside = new Set(ignore);
  for (;;) {
    const { broken, runs } = await search(aside, RUNS);
    if (!broken) {
      console.log(`0 of ${runs} sequences broke Safe Play${aside.size ? ` (doors set aside: ${[...aside].join(", ")})` : ""}`);
      break;
    }
    exit = 1;
    console.log(`\nSafe Play broken within ${runs} sequences, through the door "${broken.broken.door}" (${broken.broken.invariant}).`);
    console.log(`Shortest sequence found (${broken.trace.length} steps):`);
    broken.trace.forEach((step, n) => console.log(`  ${n + 1}. ${step}`));
    console.log(`  => ${broken.broken.detail}`);
    if (!values["all-doors"]) break;
    aside.add(broken.broken.door);
  }
} finally {
  console.log(`${done} sequences in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (process.env.SAFE_PLAY_TIMING)
    console.log(
      `time (lane-seconds): set-up ${(TIMING.setUp / 1000).toFixed(1)}, ${TIMING.steps} actions ${(TIMING.actions / 1000).toFixed(1)}, ${TIMING.checked} checks ${(TIMING.checks / 1000).toFixed(1)}`,
    );
  await Promise.all(lanes.map((l) => l.pool.end()));
  await postgres.stop();
}
process.exit(exit);
