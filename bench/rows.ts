// npx tsx bench/rows.ts [-- --runs 200 --rows 5000]
// What checking a statement's rows costs (db/rows.ts, decision 0072). On a new embedded database, one statement gives
// --rows rows of the shape a list page reads (two ids, a name, a nullable note, a timestamptz made a Date, a date, an int, a
// boolean, a count that PostgreSQL hands over as a string, a json array), and is measured --runs times four ways:
//   - unchecked: `db.execute(sql)` and its rows as they come (what an `execute<T>` claim does);
//   - rows(): each row parsed by a zod object (the helper);
//   - z.array(): the whole list parsed by one array schema (the other way zod offers);
//   - parse only: rows() minus the statement, the parse alone on rows already fetched.
// Prints p50 and p99 of each, and the parse's cost per row. Everything it starts is stopped and removed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { createDb } from "../db/client";
import { parseRows, rows } from "../db/rows";
import { startEmbeddedPostgres } from "../server/embedded-postgres";
import { machineLoad, percentile } from "./site";

const { values } = parseArgs({ options: { runs: { type: "string", default: "200" }, rows: { type: "string", default: "5000" } } });
const RUNS = Math.min(2000, Math.max(20, Number(values.runs)));
const ROWS = Math.min(100_000, Math.max(100, Number(values.rows)));

const ListRow = z.object({
  id: z.string(),
  athlete_id: z.string(),
  athlete_name: z.string().nullable(),
  note: z.string().nullable(),
  starts_at: z.coerce.date(),
  day: z.string(),
  minutes: z.number(),
  cancelled: z.boolean(),
  places_taken: z.coerce.number(),
  tags: z.array(z.string()),
});

const statement = sql`
  select md5(i::text) as id, md5((i * 7)::text) as athlete_id, 'Athlete ' || i as athlete_name,
    case when i % 3 = 0 then null else 'Bring water, court ' || (i % 8) end as note,
    timestamptz '2026-12-01 09:00Z' + i * interval '30 minutes' as starts_at,
    (date '2026-12-01' + (i % 90))::text as day, 30 + (i % 3) * 15 as minutes, i % 11 = 0 as cancelled,
    (i % 17)::bigint as places_taken, json_build_array('lesson', 'court ' || (i % 8)) as tags
  from generate_series(1, ${ROWS}) i`;

async function time(label: string, fn: () => Promise<unknown> | unknown) {
  for (let i = 0; i < Math.min(20, RUNS); i++) await fn(); // warm the JIT and the plan
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  console.log(`${label.padEnd(12)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms`);
  return { p50, p99 };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-bench-rows-"));
const embedded = await startEmbeddedPostgres(dir, { throwaway: true });
const { db, pool } = createDb(embedded.url, 2);
try {
  console.log(`${ROWS} rows of ${Object.keys(ListRow.shape).length} columns, ${RUNS} runs; ${machineLoad()}`);
  const fetched = (await db.execute(statement)).rows;
  const checked = await rows(db, ListRow, statement);
  if (checked.length !== ROWS || typeof checked[0]!.places_taken !== "number") throw new Error("the rows are not what the bench expects");
  const AllRows = z.array(ListRow);
  const unchecked = await time("unchecked", () => db.execute(statement));
  await time("rows()", () => rows(db, ListRow, statement));
  await time("z.array()", async () => AllRows.parse((await db.execute(statement)).rows));
  const parse = await time("parse only", () => parseRows(ListRow, fetched));
  console.log(
    `parse: ${((parse.p50 * 1000) / ROWS).toFixed(2)} µs a row at p50, ${((100 * parse.p50) / unchecked.p50).toFixed(0)}% of the unchecked statement's p50`,
  );
} finally {
  await pool.end();
  await embedded.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
