import { defineConfig } from "vitest/config";
import { paraglide } from "./scripts/paraglide.ts";
import { siteImages } from "./scripts/site-images.ts";

export default defineConfig({
  plugins: [paraglide(), siteImages()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
