import crypto from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The browser's build ships each page's words in the page's language only (decision 0023, fifth round). Paraglide
 * compiles every message into one module holding its English and its Spanish (app/paraglide/messages/<key>.js), so
 * every script carried both. Here, in the browser's build only, a message module keeps its English; its Spanish goes
 * to a file beside the script that holds the message (`<script>-es-<hash>.js`), which that script loads first thing
 * when the document is Spanish (`<html lang="es">`, set by app/root.tsx from the address): a top-level await, so
 * nothing renders before the words are there, and hydration reads the same words the server wrote. English readers
 * never download the Spanish, Spanish readers get it with the page (one round trip more).
 *
 * A message called in Spanish whose words were not loaded (the document is English: a message asked for in another
 * language than the page's) answers in English. The server's build, `npm run dev` and the tests are untouched.
 */
const MESSAGE = /[\\/]app[\\/]paraglide[\\/]messages[\\/](?!_index)([A-Za-z0-9_]+)\.js$/;
/** Where the Spanish words a script loaded are kept: one object for the whole page. */
const TABLE = "globalThis.nlteEs";

/** The Spanish function Paraglide wrote for `key` (its parameters and its template literal), or null if its shape is not the simple one. */
function spanishOf(code: string, key: string): { whole: string; fn: string } | null {
  const start = code.indexOf(`const es_${key} = `);
  if (start === -1) return null;
  const end = code.indexOf("\n};\n", start);
  if (end === -1) return null;
  const whole = code.slice(start, end + 4);
  const m =
    /^const es_\w+ = \/\*\* @type \{[^\n]*\} \*\/ (\((?:i)?\)) => \{\n\treturn \/\*\* @type \{LocalizedString\} \*\/ \((`(?:[^`\\]|\\.)*`)\)\n\};\n$/.exec(
      whole,
    );
  if (!m) return null;
  return { whole, fn: `${m[1]}=>${m[2]}` };
}

export function spanishWords(): Plugin {
  /** Each message module's Spanish function, by module id (filled by transform, read by renderChunk). */
  const spanish = new Map<string, { key: string; fn: string }>();
  return {
    name: "nlte-spanish-words",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    transform(code, id) {
      const key = MESSAGE.exec(id.split("?")[0]!)?.[1];
      if (!key) return null;
      const es = spanishOf(code, key);
      const call = `if (locale === "es") return es_${key}(inputs)`;
      if (!es || !code.includes(call)) return null;
      spanish.set(id.split("?")[0]!, { key, fn: es.fn });
      return {
        code: code.replace(es.whole, "").replace(call, `if (locale === "es") return (${TABLE}?.${key} ?? en_${key})(inputs)`),
        map: null,
      };
    },
    renderChunk(code, chunk) {
      const words = chunk.moduleIds.flatMap((id) => spanish.get(id) ?? []);
      if (words.length === 0) return null;
      const source = `Object.assign(${TABLE}??={},{${words.map((w) => `${w.key}:${w.fn}`).join(",")}});\n`;
      const hash = crypto.createHash("sha256").update(source).digest("base64url").slice(0, 8);
      const fileName = `${path.posix.dirname(chunk.fileName)}/${chunk.name}-es-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source });
      return { code: `document.documentElement.lang==="es"&&await import("./${path.posix.basename(fileName)}");\n${code}`, map: null };
    },
  };
}
