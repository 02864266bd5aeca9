import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "cli/**/*.test.ts"],
    globalSetup: ["tests/support/global-db-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
