// Hears `content_changed`, which PostgreSQL announces whenever a table that visitors' pages show changes (the
// trigger function notify_content_changed, attached per table in a migration). While the connection is down nothing
// may be stored, and what was stored is forgotten: `onListening` tells the page cache.
import { listenForAnnouncements, type NotifyListener } from "./notify-listener";

export const CONTENT_CHANNEL = "content_changed";

export function listenForContentChanges(
  databaseUrl: string,
  handlers: { onChange: (table: string) => void; onListening: (on: boolean) => void },
): NotifyListener {
  return listenForAnnouncements(databaseUrl, { [CONTENT_CHANNEL]: handlers.onChange }, { name: "page cache", onListening: handlers.onListening });
}
