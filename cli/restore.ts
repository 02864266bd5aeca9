// npm run restore -- FILE [--force]
// Restores a backup into an empty data folder (DATA_DIR) or an empty database (DATABASE_URL); a database that
// holds anything is refused unless --force. Stop the site first.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigError, loadConfig } from "../server/config";
import { MISSING_MARKER, isPostmasterRunning, startEmbeddedPostgres } from "../server/embedded-postgres";
import { RestoreError, readBackupHeader, restoreBackup } from "../server/restore";
import { runCli } from "./run";

const ArgsSchema = z
  .array(z.string())
  .refine((a) => a.filter((x) => x !== "--force").length === 1 && a.every((x) => x === "--force" || !x.startsWith("--")));

async function main(argv: string[]) {
  if (!ArgsSchema.safeParse(argv).success) throw new ConfigError("usage: npm run restore -- FILE [--force]");
  const force = argv.includes("--force");
  const file = path.resolve(argv.find((a) => a !== "--force")!);
  const config = loadConfig();
  const header = await readBackupHeader(file);
  let database: { url: string; stop: () => Promise<void> };
  if (config.databaseUrl) {
    database = { url: config.databaseUrl, stop: async () => {} };
  } else {
    if (isPostmasterRunning(config.dataDir)) throw new RestoreError(`the site (or its database) is running on ${config.dataDir}: stop it first`);
    database = await startEmbeddedPostgres(config.dataDir, { restoring: true });
  }
  try {
    const r = await restoreBackup(file, database.url, { force });
    if (!config.databaseUrl) {
      for (const [name, content] of Object.entries(r.secrets)) {
        const target = path.join(config.dataDir, name);
        if (fs.existsSync(target) && fs.readFileSync(target, "utf8") !== content && !force) {
          console.warn(`Kept ${target}: it differs from the backup's (add --force to replace it)`);
          continue;
        }
        fs.writeFileSync(target, content, { mode: 0o600 });
      }
      fs.rmSync(path.join(config.dataDir, MISSING_MARKER), { force: true });
    }
    console.log(`Restored ${file} (taken ${header.createdAt}): ${r.tables} tables, ${r.rows} rows.`);
  } finally {
    await database.stop();
  }
}

runCli(main);
