// The browser's built files (build/client/assets). Their names carry a hash, so each is cached for a year, and
// each text file is answered as the build compressed it (scripts/precompress.ts: Brotli, or Zopfli's gzip) when the
// browser accepts that: no compression work per request, and smaller than compressing on the fly. Every file is held
// in memory (a few megabytes: scripts, styles, the font, the site's images), read once at start; what was not there
// then goes to express.static. They are answered ahead of the site's per-request work (server/http.ts): a page's first
// load asks for twenty to thirty of them, and each went through the language, the page cache, a fresh nonce and the
// compressor for nothing (about 0.7 ms of processor time each, the font 1.2-1.9 ms with express.static's disk reads).
// The site's other files (publicFiles: icons, the web manifest, the service worker, documents) are listed at start.
import fs from "node:fs";
import type { ServerResponse } from "node:http";
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
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
};

export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

type Stored = { type: string; bodies: Partial<Record<Encoding, Buffer>>; encodings: Encoding[] };

/** Every file under `dir` of a known type, by its path there ("images/partners/a.png"), with its compressed copies. */
function readStored(dir: string): Map<string, Stored> {
  const stored = new Map<string, Stored>();
  if (!fs.existsSync(dir)) return stored;
  const names = new Set(fs.readdirSync(dir, { recursive: true }).map((n) => String(n).split(path.sep).join("/")));
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    const file = path.join(dir, name);
    if (!type || !fs.statSync(file).isFile()) continue;
    const bodies: Stored["bodies"] = { identity: fs.readFileSync(file) };
    if (names.has(`${name}.br`)) bodies.br = fs.readFileSync(`${file}.br`);
    if (names.has(`${name}.gz`)) bodies.gzip = fs.readFileSync(`${file}.gz`);
    stored.set(name, { type, bodies, encodings: (["br", "gzip"] as const).filter((e) => bodies[e]) });
  }
  return stored;
}

/**
 * Mounted at /assets, ahead of the per-request work: `headers` are the ones every answer carries (the security
 * headers, server/security.ts), set on each of these as they are, with nothing computed per request.
 */
export function builtAssets(dir: string, headers: ReadonlyArray<readonly [string, string]> = []): RequestHandler {
  const stored = readStored(dir);
  const setHeaders = (res: ServerResponse) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
  const files = express.static(dir, { immutable: true, maxAge: "1y", index: false, setHeaders });
  return (req, res, next) => {
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    const entry = (req.method === "GET" || req.method === "HEAD") && stored.get(name);
    if (!entry) return files(req, res, next);
    const encoding = pickEncoding(req.headers["accept-encoding"], entry.encodings);
    const body = entry.bodies[encoding]!;
    setHeaders(res);
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Cache-Control", ASSET_CACHE_CONTROL);
    if (entry.encodings.length) res.setHeader("Vary", "Accept-Encoding");
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
