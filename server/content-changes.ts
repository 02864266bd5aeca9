// Hears `content_changed`, which PostgreSQL announces whenever a table that visitors' pages show changes (the
// trigger function notify_content_changed, attached per table in a migration). One dedicated connection per
// process; when it drops, nothing may be stored until it is back, and what was stored is forgotten.
import pg from "pg";

export const CONTENT_CHANNEL = "content_changed";

export type ContentChangeListener = { ready: Promise<void>; close: () => Promise<void> };

export function listenForContentChanges(
  databaseUrl: string,
  handlers: { onChange: (table: string) => void; onListening: (on: boolean) => void },
): ContentChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => (markReady = r));

  const connect = async () => {
    timer = null;
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client = c;
    c.on("notification", (n) => {
      if (n.channel === CONTENT_CHANNEL) handlers.onChange(n.payload ?? "");
    });
    const retry = (err: unknown) => {
      if (client !== c || closed) return;
      client = null;
      handlers.onListening(false);
      c.end().catch(() => undefined);
      const delay = Math.min(5000, 200 * 2 ** attempts++);
      console.error(`page cache: content listener lost (${err instanceof Error ? err.message : String(err)}); retrying in ${delay} ms`);
      timer = setTimeout(() => void connect(), delay);
    };
    c.on("error", retry);
    c.on("end", () => retry(new Error("connection ended")));
    try {
      await c.connect();
      await c.query(`LISTEN ${CONTENT_CHANNEL}`);
      attempts = 0;
      handlers.onListening(true);
      markReady();
    } catch (err) {
      retry(err);
    }
  };
  void connect();

  return {
    ready,
    close: async () => {
      closed = true;
      handlers.onListening(false);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
