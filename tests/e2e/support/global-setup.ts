// Builds the site once (when stale) and starts one shared server for the end-to-end tests.
import fs from "node:fs";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain ES module script without types
import { buildIfStale } from "../../../scripts/build-if-stale.mjs";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  (buildIfStale as (o: { quiet: boolean }) => boolean)({ quiet: true });
  // Every test signs in from 127.0.0.1: the per-address limit is tested on its own (tests/e2e/security.test.ts).
  const server = await startServer({ env: { SIGNIN_LIMIT_PER_IP: "10000", SIGNUP_LIMIT_PER_IP: "10000" } });
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
