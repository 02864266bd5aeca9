// /staff's notice of families' open data requests (issue 40, decision 0061): how many wait and the earliest deadline,
// so an administrator sees them without opening /staff/data-requests.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/index.server";

export type OpenRequestsNotice = { count: number; oldestDue: string } | null;

export async function getOpenRequestsNotice(db: SqlExecutor): Promise<OpenRequestsNotice> {
  const { rows } = await db.execute(sql`select count(*)::int as n, min(due_by) as due from child_data_requests where status = 'open'`);
  const n = Number(rows[0]?.n ?? 0);
  if (n === 0 || !rows[0]?.due) return null;
  return { count: n, oldestDue: new Date(String(rows[0].due)).toISOString() };
}
