import { defineConfig } from "vitest/config";
import { siteImages } from "./scripts/site-images.ts";
import { paraglide } from "./scripts/paraglide.ts";
import { SERVER_NODE_FLAGS } from "./scripts/server-node-flags.mjs";
import { throwawayFilesInMemory } from "./tests/support/memory-tmpdir.mjs";

// The tests' throwaway files (each file's database, the servers' data folders) in memory where the machine has it to
// spare (decision 0079), for the workers and every process they start.
throwawayFilesInMemory();

export default defineConfig({
  plugins: [paraglide(), siteImages()],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "cli/**/*.test.ts",
      "eslint-rules/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-db-setup.ts"],
    // Each file has a database of its own (tests/support/test-db.ts), and much of a file's time is PostgreSQL's: on the
    // 2-core machine one worker (vitest's default there) left the processors 40% idle.
    maxWorkers: 3,
    // A worker runs its files on one module graph instead of importing the app's modules again for every file, which
    // was most of a file's time (the same 14 files: 119 s isolated, 54 s shared). Files share no rows (a database each)
    // and no state: what is per process is made once and shared (the request-language store, tests/support/locale-store.ts).
    isolate: false,
    // The server's V8 flags (scripts/server-node-flags.mjs: a young generation eight times Node 20's default) in the
    // workers too: they run the site's functions and its statements as the server does. Two A/B pairs of the whole unit
    // run with the flag given to every Node process (NODE_OPTIONS) took 142 -> 124 s and 157 -> 147 s: noisy, and the
    // attack's lanes, measured alone, gained 6% of processor time from it.
    execArgv: SERVER_NODE_FLAGS,
    // The compiled language catalog (plain JavaScript, a few MB) is loaded by Node once per worker rather than
    // transformed and run again for every test file (0.4 s a file). Its one piece of state, the request's language,
    // is read from a global store (app/i18n/language.ts), so files sharing it see nothing of each other.
    server: { deps: { external: [/\/app\/paraglide\//] } },
    // A limit for a test that hangs, not a measure of speed: on a loaded machine (two runs at once, or other work beside
    // them) the tests that start processes (a backup restored, a command run) took over 30 s and failed for it.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
