// npm run mail:outbox [-- <how many>]
// The latest mail the site queued (recipient, subject, text with its links), oldest of them first. With no
// SMTP_URL this is how an operator trying the site follows a password reset link. Works while the site runs.
// One-time links are kept sealed in the outbox (decision 0025): opened here with the site's secret while they work.
import { z } from "zod";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { getLatestMail, LINK_GONE_ERROR } from "../app/mail/index.server";
import { resolveAuthSecret } from "../server/auth";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { runCli } from "./run";

async function main(argv: string[]) {
  const count = z.coerce.number().int().min(1).max(100).default(5).safeParse(argv[0]);
  if (!count.success) throw new ConfigError("usage: npm run mail:outbox [-- <how many, 1 to 100>]");
  const config = loadConfig();
  const database = config.databaseUrl ? { url: config.databaseUrl, stop: async () => {} } : await connectEmbeddedPostgres(config.dataDir);
  const { db, pool } = createDb(database.url, 1);
  try {
    await runMigrations(database.url);
    const rows = await getLatestMail(db, await resolveAuthSecret(config, db), count.data);
    if (rows.length === 0) console.log("The outbox is empty.");
    for (const m of rows.reverse()) {
      const state = m.sentAt
        ? `sent ${m.sentAt.toISOString()}`
        : m.lastError === LINK_GONE_ERROR
          ? LINK_GONE_ERROR
          : m.lastError
            ? `not sent yet: ${m.lastError}`
            : "in the outbox, not sent";
      console.log(`──── ${m.createdAt.toISOString()} · ${m.kind} · ${state}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`);
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

runCli(main);
