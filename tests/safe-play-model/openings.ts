// The attack's fixed openings, played and then copied (decision 0074, fourth pass). Three sequences of eight begin with
// "the season under way" (model.ts seasonUnderWay, and "reported": the same and the parent's report): the same steps
// with the same arguments on a fresh cast, so the rows they write are the same in every run but for the run's own ids
// and times. On each database (and after each emptying of its tables) an opening is:
//   1. played through the site's functions and checked after each of its steps (model.ts PrefixMark);
//   2. played again, checked after its last step, and recorded: every row of every table written since the set-up
//      (PostgreSQL's xmin; the cast included), with the oracle's account of the world after the last step's action;
//   3. played a third time and recorded again (when the two differ, the next play is compared with every record before
//      it, three mismatches at most). Ids found in both records (staff's, the open pages' own) are shared and kept;
//      every other id is the run's own. A row the runs share whose values differ between the records (the lead's mail
//      allowance, counted over the runs' reports) depends on the runs before, not on the opening: a copy leaves it as
//      it is. Only when the two records are otherwise the same but for the run's own ids, its tag, times and identity
//      columns, and every foreign key points to a row of the record or a shared id, may it be copied (OPENINGS_DEBUG=1
//      writes what differed to /tmp);
//   4. copied once in a transaction, the copy's rows recorded and compared with the second record: committed when the
//      same, else rolled back, the opening played then and ever after on this database.
// From then on a copy writes the recorded rows with new ids for the run's own, times moved to now, in one round trip and
// one transaction, with the database's triggers off for it (session_replication_role): the rows are what the site's
// functions and triggers wrote when the opening was played, so a trigger would write twice (payments, notices) or refuse
// the order (a coach not cleared added where a minor is). The oracle's account is set as it was; the checks after the
// opening's last step run as in a played run, and every later step is played through the site's functions. The
// teenager's opening mails an invitation: its token (in the oracle's account), the token's hash (family_invitations),
// the link sealed for its mail (mail_outbox, sealed to the mail's id) and the recipient's mail counter (rate_limits,
// keyed by the address hashed with the site's secret) are new in every play. Two records are compared with them masked,
// and a copy makes its own: a new token and its hash, the counter keyed by the run's own address, and the recorded link
// opened, given the new token and sealed again to the copy's mail (the outbox holds the link the copy's account knows).
// A sequence with no opening starts from the cast alone (its session, the parent with the child, the teenager): an
// opening of no steps ("cast"), recorded right after it is made and copied the same way (no check follows a cast).
import crypto from "node:crypto";
import { writeFileSync } from "node:fs";
import type pg from "pg";
import { openLink, sealLink } from "~/mail/one-time-link.server";
import { addressKey } from "~/models/rate-limit.server";
import { ADDRESSES, addressOf } from "./cast";
import type { World } from "./model";

/** Tables whose rows are the realtime server's or the open pages' own (sockets, sessions), not an opening's. */
const NOT_RECORDED = new Set(["realtime_sockets", "sessions", "__drizzle_migrations"]);
/** A sequence's start with no opening: the cast alone (an opening of no steps, recorded as soon as it is made). */
export const CAST = "cast";
/** Openings that are copied: all three, and the bare cast. */
export const COPIED = new Set(["season", "reported", "teen", CAST]);

type Row = Record<string, unknown>;
/**
 * What an opening wrote (rows by table) and the oracle's account after it, with the run's tag, the time it was recorded
 * and what is new in every play (secretsOf).
 */
export type Opening = { rows: Array<{ table: string; rows: Row[] }>; run: string; world: string; at: number; secrets: string[] };
type Schema = {
  /** Tables in an order their foreign keys allow. */
  order: string[];
  columns: Map<string, string[]>;
  identity: Map<string, Set<string>>;
  keys: Map<string, string[]>;
  /** Each table's columns that point to another row (a foreign key's). */
  references: Map<string, string[]>;
};
/** Per database: its schema, read once, and each opening's state. */
export type Openings = {
  schema?: Schema;
  byKind: Map<string, { recorded?: Opening; records?: Opening[]; shared?: Shared; mismatches?: number; verified?: boolean; failed?: boolean }>;
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** A time as json_agg writes a timestamp: to the second, a fraction of any length, a zone (none: a timestamp without). */
const TIME = /(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)?/g;

async function schemaOf(pool: pg.Pool): Promise<Schema> {
  const { rows: cols } = await pool.query<{ table_name: string; column_name: string; is_identity: string; is_generated: string }>(
    `select table_name, column_name, is_identity, is_generated from information_schema.columns
     where table_schema = 'public' and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
     order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  const identity = new Map<string, Set<string>>();
  for (const c of cols) {
    if (NOT_RECORDED.has(c.table_name)) continue;
    if (!columns.has(c.table_name)) {
      columns.set(c.table_name, []);
      identity.set(c.table_name, new Set());
    }
    if (c.is_generated !== "NEVER") continue;
    columns.get(c.table_name)!.push(c.column_name);
    if (c.is_identity === "YES") identity.get(c.table_name)!.add(c.column_name);
  }
  const { rows: constraints } = await pool.query<{ t: string; type: string; parent: string | null; cols: string[] }>(
    `select c.conrelid::regclass::text as t, c.contype as type, c.confrelid::regclass::text as parent,
       array_agg(a.attname::text order by a.attnum) as cols
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
     where c.contype in ('p', 'f') and n.nspname = 'public' group by c.oid, 1, 2, 3`,
  );
  const bare = (t: string | null) => (t ?? "").replaceAll('"', "");
  const keys = new Map(constraints.filter((c) => c.type === "p").map((c) => [bare(c.t), c.cols]));
  const references = new Map<string, string[]>();
  const fks = constraints.filter((c) => c.type === "f");
  for (const f of fks) references.set(bare(f.t), [...(references.get(bare(f.t)) ?? []), ...f.cols]);
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (order.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const f of fks) if (bare(f.t) === t && bare(f.parent) !== t) visit(bare(f.parent));
    order.push(t);
  };
  for (const t of columns.keys()) visit(t);
  return { order: order.filter((t) => columns.has(t)), columns, identity, keys, references };
}

/** The transaction id now: every row written after this (by a later transaction) has an xmin at least this. */
export async function xidNow(pool: pg.Pool) {
  const { rows } = await pool.query<{ x: string }>("select (txid_current() % 4294967296)::text as x");
  return Number(rows[0]!.x);
}

/** One statement reading every table's rows whose xmin passes `where` (e.g. `>= 1234`). */
function recordSql(schema: Schema, where: string) {
  return schema.order
    .map((t) => `select '${t}' as t, coalesce(json_agg(r), '[]') as rows from (select * from "${t}" where xmin::text::bigint ${where}) r`)
    .join(" union all ");
}

function recorded(schema: Schema, rows: Array<{ t: string; rows: Row[] }>, run: string, world: string, secret: string): Opening {
  const byTable = new Map(rows.map((r) => [r.t, r.rows]));
  const kept = schema.order.filter((t) => byTable.get(t)?.length).map((t) => ({ table: t, rows: byTable.get(t)! }));
  return { rows: kept, run, world, at: Date.now(), secrets: secretsOf(secret, run, world, kept) };
}

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
/** The invitation tokens in an opening's account of the world (the links its invitations mailed). */
const tokensOf = (world: string) => (JSON.parse(world) as { invitations: Array<{ token: string }> }).invitations.map((i) => i.token);
/** The mail counters' keys of a run's addresses (rate_limits' `mail:to:<address, hashed>`). */
const addressKeys = (secret: string, run: string) => ADDRESSES.map((a) => addressKey(secret, addressOf(a, run)));
/**
 * What is new in every play of an opening, besides its ids: its invitations' tokens and their hashes, the links sealed
 * for its mails, and its addresses' mail counters' keys.
 */
function secretsOf(secret: string, run: string, world: string, rows: Opening["rows"]) {
  const tokens = tokensOf(world);
  const sealed = (rows.find((t) => t.table === "mail_outbox")?.rows ?? []).map((r) => r.sealed_link).filter((l): l is string => !!l);
  return [...tokens, ...tokens.map(hashOf), ...sealed, ...addressKeys(secret, run)];
}
const masked = (text: string, secrets: string[]) => secrets.reduce((t, secret) => t.replaceAll(secret, "SECRET"), text);

/** Everything written since `xid` (inserted or updated), by table, and the oracle's account now. */
export async function record(w: World, openings: Openings, pool: pg.Pool, xid: number, world: string): Promise<Opening> {
  openings.schema ??= await schemaOf(pool);
  const { rows } = await pool.query<{ t: string; rows: Row[] }>(recordSql(openings.schema, `>= ${xid}`));
  return recorded(openings.schema, rows, w.run, world, w.site.context.secret);
}

/**
 * What the runs share, found by comparing two records: ids in both (staff's, the open pages' own; every other id is a
 * run's own), and rows the runs share whose values differ between the two (by table, their keys): a counter kept over
 * the runs (the lead's mail allowance, counted by every report), whose value depends on the runs before, not on the
 * opening. A copy leaves those as they are.
 */
export type Shared = { ids: ReadonlySet<string>; varying: ReadonlyMap<string, ReadonlySet<string>> };

const keyOf = (schema: Schema, table: string, r: Row) => JSON.stringify((schema.keys.get(table) ?? []).map((k) => r[k]));
/** A row's values as two records of the same opening are compared: the run's tag, times, identity columns and secrets aside. */
function normal(schema: Schema, o: Opening, table: string, r: Row) {
  const identity = schema.identity.get(table);
  return (
    masked(JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !identity?.has(k)))), o.secrets)
      .replaceAll(o.run, "RUN")
      .replace(TIME, "TIME")
      // A calendar part's times (iCalendar's LAST-MODIFIED: when the session's row was written).
      .replace(/\d{8}T\d{6}Z?/g, "TIME")
  );
}

/**
 * The second record of an opening against the first (see the top of this file): what the runs share when the two
 * wrote the same rows, left the same account, and point only to rows of the record or shared ones; else null.
 */
export function compareRecords(a: Opening, b: Opening, openings: Openings): Shared | null {
  const schema = openings.schema!;
  const inA = new Set(JSON.stringify(a).match(UUID));
  const ids = new Set([...new Set(JSON.stringify(b).match(UUID))].filter((id) => inA.has(id)));
  const varying = new Map<string, Set<string>>();
  for (const { table, rows } of a.rows) {
    const other = new Map((b.rows.find((t) => t.table === table)?.rows ?? []).map((r) => [keyOf(schema, table, r), r]));
    for (const r of rows) {
      const key = keyOf(schema, table, r);
      const same = other.get(key);
      if (schema.keys.get(table)?.length && same && normal(schema, a, table, r) !== normal(schema, b, table, same))
        varying.set(table, new Set([...(varying.get(table) ?? []), key]));
    }
  }
  const shared = { ids, varying };
  return sameOpening(a, b, openings, shared) && copyable(a, openings, shared) ? shared : null;
}

/** The record without the rows the runs share whose values depend on the runs before (Shared.varying). */
const withoutVarying = (schema: Schema, o: Opening["rows"], shared: Shared) =>
  o
    .map(({ table, rows }) => ({ table, rows: rows.filter((r) => !shared.varying.get(table)?.has(keyOf(schema, table, r))) }))
    .filter(({ rows }) => rows.length > 0);

/**
 * Whether a record may be copied: every id in a column that points to another row is the id of a row of the record or
 * a shared one (a copy would otherwise point to a row that is not there: its triggers and checks are off). A key that
 * is no id (a program's slug) is copied as it is, so it points to the row it pointed to.
 */
function copyable(o: Opening, openings: Openings, shared: Shared) {
  const { keys, references } = openings.schema!;
  const own = new Set<string>();
  for (const { table, rows } of o.rows) for (const r of rows) for (const k of keys.get(table) ?? []) own.add(String(r[k]));
  const pointsHome = (v: unknown) => (String(v).match(UUID) ?? []).every((id) => own.has(id) || shared.ids.has(id));
  const stray = o.rows.flatMap(({ table, rows }) =>
    rows.flatMap((r) => (references.get(table) ?? []).filter((c) => !pointsHome(r[c])).map((c) => `${table}.${c} ${String(r[c])}`)),
  );
  if (stray.length && process.env.OPENINGS_DEBUG) writeFileSync(`/tmp/opening-stray-${process.pid}.txt`, stray.join("\n"));
  return stray.length === 0;
}

/**
 * Whether two records of the same opening wrote the same rows and left the same account: the run's own ids named by
 * their first appearance, the run's tag, times and identity columns aside, and the rows whose values depend on the
 * runs before left out.
 */
function sameOpening(a: Opening, b: Opening, openings: Openings, shared: Shared) {
  const schema = openings.schema!;
  const canonical = (o: Opening) => {
    // Rows in an order of their own (the run's ids aside), those ids named by their first appearance, then the rows in
    // the order of their named text (rows that differ only in ids tie at first, and their order is the table's).
    const unnamed = (text: string) => text.replace(UUID, (id) => (shared.ids.has(id) ? id : "X"));
    const tables = withoutVarying(schema, o.rows, shared).map(({ table, rows }) => ({
      table,
      rows: rows.map((r) => normal(schema, o, table, r)).sort((x, y) => unnamed(x).localeCompare(unnamed(y))),
    }));
    const names = new Map<string, string>();
    const name = (text: string) =>
      text.replace(UUID, (id) => (shared.ids.has(id) ? id : (names.get(id) ?? (names.set(id, `id${names.size}`), `id${names.size - 1}`))));
    const named = tables.map(({ table, rows }) => ({ table, rows: rows.map(name) }));
    return JSON.stringify({
      rows: named.map(({ table, rows }) => ({ table, rows: rows.sort() })),
      world: name(masked(o.world, o.secrets).replaceAll(o.run, "RUN")),
    });
  };
  const [x, y] = [canonical(a), canonical(b)];
  // OPENINGS_DEBUG=1: both, as compared, where they differ (the opening is then played every time).
  if (x !== y && process.env.OPENINGS_DEBUG) {
    const n = crypto.randomBytes(3).toString("hex");
    writeFileSync(`/tmp/opening-a-${process.pid}-${n}.json`, x);
    writeFileSync(`/tmp/opening-b-${process.pid}-${n}.json`, y);
  }
  return x === y;
}

/** The record's text for this run: its own ids new, its tag this run's, its times moved on by `ms` (microseconds kept). */
function forRun(text: string, o: Opening, run: string, shared: Shared, ms: number) {
  const ids = new Map<string, string>();
  return text
    .replace(UUID, (id) => (shared.ids.has(id) ? id : (ids.get(id) ?? (ids.set(id, crypto.randomUUID()), ids.get(id)!))))
    .replaceAll(o.run, run)
    .replace(TIME, (_, second: string, fraction: string | undefined, zone: string | undefined) => {
      const digits = (fraction ?? "").padEnd(3, "0");
      const moved = new Date(Date.parse(`${second}.${digits.slice(0, 3)}${zone ?? "Z"}`) + ms).toISOString();
      return `${moved.slice(0, 23)}${digits.slice(3)}${zone ? "Z" : ""}`;
    });
}

/** The statements that write the rows (each table's in one insert), with the triggers off: one round trip. */
function insertSql(schema: Schema, rows: Opening["rows"]) {
  const { columns, identity, keys } = schema;
  let tag = "";
  const text = JSON.stringify(rows);
  do tag = `r${crypto.randomBytes(4).toString("hex")}`;
  while (text.includes(tag));
  const statements = rows.map(({ table, rows: r }) => {
    const cols = columns
      .get(table)!
      .map((c) => `"${c}"`)
      .join(", ");
    // Identity columns take the next value of their own sequence, as an insert by the site would.
    const overriding = identity.get(table)?.size ? " overriding user value" : "";
    // A row the runs share (staff's message allowance) is there already: it takes the recorded values.
    const key = keys.get(table) ?? [];
    const rest = columns.get(table)!.filter((c) => !key.includes(c) && !identity.get(table)?.has(c));
    const upsert = key.length
      ? ` on conflict (${key.map((c) => `"${c}"`).join(", ")}) do ${rest.length ? `update set ${rest.map((c) => `"${c}" = excluded."${c}"`).join(", ")}` : "nothing"}`
      : "";
    return `insert into "${table}" (${cols})${overriding} select ${cols} from json_populate_recordset(null::"${table}", $${tag}$${JSON.stringify(r)}$${tag}$::json)${upsert}`;
  });
  return `begin; set local session_replication_role = replica; ${statements.join("; ")};`;
}

/**
 * Writes the recorded opening for this run (see the top of this file) and answers the oracle's account for it, or null
 * when this first copy on the database did not write what the opening wrote (rolled back: the opening is played).
 */
export async function copy(w: World, openings: Openings, kind: string, pool: pg.Pool): Promise<string | null> {
  const state = openings.byKind.get(kind)!;
  const o = state.recorded!;
  const shared = state.shared!;
  const schema = openings.schema!;
  const rows = withoutVarying(schema, o.rows, shared);
  const secret = w.site.context.secret;
  // The copy's own invitation tokens and their hashes for the recorded ones, and its addresses' counters' keys.
  const tokens = new Map(tokensOf(o.world).map((t) => [t, crypto.randomBytes(32).toString("base64url")]));
  const keys = addressKeys(secret, w.run);
  const replaced = new Map([
    ...[...tokens].map(([old, token]) => [hashOf(old), hashOf(token)] as const),
    ...tokens,
    ...addressKeys(secret, o.run).map((key, i) => [key, keys[i]!] as const),
  ]);
  const text = [...replaced].reduce((t, [old, now]) => t.replaceAll(old, now), JSON.stringify({ rows, world: o.world }));
  const mine = JSON.parse(forRun(text, o, w.run, shared, Date.now() - o.at)) as Opening;
  // Each recorded mail's sealed link, opened, given the copy's tokens and sealed to the copy's mail.
  mine.rows.forEach(({ table, rows: copied }, i) => {
    if (table !== "mail_outbox") return;
    copied.forEach((r, j) => {
      const from = rows[i]!.rows[j]!;
      if (!from.sealed_link) return;
      const link = openLink(secret, String(from.id), String(from.sealed_link));
      if (link === null) throw new Error(`an opening's mail ${String(from.id)} has a link sealed under another secret`);
      r.sealed_link = sealLink(
        secret,
        String(r.id),
        [...tokens].reduce((l, [old, token]) => l.replaceAll(old, token), link),
      );
    });
  });
  const client = await pool.connect();
  try {
    if (state.verified) {
      await client.query(`${insertSql(schema, mine.rows)} commit`);
      return mine.world;
    }
    await client.query(insertSql(schema, mine.rows));
    const { rows: written } = await client.query<{ t: string; rows: Row[] }>(recordSql(schema, "= txid_current() % 4294967296"));
    // The same rows but for the secrets, and each mail's link opens, for this mail, to a link of the copy's own tokens.
    const mails = written.find((t) => t.t === "mail_outbox")?.rows ?? [];
    const linksHold = mails.every(
      (r) => !r.sealed_link || [...tokens.values()].some((t) => openLink(secret, String(r.id), String(r.sealed_link))?.includes(t)),
    );
    const same = linksHold && sameOpening(o, recorded(schema, written, w.run, mine.world, secret), openings, shared);
    await client.query(same ? "commit" : "rollback");
    if (same) state.verified = true;
    else state.failed = true;
    return same ? mine.world : null;
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
