// Jobs of a process that died are released at once, not after graphile-worker's 4 hours (issue 26; decision 0011).
// graphile-worker locks a job with its worker pool's id and cannot tell a dead pool from a slow one. The database
// can: every process's pool holds one connection named after the pool (queuePoolConnectionName) for as long as the
// process lives, and records its id in app_settings once the name is set. When a process dies, however it dies
// (SIGKILL, out of memory, power), the kernel closes its sockets and PostgreSQL ends that session; a machine that
// vanishes is found by the session's TCP keepalives within about a minute. So a recorded pool without its connection
// is dead, and any process may give its jobs back: each does at start-up and every SWEEP_INTERVAL_MS after.
// A live pool keeps its connection, so its jobs are never taken from it. A pool not recorded (for the few
// milliseconds after it starts, or run by an older version of the site) is never touched: graphile-worker's 4 hours
// still apply to it. The connection must reach PostgreSQL itself (a session), as graphile-worker's LISTEN already must.
import os from "node:os";
import { EventEmitter } from "node:events";
import type { WorkerEvents, WorkerPool } from "graphile-worker";
import pg from "pg";
import type { Db } from "../db/client";
import { QUEUE_CONCURRENCY } from "./queue-wake";
import { forgetQueuePool, queuePoolConnectionName, recordQueuePool, releaseJobsOfDeadQueuePools } from "../app/models/jobs.server";

export const SWEEP_INTERVAL_MS = 10_000;
/** How soon a lost liveness connection is opened again. */
const RECONNECT_MS = 1_000;

export type QueueLiveness = {
  /** Handed to graphile-worker's run(): the pool's creation names the connection and records the pool. */
  events: WorkerEvents;
  /** Resolves once the pool is recorded (its connection named); rejects if that failed. */
  recorded: () => Promise<void>;
  /** Releases the jobs of dead pools now; returns their ids. */
  sweep: () => Promise<string[]>;
  /** Sweeps every `intervalMs` until stopped. */
  sweepEvery: (intervalMs: number) => void;
  /** After the runner stopped (no job of this pool is locked any more): forgets the pool and closes the connection. */
  stop: () => Promise<void>;
};

function report(err: unknown) {
  console.error(`job queue: ${err instanceof Error ? err.message : String(err)}`);
}

export async function startQueueLiveness(db: Db, databaseUrl: string): Promise<QueueLiveness> {
  let poolId: string | null = null;
  /** The connection carries the pool's name now: only then may the pool be recorded. */
  let named = false;
  let stopping = false;
  let client: pg.Client;
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<unknown> = Promise.resolve();
  const description = `${os.hostname()} pid ${process.pid}`;

  /** The session's own keepalives: a machine that vanished ends its session in about a minute, not two hours. */
  const nameConnection = async (c: pg.Client, id: string) => {
    await c.query(
      `select set_config('application_name', $1, false), set_config('tcp_keepalives_idle', '30', false),
        set_config('tcp_keepalives_interval', '10', false), set_config('tcp_keepalives_count', '3', false)`,
      [queuePoolConnectionName(id)],
    );
    if (c === client) named = true;
  };
  /** Records the pool (again: a sweep elsewhere may have taken it for dead while its connection was lost). */
  const record = async () => {
    if (poolId && named) await recordQueuePool(db, poolId, description);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: "nlte-queue-alive", keepAlive: true });
    c.on("error", report);
    await c.connect();
    // Lost (the database restarted, the network broke): other processes will have taken this pool for dead and
    // given its jobs back, so it records itself again as soon as it can, to keep the jobs it locks from now on.
    c.once("end", () => {
      if (c !== client) return;
      named = false;
      scheduleReconnect();
    });
    return c;
  };
  let reconnecting = false;
  const scheduleReconnect = () => {
    if (stopping || reconnecting) return;
    reconnecting = true;
    setTimeout(() => void reconnect(), RECONNECT_MS).unref();
  };
  const reconnect = async () => {
    try {
      if (stopping) return;
      const c = await connect();
      if (stopping) {
        await c.end();
        return;
      }
      client = c;
      if (poolId) await nameConnection(c, poolId);
      await record();
      reconnecting = false;
    } catch (err) {
      report(err);
      reconnecting = false;
      scheduleReconnect();
    }
  };

  client = await connect();
  let recorded: Promise<void> | null = null;
  const events = new EventEmitter() as WorkerEvents;
  let workers: WorkerPool | null = null;
  events.on("pool:create", ({ workerPool }) => {
    workers = workerPool;
    poolId = workerPool.id;
    recorded = nameConnection(client, workerPool.id).then(record);
    recorded.catch(() => undefined);
  });

  // Never this process's own pool: while its connection is lost, it is still alive here.
  const sweep = () => {
    const run = releaseJobsOfDeadQueuePools(db, poolId);
    sweeping = run.catch(() => undefined);
    return run;
  };
  const tick = async () => {
    await record();
    const released = await sweep();
    if (released.length) console.log(`job queue: gave back the jobs of ${released.length} stopped process(es)`);
    // Their jobs are due now: no notification says so, and the queue's poll is a fallback (server/queue-wake.ts).
    if (released.length) workers?.nudge(QUEUE_CONCURRENCY);
  };

  return {
    events,
    recorded: () => recorded ?? Promise.reject(new Error("the job queue's worker pool was not created")),
    sweep,
    sweepEvery: (intervalMs) => {
      let busy = false;
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        tick()
          .catch(report)
          .finally(() => (busy = false));
      }, intervalMs);
      timer.unref();
    },
    stop: async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      await sweeping;
      if (poolId) await forgetQueuePool(db, poolId).catch(report);
      await client.end().catch(() => undefined);
    },
  };
}
