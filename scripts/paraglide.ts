import path from "node:path";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import type { Plugin } from "vite";

/** The language catalog (messages/*.json) compiled into one function a message (decision 0027). */
export const paraglide = (): Plugin[] => [
  paraglideVitePlugin({
    project: "./project.inlang",
    outdir: "./app/paraglide",
    // The language is read from the path by app/i18n/locale.ts on both sides; the runtime's own strategies stay unused.
    strategy: ["baseLocale"],
    // No declaration files: the typecheck reads the types from the JSDoc Paraglide writes into its JavaScript
    // (tsconfig.json's allowJs), as strictly (a misspelt key or a missing input fails it). Writing the declarations
    // ran TypeScript 6's compiler over the whole catalog at every fresh compile: 14 s of the route types' 22 s at the
    // start of `npm test` from a fresh clone, with the other core idle, and again in every build (issue 38).
    emitTsDeclarations: false,
    // Files are overwritten in place rather than the folder emptied first: every Vitest and Vite process compiles the
    // catalog when it starts, and one emptying the folder broke another's build or test run started at that moment.
    cleanOutdir: false,
  }) as Plugin,
  compactMessages(),
];

const MESSAGE_MODULE = /[\\/]app[\\/]paraglide[\\/]messages[\\/](?!_)[\w]+\.js$/;
// What a message's English or Spanish is in a compiled message module: `const en_x = /** @type {...} */ (i) => {...};`
const VARIANT = (locale: string, name: string) => new RegExp(`^const ${locale}_${name} = /\\*\\*[^]*?\\*/ (\\(i?\\)) => \\{([^]*?)\\n\\};$`, "m");
// A body that only returns its words: `return /** @type {LocalizedString} */ (`...`)`.
const ONLY_WORDS = /^\s*return \/\*\* @type \{LocalizedString\} \*\/ \((`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*")\);?\s*$/;

/**
 * One message in the browser's build, written smaller: Paraglide compiles each message into three functions (its
 * English, its Spanish, and one choosing between them by the language), and the chooser, written out again for every
 * message a page uses, was about a tenth of a page's words compressed. Here a message is its two sets of words handed
 * to `message` (app/i18n/language.ts), which chooses the same way: the words themselves (a string when they take no
 * inputs, else the compiled function), the same call signature, the same result. The server keeps Paraglide's output.
 * A module of a shape this does not know is left as Paraglide wrote it (decision 0096).
 */
export function compactMessageModule(code: string, file: string): string | null {
  const name = path.basename(file, ".js");
  const words: string[] = [];
  for (const locale of ["en", "es"]) {
    const found = VARIANT(locale, name).exec(code);
    if (!found) return null;
    const [, params, body] = found as unknown as [string, string, string];
    const only = ONLY_WORDS.exec(body);
    if (only && params === "()" && !only[1]!.includes("${")) words.push(only[1]!);
    else if (only) words.push(`${params} => ${only[1]}`);
    else words.push(`${params} => {${body}\n}`);
  }
  if (!new RegExp(`^export const ${name} = `, "m").test(code)) return null;
  const registry = /^import \* as registry from '..\/registry.js'$/m.test(code) ? "import * as registry from '../registry.js';\n" : "";
  const language = path.resolve(path.dirname(file), "../../i18n/language.ts");
  return `${registry}import { message } from ${JSON.stringify(language)};\nexport const ${name} = /* @__PURE__ */ message(${words.join(", ")});\n`;
}

function compactMessages(): Plugin {
  return {
    name: "nlte:compact-messages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!MESSAGE_MODULE.test(id)) return null;
      const compact = compactMessageModule(code, id);
      if (compact === null) this.warn(`${id}: not a message module this build knows; left as compiled`);
      return compact === null ? null : { code: compact, map: null };
    },
  };
}
