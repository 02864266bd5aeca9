import { defineConfig } from "vitest/config";
import { siteImages } from "./scripts/site-images.ts";
import { paraglide } from "./scripts/paraglide.ts";

export default defineConfig({
  plugins: [paraglide(), siteImages()],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "cli/**/*.test.ts",
      "eslint-rules/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-db-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
