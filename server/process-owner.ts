// Who owns a data folder with the embedded database: the one site process (DATA_DIR/site.pid) and the process that
// started its PostgreSQL (DATA_DIR/postgres.owner). A pid alone proves nothing (pids are reused, and a PostgreSQL
// whose site was killed keeps running under another parent), so a live owner is a pid that is alive, started when
// the record says (its start time in /proc), and, for PostgreSQL, is still the server's parent.
import fs from "node:fs";
import path from "node:path";

const SITE_FILE = "site.pid";
const POSTGRES_OWNER_FILE = "postgres.owner";

/** The start time (clock ticks since boot) and parent of a process, from /proc; null where /proc is not there. */
function procStat(pid: number): { startTime: string; parent: number } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (name) state ppid ...": the name may hold spaces and parentheses, so count from the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { parent: Number(fields[1]), startTime: fields[19] ?? "" };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** This process as a record line: "pid start-time". */
function selfRecord(): string {
  return `${process.pid} ${procStat(process.pid)?.startTime ?? "?"}`;
}

/** Whether the process a record names is alive and is the one that wrote it (not another that got its pid since). */
function recordIsLive(record: { pid: number; startTime: string }): boolean {
  if (!Number.isInteger(record.pid) || record.pid <= 0 || record.pid === process.pid) return false;
  if (!isAlive(record.pid)) return false;
  const stat = procStat(record.pid);
  return !stat || record.startTime === "?" || stat.startTime === record.startTime;
}

function readRecord(file: string): { pid: number; startTime: string; rest: string[] } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const [pid, startTime = "?", ...rest] = text.trim().split(/\s+/);
  return { pid: Number(pid), startTime, rest };
}

export class DataFolderInUse extends Error {}

function siteRunningMessage(dataDir: string, pid: number) {
  return `a site is already running on ${dataDir} (pid ${pid}): stop it first, or give this one another DATA_DIR`;
}

/** The pid of the live site process on this data folder, if there is one. Reads only. */
export function runningSite(dataDir: string): number | null {
  const record = readRecord(path.join(dataDir, SITE_FILE));
  return record && recordIsLive(record) ? record.pid : null;
}

/** Refuses, before anything is touched, when a live site holds the data folder (for `npm start`, before a build). */
export function refuseIfSiteRunning(dataDir: string) {
  const pid = runningSite(dataDir);
  if (pid !== null) throw new DataFolderInUse(siteRunningMessage(dataDir, pid));
}

/**
 * Makes this process the data folder's one site, or throws DataFolderInUse when a live site holds it. A record
 * left by a site that died (killed, power cut) is taken over. The record is removed when this process exits.
 */
export function claimDataFolder(dataDir: string): { release: () => void } {
  const file = path.join(dataDir, SITE_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const mine = selfRecord();
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${mine}\n`, { flag: "wx", mode: 0o644 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw err;
    }
    const holder = runningSite(dataDir);
    if (holder !== null) throw new DataFolderInUse(siteRunningMessage(dataDir, holder));
    fs.rmSync(file, { force: true }); // left by a site that is gone
  }
  const release = () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === mine) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once("exit", release);
  return { release };
}

/** Records this process as the one that started the PostgreSQL server `postmasterPid` on this data folder. */
export function recordPostgresOwner(dataDir: string, postmasterPid: number) {
  fs.writeFileSync(path.join(dataDir, POSTGRES_OWNER_FILE), `${selfRecord()} ${postmasterPid}\n`, { mode: 0o644 });
}

/**
 * The live process that owns the PostgreSQL server `postmasterPid` on this data folder, or null when none does (it
 * was left running). Owned means: the recorded starter is alive, is the same process, and is still the server's
 * parent. A server with no record (started by an older version) counts as owned while its parent is not init.
 */
export function postgresOwner(dataDir: string, postmasterPid: number): number | null {
  const parent = procStat(postmasterPid)?.parent ?? null;
  const record = readRecord(path.join(dataDir, POSTGRES_OWNER_FILE));
  if (record && Number(record.rest[0]) === postmasterPid) {
    if (!recordIsLive(record)) return null;
    return parent === null || parent === record.pid ? record.pid : null;
  }
  if (parent === null) return null; // no record and no /proc: trust the pid file, as before
  return parent > 1 && parent !== process.pid && isAlive(parent) ? parent : null;
}
