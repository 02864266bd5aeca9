// Each test file gets its own database, copied from the migrated template: tests never see each other's rows.
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDb } from "../../db/client";

export async function createTestDatabase() {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template app`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, pool } = createDb(url.toString(), 5);
  afterAll(async () => {
    await pool.end();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { db, pool, url: url.toString() };
}
