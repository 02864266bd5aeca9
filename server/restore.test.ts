// The backup and restore with an external database (DATABASE_URL): the same export, restored into an empty database.
// The embedded database's drill, with a running site and messages in flight, is tests/e2e/operations.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import zlib from "node:zlib";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../db/client";
import { createAuth } from "./auth";
import { writeBackup } from "./backup";
import { loadConfig } from "./config";
import { RestoreError, restoreBackup } from "./restore";

const adminUrl = inject("pgAdminUrl");
const created: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-restore-test-"));

async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function newDatabase(template: "app" | "template0") {
  const name = `r_${crypto.randomBytes(5).toString("hex")}`;
  await admin((c) => c.query(`create database ${name} template ${template}`));
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function contents(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: tables } = await c.query<{ t: string }>(
      "select relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace where nspname = 'public' and relkind = 'r' order by 1",
    );
    const out: Record<string, string[]> = {};
    for (const { t } of tables)
      out[t] = (await c.query<{ j: string }>(`select row_to_json(x)::text as j from public."${t}" x`)).rows.map((r) => r.j).sort();
    const seq = await c.query<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations");
    return { tables: out, migrations: seq.rows[0]!.n };
  } finally {
    await c.end();
  }
}

const pools: Array<{ end: () => Promise<void> }> = [];
function openDb(url: string) {
  const { db, pool } = createDb(url, 2);
  pools.push(pool);
  return db;
}

afterAll(async () => {
  for (const p of pools) await p.end();
  await admin(async (c) => {
    for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
  });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("backup and restore with DATABASE_URL", () => {
  it("restores every row into an empty database, and refuses a database that holds rows unless forced", async () => {
    const source = await newDatabase("app");
    const c = new pg.Client({ connectionString: source });
    await c.connect();
    await c.query(
      "insert into users (id, full_name, email, email_verified, role) values ('u1', 'Ada Parent', 'ada@example.com', true, 'client'), ('u2', 'Coach Lee', 'lee@example.com', true, 'coach')",
    );
    await c.query("insert into app_settings (key, value) values ('auth_secret', 'a-secret-of-forty-three-characters-xxxxxxx')");
    await c.query(
      "insert into testimonials (name, content, rating, approved, created_by) values ('Ada', 'Great \"coaches\"\\nand a new line', 5, true, 'u1')",
    );
    const { rows } = await c.query<{ id: string }>("insert into conversations (id) values (gen_random_uuid()) returning id");
    await c.query(
      "insert into attachments (conversation_id, uploader_id, file_name, mime_type, size, data) values ($1, 'u1', 'a.bin', 'application/octet-stream', 3, '\\x00ff10')",
      [rows[0]!.id],
    );
    // Safe Play's tables (a date of birth is a date, not an instant: it must come back as the same day).
    await c.query(
      "insert into users (id, full_name, email, role, client_kind, date_of_birth) values ('u3', 'Sam Athlete', 'sam@example.com', 'client', 'athlete', '2011-02-28')",
    );
    await c.query(
      "with h as (insert into households (confirmed_at, confirmed_how) values (now(), 'met at the drill') returning id) insert into household_members (household_id, user_id, role) select id, 'u3', 'athlete' from h union all select id, 'u1', 'guardian' from h",
    );
    await c.query(
      "insert into family_invitations (kind, athlete_id, inviter_id, email, token_hash, expires_at) values ('guardian', 'u3', 'u3', 'ada@example.com', 'hash', now() + interval '14 days')",
    );
    await c.query("insert into safeguarding_log (actor_id, athlete_id, action, detail) values ('u1', 'u3', 'guardian linked', 'Ada Parent')");
    const message = await c.query<{ id: string }>(
      "insert into messages (conversation_id, sender_id, content) values ($1, 'u2', 'Practice at 4') returning id",
      [rows[0]!.id],
    );
    await c.query("insert into message_reports (message_id, conversation_id, reporter_id, reason) values ($1, $2, 'u1', 'Drill report')", [
      message.rows[0]!.id,
      rows[0]!.id,
    ]);
    await c.end();
    const before = await contents(source);

    const file = path.join(tmp, "external.jsonl.gz");
    const written = await writeBackup(source, undefined, file);
    expect(written.tables).toBe(Object.keys(before.tables).length);

    const target = await newDatabase("template0");
    const restored = await restoreBackup(file, target, { force: false });
    expect(restored.rows).toBe(Object.values(before.tables).reduce((n, r) => n + r.length, 0));
    expect(await contents(target)).toEqual(before);

    await expect(restoreBackup(file, target, { force: false })).rejects.toThrow(
      new RestoreError("the database is not empty: restoring would replace what it holds; add --force to do so"),
    );
    await restoreBackup(file, target, { force: true });
    expect(await contents(target)).toEqual(before);
  });

  it("a restored backup accepts no session cookie issued before it was taken, also from a backup that carried sessions", async () => {
    const secret = "restore-sessions-secret-restore-sessions-0";
    const config = loadConfig({ PUBLIC_URL: "http://localhost:3997", DATA_DIR: "/nonexistent" });
    const source = await newDatabase("app");
    const sourceDb = openDb(source);
    const auth = createAuth(sourceDb, config, secret);
    const email = `kim-${crypto.randomBytes(4).toString("hex")}@example.com`;
    await auth.api.signUpEmail({
      body: { email, password: "secret12", name: "Kim Keeper", clientKind: "guardian", dateOfBirth: "1980-01-01", kindAnswered: true },
    });
    const signedIn = await auth.api.signInEmail({ body: { email, password: "secret12" }, returnHeaders: true });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    const sessionOn = (a: typeof auth) => a.api.getSession({ headers: new Headers({ cookie }) });
    expect((await sessionOn(auth))?.user.email).toBe(email);

    const file = path.join(tmp, "sessions.jsonl.gz");
    await writeBackup(source, undefined, file);
    const target = await newDatabase("template0");
    await restoreBackup(file, target, { force: false });
    const targetDb = openDb(target);
    const restoredAuth = createAuth(targetDb, config, secret);
    expect(await sessionOn(restoredAuth)).toBeNull();
    // The account is there: its owner signs in again.
    expect((await restoredAuth.api.signInEmail({ body: { email, password: "secret12" } })).user.email).toBe(email);

    // A backup made before decision 0025 carried the sessions table: restoring it still ends every session.
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").trimEnd().split("\n");
    const at = lines.findIndex((l) => l.startsWith('{"table":"sessions"'));
    const header = JSON.parse(lines[at]!) as { table: string; columns: string[]; rows: number };
    const c = new pg.Client({ connectionString: source });
    await c.connect();
    const { rows } = await c.query<{ j: string }>(
      `select row_to_json(r)::text as j from (select ${header.columns.map((n) => `"${n}"`).join(", ")} from sessions) r`,
    );
    await c.end();
    expect(rows).toHaveLength(1);
    const end = JSON.parse(lines.at(-1)!) as { end: true; tables: number; rows: number };
    const older = [...lines.slice(0, at), JSON.stringify({ ...header, rows: 1 }), rows[0]!.j, ...lines.slice(at + 1, -1)];
    older.push(JSON.stringify({ ...end, rows: end.rows + 1 }));
    const olderFile = path.join(tmp, "sessions-older.jsonl.gz");
    fs.writeFileSync(olderFile, zlib.gzipSync(older.join("\n") + "\n"));
    const olderTarget = await newDatabase("template0");
    await restoreBackup(olderFile, olderTarget, { force: false });
    expect(await sessionOn(createAuth(openDb(olderTarget), config, secret))).toBeNull();
    expect((await contents(olderTarget)).tables.sessions).toEqual([]);
  });
});
