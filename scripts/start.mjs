// `npm start`: build when needed, then run the production server in this process.
import { register } from "tsx/esm/api";
import { buildIfStale } from "./build-if-stale.mjs";

process.env.NODE_ENV ??= "production";
register();
// A site already running on this data folder: refuse in one line before the build could replace its files.
const { ConfigError, loadConfig } = await import("../server/config.ts");
const { DataFolderInUse, refuseIfSiteRunning } = await import("../server/process-owner.ts");
try {
  const config = loadConfig();
  if (!config.databaseUrl) refuseIfSiteRunning(config.dataDir);
} catch (err) {
  if (err instanceof DataFolderInUse) {
    console.error(`Error: ${err.message}`);
    process.exit(1);
  }
  // A bad configuration is reported by the server below, with its one line.
  if (!(err instanceof ConfigError)) throw err;
}
if (process.env.NODE_ENV === "production") buildIfStale();
await import("../server/index.ts");
