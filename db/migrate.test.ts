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

describe("migration 0012 (households)", () => {
  it("turns the families linked before it into households that keep talking and wait for staff, one per family", async () => {
    await withNewDatabase(async (url) => {
      // The database as it was before 0012: the migrations up to 0011 only.
      const fs = await import("node:fs");
      const os = await import("node:os");
      const path = await import("node:path");
      const { migrationsFolder, runMigrationsFrom } = await import("./migrate");
      const before = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-migrations-"));
      try {
        const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
        const upTo = journal.entries.findIndex((e) => e.tag.startsWith("0012_"));
        fs.mkdirSync(path.join(before, "meta"));
        fs.writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
        for (const e of journal.entries.slice(0, upTo))
          fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
        await runMigrationsFrom(url, before);
      } finally {
        fs.rmSync(before, { recursive: true, force: true });
      }
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        // Two parents of two children, and a guardian of one child in another family.
        await db.query(`insert into users (id, email, full_name, role, client_kind, date_of_birth) values
          ('mum', 'mum@example.com', 'Mum', 'client', 'guardian', null), ('dad', 'dad@example.com', 'Dad', 'client', 'guardian', null),
          ('kid1', 'kid1@example.com', 'Kid One', 'client', 'athlete', '2012-01-01'), ('kid2', 'kid2@example.com', 'Kid Two', 'client', 'athlete', '2014-01-01'),
          ('other', 'other@example.com', 'Other', 'client', 'guardian', null), ('kid3', 'kid3@example.com', 'Kid Three', 'client', 'athlete', '2013-01-01')`);
        await db.query(
          `insert into guardian_links (athlete_id, guardian_id) values ('kid1', 'mum'), ('kid1', 'dad'), ('kid2', 'mum'), ('kid3', 'other')`,
        );
        await db.query("insert into safeguarding_log (actor_id, athlete_id, action) values ('mum', 'kid1', 'athlete added')");
        await runMigrations(url);
        const households = await db.query<{ confirmed_at: Date | null; linked_before_confirmation: boolean }>(
          "select confirmed_at, linked_before_confirmation from households",
        );
        expect(households.rows).toEqual([
          { confirmed_at: null, linked_before_confirmation: true },
          { confirmed_at: null, linked_before_confirmation: true },
        ]);
        const pairs = await db.query("select athlete_id, guardian_id from guardian_links order by 1, 2");
        expect(pairs.rows.map((r) => `${r.athlete_id}:${r.guardian_id}`)).toEqual(["kid1:dad", "kid1:mum", "kid2:dad", "kid2:mum", "kid3:other"]);
        // Every minor of before is protected from now on, and the log's names were filled in as they were.
        expect((await db.query("select id from users where minor_protection order by id")).rows.map((r) => r.id)).toEqual(["kid1", "kid2", "kid3"]);
        expect((await db.query("select actor_name, athlete_name from safeguarding_log")).rows).toEqual([
          { actor_name: "Mum", athlete_name: "Kid One" },
        ]);
      } finally {
        await db.end();
      }
    });
  });
});
