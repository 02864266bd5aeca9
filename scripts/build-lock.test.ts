// The build lock (scripts/build-if-stale.mjs): a build killed while it held the lock (a restart while `npm start`
// built) left the folder behind, and every start after it waited ten minutes for it. A lock whose owner is gone is
// taken over at once; the lock is the owner's while it builds and gone after.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withBuildLock } from "./build-if-stale.mjs";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
function tempLock() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-build-lock-"));
  dirs.push(dir);
  return path.join(dir, ".build.lock");
}

describe("the build lock", () => {
  it("is taken over at once when the build that held it was killed", () => {
    const lock = tempLock();
    // A pid no process has: above the largest pid_max Linux allows (2^22), so the owner is surely gone.
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, "pid"), String(2 ** 22 + 1));
    const started = Date.now();
    const owner = withBuildLock(() => fs.readFileSync(path.join(lock, "pid"), "utf8"), lock);
    // At once: not after the ten minutes a dead build's lock waited before (nor the 5 s a lock without a pid waits).
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(owner).toBe(String(process.pid));
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("is kept while its owner runs, and gone after, even when the build fails", () => {
    const lock = tempLock();
    expect(() =>
      withBuildLock(() => {
        expect(fs.readFileSync(path.join(lock, "pid"), "utf8")).toBe(String(process.pid));
        throw new Error("the build failed");
      }, lock),
    ).toThrow("the build failed");
    expect(fs.existsSync(lock)).toBe(false);
  });
});
