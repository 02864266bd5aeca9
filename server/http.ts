// The Express app: security headers, the same-origin guard, compression, static files, the auth callback
// and the React Router request handler.
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express, { type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { builtAssets, publicFiles } from "./assets";
import type { AppLoadContextValue, AppServices } from "./context";
import { mountHealth, type Readiness } from "./health";
import { createPageCache, type PageCache } from "./page-cache";
import { requestLog } from "./request-log";
import { bodyLimit } from "./body-limit";
import { compressAnswers } from "./compression";
import { languages } from "./languages";
import { builtFileHeaders, requireSameOrigin, securityHeaders } from "./security";
import { mountTestHooks } from "./test-hooks";

export type BuildSource =
  | { kind: "production"; build: ServerBuild; clientDir: string }
  | { kind: "vite"; middlewares: express.RequestHandler; load: () => Promise<ServerBuild> };

/** The header Better Auth reads the caller's address from: set here from req.ip, never taken from the caller. */
export const CLIENT_IP_HEADER = "x-nlte-client-ip";

export type HttpOptions = { readiness: () => Promise<Readiness>; log?: boolean };

export function createHttpApp(services: AppServices, source: BuildSource, options: HttpOptions) {
  const { config, auth } = services;
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses (TRUST_PROXY): a forged X-Forwarded-For from a visitor is never believed.
  app.set("trust proxy", config.trustProxy);
  const getLoadContext = (req: Request, res: Response): AppLoadContextValue => ({
    ...services,
    cspNonce: String(res.locals.cspNonce ?? ""),
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    requestScope: {},
  });

  if (options.log) app.use(requestLog());
  mountHealth(app, options.readiness);
  // The built files first (server/assets.ts): the same for every visitor and language, so none of what follows is
  // theirs to pay for. They carry every answer's security headers, and a fixed policy (no nonce: they run no page).
  if (source.kind === "production") app.use("/assets", builtAssets(path.join(source.clientDir, "assets"), builtFileHeaders(config)));
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(bodyLimit());
  // Every request answers in its address's language; a browser that chose Spanish is sent to the Spanish address.
  app.use(languages());
  // A visitor's stored page is answered here, with no further work (see server/page-cache.ts).
  const pageCache: PageCache | null = source.kind === "production" ? createPageCache(config, source.build, getLoadContext) : null;
  // 404 unless the server was started with TEST_HOOKS=on by the test harness (decision 0034).
  mountTestHooks(app, services, () => pageCache?.clear());
  if (pageCache) app.use(pageCache.hits);
  app.use(securityHeaders(config));
  // The site's one compression setting (server/compression.ts).
  app.use(compressAnswers());
  app.use(requireSameOrigin(config));

  // Only the OAuth return path of Better Auth is reachable from outside; everything else goes through our
  // own loaders and actions, which validate input and apply the rate limits first.
  const authHandler = toNodeHandler(auth);
  app.all("/api/auth/callback/:provider", (req, res) => void authHandler(req, res));
  app.all("/api/auth/*splat", (_req, res) => void res.status(404).type("text/plain").send("Not found"));

  if (source.kind === "vite") {
    app.use(source.middlewares);
    app.all("*splat", async (req, res, next) => {
      try {
        const build = await source.load();
        return createRequestHandler({ build, getLoadContext })(req, res, next);
      } catch (err) {
        next(err);
      }
    });
  } else {
    app.use(publicFiles(source.clientDir));
    if (pageCache) app.use(pageCache.middleware);
    app.all("*splat", createRequestHandler({ build: source.build, getLoadContext }));
  }
  return { app, pageCache };
}
