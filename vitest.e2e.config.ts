// The end-to-end tests (decision 0034), E2E_WORKERS files at once:
// - most files use their worker's shared server (tests/e2e/support/shared-server.ts);
// - the files in OWN_PROCESS must own their processes (restarts, kills, Caddy, two processes on one database): they
//   start their own servers, on ports and data folders of their own, so they run beside the others. They are the
//   longest files and mostly wait (for a restart, a kill, a timer), so they start first (OwnProcessFirst below).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";
import { paraglide } from "./scripts/paraglide.ts";
import { siteImages } from "./scripts/site-images.ts";
import { E2E_WORKERS } from "./tests/e2e/support/workers.ts";

export const OWN_PROCESS = [
  "tests/e2e/https-proxy.test.ts",
  "tests/e2e/messaging-attacks.test.ts",
  "tests/e2e/messaging-servers.test.ts",
  "tests/e2e/operations.test.ts",
  "tests/e2e/second-start.test.ts",
];

const ownsProcesses = (spec: TestSpecification) => OWN_PROCESS.includes(path.relative(import.meta.dirname, spec.moduleId));

/** The files that own their processes first, then vitest's own order (unknown and failed files, then the longest). */
class OwnProcessFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter(ownsProcesses), ...sorted.filter((f) => !ownsProcesses(f))];
  }
}

export default defineConfig({
  plugins: [paraglide(), siteImages()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    // Once for the run: the build, the mail sink and the shared servers.
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    setupFiles: ["tests/e2e/support/each-file.ts"],
    maxWorkers: E2E_WORKERS,
    sequence: { sequencer: OwnProcessFirst },
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
