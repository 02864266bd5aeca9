import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export function createDb(databaseUrl: string, max = 10) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  // An idle connection that drops (database restart, network) must not crash the process.
  pool.on("error", (err) => console.error("database pool error:", err.message));
  const db = drizzle({ client: pool, schema });
  return { db, pool };
}

export type Db = ReturnType<typeof createDb>["db"];
