// The organisation's EIN (decision 0060), printed on every gift's receipt: kept in app_settings as the organisation's
// other settings are, set by an administrator on /staff beside the security programme's settings.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/index.server";
import type { Db } from "../../db/client";

export const EIN_KEY = "donations.ein";

/** The EIN ("12-3456789"), or null while none is set. */
export async function getEin(db: SqlExecutor): Promise<string | null> {
  const { rows } = await db.execute<{ value: string }>(sql`select value from app_settings where key = ${EIN_KEY}`);
  return rows[0]?.value || null;
}

/** Sets the EIN, or clears it with "". */
export async function setEin(db: Db, ein: string) {
  if (!ein) {
    await db.execute(sql`delete from app_settings where key = ${EIN_KEY}`);
    return;
  }
  await db.execute(sql`insert into app_settings (key, value) values (${EIN_KEY}, ${ein})
    on conflict (key) do update set value = excluded.value`);
}
