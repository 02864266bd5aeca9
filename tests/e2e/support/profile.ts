// Where the end-to-end time goes: with E2E_PROFILE set to a file (npm test sets one), the support code's costly steps
// (a server started, an operator command, a page opened, axe's check) each append one line to it, and npm test prints
// the totals per kind and the files with the most of them at the end, so the next slowdown shows where it comes from.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";

export type ProfiledStep = "server start" | "operator command" | "page load" | "axe check" | "axe check (same document, skipped)";

/**
 * Runs `work` and notes its time as `step` (or as the step `stepOf` names from what it answered), with `where` (a
 * page's path, never its query) when given, so a file's repeated visits and checks can be told apart.
 */
export async function timed<T>(step: ProfiledStep, work: () => Promise<T>, stepOf?: (answer: T) => ProfiledStep, where?: () => string): Promise<T> {
  const out = process.env.E2E_PROFILE;
  if (!out) return work();
  const started = performance.now();
  let noted = step;
  try {
    const answer = await work();
    if (stepOf) noted = stepOf(answer);
    return answer;
  } finally {
    const line = { step: noted, ms: Math.round(performance.now() - started), file: testFile(), ...(where ? { where: where() } : {}) };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  }
}

/** How many documents a test's browser page loaded (links, forms, reloads and visits alike), noted once per page. */
export function noteNavigations(count: number) {
  const out = process.env.E2E_PROFILE;
  if (!out || count === 0) return;
  fs.appendFileSync(out, `${JSON.stringify({ step: "navigations", count, file: testFile() })}\n`);
}

/** The test file running, by its name; none in the global setup (which starts servers outside any file). */
function testFile(): string | undefined {
  try {
    const file = expect.getState().testPath;
    return file ? path.basename(file) : undefined;
  } catch {
    return undefined;
  }
}
