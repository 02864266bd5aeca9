import crypto from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { runMigrations } from "./migrate";

/** A new, empty database for `fn`, dropped afterwards. */
async function withNewDatabase(fn: (url: string) => Promise<void>) {
  const admin = inject("pgAdminUrl");
  const name = `m_${crypto.randomBytes(5).toString("hex")}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await c.query(`drop database ${name} with (force)`);
    await c.end();
  }
}

describe("runMigrations", () => {
  it("applies each migration exactly once when several processes start at the same moment", async () => {
    await withNewDatabase(async (url) => {
      await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const applied = await db.query("select hash from drizzle.__drizzle_migrations");
      const tables = await db.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
      await db.end();
      const files = (await import("node:fs")).readdirSync(new URL("./migrations", import.meta.url)).filter((f) => f.endsWith(".sql"));
      expect(applied.rowCount).toBe(files.length);
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(files.length);
      expect(tables.rows[0].n).toBeGreaterThanOrEqual(11);
    });
  });

  it("leaves setting a conversation's updated_at (every message does) a HOT update: no new index entries", async () => {
    await withNewDatabase(async (url) => {
      await runMigrations(url);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const id = crypto.randomUUID();
      await db.query("insert into conversations (id) values ($1)", [id]);
      await db.query("begin");
      for (let i = 0; i < 5; i++) await db.query("update conversations set updated_at = clock_timestamp() where id = $1", [id]);
      const hot = await db.query("select pg_stat_get_xact_tuples_hot_updated('conversations'::regclass)::int as n");
      await db.query("commit");
      await db.end();
      expect(hot.rows[0].n).toBe(5);
    });
  });
});
