// Where the end-to-end time goes: with E2E_PROFILE set to a file (npm test sets one), the support code's costly steps
// (a server started, an operator command, a page opened, axe's check) each append one line to it, and npm test prints
// the totals per kind at the end, so the next slowdown shows where it comes from.
import fs from "node:fs";

export type ProfiledStep = "server start" | "operator command" | "page load" | "axe check";

export async function timed<T>(step: ProfiledStep, work: () => Promise<T>): Promise<T> {
  const out = process.env.E2E_PROFILE;
  if (!out) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    fs.appendFileSync(out, `${JSON.stringify({ step, ms: Math.round(performance.now() - started) })}\n`);
  }
}
