// The end-to-end tests (decision 0034), in two projects run one after the other:
// - "shared": files that use their worker's shared server (tests/e2e/support/shared-server.ts), E2E_WORKERS at once;
// - "own-process": files that must own their processes (restarts, kills, Caddy, two processes on one database),
//   after the shared ones, two at a time (one per core), so their timings are not squeezed by a third.
// A new file is "shared" unless it is listed in OWN_PROCESS below.
import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { paraglide } from "./scripts/paraglide.ts";
import { siteImages } from "./scripts/site-images.ts";
import { throwawayFilesInMemory } from "./tests/support/memory-tmpdir.mjs";
import { AXE_CLEAN_VARIABLE, E2E_WORKERS, TEMPLATE_VARIABLE } from "./tests/e2e/support/workers.ts";

export const OWN_PROCESS = [
  "tests/e2e/https-proxy.test.ts",
  "tests/e2e/messaging-attacks.test.ts",
  "tests/e2e/messaging-servers.test.ts",
  "tests/e2e/operations.test.ts",
  "tests/e2e/operations-running.test.ts",
  "tests/e2e/second-start.test.ts",
];

// The run's throwaway files (the template, every server's data folder, the browsers' profiles) in memory where the
// machine has it to spare (decision 0079); set before the two folders below are named under it.
throwawayFilesInMemory();

// The data folder every server of the run starts on a copy of (tests/e2e/support/server.ts): named here, made by the
// global setup, and known to the workers through their environment.
process.env[TEMPLATE_VARIABLE] ||= path.join(os.tmpdir(), `nlte-e2e-template-${process.pid}`);
process.env[AXE_CLEAN_VARIABLE] ||= path.join(os.tmpdir(), `nlte-e2e-axe-clean-${process.pid}`);
// The servers' embedded databases do not wait for the disk (server/embedded-postgres.ts `throwaway`): a test's data is
// thrown away, and a killed process still loses nothing it acknowledged. Not for the benches, which measure as served.
process.env.TEST_DATABASE ||= "throwaway";
const env = {
  [TEMPLATE_VARIABLE]: process.env[TEMPLATE_VARIABLE],
  [AXE_CLEAN_VARIABLE]: process.env[AXE_CLEAN_VARIABLE],
  TEST_DATABASE: process.env.TEST_DATABASE,
};

const project = (test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration => ({
  plugins: [paraglide(), siteImages()],
  resolve: { tsconfigPaths: true },
  test: { testTimeout: 120_000, hookTimeout: 240_000, env, ...test },
});

export default defineConfig({
  test: {
    // Once for the run (not per project): the build, the mail sink and the shared servers.
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    projects: [
      project({
        name: "shared",
        include: ["tests/e2e/**/*.test.ts"],
        exclude: ["**/node_modules/**", ...OWN_PROCESS],
        setupFiles: ["tests/e2e/support/each-file.ts"],
        maxWorkers: E2E_WORKERS,
        // A worker's files share the modules they import (playwright-core, the support code, the schema): each file
        // loading them again cost about a second. Nothing in tests/e2e/support keeps state between files but the
        // worker's Chromium (tests/e2e/support/browser.ts), where each test gets a context of its own.
        isolate: false,
        sequence: { groupOrder: 0 },
      }),
      project({
        name: "own-process",
        include: OWN_PROCESS,
        // Two at once (one a core): one at a time left a core idle for most of their 110 s.
        maxWorkers: 2,
        sequence: { groupOrder: 1 },
      }),
    ],
  },
});
