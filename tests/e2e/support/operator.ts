// The operator's view of a server the test started itself (tests/e2e/operations*.test.ts): folders for data and backups
// removed with the file, what the server printed after a point, and its exit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { RunningServer } from "./server";

/** Empty folders made under the system's temporary folder (`make`), and others named (`alsoRemove`), all removed when
 * the file's tests end. */
export function temporaryFolders() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  return {
    make(prefix: string) {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(d);
      return d;
    },
    alsoRemove(dir: string) {
      dirs.push(dir);
    },
  };
}

/** What the server printed from `from` on, as a failure message: the first lines (an error's message and where it
 * was thrown) and the last, without the dump of an object in between. */
export function outputAfter(s: RunningServer, from: string) {
  const lines = s
    .output()
    .slice(Math.max(0, s.output().indexOf(from)))
    .split("\n");
  return lines.length <= 30 ? lines.join("\n") : [...lines.slice(0, 20), "…", ...lines.slice(-8)].join("\n");
}

/** Resolves with the server process's exit code once it has ended. */
export const waitForExit = (s: RunningServer) =>
  new Promise<number | null>((resolve) =>
    s.process.exitCode !== null ? resolve(s.process.exitCode) : s.process.once("exit", (code) => resolve(code)),
  );
