// `npm test`: lint, formatting and typecheck beside the unit and integration tests, then the end-to-end tests in
// Chromium (decision 0034). Each runner prints its own summary; at the end come the time of each step, the slowest test
// files (so the next slowdown is seen), the total time and the test counts added up.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-test-"));
const cache = path.join("node_modules", ".cache", "nlte-test");
const bin = (name) => "node_modules/.bin/" + name;
// The typecheck's compiler: TypeScript 7 (package typescript-7), by its own path. `typescript` stays 6 for the tools
// that read TypeScript's programming interface (typescript-eslint, React Router's typegen), and both packages name
// their command `tsc`, so node_modules/.bin/tsc may be either (decision 0092).
const TSC = "node_modules/typescript-7/bin/tsc";
// The end-to-end support code notes its costly steps here (tests/e2e/support/profile.ts); totals printed at the end.
const profile = path.join(reports, "e2e-profile.jsonl");
const env = { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1", E2E_PROFILE: profile };
const started = Date.now();
const timings = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const commandLine = (cmd, args) => [cmd === process.execPath ? "node" : cmd.replace("node_modules/.bin/", ""), ...args].join(" ");

/**
 * Runs one step with its output shown as it comes; resolves with whether it passed. Not spawnSync: the steps running
 * beside it must have their output read meanwhile.
 */
function runStep(name, cmd, args, extraEnv = {}) {
  const t0 = Date.now();
  console.log(`\n── ${name}: ${commandLine(cmd, args)}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
    child.on("error", (err) => console.error(err.message));
    child.on("close", (code) => {
      timings.push({ name, ms: Date.now() - t0 });
      resolve(code === 0);
    });
  });
}

/**
 * Runs one step beside another, its output kept: resolves with whether it passed and what it printed, so the caller
 * shows it whole, in its place, once the step in the foreground has ended.
 */
function runKept(name, cmd, args, label) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("error", (err) => (out += `${err.message}\n`));
    child.on("close", (code) => {
      const ms = Date.now() - t0;
      timings.push({ name: `${name} ${label}`, ms });
      resolve({
        name,
        passed: code === 0,
        text: `\n── ${name}: ${commandLine(cmd, args)} (${code === 0 ? "passed" : "FAILED"}, ${seconds(ms)})${out.trim() ? `\n${out.trimEnd()}` : ""}`,
      });
    });
  });
}

// The route types first, alone (the typecheck reads them). Loading the site's Vite configuration compiles the
// language catalog into app/paraglide (scripts/paraglide.ts), as the unit tests' Vitest does when it starts; with
// NODE_ENV=test it is compiled in the layout Vitest uses (one module a language, not one a message), so Vitest finds
// it compiled (paraglide's cache) and writes nothing there while the typecheck reads it. Compiled in the other layout,
// each would replace the other's files: Vitest's compile cost about 22 s of processor time, and the typecheck beside it
// could read a file half written. The compile writes no type declarations (the typecheck reads Paraglide's JSDoc,
// scripts/paraglide.ts): from a fresh clone this step took 22.6 s with them, 6.4 s without.
const routeTypes = await runStep("typecheck (route types)", bin("react-router"), ["typegen"], { NODE_ENV: "test" });
// Then lint, formatting and the typecheck run beside the unit tests instead of in a step of their own before them
// (decision 0087): the unit tests wait on much besides the processors (their databases, the processes and servers
// they start, mail), and the checks, one process on one core each, take that time. They run at the usual priority:
// at a lower one, a machine busy with other work starved them once the unit tests had ended. Their output is kept and
// shown whole after the unit tests', in this order, every failure with it; a failed check does not stop the unit
// tests, and either stops the run before the end-to-end step. Neither lint nor formatting reads app/paraglide.
// Caches under node_modules/.cache make a second run faster; a fresh clone (CI) checks everything from scratch.
const checks = [
  ["lint", bin("eslint"), [".", "--max-warnings=0", "--cache", "--cache-location", `${cache}/eslint`]],
  [
    "formatting (npm run format fixes it)",
    bin("prettier"),
    ["--check", ".", "--log-level=warn", "--cache", "--cache-strategy", "content", "--cache-location", `${cache}/prettier`],
  ],
  // TypeScript 7's compiler (decision 0092), on one thread: the cores are the unit tests'.
  ...(routeTypes
    ? [["typecheck", process.execPath, [TSC, "--noEmit", "--singleThreaded", "--incremental", "--tsBuildInfoFile", `${cache}/tsc7.tsbuildinfo`]]]
    : []),
];
// The site's build, which the end-to-end tests serve, starts when the checks have passed and runs beside the unit
// tests at the lowest priority (scripts/build-if-stale.mjs --background): it takes the processor time they and the
// checks leave idle instead of the end-to-end step's first half-minute. The end-to-end step's own build (its global
// setup) waits for it through the build lock, then finds the build fresh; a background build that failed is simply
// done again there, where its error is shown.
let background = null;
function startBackgroundBuild() {
  const log = fs.openSync(path.join(reports, "build.log"), "w");
  const child = spawn(process.execPath, ["scripts/build-if-stale.mjs", "--background"], { env, stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log); // the child writes through its own copy of the descriptor
  background = { child, started: Date.now(), done: new Promise((resolve) => child.on("close", (code) => resolve(code))) };
}
console.log(`\n── lint, formatting and typecheck run beside the unit tests; their output follows the unit tests'`);
const checksDone = Promise.all(checks.map(([name, cmd, args]) => runKept(name, cmd, args, "(beside the unit tests)"))).then((results) => {
  if (routeTypes && results.every((r) => r.passed)) startBackgroundBuild();
  return results;
});
const unitPassed = await runStep("unit and integration tests", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reports}/unit.json`,
]);
const checkResults = await checksDone;
for (const r of checkResults) console.log(r.text);
const failedSteps = [...(routeTypes ? [] : ["typecheck (route types)"]), ...checkResults.filter((r) => !r.passed).map((r) => r.name)];
if (!unitPassed) failedSteps.push("unit and integration tests");
let failedStep = failedSteps.length ? failedSteps.join(", ") : null;

if (!failedStep) {
  if (background) {
    const t0 = Date.now();
    const code = await background.done;
    const waited = Date.now() - t0;
    timings.push({
      name: `site build (beside the unit tests${waited > 500 ? `; the end-to-end step waited ${seconds(waited)} for it` : ""})`,
      ms: Date.now() - background.started,
    });
    if (code !== 0) console.log(`\n── the background build failed (exit ${code}): the end-to-end step builds again and shows why`);
    background = null;
  }
  const e2eArgs = ["run", "--config", "vitest.e2e.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/e2e.json`];
  if (!(await runStep("end-to-end tests", bin("vitest"), e2eArgs))) failedStep = "end-to-end tests";
}
// A run that stopped before the end-to-end step does not leave its build running.
if (background) {
  try {
    process.kill(-background.child.pid, "SIGTERM");
  } catch {
    // already ended
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const files = [];
for (const [file, kind] of [
  ["unit.json", "unit"],
  ["e2e.json", "e2e"],
]) {
  const p = path.join(reports, file);
  if (!fs.existsSync(p)) continue;
  const r = JSON.parse(fs.readFileSync(p, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const t of r.testResults ?? []) {
    if (t.startTime && t.endTime) files.push({ kind, name: path.relative(process.cwd(), t.name), ms: t.endTime - t.startTime });
  }
}
const steps = new Map();
/** Per end-to-end file: its visits (page loads timed by the support code), axe checks and their time, and every document its pages loaded. */
const perFile = new Map();
const fileEntry = (file) => {
  if (!perFile.has(file)) perFile.set(file, { loads: 0, checks: 0, ms: 0, navigations: 0 });
  return perFile.get(file);
};
if (fs.existsSync(profile)) {
  for (const line of fs.readFileSync(profile, "utf8").split("\n").filter(Boolean)) {
    const { step, ms, file, count } = JSON.parse(line);
    if (step === "navigations") {
      if (file) fileEntry(file).navigations += count;
      continue;
    }
    const total = steps.get(step) ?? { count: 0, ms: 0 };
    steps.set(step, { count: total.count + 1, ms: total.ms + ms });
    if (!file || (step !== "page load" && step !== "axe check")) continue;
    const f = fileEntry(file);
    if (step === "page load") f.loads++;
    else f.checks++;
    f.ms += ms;
  }
}
fs.rmSync(reports, { recursive: true, force: true });

console.log("\nTime per step:");
for (const t of timings) console.log(`  ${seconds(t.ms).padStart(9)}  ${t.name}`);
if (files.length) {
  console.log("\nSlowest test files (each file's own time; files run side by side, so these add up to more than the total):");
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`  ${seconds(f.ms).padStart(9)}  ${f.kind.padEnd(4)}  ${f.name}`);
}
if (steps.size) {
  console.log("\nWhere the end-to-end files spent their time (summed over the files running side by side):");
  for (const [step, t] of [...steps].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${seconds(t.ms).padStart(9)}  ${step} (${t.count}, ${Math.round(t.ms / t.count)} ms each)`);
}
if (perFile.size) {
  console.log("\nFiles with the most browser time (visits and axe checks):");
  for (const [file, f] of [...perFile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
    console.log(`  ${seconds(f.ms).padStart(9)}  ${file}: ${f.checks} axe checks, ${f.loads} visits, ${f.navigations} documents loaded in all`);
}
if (failedStep) console.error(`\nnpm test: ${failedStep} failed`);
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped in ${seconds(Date.now() - started)}`);
process.exit(failedStep || failed ? 1 : 0);
