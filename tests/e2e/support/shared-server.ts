// The shared servers (decision 0034): the global setup starts one production server per test worker, each with its
// own database, the shared mail sink and TEST_HOOKS=on. A test file uses its worker's server, so no two files that
// run at the same time share one, and a file may set that server's clock and settings for itself
// (useServerSettings); every file starts from the settings the server started with.
import { afterAll, beforeAll, inject } from "vitest";
import type { TestSettings } from "../../../server/test-hooks";

declare module "vitest" {
  export interface ProvidedContext {
    sharedServers: Array<{ url: string; port: number; dataDir: string }>;
    plainServer: { url: string; port: number; dataDir: string };
  }
}

export type SharedServer = {
  url: string;
  port: number;
  dataDir: string;
  /** For the project's commands (runScript): they open this server's database through its data folder. */
  env: Record<string, string>;
};

/** This worker's shared server (VITEST_POOL_ID is this worker's number among those running at once, from 1). */
export function sharedServer(): SharedServer {
  const servers = inject("sharedServers");
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  const server = servers[(id - 1) % servers.length]!;
  return { ...server, env: { DATA_DIR: server.dataDir, DATABASE_URL: "" } };
}

/**
 * The server started as production is: no test hooks (its /__test addresses answer 404) and no SMTP_URL (mail stays
 * in the outbox). Shared by every file at once: nothing can be set on it.
 */
export function plainServer(): SharedServer {
  const server = inject("plainServer");
  return { ...server, env: { DATA_DIR: server.dataDir, DATABASE_URL: "" } };
}

const EVERY_SETTING: Required<{ [K in keyof TestSettings]: null }> = {
  now: null,
  notifyDelaySeconds: null,
  orgName: null,
  calendarUrl: null,
  trustProxy: null,
  signInLimits: null,
  stripe: null,
};

/** Changes this worker's shared server now (for example its clock, mid-file); answers the settings it then has. */
export async function setServerSettings(settings: TestSettings, server: { url: string } = sharedServer()) {
  const res = await fetch(`${server.url}/__test/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (!res.ok) throw new Error(`the shared server refused the test settings ${JSON.stringify(settings)}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Puts back every setting the server started with. */
export const resetServerSettings = (server: { url: string } = sharedServer()) => setServerSettings(EVERY_SETTING, server);

/** The file's settings: set before its first test, put back after its last. */
export function useServerSettings(settings: TestSettings) {
  beforeAll(async () => {
    await setServerSettings(settings);
  });
  afterAll(async () => {
    await resetServerSettings();
  });
}
