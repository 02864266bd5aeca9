// Builds the site when there is no build yet or the sources changed since the last one.
import { execFileSync } from "node:child_process";
import { buildSync } from "esbuild";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
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
 * the same moment would otherwise write build/ over each other. The lock is a folder (mkdir is atomic) holding its
 * owner's pid. A build killed meanwhile (a restart while `npm start` built) cannot remove it: a lock whose owner is
 * gone is taken over at once, and one older than ten minutes in any case.
 * @template T
 * @param {() => T} fn
 * @param {string} [lock]
 * @returns {T}
 */
export function withBuildLock(fn, lock = path.join(root, ".build.lock")) {
  const ownerFile = path.join(lock, "pid");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000 || ownerIsGone(ownerFile, age)) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the process that took the lock has ended (a lock a second old may not have its pid written yet). */
function ownerIsGone(ownerFile, age) {
  let pid;
  try {
    pid = Number(fs.readFileSync(ownerFile, "utf8"));
  } catch {
    return age > 5_000;
  }
  if (!Number.isInteger(pid) || pid <= 0) return age > 5_000;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return err.code === "ESRCH";
  }
}

/**
 * Builds the site and the server's bundle if their sources changed since the last build; whether it built.
 * @param {{ quiet?: boolean }} [options]
 * @returns {boolean}
 */
export function buildIfStale(options = {}) {
  return withBuildLock(() => buildIfStaleNow(options));
}

function buildIfStaleNow({ quiet = false } = {}) {
  const site = buildSiteIfStale({ quiet });
  const server = bundleServerIfStale();
  return site || server;
}

function buildSiteIfStale({ quiet }) {
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

/** The server process (server/index.ts and what it imports) as one module, run by `npm start` (decision 0054). */
export const SERVER_BUNDLE = path.join(root, "build/start/index.mjs");
const serverStampFile = path.join(root, "build/start/.inputs.json");

function hashFiles(files) {
  const hash = crypto.createHash("sha256");
  for (const file of files) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return null;
    hash.update(file);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest("hex");
}

/**
 * Bundles the server with esbuild (under a second) when a file it was bundled from changed: the files are those
 * esbuild read last time (its metafile), so a new import shows as a change in the file that imports it. Packages
 * stay in node_modules. Written beside and renamed, so a process starting meanwhile never reads half a file.
 */
function bundleServerIfStale() {
  if (fs.existsSync(SERVER_BUNDLE) && fs.existsSync(serverStampFile)) {
    const stamp = JSON.parse(fs.readFileSync(serverStampFile, "utf8"));
    if (hashFiles(stamp.inputs) === stamp.hash) return false;
  }
  const temporary = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: ["server/index.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: temporary,
    metafile: true,
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  fs.renameSync(temporary, SERVER_BUNDLE);
  fs.writeFileSync(serverStampFile, JSON.stringify({ hash: hashFiles(inputs), inputs }));
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--background`: npm test builds while its unit tests run (scripts/test.mjs), at a low priority, so the build takes
  // the processor time they leave idle rather than slowing them; the processes it starts inherit the priority.
  if (process.argv.includes("--background")) os.setPriority(0, 19);
  buildIfStale();
}
