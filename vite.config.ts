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
    // The browser's build: the site's shell in one chunk (scripts/shell-chunk.ts).
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
                // What a conversation needs besides the shell (the composer, the list, the time formats, who is who), as one file. (Not the
                // coaches' New Conversation dialog: it brings Radix.)
                {
                  name: "messaging",
                  // What it captures is split by the pages that use it: the composer's icons (send, check) that /donate
                  // shows too go apart, so /donate does not download the conversation code.
                  entriesAware: true,
                  test: /[\\/]app[\\/](components[\\/](messages[\\/](composer|message-list)|client-label)\.tsx|lib[\\/](datetime|use-org-time-zone)\.ts|safe-play[\\/]safe-play\.ts)$/,
                },
              ],
            },
          },
        },
  },
}));
