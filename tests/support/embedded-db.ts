// A throwaway PostgreSQL for tests: the same embedded server the app uses, in a temporary folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runMigrations } from "../../db/migrate";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";

/** `statementStatistics`: with pg_stat_statements loaded, counting planning too (the attack's SAFE_PLAY_TIMING). */
export async function startTestPostgres(options: { statementStatistics?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-test-db-"));
  const embedded = await startEmbeddedPostgres(dir, { throwaway: true, statementStatistics: options.statementStatistics === true });
  // The "app" database becomes the migrated template every test file copies.
  await runMigrations(embedded.url);
  const admin = new URL(embedded.url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query("alter database app is_template true");
  await client.end();
  return {
    adminUrl: admin.toString(),
    stop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
