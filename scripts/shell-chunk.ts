// The code every page that runs React loads (what app/root.tsx imports, statically, all the way down) goes out as one
// chunk instead of some twenty small ones: each small file costs its own gzip header, its import and export lines,
// and compresses alone. On a signed-in page that was about 5 KB gzip of the 130 KB budget (bench:pages).
// Lazily loaded code (import()) stays out of it, so it still loads only when used.
import fs from "node:fs";
import path from "node:path";

const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?"([^"]+)"/gm;
const EXTENSIONS = ["", ".ts", ".tsx", ".js"];

function resolve(spec: string, from: string, appDir: string): string | null {
  const base = spec.startsWith("~/") ? path.join(appDir, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null; // a package: rolldown places it
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * What `entry` reaches through static imports, as the browser's build would bundle it: the app's modules (`entry`
 * among them; .server modules and `?query` imports left out) and the packages they import by name.
 */
export function staticImports(entry: string, appDir: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const m of source.matchAll(STATIC_IMPORT)) {
      const spec = m[1]!;
      const target = resolve(spec, file, appDir);
      if (target && !/\.server\.[jt]sx?$/.test(target) && !/\?/.test(spec)) todo.push(target);
      else if (!target && !spec.startsWith(".") && !spec.startsWith("~/")) packages.add(spec);
    }
  }
  return { modules, packages };
}

/** The app's modules app/root.tsx reaches through static imports (itself and route modules excluded). */
export function shellModules(appDir: string): Set<string> {
  const root = path.join(appDir, "root.tsx");
  const seen = staticImports(root, appDir).modules;
  // Every route's meta() uses it.
  seen.add(path.join(appDir, "lib", "meta.ts"));
  seen.delete(root);
  for (const f of seen) if (f.startsWith(path.join(appDir, "routes") + path.sep)) seen.delete(f);
  return seen;
}
