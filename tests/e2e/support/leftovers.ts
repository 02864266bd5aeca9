// Files on a worker's shared server run one after another and see what earlier ones left (decision 0034). A file that
// makes sessions or events ends them when it ends, so a later file's exact lists (the home page's cards, /calendar)
// show only what that file made: `endEventsItMakes(server)` notes the events there are before the file's tests and
// ends every other one after them (its last day becomes its first), as if the organisation had ended it.
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "./messaging";

export function endEventsItMakes(server: { dataDir: string }) {
  let before: string[] = [];
  beforeAll(async () => {
    const db = await openDatabase(server.dataDir);
    try {
      before = (await db.query<{ id: string }>("select id::text from events")).rows.map((r) => r.id);
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    const db = await openDatabase(server.dataDir);
    try {
      await db.query("update events set ends_on = starts_on where not (id::text = any($1::text[])) and starts_on is not null", [before]);
    } finally {
      await db.close();
    }
  });
}
