// Queue a job in the caller's transaction (the job queue is graphile-worker: server/queue.ts, decision 0011), and
// the record of which processes' queues are alive, so the jobs of one that died are not locked for 4 hours.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { maybeRow } from "../../db/rows";

export async function addJob(
  tx: DbOrTx,
  task: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; jobKey?: string; maxAttempts?: number; queueName?: string } = {},
) {
  // queueName: jobs of one named queue run one at a time (across every process).
  await tx.execute(sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
    run_at := ${options.runAt?.toISOString() ?? null}::timestamptz, max_attempts := ${options.maxAttempts ?? 25},
    job_key := ${options.jobKey ?? null}, queue_name := ${options.queueName ?? null})`);
}

/** app_settings keys of the queue pools that hold a liveness connection (the pool id follows the prefix). */
const QUEUE_POOL_KEY = "queue_pool:";

/** The application_name of the connection a queue pool holds open for as long as its process lives. */
export function queuePoolConnectionName(poolId: string) {
  return `nlte-queue-alive ${poolId}`;
}

/**
 * Records a queue pool as one whose life is its connection named queuePoolConnectionName(poolId). Call it only once
 * that connection carries the name: from then on, the connection gone means the process is gone. The value says
 * where it runs, for an operator.
 */
export async function recordQueuePool(db: Db, poolId: string, description: string) {
  await db.execute(sql`insert into app_settings (key, value) values (${QUEUE_POOL_KEY + poolId}, ${description})
    on conflict (key) do nothing`);
}

/** A pool that stopped cleanly (its jobs finished or were given back) leaves the record. */
export async function forgetQueuePool(db: Db, poolId: string) {
  await db.execute(sql`delete from app_settings where key = ${QUEUE_POOL_KEY + poolId}`);
}

/**
 * Unlocks the jobs of every recorded queue pool whose connection is gone (its process died: the database ends a
 * session when its socket closes), in any process on this database, and forgets those pools. graphile-worker would
 * keep their jobs locked for 4 hours. A pool not recorded is never touched: one starting (it records itself just
 * after it starts) or one of an older version of the site, nor `ownPoolId` (the caller knows it is alive). Returns
 * the pool ids released.
 */
export async function releaseJobsOfDeadQueuePools(db: Db, ownPoolId: string | null = null): Promise<string[]> {
  // One statement: a second process sweeping at the same time finds the rows deleted and releases nothing twice.
  const released = await maybeRow(
    db,
    z.object({ pools: z.array(z.string()) }),
    sql`
    with dead as (
      delete from app_settings s
      where left(s.key, ${QUEUE_POOL_KEY.length}) = ${QUEUE_POOL_KEY}
        and s.key <> ${QUEUE_POOL_KEY + (ownPoolId ?? "")}
        and not exists (
          select 1 from pg_stat_activity a
          where a.datname = current_database()
            and a.application_name = ${queuePoolConnectionName("")} || substr(s.key, ${QUEUE_POOL_KEY.length + 1})
        )
      returning substr(s.key, ${QUEUE_POOL_KEY.length + 1}) as pool_id
    ), released as (
      select array(select pool_id from dead) as pools
    )
    select pools, graphile_worker.force_unlock_workers(pools) from released`,
  );
  return released?.pools ?? [];
}

/**
 * How long, in milliseconds by the database's clock, until the next job that waits for its time (a notice's delay, a
 * retry's back-off) is due; null when none waits. The jobs index (run_at where is_available) answers it.
 */
export async function msUntilNextScheduledJob(db: Db): Promise<number | null> {
  const next = await maybeRow(
    db,
    z.object({ ms: z.number().nullable() }),
    sql`select (extract(epoch from min(run_at) - now()) * 1000)::float8 as ms
      from graphile_worker._private_jobs where is_available and run_at > now()`,
  );
  return next?.ms ?? null;
}
