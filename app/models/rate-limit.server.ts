import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt against `key` in a fixed window. The counter lives in PostgreSQL, so the limit holds
 * across every app process on the same database. One atomic statement: no race between processes.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  const row = result.rows[0]!;
  return { allowed: row.count <= limit, retryAfterSeconds: Math.max(1, row.retry_after) };
}

export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Whether `key` is still under `limit` in its window, without counting an attempt. */
export async function peekRateLimit(db: Db, key: string, limit: number): Promise<RateLimitResult> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from reset_at - now()))::int as retry_after from ${rateLimits}
    where key = ${key} and reset_at > now()`);
  const row = result.rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: row.count < limit, retryAfterSeconds: Math.max(1, row.retry_after) };
}
