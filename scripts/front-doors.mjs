// Moves imports that reach behind a capability's front door onto the door (issue 38, docs/decisions/0053):
// `import { a } from "~/family/households.server"` in a file outside app/family becomes
// `import { a } from "~/family/index.server"`, and app/family/index.server.ts re-exports `a` from "./households.server".
// Run: node scripts/front-doors.mjs [capability ...]  (all capabilities when none is named). Then npm run format.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const NOT_CAPABILITIES = new Set(["routes", "components", "lib", "i18n", "paraglide", "assets", "models", "content"]);
const only = new Set(process.argv.slice(2));

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "paraglide" && entry.name !== "node_modules") out.push(...sourceFiles(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const capabilityOf = (rel) => {
  const [top, second, third] = rel.split("/");
  return top === "app" && third !== undefined && !NOT_CAPABILITIES.has(second) ? second : null;
};

/** target (from root, no extension) for an import written in `file` */
function resolve(file, spec) {
  let abs;
  if (spec.startsWith("~/")) abs = path.join(ROOT, "app", spec.slice(2));
  else if (spec.startsWith(".")) abs = path.resolve(path.dirname(path.join(ROOT, file)), spec);
  else return null;
  return path.relative(ROOT, abs).replace(/\.(tsx?|jsx?)$/, "");
}

/** capability -> module -> { values: Set, types: Set, star } */
let reexports = new Map();
let moved = 0;
/** "capability:name" -> the modules importers take it from: two modules means the door cannot give both under one name. */
const givers = new Map();
const clashes = new Set();
const FILES = [...sourceFiles("app"), ...sourceFiles("server"), ...sourceFiles("cli"), ...sourceFiles("bench")];

function statementNames(statement) {
  const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
  if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) return [];
  return bindings.elements.map((el) => (el.propertyName ?? el.name).text);
}

function pass(write) {
  for (const file of FILES) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const edits = [];
    for (const statement of sf.statements) {
      if (!ts.isImportDeclaration(statement) && !(ts.isExportDeclaration(statement) && statement.moduleSpecifier)) continue;
      const spec = statement.moduleSpecifier.text;
      const target = resolve(file, spec);
      if (!target) continue;
      const capability = capabilityOf(target);
      const module = target.split("/").at(-1);
      if (!capability || capability === capabilityOf(file) || !module.endsWith(".server") || module === "index.server") continue;
      if (only.size && !only.has(capability)) continue;
      if (!write) {
        for (const name of statementNames(statement)) {
          const key = `${capability}:${name}`;
          const set = givers.get(key) ?? new Set();
          set.add(module);
          givers.set(key, set);
          if (set.size > 1) clashes.add(key);
        }
        continue;
      }
      if (statementNames(statement).some((name) => clashes.has(`${capability}:${name}`))) {
        console.log(`left behind the door (a name two modules of ${capability} give): ${file} -> ${spec}`);
        continue;
      }
      const names = reexports.get(capability) ?? new Map();
      reexports.set(capability, names);
      const entry = names.get(module) ?? { values: new Set(), types: new Set(), star: false };
      names.set(module, entry);
      const wholeTypeOnly = ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly;
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
      if (ts.isImportDeclaration(statement) && (statement.importClause?.name || (bindings && ts.isNamespaceImport(bindings)))) {
        // A default or namespace import: the door re-exports the whole module.
        entry.star = true;
      } else if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const el of bindings.elements) {
          const name = (el.propertyName ?? el.name).text;
          (wholeTypeOnly || el.isTypeOnly ? entry.types : entry.values).add(name);
        }
      } else if (!bindings && ts.isExportDeclaration(statement)) {
        entry.star = true;
      } else if (!statement.importClause) {
        entry.star = true; // a side-effect import
      }
      const door = spec.startsWith("~/") ? `~/${capability}/index.server` : spec.replace(/[^/]+$/, "index.server");
      const q = statement.moduleSpecifier;
      edits.push({ start: q.getStart(sf) + 1, end: q.getEnd() - 1, text: door });
    }
    if (edits.length === 0) continue;
    let out = text;
    for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    fs.writeFileSync(path.join(ROOT, file), out);
    moved += edits.length;
  }
}
// What the doors give already counts as given: a name a door has from one module is not taken from another.
for (const capability of fs.readdirSync(path.join(ROOT, "app"))) {
  const doorFile = path.join(ROOT, "app", capability, "index.server.ts");
  if (!fs.existsSync(doorFile)) continue;
  const sf = ts.createSourceFile(doorFile, fs.readFileSync(doorFile, "utf8"), ts.ScriptTarget.Latest, true);
  const give = (name, module) => givers.set(`${capability}:${name}`, new Set([module]));
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      const module = st.moduleSpecifier ? st.moduleSpecifier.text.replace(/^\.\//, "") : "index.server";
      for (const el of st.exportClause.elements) give(el.name.text, el.propertyName ? `${module}#${el.propertyName.text}` : module);
    } else if (st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if ("name" in st && st.name) give(st.name.text, "index.server");
      if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) give(d.name.text, "index.server");
    }
  }
}
pass(false);
pass(true);

for (const [capability, modules] of reexports) {
  const doorFile = path.join(ROOT, "app", capability, "index.server.ts");
  let door = fs.existsSync(doorFile)
    ? fs.readFileSync(doorFile, "utf8")
    : `// ${capability}'s front door (docs/decisions/0053): the only module of app/${capability}/ with server code that routes,\n// other capabilities, the socket, jobs and commands import.\n`;
  const doorSf = ts.createSourceFile(doorFile, door, ts.ScriptTarget.Latest, true);
  // What the door exports already (by name), so nothing is exported twice.
  const exported = new Set();
  const starred = new Set();
  for (const s of doorSf.statements) {
    if (ts.isExportDeclaration(s)) {
      if (!s.exportClause && s.moduleSpecifier) starred.add(s.moduleSpecifier.text);
      else if (s.exportClause && ts.isNamedExports(s.exportClause)) for (const el of s.exportClause.elements) exported.add(el.name.text);
    } else if (s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if ("name" in s && s.name) exported.add(s.name.text);
      if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) exported.add(d.name.text);
    }
  }
  const lines = [];
  for (const [module, entry] of [...modules].sort(([a], [b]) => a.localeCompare(b))) {
    const from = `./${module}`;
    if (starred.has(from)) continue;
    if (entry.star) {
      lines.push(`export * from "${from}";`);
      continue;
    }
    const values = [...entry.values].filter((n) => !exported.has(n)).sort();
    const types = [...entry.types].filter((n) => !exported.has(n) && !entry.values.has(n)).sort();
    values.forEach((n) => exported.add(n));
    types.forEach((n) => exported.add(n));
    if (values.length) lines.push(`export { ${values.join(", ")} } from "${from}";`);
    if (types.length) lines.push(`export type { ${types.join(", ")} } from "${from}";`);
  }
  if (lines.length) {
    door = door.trimEnd() + "\n" + lines.join("\n") + "\n";
    fs.writeFileSync(doorFile, door);
  }
}
console.log(`${moved} imports moved onto the front doors of ${reexports.size} capabilities`);
