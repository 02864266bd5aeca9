import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./embedded-db";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startTestPostgres();
  project.provide("pgAdminUrl", pg.adminUrl);
  return () => pg.stop();
}
