// For load balancers and the operator: /healthz answers while the process runs; /readyz only when the database
// answers, every migration is applied, the embedded database's folder is still there, and the process is not
// stopping (so a balancer drains it before it goes).
import fs from "node:fs";
import path from "node:path";
import type { Request, Response, Router } from "express";
import type pg from "pg";
import { migrationsFolder } from "../db/migrate";

export type Readiness = { ready: true } | { ready: false; reason: string };

function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export function createReadinessCheck(pool: pg.Pool, options: { databaseDir?: string; isStopping: () => boolean }) {
  const expected = expectedMigrations();
  return async (): Promise<Readiness> => {
    if (options.isStopping()) return { ready: false, reason: "stopping" };
    if (options.databaseDir && !fs.existsSync(path.join(options.databaseDir, "PG_VERSION"))) {
      return { ready: false, reason: "the database folder is missing" };
    }
    try {
      const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      if ((rows[0]?.n ?? 0) < expected) return { ready: false, reason: "migrations not applied" };
      return { ready: true };
    } catch {
      return { ready: false, reason: "the database does not answer" };
    }
  };
}

export function mountHealth(app: Router, readiness: () => Promise<Readiness>) {
  const noStore = (res: Response) => res.setHeader("Cache-Control", "no-store").type("application/json");
  app.get("/healthz", (_req: Request, res: Response) => void noStore(res).send('{"status":"ok"}'));
  app.get("/readyz", async (_req: Request, res: Response) => {
    const r = await readiness();
    noStore(res)
      .status(r.ready ? 200 : 503)
      .send(JSON.stringify(r.ready ? { status: "ready" } : { status: "unavailable", reason: r.reason }));
  });
}
