// Builds the site when there is no build yet or the sources changed since the last one.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INPUTS = [
  "app",
  "public",
  "images",
  "scripts/site-images.ts",
  "scripts/minify-page-behaviours.ts",
  "scripts/shell-chunk.ts",
  "scripts/precompress.ts",
  "scripts/paraglide.ts",
  "messages",
  "project.inlang/settings.json",
  "db/schema.ts",
  "server/config.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
const stampFile = path.join(root, "build", ".source-hash");

/** What the build writes itself (the compiled language catalog) is not a source. */
const GENERATED = new Set(["app/paraglide"]);

function addTree(hash, target) {
  if (GENERATED.has(target)) return;
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) addTree(hash, path.join(target, name));
  } else {
    hash.update(target);
    hash.update(fs.readFileSync(full));
  }
}

export function sourceHash() {
  const hash = crypto.createHash("sha256");
  for (const input of INPUTS) addTree(hash, input);
  return hash.digest("hex");
}

/**
 * One build at a time in this checkout: two test runs (or a test run and `npm start`) that find the build stale at
 * the same moment would otherwise write build/ over each other. The lock is a folder (mkdir is atomic); one left by
 * a build that died is taken over after ten minutes.
 */
function withBuildLock(fn) {
  const lock = path.join(root, ".build.lock");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function buildIfStale(options = {}) {
  return withBuildLock(() => buildIfStaleNow(options));
}

function buildIfStaleNow({ quiet = false } = {}) {
  const current = sourceHash();
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8").trim() : null;
  if (built === current && fs.existsSync(path.join(root, "build/server/index.js"))) return false;
  if (!quiet) console.log(built ? "Sources changed since the last build: building the site..." : "No build yet: building the site...");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  fs.writeFileSync(stampFile, current + "\n");
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
