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

// React Router's package sends every bundler to its development build (its exports name no other), whose one
// difference is the development warnings and the "Hey developer" error pages. The browser's build takes the
// production build beside it instead. The server keeps the package's own: @react-router/express imports it from
// node_modules, and the app's server build must share that copy (its contexts and classes).
const reactRouterProduction = {
  "react-router": path.resolve("node_modules/react-router/dist/production/index.mjs"),
  "react-router/dom": path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [paraglide(), tailwindcss(), reactRouter(), siteImages(), minifyPageBehaviours(), precompress()],
  resolve: {
    tsconfigPaths: true,
    alias:
      command === "build" && !isSsrBuild
        ? Object.entries(reactRouterProduction).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file }))
        : [],
  },
  // The server's build takes from the icon and dialog packages only what the site uses, as the browser's does: left in
  // node_modules, each loaded its whole barrel (every icon, every Radix primitive) at every start of the server, 0.4 s
  // of a 3 s start. Not in development, where it would transform every icon of the barrel instead.
  ssr: command === "build" ? { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] } : {},
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
