// Applies the committed SQL migrations in db/migrations. Several app processes may start at the same moment
// against one database: a PostgreSQL advisory lock makes them take turns, so each migration runs exactly once.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Logger, runMigrations as runQueueMigrations } from "graphile-worker";
import pg from "pg";
import { ClosingPool } from "./client";

const MIGRATION_LOCK = 7_310_2018; // any constant shared by every process of this app

/**
 * The job queue finds a job by its key through the key's index, whatever the queue held when a connection first
 * planned the lookup (issue 43). graphile_worker.add_jobs looks for a pending job with the key it is given, remove_job
 * deletes one by key; PL/pgSQL keeps the plan it made first for the rest of the session, and the connections that send
 * messages force generic plans (db/client.ts): a plan made while the queue was nearly empty scans it, and went on
 * scanning every pending job for each job added (on a new database, the first message of each of 1,000 threads with a
 * guardian read 1.9 million queue rows in 1,965 scans). Planned with scans disabled, both look jobs up by key for
 * every caller; a plan per call (plan_cache_mode = force_custom_plan) cost more CPU than the scans it saved. Set at
 * every start after the queue's own migrations, which replace these functions whole (CREATE OR REPLACE drops a
 * function's settings) when graphile-worker is upgraded; a queue whose functions changed their arguments fails here,
 * and server/queue.test.ts fails where add_jobs scans the queue.
 */
const QUEUE_FOUND_BY_KEY = [
  "ALTER FUNCTION graphile_worker.add_jobs(graphile_worker.job_spec[], boolean) SET enable_seqscan = off",
  "ALTER FUNCTION graphile_worker.remove_job(text) SET enable_seqscan = off",
];

/**
 * The project's folder: the nearest one above this module with a package.json. This module runs from db/ (tests,
 * commands) and from build/start/ (the server as `npm start` runs it, one bundled module: decision 0054).
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, "db", "migrations");

export async function runMigrations(databaseUrl: string) {
  return runMigrationsFrom(databaseUrl, migrationsFolder);
}

/** The same, from another folder (a restore applies only the migrations its backup had, first). */
export async function runMigrationsFrom(databaseUrl: string, folder: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    // The job queue's own tables (schema graphile_worker) first: our trigger on messages adds jobs to it.
    const queuePool = createQueuePool(databaseUrl, 1);
    try {
      await runQueueMigrations({ pgPool: queuePool, logger: quietLogger });
    } finally {
      await queuePool.end();
    }
    for (const statement of QUEUE_FOUND_BY_KEY) await client.query(statement);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/**
 * A pool for graphile-worker that this app owns and ends (awaited) itself. Given only a connection string,
 * graphile-worker makes a pool, and on release removes its error handlers and ends it without waiting: a
 * connection still closing when the database stopped then raised an 'error' nobody heard, and the process died.
 * Ours keeps its handlers and its `end()` waits for every connection to close.
 */
export function createQueuePool(databaseUrl: string, max = 10) {
  const pool = new ClosingPool({ connectionString: databaseUrl, max, application_name: "nlte-queue" });
  const report = (err: Error) => console.error(`job queue: database connection error: ${err.message}`);
  pool.on("error", report);
  pool.on("connect", (client) => client.on("error", report));
  return pool;
}

/** The queue's own chatter stays out of the log; errors still reach it. */
export const quietLogger = new Logger(() => (level, message) => {
  if (String(level) === "error") console.error(`job queue: ${message}`);
});
