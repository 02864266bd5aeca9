// Queue a job in the caller's transaction (the job queue is graphile-worker: server/queue.ts, decision 0011).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./mail.server";

export async function addJob(
  tx: DbOrTx,
  task: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; jobKey?: string; maxAttempts?: number } = {},
) {
  await tx.execute(sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
    run_at := ${options.runAt?.toISOString() ?? null}::timestamptz, max_attempts := ${options.maxAttempts ?? 25},
    job_key := ${options.jobKey ?? null})`);
}
