// Capabilities and layers (issue 38, docs/decisions/0053): imports flow one way,
//   routes -> capabilities and components -> content and app/lib -> db,
// and a capability's server modules are reached from outside it only through its front door (`index.server.ts`).
// What a capability shows or shares with the browser (its pages, schemas, pure rules: modules not named `.server`)
// stays importable, as the routes render a capability's pages (house style).
//
// The imports that broke these rules when the rule came are listed in ./boundary-debts.json, to be mended: the list
// only ever shrinks (a listed import that no longer exists is reported too, so the list follows the code).
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const debtsFile = path.join(import.meta.dirname, "boundary-debts.json");
/** @type {Record<string, string[]>} importing file -> imported modules, each as a path from the project's root, no extension */
const DEBTS = JSON.parse(fs.readFileSync(debtsFile, "utf8"));

/** Folders of app/ that are not capabilities. */
const NOT_CAPABILITIES = new Set(["routes", "components", "lib", "i18n", "paraglide", "assets", "models", "content"]);

/** The layer a path (from the root, no extension) is in; a lower rank never imports a higher one. */
function layerOf(file) {
  const [top, second] = file.split("/");
  if (top === "db") return { name: "db", rank: 0 };
  if (top !== "app") return null;
  if (second === "lib" || second === "i18n" || second === "paraglide" || second === "models") return { name: "app/lib", rank: 1 };
  if (second === "content") return { name: "app/content", rank: 2 };
  if (second === "routes") return { name: "app/routes", rank: 4 };
  if (second === "components") return { name: "app/components", rank: 3 };
  if (second && !second.includes(".")) return { name: "a capability", rank: 3 };
  return null;
}

function capabilityOf(file) {
  const [top, second, third] = file.split("/");
  return top === "app" && third !== undefined && !NOT_CAPABILITIES.has(second) ? second : null;
}

function resolveImport(fromFile, source) {
  let target;
  if (source.startsWith("~/")) target = path.join(ROOT, "app", source.slice(2));
  else if (source.startsWith(".")) target = path.resolve(path.dirname(fromFile), source);
  else return null;
  return path
    .relative(ROOT, target)
    .replaceAll("\\", "/")
    .replace(/\.(tsx?|jsx?|mjs)$/, "");
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Capabilities are reached through their front doors, and layers import downwards only" },
    schema: [],
    messages: {
      frontDoor:
        "`{{target}}` is behind {{capability}}'s front door: import app/{{capability}}/index.server (export it there if it is missing). docs/decisions/0053.",
      layer:
        "{{from}} does not import {{to}} (`{{target}}`): imports flow routes -> capabilities and components -> content and lib -> db. docs/decisions/0053.",
      paidDebt: "`{{target}}` is listed in eslint-rules/boundary-debts.json for this file but no longer imported: take it off the list.",
    },
  },
  create(context) {
    const abs = context.filename;
    const file = path.relative(ROOT, abs).replaceAll("\\", "/");
    const fileNoExt = file.replace(/\.(tsx?|jsx?|mjs)$/, "");
    const debts = new Set(DEBTS[file] ?? []);
    const used = new Set();
    const fromLayer = layerOf(fileNoExt);
    const fromCapability = capabilityOf(fileNoExt);

    function check(node, source) {
      if (typeof source !== "string") return;
      const target = resolveImport(abs, source);
      if (!target) return;
      const problems = [];
      const capability = capabilityOf(target);
      const module = target.split("/").at(-1);
      if (capability && capability !== fromCapability && module.endsWith(".server") && module !== "index.server")
        problems.push({ messageId: "frontDoor", data: { target, capability } });
      const toLayer = layerOf(target);
      if (fromLayer && toLayer && toLayer.rank > fromLayer.rank)
        problems.push({ messageId: "layer", data: { from: fromLayer.name, to: toLayer.name, target } });
      if (problems.length === 0) return;
      if (debts.has(target)) {
        used.add(target);
        return;
      }
      for (const problem of problems) context.report({ node, ...problem });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
      "Program:exit"(node) {
        for (const target of debts) if (!used.has(target)) context.report({ node, messageId: "paidDebt", data: { target } });
      },
    };
  },
};
