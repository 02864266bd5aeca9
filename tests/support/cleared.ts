// Test coaches are cleared as the organisation's coaches are (Safe Play training and background check on record and
// current, decision 0022): a fixture that makes a coach makes a cleared one unless a test is about clearance.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/outbox.server";

/** Records today's training and background check for `userId` (a coach), so clearanceOf says cleared for a year. */
export async function clearCoach(db: SqlExecutor, userId: string, on = new Date().toISOString().slice(0, 10)) {
  await db.execute(sql`
    insert into coach_profiles (user_id, safe_play_checked_on, background_checked_on) values (${userId}, ${on}, ${on})
    on conflict (user_id) do update set safe_play_checked_on = excluded.safe_play_checked_on, background_checked_on = excluded.background_checked_on`);
}
