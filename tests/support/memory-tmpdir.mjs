// The tests' throwaway files in memory (decision 0079): the unit tests' PostgreSQL, every end-to-end server's data
// folder (a copy of the run's template), the browsers' profiles and the attack's databases are all made under the
// system's temporary folder (os.tmpdir()), and thrown away at the end. On the 2-core machine that folder is the disk
// (ext4 with online discard), where the kernel's work for PostgreSQL's files was most of a unit run's system time:
// `create database ... template app` (each unit test file's database) took 493 ms there against 92 ms in memory
// (20 in a row), and the whole unit run 142-157 s against 100 s, its system time 89-116 s against 33 s.
//
// So the test configurations (vitest.config.ts, vitest.e2e.config.ts) and the attack point TMPDIR, which os.tmpdir()
// reads and every process they start inherits, at a folder under /dev/shm when that is memory (tmpfs) with room to
// spare. Nothing changes where TMPDIR is set already (`TMPDIR=/tmp npm test` keeps the disk), where /dev/shm is not
// tmpfs, or where it has less than MIN_FREE free (a container's 64 MB /dev/shm): the tests then run on the disk as
// before. Never for the site or the benches, which measure as served.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SHM = "/dev/shm";
const TMPFS_MAGIC = 0x01021994;
/** The end-to-end step held 829 MB there at most (its servers' data folders, 2026-12-01); four GB free for room. */
const MIN_FREE = 4 * 1024 ** 3;
/** A run takes minutes; what is older than this was left by a run that was killed, and would hold memory until restart. */
const STALE_MS = 12 * 60 * 60 * 1000;

/** Points TMPDIR at memory when it may (see above); returns the folder chosen, or null when the disk stays. */
export function throwawayFilesInMemory() {
  if (process.env.TMPDIR) return null;
  let stats;
  try {
    stats = fs.statfsSync(SHM);
  } catch {
    return null;
  }
  if (stats.type !== TMPFS_MAGIC || stats.bavail * stats.bsize < MIN_FREE) return null;
  const dir = path.join(SHM, `nlte-tests-${os.userInfo().uid}`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
    removeStale(dir);
  } catch {
    return null;
  }
  process.env.TMPDIR = dir;
  return dir;
}

function removeStale(dir) {
  const now = Date.now();
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (now - fs.lstatSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { recursive: true, force: true });
    } catch {
      // another run removed it first, or it is not ours to remove
    }
  }
}
