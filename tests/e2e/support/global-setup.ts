// Builds the site once (when stale), makes the data folder the servers start from, starts the shared mail sink, one
// shared server per test worker and one server started as production is (decision 0034; tests/e2e/support/shared-server.ts).
import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { startMailSink } from "./mail";
import { prepareDataTemplate, startServer } from "./server";
import { AXE_CLEAN_VARIABLE, E2E_WORKERS } from "./workers";

/** The shared servers' settings: every test signs in from 127.0.0.1 (the per-address limits are tested with
 * limits of their own), and their devices subscribe at the loopback push service (tests/support/push-service.ts). */
export const SHARED_SERVER_ENV = {
  SIGNIN_LIMIT_PER_IP: "10000",
  SIGNUP_LIMIT_PER_IP: "10000",
  PUSH_SERVICE_HOSTS: "fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com,localhost",
  TEST_HOOKS: "on",
};

export default async function setup(project: TestProject) {
  buildIfStale({ quiet: true });
  const axeClean = process.env[AXE_CLEAN_VARIABLE];
  if (axeClean) fs.mkdirSync(axeClean, { recursive: true });
  const [mail, template] = await Promise.all([startMailSink(), prepareDataTemplate()]);
  const [plain, ...servers] = await Promise.all([
    // As production starts: no test hooks, and no SMTP_URL (mail stays in the outbox).
    startServer({ env: { SIGNIN_LIMIT_PER_IP: "10000", SIGNUP_LIMIT_PER_IP: "10000" } }),
    ...Array.from({ length: E2E_WORKERS }, () => startServer({ env: { ...SHARED_SERVER_ENV, SMTP_URL: mail.smtpUrl } })),
  ]);
  project.provide("mailSink", { smtpUrl: mail.smtpUrl, apiUrl: mail.apiUrl });
  project.provide(
    "sharedServers",
    servers.map((s) => ({ url: s.url, port: s.port, dataDir: s.dataDir })),
  );
  project.provide("plainServer", { url: plain.url, port: plain.port, dataDir: plain.dataDir });
  return async () => {
    await Promise.all(
      [plain, ...servers].map(async (s) => {
        await s.stop();
        fs.rmSync(s.dataDir, { recursive: true, force: true });
      }),
    );
    await mail.stop();
    template.remove();
    if (axeClean) fs.rmSync(axeClean, { recursive: true, force: true });
  };
}
