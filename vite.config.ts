import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { siteImages } from "./scripts/site-images.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), siteImages()],
  resolve: { tsconfigPaths: true },
  build: { target: "es2022" },
});
