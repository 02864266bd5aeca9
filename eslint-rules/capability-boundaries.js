// Capabilities and layers (issue 38, docs/decisions/0053 and 0080): imports flow one way,
//   routes -> capabilities and components -> shared services -> content -> app/lib -> db,
// and a capability's (or a shared service's) server modules are reached from outside it only through its front door
// (`index.server.ts`). A shared service (auth: who is signed in; mail: the outbox) is a folder like a capability's that
// imports no capability, so any capability may go through its door without closing a cycle (decision 0073).
// What a capability shows or shares with the browser (its pages, schemas, pure rules: modules not named `.server`)
// stays importable, as the routes render a capability's pages (house style).
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Folders of app/ that are not capabilities. */
const NOT_CAPABILITIES = new Set(["routes", "components", "lib", "i18n", "paraglide", "assets", "models", "content"]);

/** Folders of app/ that are shared services: each has a front door, and imports no capability. */
export const SHARED_SERVICES = new Set(["auth", "mail"]);

/** The layer a path (from the root, no extension) is in; a lower rank never imports a higher one. */
function layerOf(file) {
  const [top, second] = file.split("/");
  if (top === "db") return { name: "db", rank: 0 };
  if (top !== "app") return null;
  if (second === "lib" || second === "i18n" || second === "paraglide" || second === "models") return { name: "app/lib", rank: 1 };
  if (second === "content") return { name: "app/content", rank: 2 };
  if (SHARED_SERVICES.has(second)) return { name: `a shared service (app/${second})`, rank: 3 };
  if (second === "routes") return { name: "app/routes", rank: 5 };
  if (second === "components") return { name: "app/components", rank: 4 };
  if (second && !second.includes(".")) return { name: "a capability", rank: 4 };
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
        "{{from}} does not import {{to}} (`{{target}}`): imports flow routes -> capabilities and components -> shared services (auth, mail) -> content -> lib -> db. docs/decisions/0053.",
    },
  },
  create(context) {
    const abs = context.filename;
    const fileNoExt = path
      .relative(ROOT, abs)
      .replaceAll("\\", "/")
      .replace(/\.(tsx?|jsx?|mjs)$/, "");
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
      for (const problem of problems) context.report({ node, ...problem });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};
