// The one Node process: configuration, database (embedded or external), migrations, auth, HTTP and WebSocket.
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createAuth, resolveAuthSecret } from "./auth";
import { ConfigError, loadConfig } from "./config";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { createHttpApp, type BuildSource } from "./http";
import { attachRealtime } from "./realtime/index";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    try {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    }
  }

  const shutdown = async (code: number) => {
    for (const c of cleanups.reverse()) await c().catch((e) => console.error("shutdown:", e));
    process.exit(code);
  };

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
  server.on("request", createHttpApp(services, source));
  const realtime = attachRealtime(server, services, databaseUrl);
  await realtime.ready;

  server.on("error", async (err: NodeJS.ErrnoException) => {
    if (err.code === "EADDRINUSE") console.error(`Error: port ${config.port} is already in use; set PORT to a free port`);
    else if (err.code === "EACCES") console.error(`Error: no permission to listen on port ${config.port}`);
    else console.error(`Error: ${err.message}`);
    await shutdown(1);
  });
  server.listen(config.port, config.host, () => {
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : config.port;
    console.log(`Site ready at ${config.publicUrlConfigured ? config.publicUrl : `http://localhost:${port}`} (listening on ${config.host}:${port}, ${config.databaseUrl ? "external" : "embedded"} database)`);
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  // Runs before the HTTP server's close above (cleanups run in reverse): open sockets would keep it waiting.
  cleanups.push(() => realtime.close());

  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: stopping`);
      void shutdown(0);
    });
  }
}

main().catch((err) => {
  console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
