// The language catalog is whole (issue 27): every message has its Spanish, with the same {placeholders}, and a Spanish
// that merely repeats the English is a word both languages share, listed here. Paraglide itself would compile a
// missing Spanish message silently to the English one.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Messages whose Spanish is the English on purpose: names, and words Spanish uses as they are. */
const SAME_IN_BOTH = new Set([
  "nav_general",
  "nav_program_school_without_walls",
  "language_offer_text",
  "language_offer_link",
  "account_mydata_no",
  "pay_method_zelle",
]);

type Catalog = Record<string, unknown>;
/** The catalog's files, one an area of the site (project.inlang/settings.json lists them). */
const settings = JSON.parse(fs.readFileSync(path.join(process.cwd(), "project.inlang", "settings.json"), "utf8")) as {
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};
const PATTERNS = settings["plugin.inlang.messageFormat"].pathPattern;
const readFile = (pattern: string, locale: string): Catalog =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), pattern.replace("{locale}", locale)), "utf8")) as Catalog;
const read = (locale: string): Catalog => Object.assign({}, ...PATTERNS.map((p) => readFile(p, locale))) as Catalog;
const keys = (c: Catalog) => Object.keys(c).filter((k) => k !== "$schema");
/** A message of placeholders and punctuation only ("{school}, {grade}"): nothing in it to translate. */
const wordless = (value: unknown) => !/\p{L}/u.test(JSON.stringify(value).replace(/\{\w+\}/g, ""));
const placeholders = (value: unknown) => [...JSON.stringify(value).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the language catalog", () => {
  const en = read("en");
  const es = read("es");

  it("has a Spanish message for every English one, and none the English lacks", () => {
    expect(keys(en).filter((k) => !(k in es))).toEqual([]);
    expect(keys(es).filter((k) => !(k in en))).toEqual([]);
  });

  it("keeps every placeholder in the Spanish", () => {
    expect(keys(en).filter((k) => placeholders(en[k]).join() !== placeholders(es[k]).join())).toEqual([]);
  });

  it("has no Spanish that only repeats the English, unless both languages say it so", () => {
    expect(keys(en).filter((k) => !SAME_IN_BOTH.has(k) && !wordless(en[k]) && JSON.stringify(en[k]) === JSON.stringify(es[k]))).toEqual([]);
  });

  it("defines each message in one file only", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const pattern of PATTERNS)
      for (const key of keys(readFile(pattern, "en"))) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${pattern}`);
        seen.set(key, pattern);
      }
    expect(twice).toEqual([]);
  });

  it("has no message that no code reads (a leftover is a word nobody checks is still true)", () => {
    const code = ["app", "server", "scripts", "tests"]
      .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)))
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.startsWith(path.join("app", "paraglide")))
      .map((f) => fs.readFileSync(f, "utf8"))
      .join("\n");
    const words = new Set(code.match(/\w+/g));
    expect(keys(en).filter((k) => !words.has(k))).toEqual([]);
  });

  it("names messages in lower snake case, by where they are used", () => {
    expect(keys(en).filter((k) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(k))).toEqual([]);
  });
});
