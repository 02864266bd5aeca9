import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { row } from "../../db/rows";
import { rateLimits } from "../../db/schema";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** The database or an open transaction: a count taken in a transaction that rolls back is given back with it. */
type Executor = Pick<Db, "execute">;

/**
 * What stands for an email address in a key: a keyed hash, so the table (and every backup of it) holds no address,
 * and nobody without the site's secret can tell which addresses were counted.
 */
export function addressKey(secret: string, address: string) {
  return crypto.createHmac("sha256", secret).update(`rate-limit:${address.trim().toLowerCase()}`).digest("base64url").slice(0, 27);
}

/**
 * Counts one attempt against `key` in a fixed window. The counter lives in PostgreSQL, so the limit holds
 * across every app process on the same database. One atomic statement: no race between processes.
 */
export async function hitRateLimit(db: Executor, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const counted = await row(
    db,
    z.object({ count: z.number(), retry_after: z.number() }),
    sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
  );
  return { allowed: counted.count <= limit, retryAfterSeconds: Math.max(1, counted.retry_after) };
}

export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Forgets `key` and every key under it (`key:…`): all the counters of one account, for example. */
export async function clearRateLimitsUnder(db: Executor, key: string) {
  await db.execute(sql`delete from ${rateLimits} where key = ${key} or starts_with(key, ${`${key}:`})`);
}

/** Gives one attempt back (one that turned out not to count), within the same window only. */
export async function giveBackRateLimit(db: Executor, key: string) {
  await db.execute(sql`update ${rateLimits} set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

/** Removes the counters whose window has passed (an expired row counts as nothing), so the table stays small. */
export async function purgeExpiredRateLimits(db: Executor): Promise<number> {
  const result = await db.execute(sql`delete from ${rateLimits} where reset_at <= now()`);
  return result.rowCount ?? 0;
}
