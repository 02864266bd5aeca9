// The Express app: security headers, the same-origin guard, compression, static files, the auth callback
// and the React Router request handler.
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import type { AppLoadContextValue, AppServices } from "./context";
import { bodyLimit } from "./body-limit";
import { requireSameOrigin, securityHeaders } from "./security";

export type BuildSource = { kind: "production"; build: ServerBuild; clientDir: string } | { kind: "vite"; middlewares: express.RequestHandler; load: () => Promise<ServerBuild> };

export function createHttpApp(services: AppServices, source: BuildSource) {
  const { config, auth } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(bodyLimit());
  app.use(securityHeaders(config));
  app.use(compression());
  app.use(requireSameOrigin(config));

  // Only the OAuth return path of Better Auth is reachable from outside; everything else goes through our
  // own loaders and actions, which validate input and apply the rate limits first.
  const authHandler = toNodeHandler(auth);
  app.all("/api/auth/callback/:provider", (req, res) => void authHandler(req, res));
  app.all("/api/auth/*splat", (_req, res) => void res.status(404).type("text/plain").send("Not found"));

  const getLoadContext = (req: Request, res: Response): AppLoadContextValue => ({
    ...services,
    cspNonce: String(res.locals.cspNonce ?? ""),
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
  });

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
    app.use(
      "/assets",
      express.static(path.join(source.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(source.clientDir, { maxAge: "1h", index: false }));
    app.all("*splat", createRequestHandler({ build: source.build, getLoadContext }));
  }
  return app;
}
