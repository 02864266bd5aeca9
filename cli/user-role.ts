// npm run user:role -- <email> <client|coach>
// Sets a user's role. Works while the site runs: it uses the running embedded database, or DATABASE_URL.
import { z } from "zod";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { updateUserRole } from "../app/models/users.server";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { runCli } from "./run";

const ArgsSchema = z.tuple([
  z.email({ error: "the first argument must be an email address" }),
  z.enum(["client", "coach"], { error: "the role must be client or coach" }),
]);

async function main(argv: string[]) {
  if (argv.length !== 2) throw new ConfigError("usage: npm run user:role -- <email> <client|coach>");
  const parsed = ArgsSchema.safeParse(argv);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message);
  const [email, role] = parsed.data;
  const config = loadConfig();
  const database = config.databaseUrl ? { url: config.databaseUrl, stop: async () => {} } : await connectEmbeddedPostgres(config.dataDir);
  const { db, pool } = createDb(database.url, 1);
  try {
    await runMigrations(database.url);
    const profile = await updateUserRole(db, email, role);
    if (!profile) throw new ConfigError(`no user with the email ${email}`);
    console.log(`${profile.email} (${profile.fullName ?? "no name"}) is now a ${profile.role}.`);
  } finally {
    await pool.end();
    await database.stop();
  }
}

runCli(main);
