// A TypeScript entry bundled into one module by esbuild (packages left in node_modules), for tests that start it as a
// process of its own: Node loads the bundle with about a third of the processor time `node --import tsx` spends
// compiling the same files at every start (1.1 s against 2.9 s for the job queue's process). The server is started the
// same way (scripts/build-if-stale.mjs, decision 0054).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const built = new Map<string, string>();

/** The bundle of `entry` (a path from the project's root), made once per test process; its path, to run with `node`. */
export function bundledScript(entry: string): string {
  const known = built.get(entry);
  if (known) return known;
  // Two folders deep, as build/start/ is: code that finds the project's root from its own place works alike. Not under
  // build/: npm test builds the site beside the unit tests (scripts/test.mjs), and React Router's build empties build/,
  // which took a bundle away between a test's two starts of it ("Cannot find module", server/queue-crash.test.ts).
  const outfile = path.join(root, ".test-scripts", "bundled", `${entry.replace(/[^a-z0-9]+/gi, "-")}.mjs`);
  const temporary = `${outfile}.${process.pid}.tmp`;
  buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: temporary,
    logLevel: "warning",
  });
  // Renamed into place: another test process bundling the same entry at the same moment never runs half a file.
  fs.renameSync(temporary, outfile);
  built.set(entry, outfile);
  return outfile;
}
