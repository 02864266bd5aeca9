// Restores a backup written by server/backup.ts into an empty database: the migrations the backup had, then the
// rows of every table (in dependency order), the sequences, then the newer migrations of this code. Refuses a
// database that is not empty unless forced. No session or pending verification survives it (decision 0025). See
// docs/decisions/0015-backups.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import pg from "pg";
import { migrationsFolder, runMigrations, runMigrationsFrom } from "../db/migrate";
import {
  BackupEndSchema,
  BackupHeaderSchema,
  NOT_BACKED_UP,
  TableHeaderSchema,
  listColumns,
  listTables,
  quoteIdent,
  type BackupHeader,
} from "./backup";

export class RestoreError extends Error {}

const BATCH_ROWS = 500;

/** The lines of a backup file, one at a time (the file may be larger than memory). */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) yield line;
}

function parseLine<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  line: string | undefined,
  what: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(line ?? "");
  } catch {
    throw new RestoreError(`this is not a complete backup (${what} unreadable)`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RestoreError(`this is not a complete backup (${what} unexpected)`);
  return parsed.data;
}

/** Reads and checks the first line of a backup without touching any database. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  if (!fs.existsSync(file)) throw new RestoreError(`no such file: ${file}`);
  try {
    for await (const line of readLines(file)) return parseLine(BackupHeaderSchema, line, "header");
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    throw new RestoreError(`this is not a backup of this site (${err instanceof Error ? err.message : String(err)})`);
  }
  throw new RestoreError("the backup file is empty");
}

function journalLength(folder: string): number {
  return (JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
}

/** A copy of the migrations folder that stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-restore-migrations-"));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** True when the database has none of our tables, or only tables without a row. */
export async function isDatabaseEmpty(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'S')",
  );
  if (rows[0]!.n === 0) return true;
  for (const table of await listTables(client)) {
    const { rowCount } = await client.query(`select 1 from public.${quoteIdent(table)} limit 1`);
    if (rowCount) return false;
  }
  return true;
}

export type RestoreResult = { tables: number; rows: number; secrets: Record<string, string>; createdAt: string };

/** Restores `file` into the database at `databaseUrl`. The secrets are returned for the caller to place. */
export async function restoreBackup(file: string, databaseUrl: string, options: { force: boolean }): Promise<RestoreResult> {
  const header = await readBackupHeader(file);
  const ours = journalLength(migrationsFolder);
  if (header.migrations > ours) {
    throw new RestoreError(
      `the backup was made by a newer version of the site (${header.migrations} migrations, this one has ${ours}): restore it with that version`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "nlte-restore" });
  await client.connect();
  try {
    if (!(await isDatabaseEmpty(client))) {
      if (!options.force) throw new RestoreError("the database is not empty: restoring would replace what it holds; add --force to do so");
    }
    // Start from nothing: the schemas the migrations make are made again below.
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    const partial = migrationsUpTo(header.migrations);
    try {
      await runMigrationsFrom(databaseUrl, partial);
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }

    let tables = 0;
    let rows = 0;
    await client.query("begin");
    // Rows go in as they were: no triggers, no foreign-key checks while loading, when the role may do so.
    await client.query("savepoint replica");
    try {
      await client.query("set local session_replication_role = replica");
    } catch {
      await client.query("rollback to savepoint replica");
    }
    const existing = new Set(await listTables(client));
    for (const table of existing) await client.query(`truncate public.${quoteIdent(table)} cascade`);

    const lines = readLines(file);
    await lines.next(); // the header, read above
    let current: { table: string; columns: string[]; left: number } | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const list = current.columns.map(quoteIdent).join(", ");
      const target = `public.${quoteIdent(current.table)}`;
      await client.query(
        `insert into ${target} (${list}) overriding system value select ${list} from json_populate_recordset(null::${target}, $1::json)`,
        [`[${batch.join(",")}]`],
      );
      rows += batch.length;
      batch = [];
    };
    let ended = false;
    for await (const line of lines) {
      if (current && current.left > 0) {
        batch.push(line);
        current.left--;
        if (batch.length >= BATCH_ROWS) await flush();
        continue;
      }
      await flush();
      if (line.startsWith('{"end":true')) {
        const end = parseLine(BackupEndSchema, line, "end");
        if (end.rows !== rows || end.tables !== tables) throw new RestoreError("this backup is incomplete: its rows do not add up");
        ended = true;
        break;
      }
      const t = parseLine(TableHeaderSchema, line, "table");
      if (!existing.has(t.table)) throw new RestoreError(`the backup has a table this version does not know: ${t.table}`);
      const known = new Set(await listColumns(client, t.table));
      const unknown = t.columns.filter((c) => !known.has(c));
      if (unknown.length) throw new RestoreError(`the backup's table ${t.table} has columns this version does not know: ${unknown.join(", ")}`);
      current = { table: t.table, columns: t.columns, left: t.rows };
      tables++;
    }
    if (!ended) throw new RestoreError("this backup is incomplete: it stops before its end");
    // Backups made before decision 0025 carried sessions, verifications and links: none of them works after a
    // restore. Everyone signs in again; a pending reset or confirmation link is asked for again.
    for (const table of NOT_BACKED_UP.tables) if (existing.has(table)) await client.query(`delete from public.${quoteIdent(table)}`);
    for (const [table, columns] of NOT_BACKED_UP.columns) {
      if (!existing.has(table)) continue;
      const known = new Set(await listColumns(client, table));
      const set = [...columns].filter((c) => known.has(c)).map((c) => `${quoteIdent(c)} = null`);
      if (set.length) await client.query(`update public.${quoteIdent(table)} set ${set.join(", ")}`);
    }
    for (const s of header.sequences) {
      await client.query("select setval($1::regclass, $2::bigint, $3)", [`public.${quoteIdent(s.name)}`, s.lastValue, s.isCalled]);
    }
    await client.query("commit");
    // Whatever came after the backup's version of the site is applied to its rows now.
    await runMigrations(databaseUrl);
    return { tables, rows, secrets: header.secrets, createdAt: header.createdAt };
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
