// Vite emits a script imported with `?url` as it is, comments and all: app/lib/page-behaviours.js (every page loads it,
// visitors' and signed-in people's) would go out at 20 KB, 6 KB gzip. Minified it is 8.5 KB, 2.6 KB gzip. The source
// stays readable; the build minifies the copy it ships, with the minifier Vite itself is built on (rolldown's oxc).
// (It stays plain JavaScript rather than TypeScript built from its contract, app/lib/page-behaviours-contract.ts:
// `?url` ships a file as it is, and bundling one would need Vite's internal asset placeholders. The contract's test
// holds the script to the contract's names instead.)
import { minifySync } from "rolldown/utils";
import type { Plugin } from "vite";

export function minifyPageBehaviours(): Plugin {
  return {
    name: "minify-page-behaviours",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !/(^|\/)page-behaviours-[\w-]+\.js$/.test(file.fileName)) continue;
        const result = minifySync(file.fileName, String(typeof file.source === "string" ? file.source : new TextDecoder().decode(file.source)), {
          compress: true,
          mangle: true,
        });
        if (result.errors.length) this.error(`page-behaviours.js: ${result.errors.map((e) => e.message).join("; ")}`);
        file.source = result.code;
      }
    },
  };
}
