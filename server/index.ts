// The one Node process: configuration, database (embedded or external), migrations, auth, HTTP and WebSocket.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createDb } from "../db/client";
import { projectRoot, runMigrations } from "../db/migrate";
import { createAuth, resolveAuthSecret } from "./auth";
import { ConfigError, loadConfig } from "./config";
import { listenForContentChanges } from "./content-changes";
import { startEmbeddedPostgres, watchDatabaseFolder } from "./embedded-postgres";
import { createReadinessCheck } from "./health";
import { claimDataFolder } from "./process-owner";
import { createHttpApp, type BuildSource } from "./http";
import { startQueue } from "./queue";
import { attachRealtime } from "./realtime/index";
import { logUpgrade } from "./request-log";

/** A stop (SIGTERM) must be over within 10 s: requests still running after this are cut. */
const STOP_GRACE_MS = 7_000;
/** WebSocket close code "Service Restart": the browser reconnects (to this process when back, or another). */
const RECONNECT_CLOSE_CODE = 1012;

const root = projectRoot;

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

function describeDbError(url: string, err: unknown) {
  const u = new URL(url);
  const msg = err instanceof Error ? err.message || (err as NodeJS.ErrnoException).code : String(err);
  return `cannot reach the database at ${u.hostname}:${u.port || 5432}${u.pathname}: ${msg}`;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const cleanups: Array<() => Promise<unknown>> = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    stopping = true;
    for (const c of cleanups.reverse()) await c().catch((e) => console.error("shutdown:", e));
    process.exit(code);
  };
  // embedded-postgres registers async-exit-hook, which on these signals stops the database at once and then exits
  // with 128 + the signal's number: that raced the stop below (requests in flight lost their database, the exit
  // code was 143). This process owns its stop, from the first moment: a signal during start-up stops what has started.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return;
      console.log(`${signal} received: stopping`);
      void shutdown(0);
    });
  }

  let databaseUrl = config.databaseUrl;
  let databaseDir: string | undefined;
  if (!databaseUrl) {
    try {
      // One site per data folder with the embedded database: a second start refuses before it touches anything.
      claimDataFolder(config.dataDir);
      const embedded = await startEmbeddedPostgres(config.dataDir, { throwaway: config.testDatabaseThrowaway });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
      databaseDir = embedded.databaseDir;
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    }
    // The folder deleted or made unreadable under a running site: stop with one line rather than serve errors.
    const watch = watchDatabaseFolder(config.dataDir, (message) => {
      if (stopping) return;
      console.error(`Error: ${message}`);
      void shutdown(1);
    });
    cleanups.push(async () => watch.stop());
  }

  try {
    await runMigrations(databaseUrl);
  } catch (err) {
    console.error(`Error: ${describeDbError(databaseUrl, err)}`);
    await shutdown(1);
  }
  const { db, pool } = createDb(databaseUrl);
  cleanups.push(() => pool.end());
  const secret = await resolveAuthSecret(config, db);
  const auth = createAuth(db, config, secret);
  const services = { db, auth, config, secret };
  const queue = await startQueue(services, databaseUrl);
  cleanups.push(() => queue.stop());
  const readiness = createReadinessCheck(pool, { databaseDir, isStopping: () => stopping });

  const server = http.createServer();
  let source: BuildSource;
  if (config.isProduction) {
    const buildFile = path.join(root, "build/server/index.js");
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    source = { kind: "production", build, clientDir: path.join(root, "build/client") };
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      root,
      server: { middlewareMode: true, hmr: { server } },
    });
    cleanups.push(() => devServer.close());
    source = {
      kind: "vite",
      middlewares: devServer.middlewares,
      load: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  }
  const { app, pageCache } = createHttpApp(services, source, { readiness, log: config.isProduction });
  server.on("request", app);
  // A WebSocket upgrade never reaches Express: the request log gets its line here.
  if (config.isProduction) server.on("upgrade", (req: http.IncomingMessage) => logUpgrade(req));
  const realtime = attachRealtime(server, services, databaseUrl);
  await realtime.ready;
  if (pageCache) {
    const contentListener = listenForContentChanges(databaseUrl, { onChange: pageCache.clear, onListening: pageCache.setListening });
    cleanups.push(() => contentListener.close());
    await contentListener.ready;
  }

  server.on("error", async (err: NodeJS.ErrnoException) => {
    if (err.code === "EADDRINUSE") console.error(`Error: port ${config.port} is already in use; set PORT to a free port`);
    else if (err.code === "EACCES") console.error(`Error: no permission to listen on port ${config.port}`);
    else console.error(`Error: ${err.message}`);
    await shutdown(1);
  });
  server.listen(config.port, config.host, () => {
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : config.port;
    if (config.safePlay.clockFixed) console.warn("SAFE_PLAY_NOW is set: Safe Play's clock (ages, quiet hours) is fixed. Tests and drills only.");
    console.log(
      `Site ready at ${config.publicUrlConfigured ? config.publicUrl : `http://localhost:${port}`} (listening on ${config.host}:${port}, ${config.databaseUrl ? "external" : "embedded"} database)`,
    );
  });
  // A stop: take no new connections, let requests in flight finish (cut after STOP_GRACE_MS), tell every
  // browser's socket to reconnect, then the database connections and the embedded database (cleanups run in reverse).
  cleanups.push(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await realtime.close(RECONNECT_CLOSE_CODE);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
    await closed;
    clearInterval(idle);
    clearTimeout(cut);
  });
}

main().catch((err) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
