// A backup: one snapshot of every table of the public schema (found in the catalog, never listed by hand), read
// in ONE repeatable-read, read-only transaction, so it is consistent even while people write; plus the sequences,
// the number of migrations applied and the secrets kept in DATA_DIR. Written as gzip-compressed JSON lines, first
// to a .partial file, then renamed. Sessions, verifications and sealed links are left out (NOT_BACKED_UP below).
// See docs/decisions/0015-backups.md and 0025; restored by server/restore.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import pg from "pg";
import { z } from "zod";

export const BACKUP_FORMAT = "nlte-backup";
export const BACKUP_VERSION = 1;
const BATCH_ROWS = 500;
/** Files of DATA_DIR that belong to this copy of the database and must not travel with a backup. */
const NOT_SECRETS = new Set(["postgres-password", "DATABASE-MISSING"]);
const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * What a backup never carries, because it would let someone in (decision 0025): the sessions (a cookie issued
 * before a backup must not work after restoring it), pending verifications (reset and confirmation records,
 * sign-in state) and the outbox's sealed one-time links. The tables are written with no rows and the columns left
 * out, so a restore leaves them empty; server/restore.ts also empties them when an older backup carried them.
 */
export const NOT_BACKED_UP = {
  tables: new Set(["sessions", "verifications"]),
  columns: new Map([["mail_outbox", new Set(["sealed_link"])]]),
};

export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** How many migrations the database had: a restore applies as many, loads the rows, then applies the rest. */
  migrations: z.number().int().min(0),
  /** Files from DATA_DIR (the generated AUTH_SECRET), by name. */
  secrets: z.record(z.string().regex(/^[A-Za-z0-9._-]+$/), z.string()),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  tables: z.array(z.string()),
});
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

export const TableHeaderSchema = z.object({ table: z.string(), columns: z.array(z.string()).min(1), rows: z.number().int().min(0) });
export const BackupEndSchema = z.object({ end: z.literal(true), tables: z.number().int(), rows: z.number().int() });

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every ordinary table of the public schema, in an order where a referenced table comes before its referrers. */
export async function listTables(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by c.relname",
  );
  const { rows: refs } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const r of refs) parents.get(r.child)?.add(r.parent);
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string, trail: Set<string>) => {
    if (seen.has(name) || trail.has(name)) return;
    trail.add(name);
    for (const p of parents.get(name) ?? []) visit(p, trail);
    seen.add(name);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered;
}

/** The columns a backup carries: every stored column (generated ones are computed again on restore). */
export async function listColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = ('public.' || quote_ident($1))::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}

function readSecrets(dataDir: string | undefined): Record<string, string> {
  const secrets: Record<string, string> = {};
  if (!dataDir || !fs.existsSync(dataDir)) return secrets;
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isFile() || NOT_SECRETS.has(entry.name) || entry.name.startsWith(".")) continue;
    const file = path.join(dataDir, entry.name);
    if (fs.statSync(file).size > MAX_SECRET_FILE_BYTES) continue;
    secrets[entry.name] = fs.readFileSync(file, "utf8");
  }
  return secrets;
}

/** The lines of a backup, produced while the snapshot transaction is open. */
async function* backupLines(client: pg.ClientBase, dataDir: string | undefined): AsyncGenerator<string> {
  await client.query("begin isolation level repeatable read, read only");
  try {
    // The snapshot is taken by the first query of the transaction: everything below sees the same moment.
    const tables = await listTables(client);
    const { rows: migrated } = await client.query<{ n: number }>(
      "select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n",
    );
    const { rows: seqNames } = await client.query<{ name: string }>(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1",
    );
    const sequences: BackupHeader["sequences"] = [];
    for (const s of seqNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${quoteIdent(s.name)}`,
      );
      sequences.push({ name: s.name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations: migrated[0]!.n,
      secrets: readSecrets(dataDir),
      sequences,
      tables,
    };
    yield JSON.stringify(header) + "\n";
    let total = 0;
    for (const table of tables) {
      const leftOut = NOT_BACKED_UP.columns.get(table);
      const columns = (await listColumns(client, table)).filter((c) => !leftOut?.has(c));
      if (NOT_BACKED_UP.tables.has(table)) {
        yield JSON.stringify({ table, columns, rows: 0 }) + "\n";
        continue;
      }
      const { rows: count } = await client.query<{ n: string }>(`select count(*)::text as n from public.${quoteIdent(table)}`);
      yield JSON.stringify({ table, columns, rows: Number(count[0]!.n) }) + "\n";
      const list = columns.map(quoteIdent).join(", ");
      // Rows leave PostgreSQL as JSON text and are never parsed here: big numbers and bytes stay exact.
      await client.query(
        `declare backup_rows no scroll cursor for select row_to_json(r)::text as j from (select ${list} from public.${quoteIdent(table)}) r`,
      );
      for (;;) {
        const { rows } = await client.query<{ j: string }>(`fetch ${BATCH_ROWS} from backup_rows`);
        if (rows.length === 0) break;
        total += rows.length;
        yield rows.map((r) => r.j).join("\n") + "\n";
      }
      await client.query("close backup_rows");
    }
    yield JSON.stringify({ end: true, tables: tables.length, rows: total }) + "\n";
  } finally {
    await client.query("rollback").catch(() => undefined);
  }
}

export type BackupResult = { file: string; bytes: number; tables: number };

/** Writes a backup of the database at `databaseUrl` (and DATA_DIR's secrets) to `file`, atomically. */
export async function writeBackup(databaseUrl: string, dataDir: string | undefined, file: string): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${crypto.randomBytes(4).toString("hex")}.partial`;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "nlte-backup" });
  await client.connect();
  let tables = 0;
  try {
    const lines = backupLines(client, dataDir);
    const counted = (async function* () {
      for await (const line of lines) {
        if (line.startsWith('{"end":true')) tables = (JSON.parse(line) as { tables: number }).tables;
        yield line;
      }
    })();
    // Backups hold personal data (of minors too) and the signing secret: only the owner may read them.
    await pipeline(Readable.from(counted), zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { mode: 0o600 }));
    const fd = fs.openSync(partial, "r");
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end();
  }
  return { file, bytes: fs.statSync(file).size, tables };
}

const BACKUP_NAME = /^nlte-backup-\d{8}T\d{6}Z\.jsonl\.gz$/;

export function backupFileName(at = new Date()) {
  return `nlte-backup-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.jsonl.gz`;
}

/** Keeps the newest `keep` backups in `dir` (by name, which is the time it was taken); returns those removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const names = fs
    .readdirSync(dir)
    .filter((n) => BACKUP_NAME.test(n))
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const n of removed) fs.rmSync(path.join(dir, n), { force: true });
  return removed;
}

/**
 * What `npm run backup` and the daily job both do: a backup into DATA_DIR/backups (or `out`), then pruning to
 * BACKUP_KEEP when it went to the folder.
 */
export async function takeBackup(options: { databaseUrl: string; dataDir: string; keep: number; out?: string }) {
  const dir = path.join(options.dataDir, "backups");
  const file = options.out ? path.resolve(options.out) : path.join(dir, backupFileName());
  const result = await writeBackup(options.databaseUrl, options.dataDir, file);
  const removed = options.out ? [] : pruneBackups(dir, options.keep);
  return { ...result, removed };
}
