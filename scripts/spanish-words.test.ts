// The browser's build keeps a script's Spanish words in a file of their own, loaded only by a Spanish document: a real
// Vite build of two message modules written as Paraglide writes them, its scripts then run as an English and as a
// Spanish page would run them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { spanishWords } from "./spanish-words";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "spanish-words-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A message module in Paraglide JS 2's shape (app/paraglide/messages/<key>.js). */
const paraglideMessage = (key: string, input: string | null, en: string, es: string) => `/* eslint-disable */
import { getLocale, experimentalStaticLocale } from '../runtime.js';

const en_${key} = /** @type {(inputs: X) => LocalizedString} */ (${input ? "i" : ""}) => {
\treturn /** @type {LocalizedString} */ (\`${en}\`)
};

const es_${key} = /** @type {(inputs: X) => LocalizedString} */ (${input ? "i" : ""}) => {
\treturn /** @type {LocalizedString} */ (\`${es}\`)
};

export const ${key} = /** @type {X} */ ((inputs${input ? "" : " = {}"}, options = {}) => {
\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()
\tif (locale === "es") return es_${key}(inputs)
\treturn en_${key}(inputs)
});`;

function project() {
  const root = path.join(tmp, "project");
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    "app/paraglide/runtime.js",
    "export const experimentalStaticLocale = undefined;\nexport const getLocale = () => document.documentElement.lang;\n",
  );
  write("app/paraglide/messages/greet.js", paraglideMessage("greet", "name", "Hello, ${i?.name}", "Hola, ${i?.name}"));
  write("app/paraglide/messages/bye.js", paraglideMessage("bye", null, "Goodbye", "Adiós"));
  write(
    "app/main.js",
    'import { greet } from "./paraglide/messages/greet.js";\nexport const hello = (name) => greet({ name });\nexport const later = () => import("./later.js");\n',
  );
  write("app/later.js", 'import { bye } from "./paraglide/messages/bye.js";\nexport const farewell = () => bye();\n');
  return root;
}

async function buildProject() {
  const root = project();
  const outDir = path.join(tmp, "out");
  await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [spanishWords()],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      modulePreload: false,
      target: "es2022",
      rolldownOptions: { input: path.join(root, "app/main.js"), preserveEntrySignatures: "strict" },
    },
  });
  return path.join(outDir, "assets");
}

/** Runs the built scripts as a page in `lang` would (a copy each time: a module runs once per address). */
async function runAs(assets: string, lang: "en" | "es") {
  const copy = fs.mkdtempSync(path.join(tmp, `run-${lang}-`));
  fs.cpSync(assets, copy, { recursive: true });
  delete (globalThis as { nlteEs?: unknown }).nlteEs;
  // What the document offers that the built scripts read: its language, and what Vite's preload helper asks of it.
  (globalThis as { document?: unknown }).document = {
    documentElement: { lang },
    createElement: () => ({ relList: { supports: () => false } }),
    getElementsByTagName: () => [],
    querySelector: () => null,
    querySelectorAll: () => [],
  };
  const main = fs.readdirSync(copy).find((f) => f.startsWith("main") && f.endsWith(".js"))!;
  const mod = (await import(pathToFileURL(path.join(copy, main)).href)) as {
    hello: (name: string) => string;
    later: () => Promise<{ farewell: () => string }>;
  };
  return { hello: mod.hello("Ana"), farewell: (await mod.later()).farewell() };
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
  delete (globalThis as { nlteEs?: unknown }).nlteEs;
});

describe("spanishWords", () => {
  it("keeps each script's Spanish in a file beside it, and each language reads its own words", async () => {
    const assets = await buildProject();
    const files = fs.readdirSync(assets);
    const scripts = files.filter((f) => !f.includes("-es-"));
    const spanish = files.filter((f) => f.includes("-es-"));
    // No Spanish in the scripts everyone loads; one Spanish file for the page's script and one for the later one.
    for (const f of scripts) expect(fs.readFileSync(path.join(assets, f), "utf8")).not.toMatch(/Hola|Adiós/);
    expect(spanish).toHaveLength(2);
    const words = spanish.map((f) => fs.readFileSync(path.join(assets, f), "utf8")).join("\n");
    expect(words).toContain("Hola, ${i?.name}");
    expect(words).toContain("Adiós");

    expect(await runAs(assets, "es")).toEqual({ hello: "Hola, Ana", farewell: "Adiós" });
    expect(await runAs(assets, "en")).toEqual({ hello: "Hello, Ana", farewell: "Goodbye" });
    // An English page never loaded the Spanish words.
    expect((globalThis as { nlteEs?: unknown }).nlteEs).toBeUndefined();
  });
});
