// The PostgreSQL LISTEN/NOTIFY bridge: one dedicated connection per listener and process hears every announcement
// made by any process on the same database. If the connection drops, it reconnects and reports `onResync`, because
// announcements made meanwhile were lost (the browsers then reload from the database); `onListening` says when it
// is and is not hearing (the page cache stores nothing while it is not).
import pg from "pg";

export type NotifyListener = { close: () => Promise<void>; ready: Promise<void> };

export function listenForAnnouncements(
  databaseUrl: string,
  /** Channel name -> what to do with a notification's payload (channel names are our own constants). */
  handlers: Record<string, (payload: string) => void>,
  events: { name: string; onResync?: () => void; onListening?: (on: boolean) => void },
): NotifyListener {
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => (markReady = r));

  const connect = async (isRetry: boolean) => {
    timer = null;
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client = c;
    c.on("notification", (n) => {
      const handler = handlers[n.channel];
      if (!handler || !n.payload) return;
      try {
        handler(n.payload);
      } catch (err) {
        console.error(`${events.name}: bad notification on ${n.channel}:`, err instanceof Error ? err.name : typeof err);
      }
    });
    const retry = (err: unknown) => {
      if (client !== c || closed) return;
      client = null;
      events.onListening?.(false);
      c.end().catch(() => undefined);
      const delay = Math.min(5000, 200 * 2 ** attempts++);
      console.error(`${events.name}: database listener lost (${err instanceof Error ? err.message : String(err)}); retrying in ${delay} ms`);
      timer = setTimeout(() => void connect(true), delay);
    };
    c.on("error", retry);
    c.on("end", () => retry(new Error("connection ended")));
    try {
      await c.connect();
      for (const channel of Object.keys(handlers)) await c.query(`LISTEN ${channel}`);
      attempts = 0;
      events.onListening?.(true);
      markReady();
      if (isRetry) events.onResync?.();
    } catch (err) {
      retry(err);
    }
  };
  void connect(false);

  return {
    ready,
    close: async () => {
      closed = true;
      events.onListening?.(false);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
