// One way to type the rows of a hand-written statement (issue 38, docs/decisions/0072): the statement's rows parsed
// by a zod schema, so a row that is not what the code says (a count that PostgreSQL hands over as a string, a column
// that can be null) fails where it is read, not three functions later. The Drizzle builder stays for what it writes
// well; `db.execute<T>(sql...)`, a claim nothing checks, is refused outside db/ by lint (eslint-rules/typed-rows.js).
//
// What Drizzle's node-postgres driver hands over, and so what a schema says: int2/int4 and float as numbers; int8
// (count(*), a sum of integers) and numeric as strings (cast in SQL, `count(*)::int`, or `z.coerce.number()`);
// timestamptz and timestamp as PostgreSQL's text, '2026-12-01 09:00:00+00', not a Date (Drizzle turns pg's Date
// parsing off for every statement: `z.coerce.date()` where the code wants a Date); date as 'YYYY-MM-DD'; interval as
// text; json/jsonb parsed; booleans; arrays as arrays, except arrays of those four kinds and of numeric, which come as
// PostgreSQL's array text ('{2026-12-01,2026-12-08}': aggregate `::text` and split, or `to_json(...)`).
import type { SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import type { PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Db, SqlExecutor } from "./client";

/** What runs a statement: the application's database or a transaction of it. */
export type Queryable = Pick<Db, "execute">;

/** A statement's rows were not what its schema says: a bug in the statement or the schema, never the reader's. */
export class RowShapeError extends Error {
  constructor(index: number, error: z.ZodError) {
    // The issues name the column and what was expected, not the value (zod does not report input unless asked):
    // a child's data stays out of the log.
    super(`row ${index} of a statement does not match its schema: ${z.prettifyError(error)}`);
    this.name = "RowShapeError";
  }
}

/** Each row parsed by `schema`; throws RowShapeError at the first that does not match. */
export function parseRows<S extends z.ZodType>(schema: S, raw: readonly unknown[]): z.output<S>[] {
  const out = new Array<z.output<S>>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const result = schema.safeParse(raw[i]);
    if (!result.success) throw new RowShapeError(i, result.error);
    out[i] = result.data;
  }
  return out;
}

/** The rows of `query`, each parsed by `schema`. */
export async function rows<S extends z.ZodType>(db: Queryable, schema: S, query: SQLWrapper): Promise<z.output<S>[]> {
  const result = await db.execute(query);
  return parseRows(schema, result.rows);
}

/** The one row of `query` (an insert's `returning`, an aggregate, a row known to exist); throws when there is not exactly one. */
export async function row<S extends z.ZodType>(db: Queryable, schema: S, query: SQLWrapper): Promise<z.output<S>> {
  const list = await rows(db, schema, query);
  if (list.length !== 1) throw new Error(`expected exactly one row, the statement gave ${list.length}`);
  return list[0]!;
}

/** The row of `query`, or null when there is none (a look-up by key); throws when there is more than one. */
export async function maybeRow<S extends z.ZodType>(db: Queryable, schema: S, query: SQLWrapper): Promise<z.output<S> | null> {
  const list = await rows(db, schema, query);
  if (list.length > 1) throw new Error(`expected at most one row, the statement gave ${list.length}`);
  return list[0] ?? null;
}

/**
 * The rows of `text` run as a named statement, each parsed by `schema`: each connection parses it once and PostgreSQL
 * keeps its plan after the fifth call, instead of planning it on every call. For a statement asked on many paths whose
 * planning costs more than its run (Safe Play's people read: 0.3-0.4 ms planning, 0.1 ms running). Its text is the
 * same for every call (lists as array parameters, never written into it), and it reads each row by key through a
 * lateral lookup kept per row (`offset 0`), so a plan made before the tables had statistics stays an index lookup
 * (the send verdict's lesson, app/safe-play/safe-play.server.ts). PostgreSQL keeps the plan only when it costs no more
 * than the calls' own plans did: a list's `unnest($1)` is costed at a hundred rows without its values, so a statement
 * asked with one or two ids is planned anew on every call; asked mostly with one or two, give them a statement of two
 * parameters (getSafetyPeople). pg_stat_statements shows which (`SAFE_PLAY_TIMING=1 npm run attack:safe-play`).
 */
export async function namedRows<S extends z.ZodType>(
  db: SqlExecutor,
  name: string,
  schema: S,
  text: string,
  params: unknown[],
): Promise<z.output<S>[]> {
  const result = await db._.session
    .prepareQuery<PreparedQueryConfig & { execute: { rows: unknown[] } }>({ sql: text, params }, undefined, name, false)
    .execute();
  return parseRows(schema, result.rows);
}
