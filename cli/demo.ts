// npm run demo [-- --force]
// Fills a fresh database with clearly marked demo content and prints the demo accounts' passwords. Uses the embedded
// database in DATA_DIR, or DATABASE_URL. Refuses a database with real accounts unless --force.
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { RealAccountsError, seedDemo } from "./demo-content";
import { runCli } from "./run";

async function main(argv: string[]) {
  const unknown = argv.filter((a) => a !== "--force");
  if (unknown.length) throw new ConfigError(`usage: npm run demo [-- --force] (unknown: ${unknown.join(" ")})`);
  const config = loadConfig();
  const database = config.databaseUrl ? { url: config.databaseUrl, stop: async () => {} } : await connectEmbeddedPostgres(config.dataDir);
  const { db, pool } = createDb(database.url, 2);
  try {
    await runMigrations(database.url);
    const logins = await seedDemo(db, config, { force: argv.includes("--force") });
    console.log("Demo content added: announcements, events, a cancellation tomorrow (see the home page banner) and two conversations.");
    console.log("Sign in with:");
    for (const l of logins) console.log(`  ${l.role.padEnd(7)} ${l.email.padEnd(36)} ${l.password}`);
  } finally {
    await pool.end();
    await database.stop();
  }
}

// Known refusals in one line; anything else with its stack.
runCli(main, (err) =>
  err instanceof ConfigError || err instanceof RealAccountsError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err),
);
