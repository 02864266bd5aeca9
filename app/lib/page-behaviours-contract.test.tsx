// page-behaviours.js is plain JavaScript served as it is and cannot import its contract: these tests hold the two,
// the styles and the components to the same names.
import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DocumentAuthDialog } from "~/components/document-auth-dialog";
import { AUTH_DIALOG_TEXT } from "~/content/auth";
import {
  AUTH_DIALOG_CLEARS,
  authDialog,
  BEHAVIOUR_ATTRIBUTES,
  busy,
  copy,
  dialogSteps,
  disclosure,
  errorMessage,
  notice,
  languageOffer,
  photo,
  popup,
} from "./page-behaviours-contract";

const APP = path.resolve(import.meta.dirname, "..");
const SCRIPT = path.join(APP, "lib/page-behaviours.js");
const CONTRACT = path.join(APP, "lib/page-behaviours-contract.ts");

/**
 * data- attributes that are no behaviour: the script never reads them. They name things for tests or for styles only.
 * A new one goes here; one the script should act on is declared in the contract instead.
 */
const NOT_BEHAVIOURS = new Set([
  "data-testid",
  "data-section", // the page header's band (page-header.tsx)
  "data-layout", // a video card's shape, read by /vlog's grid
  "data-stars", // the star rating's "n / 5", drawn by app.css from the radios
  "data-fact", // a program page's facts (tests)
  "data-message-id", // a conversation's messages (tests)
  "data-read", // a message's read mark (tests)
  "data-status", // an enrollment's status on a family's page and a roster (tests)
  "data-enrollment", // a family's request (tests)
  "data-athlete", // a roster's athlete (tests)
  "data-cancelled", // a cancelled booking on /appointments (tests)
  "data-scheduled", // a message kept for the end of quiet hours, by its state (tests)
  "data-confirm-step", // the question a form without JavaScript answers before acting (confirm-action.tsx; tests)
  "data-hydrated", // the document once React runs in it (root.tsx; the end-to-end tests wait for it)
  "data-closed", // a declined or withdrawn request, by its state (tests)
  "data-family", // a roster family's Safe Play state (tests)
]);

const declared = new Set<string>(Object.values(BEHAVIOUR_ATTRIBUTES).flatMap((b) => [...b.write, ...b.sets]));
const DATA_NAME = /\bdata-[a-z0-9]+(?:-[a-z0-9]+)*/g;

function parse(file: string) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, kind);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The text of a string or of a template's literal parts (comments are not nodes, so they never count). */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return null;
}

/** Every data- name the script reads or sets: in its strings and selectors, and as `element.dataset.someName`. */
function scriptNames() {
  const names = new Set<string>();
  walk(parse(SCRIPT), (node) => {
    const text = literalText(node);
    if (text) for (const [name] of text.matchAll(DATA_NAME)) names.add(name);
    if (ts.isPropertyAccessExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "dataset")
      names.add(`data-${node.name.text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  });
  return names;
}

/** The string array a `const NAME = [...]` of the script holds. */
function scriptList(name: string) {
  let list: string[] | null = null;
  walk(parse(SCRIPT), (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    )
      list = node.initializer.elements.map((e) => (ts.isStringLiteral(e) ? e.text : `(not a string: ${e.getText()})`));
  });
  return list;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && full !== CONTRACT ? [full] : [];
  });
}

/** data- names that styles read: `[data-x` in a selector, `data-x:` / `group-data-x:` as a Tailwind variant. */
function styleNames(text: string) {
  const names: string[] = [];
  for (const [, name] of text.matchAll(/\[(data-[a-z0-9]+(?:-[a-z0-9]+)*)/g)) names.push(name!);
  for (const [, name] of text.matchAll(/(?:^|[^\w-])(?:(?:group|peer)-)?(data-[a-z0-9]+(?:-[a-z0-9]+)*):/g)) names.push(name!);
  return names;
}

describe("the page behaviours' contract", () => {
  it("declares exactly the data attributes page-behaviours.js reads and sets", () => {
    const used = scriptNames();
    expect([...used].filter((n) => !declared.has(n)).sort(), "read by the script but not declared").toEqual([]);
    expect([...declared].filter((n) => !used.has(n)).sort(), "declared but not read or set by the script").toEqual([]);
  });

  it("has a function for every attribute components write, and they write nothing else", () => {
    const everything = [
      disclosure.box({ hover: 150, arrowKeys: true, closeOnBlur: true }),
      disclosure.button("menu"),
      disclosure.panel("menu", { lockScroll: true }),
      copy.box(),
      copy.button("value"),
      popup.button({ url: "https://example.org", blocked: "Blocked" }),
      photo.box(),
      dialogSteps.step("next"),
      dialogSteps.closeOnClick(),
      authDialog.dialog({ mode: "signin", texts: AUTH_DIALOG_TEXT, describedBy: "d", openOnLoad: true }),
      authDialog.text("title"),
      authDialog.signupOnly(),
      authDialog.toggleForm(),
      authDialog.toggle(),
      errorMessage.field(),
      errorMessage.form(),
      busy.button("Sending..."),
      notice.box(),
      notice.dismiss(),
      languageOffer.box("es"),
    ];
    const written = new Set(
      everything.flatMap((attrs) =>
        Object.entries(attrs)
          .filter(([k, v]) => k.startsWith("data-") && v !== undefined)
          .map(([k]) => k),
      ),
    );
    expect([...written].sort()).toEqual(
      Object.values(BEHAVIOUR_ATTRIBUTES)
        .flatMap((b) => [...b.write])
        .sort(),
    );
  });

  it("lets app.css read declared attributes only", () => {
    const css = fs.readFileSync(path.join(APP, "app.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const unknown = styleNames(css).filter((n) => !declared.has(n) && !NOT_BEHAVIOURS.has(n));
    expect(unknown, "app.css reads a data- attribute no behaviour declares (a misspelling?)").toEqual([]);
  });

  it("has components write behaviours' attributes only through the contract, and style only by declared names", () => {
    const problems: string[] = [];
    for (const file of sourceFiles(APP)) {
      const where = (node: ts.Node) => `${path.relative(APP, file)}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      walk(parse(file), (node) => {
        if (ts.isJsxAttribute(node) && node.name.getText().startsWith("data-")) {
          const name = node.name.getText();
          if (declared.has(name)) problems.push(`${where(node)}: ${name} written by hand; use page-behaviours-contract.ts`);
          else if (!NOT_BEHAVIOURS.has(name))
            problems.push(`${where(node)}: ${name} is no declared behaviour (a misspelling? else list it in NOT_BEHAVIOURS)`);
        }
        const text = literalText(node);
        if (text === null) return;
        if (declared.has(text)) problems.push(`${where(node)}: "${text}" by hand; use page-behaviours-contract.ts`);
        for (const name of styleNames(text))
          if (!declared.has(name) && !NOT_BEHAVIOURS.has(name)) problems.push(`${where(node)}: styles read ${name}, which no behaviour declares`);
      });
    }
    expect(problems).toEqual([]);
  });
});

describe("the sign-in dialog's clearing", () => {
  it("is the same in the script as in the contract: typed values blanked, choices unticked", () => {
    expect(scriptList("CLEARED_VALUES")).toEqual([...AUTH_DIALOG_CLEARS.values]);
    expect(scriptList("UNTICKED")).toEqual([...AUTH_DIALOG_CLEARS.unticks]);
    const clearable = new Set<string>(AUTH_DIALOG_CLEARS.values);
    for (const kept of ["radio", "checkbox", "hidden", "submit", "button"]) expect(clearable.has(kept), kept).toBe(false);
  });

  it("knows every input the dialog renders: hidden ones keep their values, choices keep theirs", () => {
    const render = (mode: "signin" | "signup") => {
      const flash = mode === "signup" ? { mode, values: {}, fieldErrors: { email: "Email is required" } } : null;
      const Page = createRoutesStub([{ path: "/", Component: () => <DocumentAuthDialog googleEnabled flash={flash} /> }]);
      return renderToString(<Page />);
    };
    for (const html of [render("signin"), render("signup")]) {
      const inputs = [...html.matchAll(/<input\b[^>]*>/g)].map(([tag]) => ({
        type: /\btype="([^"]+)"/.exec(tag)?.[1] ?? "text",
        value: /\bvalue="([^"]*)"/.exec(tag)?.[1],
        tag,
      }));
      expect(inputs.some((i) => i.type === "radio")).toBe(true);
      for (const input of inputs) {
        const known = input.type === "hidden" || [...AUTH_DIALOG_CLEARS.values, ...AUTH_DIALOG_CLEARS.unticks].some((t) => t === input.type);
        expect(known, `${input.tag}: an input the contract does not say how to clear`).toBe(true);
        if (input.type !== "hidden" && !(AUTH_DIALOG_CLEARS.values as readonly string[]).includes(input.type))
          expect(input.value, `${input.tag} must send a value`).toBeTruthy();
      }
      // The words the script switches to are all there, for both modes.
      const texts = JSON.parse(/data-texts="([^"]*)"/.exec(html)![1]!.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));
      for (const mode of ["signin", "signup"] as const)
        for (const key of ["title", "subtitle", "submit", "prompt", "toggle", "action", "busy", "passwordAutoComplete"])
          expect(texts[mode][key], `${mode}.${key}`).toBeTruthy();
    }
  });
});
