import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appSettings } from "../../db/schema";

export async function setAppSetting(db: Db, key: string, value: string) {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
}
