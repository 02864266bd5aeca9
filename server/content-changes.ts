// Hears `content_changed`, which PostgreSQL announces whenever a table that visitors' pages show changes (the
// trigger function notify_content_changed, attached per table in a migration). While the connection is down nothing
// may be stored, and what was stored is forgotten: `onListening` tells the page cache.
import { sql, type SQL } from "drizzle-orm";
import { listenForAnnouncements, type NotifyListener } from "./notify-listener";

export const CONTENT_CHANNEL = "content_changed";

export function listenForContentChanges(
  databaseUrl: string,
  handlers: { onChange: (table: string) => void; onListening: (on: boolean) => void },
): NotifyListener {
  return listenForAnnouncements(databaseUrl, { [CONTENT_CHANNEL]: handlers.onChange }, { name: "page cache", onListening: handlers.onListening });
}

/**
 * The queue's job at the top of every hour: what visitors' pages show also follows the clock (a series that ended
 * yesterday, cancelled days still to come, the 48-hour banner, the FAQ's fall season), so every process forgets its
 * stored pages and renders them again once. Hourly rather than at midnight, because the queue's schedule is in UTC
 * and the organisation's midnight moves with daylight-saving time.
 */
export const NEW_HOUR_JOB = "visitor_pages_new_hour";

export async function announceNewHour(db: { execute: (query: SQL) => Promise<unknown> }) {
  await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, 'clock')`);
}
