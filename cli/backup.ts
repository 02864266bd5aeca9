// npm run backup [-- --out FILE]
// A consistent, compressed backup of the database and the generated secrets, into DATA_DIR/backups (keeping the
// newest BACKUP_KEEP) or FILE. Works while the site runs: it uses the running embedded database, or DATABASE_URL.
import { z } from "zod";
import { takeBackup } from "../server/backup";
import { ConfigError, loadConfig } from "../server/config";
import { connectEmbeddedPostgres } from "../server/embedded-postgres";
import { runCli } from "./run";

const ArgsSchema = z.union([z.tuple([]), z.tuple([z.literal("--out"), z.string().min(1, "--out needs a file name")])]);

async function main(argv: string[]) {
  const parsed = ArgsSchema.safeParse(argv);
  if (!parsed.success) throw new ConfigError("usage: npm run backup [-- --out FILE]");
  const out = parsed.data[1];
  const config = loadConfig();
  const database = config.databaseUrl ? { url: config.databaseUrl, stop: async () => {} } : await connectEmbeddedPostgres(config.dataDir);
  try {
    const r = await takeBackup({ databaseUrl: database.url, dataDir: config.dataDir, keep: config.backupKeep, out });
    console.log(
      `Backup written: ${r.file} (${r.tables} tables, ${(r.bytes / 1024).toFixed(1)} KB)${r.removed.length ? `; removed ${r.removed.length} older` : ""}`,
    );
  } finally {
    await database.stop();
  }
}

runCli(main);
