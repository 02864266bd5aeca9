// Before each "shared" file (vitest.e2e.config.ts): its worker's shared server has the settings it started with,
// whatever a file before it on that server set (decision 0034).
import { beforeAll } from "vitest";
import { resetServerSettings } from "./shared-server";

beforeAll(async () => {
  await resetServerSettings();
});
