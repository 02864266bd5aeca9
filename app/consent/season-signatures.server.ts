// Whether a season can be removed (issue 40): signed forms are kept (decision 0043) and each names its season, so the
// database refuses to delete a season with signatures (consent_signatures.season_id, ON DELETE restrict). The programs
// editor asks this first, to say why beside the button instead of failing.
import { sql } from "drizzle-orm";
import { isUuid } from "~/lib/uuid";
import type { SqlExecutor } from "~/mail/index.server";

/** How many signatures (in force, superseded or withdrawn) name this season. */
export async function countSeasonSignatures(db: SqlExecutor, seasonId: string): Promise<number> {
  if (!isUuid(seasonId)) return 0;
  const { rows } = await db.execute(sql`select count(*)::int as n from consent_signatures where season_id = ${seasonId}::uuid`);
  return Number(rows[0]?.n ?? 0);
}

/** Whether `err` is the database refusing a delete that signatures (or anything else kept) still point at. */
export function isStillReferenced(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23503") return true;
  return false;
}
