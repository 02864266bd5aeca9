// Load-order hazards behind the front doors (issue 38, docs/decisions/0073): a door is a barrel that loads every module
// behind it, so the import graph is full of cycles, which ES modules allow as long as no module reads an imported value
// while it loads. This lists every top-level (load-time) read of an imported binding whose module can reach the reader
// again, with the cycle: an alias (`export const a = b`), an object or schema built from another module's value. Each
// one is fine only if the value is set before any entry can reach the cycle (judge it; a re-export of a module imported
// earlier, such as a db/ schema's constant, is). Run: node scripts/load-time-reads.mjs
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
const ROOT = path.resolve(import.meta.dirname, "..");
function files(dir) {
  const out = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "paraglide" && e.name !== "node_modules") out.push(...files(rel));
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}
const all = [...files("app"), ...files("server"), ...files("cli"), ...files("db")];
const set = new Set(all);
function resolve(from, spec) {
  let t;
  if (spec.startsWith("~/")) t = path.join(ROOT, "app", spec.slice(2));
  else if (spec.startsWith(".")) t = path.resolve(path.dirname(path.join(ROOT, from)), spec);
  else return null;
  let rel = path.relative(ROOT, t).replace(/\.(js|mjs)$/, "");
  for (const c of [rel, rel + ".ts", rel + ".tsx", rel + "/index.ts"]) if (set.has(c)) return c;
  return null;
}
const edges = new Map();
const reads = [];
for (const file of all) {
  const sf = ts.createSourceFile(
    file,
    fs.readFileSync(path.join(ROOT, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out = new Set();
  const imported = new Map();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const t = resolve(file, st.moduleSpecifier.text);
      if (!t) continue;
      const c = st.importClause;
      if (c?.isTypeOnly) continue;
      const b = c?.namedBindings;
      const specs = b && ts.isNamedImports(b) ? b.elements.filter((e) => !e.isTypeOnly) : [];
      if (c && !c.name && b && ts.isNamedImports(b) && specs.length === 0 && b.elements.length > 0) continue;
      out.add(t);
      if (c?.name) imported.set(c.name.text, t);
      for (const e of specs) imported.set(e.name.text, t);
      if (b && ts.isNamespaceImport(b)) imported.set(b.name.text, t);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && !st.isTypeOnly) {
      const t = resolve(file, st.moduleSpecifier.text);
      if (t && !(st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.every((e) => e.isTypeOnly))) out.add(t);
    }
  }
  edges.set(file, out);
  const visit = (node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node) && imported.has(node.text)) {
      const p = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(p) && p.name === node) ||
        (ts.isPropertyAssignment(p) && p.name === node) ||
        ts.isImportSpecifier(p) ||
        ts.isImportClause(p) ||
        ts.isExportSpecifier(p);
      if (!isName)
        reads.push({ file, name: node.text, from: imported.get(node.text), line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  for (const st of sf.statements)
    if (!ts.isImportDeclaration(st) && !ts.isFunctionDeclaration(st) && !ts.isExportDeclaration(st) && !ts.isClassDeclaration(st)) visit(st);
}
function reaches(a, b) {
  const seen = new Set([a]);
  const stack = [a];
  const prev = new Map();
  while (stack.length) {
    const x = stack.pop();
    for (const y of edges.get(x) ?? []) {
      if (y === b) {
        const p = [y, x];
        let z = x;
        while (prev.has(z)) {
          z = prev.get(z);
          p.push(z);
        }
        return p.reverse();
      }
      if (!seen.has(y)) {
        seen.add(y);
        prev.set(y, x);
        stack.push(y);
      }
    }
  }
  return null;
}
const done = new Set();
for (const r of reads) {
  const key = r.file + r.from;
  if (done.has(key)) continue;
  done.add(key);
  const p = reaches(r.from, r.file);
  if (p) console.log(`${r.file}:${r.line} reads ${r.name} from ${r.from}; cycle: ${p.join(" -> ")}`);
}
