import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

/** How long `end()` waits for connections to close before it gives up on them (a stop must not hang). */
const CLOSE_WAIT_MS = 5_000;

/**
 * A pool whose `end()` resolves once every connection has closed. pg-pool's own resolves when it has asked them to
 * close: a process that then stops the embedded database (server/index.ts) met connections still closing, whose
 * errors could reach a pool whose handlers were gone, and the clean stop exited with 1.
 */
export class ClosingPool extends pg.Pool {
  #open = 0;
  #onAllClosed: (() => void) | null = null;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on("connect", () => this.#open++);
    this.on("remove", () => {
      if (--this.#open === 0) this.#onAllClosed?.();
    });
  }

  override async end() {
    const allClosed =
      this.#open === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, CLOSE_WAIT_MS);
            this.#onAllClosed = () => {
              clearTimeout(timer);
              resolve();
            };
          });
    await super.end();
    await allClosed;
  }
}

/**
 * The application's pool, with a small second pool beside it for the messaging hot path's prepared statements
 * (sending and marking read: app/messaging/messages.server.ts). Those connections plan each statement once
 * (`plan_cache_mode = force_generic_plan`): left to choose, PostgreSQL re-planned the large statements on every
 * execution, a quarter of its CPU per message (decision 0009, fifth pass). The setting is not for the main pool:
 * Drizzle's unnamed statements would get generic plans too, which cannot use a partial index through a parameter.
 * The second pool connects only when a message is sent or marked read; `end()` closes both pools.
 */
export class AppPool extends ClosingPool {
  /** At most two statements of each kind run at once (app/messaging/batcher.server.ts), so four connections. */
  readonly hotStatements: ClosingPool;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.hotStatements = new ClosingPool({ ...config, max: 4, options: "-c plan_cache_mode=force_generic_plan" });
  }

  override async end() {
    await Promise.all([super.end(), this.hotStatements.end()]);
  }
}

export function createDb(databaseUrl: string, max = 10) {
  const pool = new AppPool({ connectionString: databaseUrl, max });
  // An idle connection that drops (database restart, network) must not crash the process.
  for (const p of [pool, pool.hotStatements]) p.on("error", (err) => console.error("database pool error:", err.message));
  const db = drizzle({ client: pool, schema });
  return { db, pool };
}

export type Db = ReturnType<typeof createDb>["db"];
/** The database or a transaction of it: every function that can take part in the caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * Anything that runs an SQL statement (the database, a transaction): what read-only rules need. With Drizzle's session
 * (`_`), so a rule may run a named statement (db/rows.ts namedRows).
 */
export type SqlExecutor = Pick<Db, "execute" | "_">;
