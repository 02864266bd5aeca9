// The job queue alone in a process of its own, as a server runs it, for tests that kill it (server/queue-crash.test.ts).
// Reads DATABASE_URL and SMTP_URL; prints "queue ready" once it takes jobs; stops on SIGTERM, dies on SIGKILL.
import { createDb } from "../../db/client";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";
import { startQueue } from "../../server/queue";

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ ...process.env, DATA_DIR: "/nonexistent", NOTIFY_DELAY_SECONDS: "1" });
const secret = "queue-process-secret-queue-process-0123";
const { db, pool } = createDb(databaseUrl, 2);
const queue = await startQueue({ db, config, secret, auth: createAuth(db, config, secret) }, databaseUrl);
console.log("queue ready");
process.on("SIGTERM", () => {
  void queue
    .stop()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
