import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { minifyPageBehaviours } from "./scripts/minify-page-behaviours.ts";
import { paraglide } from "./scripts/paraglide.ts";
import { precompress } from "./scripts/precompress.ts";
import { shellModules } from "./scripts/shell-chunk.ts";
import { siteImages } from "./scripts/site-images.ts";

const shell = shellModules(path.resolve("app"));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [paraglide(), tailwindcss(), reactRouter(), siteImages(), minifyPageBehaviours(), precompress()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    // The browser's build: the site's shell in one chunk (scripts/shell-chunk.ts). The rest is split by the pages that
    // use it (a conversation's own group, whose pattern had stopped matching its moved files, is gone: decision 0023).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  // react-dom's small non-client part (flushSync, createPortal) comes along rather than as its own file.
                  test: (id: string) =>
                    (shell.has(id.split("?")[0]!) && !id.endsWith(".css")) ||
                    /node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/.test(id),
                },
              ],
            },
          },
        },
  },
}));
