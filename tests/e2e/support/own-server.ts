// A server of the file's own (decision 0034), for a file whose data must show on no other file's pages (the events,
// sessions or staff it adds) or that needs a setting the shared servers cannot change: started before the file's
// first test, stopped and its data folder removed after the last. Its mail goes to the shared sink
// (tests/e2e/support/mail.ts) and its test hooks are on, as on the shared servers.
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { startServer, type RunningServer } from "./server";

export function useOwnServer(env: Record<string, string> = {}): RunningServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startServer({
      env: { SIGNIN_LIMIT_PER_IP: "10000", SIGNUP_LIMIT_PER_IP: "10000", SMTP_URL: inject("mailSink").smtpUrl, TEST_HOOKS: "on", ...env },
    });
  });
  afterAll(async () => {
    await running?.stop();
    if (running) fs.rmSync(running.dataDir, { recursive: true, force: true });
  });
  return new Proxy({} as RunningServer, {
    get: (_target, key) => {
      if (!running) throw new Error("the file's own server starts in beforeAll: use it inside tests and hooks");
      return running[key as keyof RunningServer];
    },
  });
}
