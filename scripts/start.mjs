// `npm start`: build when needed, then run the production server in this process: the server as one bundled module
// (build/start/index.mjs, decision 0054), loaded by Node itself rather than compiled file by file at each start.
import { register, tsImport } from "tsx/esm/api";
import { pathToFileURL } from "node:url";
import { buildIfStale, SERVER_BUNDLE } from "./build-if-stale.mjs";

process.env.NODE_ENV ??= "production";
// A site already running on this data folder: refuse in one line before the build could replace its files. (tsx
// only for these two modules: the server itself is loaded without it.)
const { ConfigError, loadConfig } = await tsImport("../server/config.ts", import.meta.url);
const { DataFolderInUse, refuseIfSiteRunning } = await tsImport("../server/process-owner.ts", import.meta.url);
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
if (process.env.NODE_ENV === "production") {
  buildIfStale();
  await import(pathToFileURL(SERVER_BUNDLE).href);
} else {
  // Development (NODE_ENV=development npm start): the sources as they are, through Vite, as `npm run dev`.
  register();
  await import("../server/index.ts");
}
