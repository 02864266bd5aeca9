// `npm test`: lint, typecheck, unit and integration tests, then the end-to-end tests in Chromium.
// Each runner prints its own summary; the last line adds the test counts up.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-test-"));
const npx = (args) => ["node_modules/.bin/" + args[0], args.slice(1)];
const steps = [
  { name: "lint", cmd: npx(["eslint", ".", "--max-warnings=0"]) },
  { name: "formatting (npm run format fixes it)", cmd: npx(["prettier", "--check", ".", "--log-level=warn"]) },
  { name: "typecheck", cmd: npx(["react-router", "typegen"]) },
  { name: "typecheck", cmd: npx(["tsc", "--noEmit"]) },
  {
    name: "unit and integration tests",
    cmd: npx(["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/unit.json`]),
  },
  {
    name: "end-to-end tests",
    cmd: npx(["vitest", "run", "--config", "vitest.e2e.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/e2e.json`]),
  },
];

let failedStep = null;
for (const step of steps) {
  console.log(`\n── ${step.name}: ${[step.cmd[0].replace("node_modules/.bin/", ""), ...step.cmd[1]].join(" ")}`);
  const result = spawnSync(step.cmd[0], step.cmd[1], { stdio: "inherit", env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" } });
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ["unit.json", "e2e.json"]) {
  const p = path.join(reports, file);
  if (!fs.existsSync(p)) continue;
  const r = JSON.parse(fs.readFileSync(p, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
fs.rmSync(reports, { recursive: true, force: true });
if (failedStep) console.error(`\nnpm test: ${failedStep} failed`);
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep || failed ? 1 : 0);
