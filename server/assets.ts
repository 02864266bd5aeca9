// The browser's built files (build/client/assets). Their names carry a hash, so each is cached for a year, and
// each text file is answered as the build compressed it (scripts/precompress.ts: Brotli, or Zopfli's gzip) when the
// browser accepts that: no compression work per request, and smaller than compressing on the fly. They are held in
// memory (a few megabytes of text); images, fonts and anything without a compressed copy go to express.static.
// The site's other files (publicFiles: icons, the web manifest, the service worker, documents) are listed at start.
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { pickEncoding, type Encoding } from "./encoding";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

type Stored = { type: string; bodies: Partial<Record<Encoding, Buffer>>; encodings: Encoding[] };

function readStored(dir: string): Map<string, Stored> {
  const stored = new Map<string, Stored>();
  if (!fs.existsSync(dir)) return stored;
  const names = new Set(fs.readdirSync(dir));
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (!type || (!names.has(`${name}.br`) && !names.has(`${name}.gz`))) continue;
    const bodies: Stored["bodies"] = { identity: fs.readFileSync(path.join(dir, name)) };
    if (names.has(`${name}.br`)) bodies.br = fs.readFileSync(path.join(dir, `${name}.br`));
    if (names.has(`${name}.gz`)) bodies.gzip = fs.readFileSync(path.join(dir, `${name}.gz`));
    stored.set(name, { type, bodies, encodings: (["br", "gzip"] as const).filter((e) => bodies[e]) });
  }
  return stored;
}

/** Mounted at /assets. */
export function builtAssets(dir: string): RequestHandler {
  const stored = readStored(dir);
  const files = express.static(dir, { immutable: true, maxAge: "1y", index: false });
  return (req, res, next) => {
    const entry = (req.method === "GET" || req.method === "HEAD") && stored.get(req.path.slice(1));
    if (!entry) return files(req, res, next);
    const encoding = pickEncoding(req.headers["accept-encoding"], entry.encodings);
    const body = entry.bodies[encoding]!;
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Cache-Control", ASSET_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/** Every file under `dir` (but `skip`, and names starting with a dot) as the path a request names: "/icons/icon-180.png". */
function listFiles(dir: string, skip: string): Set<string> {
  const found = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || (prefix === "" && entry.name === skip)) continue;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}/${entry.name}`);
      else if (entry.isFile()) found.add(`${prefix}/${entry.name}`);
    }
  };
  walk(dir, "");
  return found;
}

/**
 * The build's files outside assets/ (public/ as the build copied it: icons, the web manifest, the service worker,
 * the offline page, documents), cached for an hour. They are listed once, at start, as the build left them: every
 * page's address passed through here, and express.static asked the disk about each one, then built a 404 error (with
 * its stack) to say it was not a file, about 1 % of the balance page's processor time (issue 41, decision 0088).
 * Mounted after builtAssets, which answers /assets itself.
 */
export function publicFiles(dir: string): RequestHandler {
  const files = express.static(dir, { maxAge: "1h", index: false });
  const known = listFiles(dir, "assets");
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return known.has(file) ? files(req, res, next) : next();
  };
}
