// Visitors' content pages, rendered once and served from memory until the content they show changes.
// A page is stored only when React Router rendered it as a document for visitors (entry.server.tsx marks it) for a
// request that carries no session and no one-time message; every process empties its store when PostgreSQL
// announces `content_changed` (server/content-changes.ts). See docs/decisions/0014-visitor-page-cache.md.
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { Config } from "./config";
import { pickEncoding } from "./encoding";
import { constantSecurityHeaders, contentSecurityPolicy } from "./security";

/** Set by app/entry.server.tsx on a page rendered without the React runtime for a visitor. */
export const VISITOR_DOCUMENT_HEADER = "x-visitor-document";

const MAX_ENTRIES = 200;
const MAX_UNCACHEABLE_PATHS = 1000;
/** The site's own cookies (a session, plain or __Secure- prefixed, or a one-time message) make a page personal. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?nlte[._]/;

type Entry = {
  etag: string;
  csp: string;
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
};

export type PageCache = {
  /**
   * Serves a stored page, or passes on. Mounted before the per-request security headers (a stored page needs no
   * nonce), compression and the static files: a stored path is never a file (files are served before a page is
   * ever rendered), and a stored page is already compressed.
   */
  hits: (req: Request, res: Response, next: NextFunction) => void;
  /** Renders a page that is not stored yet, and stores it when it is a visitor's document. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Forget every stored page (content changed, or announcements may have been missed). */
  clear: () => void;
  /** Whether pages may be stored: only while this process hears every content change. */
  setListening: (on: boolean) => void;
  size: () => number;
};

/** Hashes of the inline scripts a document carries, so a stored page needs no per-request nonce. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? "";
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) are never run, so the policy does not concern them.
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

function webHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

async function sendWebResponse(res: Response, response: globalThis.Response, method: string) {
  res.status(response.status);
  for (const [key, value] of response.headers) if (key !== "set-cookie" && key !== VISITOR_DOCUMENT_HEADER) res.setHeader(key, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  const body = method === "HEAD" ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
  res.end(body);
}

export function createPageCache(config: Config, build: ServerBuild, getLoadContext: (req: Request, res: Response) => AppLoadContext): PageCache {
  const handle = createRequestHandler(build, "production");
  const store = new Map<string, Entry>();
  const uncacheable = new Set<string>();
  // Bumped by every change: a page whose rendering began before a change is served once but not stored.
  let generation = 0;
  let listening = false;

  const constantHeaders = constantSecurityHeaders(config);
  const serve = (req: Request, res: Response, entry: Entry, hit: boolean) => {
    // Stored pages are answered before the security headers' middleware (no nonce to make): the same headers here.
    for (const [name, value] of constantHeaders) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("Content-Type", entry.contentType);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
    if (req.headers["if-none-match"] === entry.etag) return void res.status(304).end();
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = entry[encoding];
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  };

  const makeEntry = (html: string, nonce: string, contentType: string): Entry => {
    // The rendered page carries this request's nonce; the stored one carries none and is allowed by hashes.
    const text = nonce ? html.split(` nonce="${nonce}"`).join("") : html;
    const identity = Buffer.from(text);
    return {
      etag: `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      csp: contentSecurityPolicy({ hashes: inlineScriptHashes(text) }, config),
      contentType,
      identity,
      gzip: zlib.gzipSync(identity, { level: 9 }),
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    };
  };

  /** Whether the request may be answered with a stored page: no query string, no personal cookie. */
  const mayShare = (req: Request) =>
    (req.method === "GET" || req.method === "HEAD") && req.originalUrl === req.path && !PERSONAL_COOKIE.test(req.headers.cookie ?? "");

  // Pages say what is true today (issue 39: the current season, the footer's year, /general's archive): a stored page
  // is forgotten when the site's day (the server's clock, in the organisation's zone) turns.
  const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: config.site.timeZone });
  let storedOn = "";
  const forgetOnNewDay = () => {
    const today = dayFormat.format(config.safePlay.clock());
    if (today === storedOn) return;
    storedOn = today;
    generation++;
    store.clear();
  };

  const hits = (req: Request, res: Response, next: NextFunction) => {
    forgetOnNewDay();
    const cached = mayShare(req) ? store.get(req.path) : undefined;
    return cached ? serve(req, res, cached, true) : next();
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    // Query strings, personal pages and paths already known not to be visitor documents go the usual way.
    if (!mayShare(req) || uncacheable.has(req.path)) return next();
    forgetOnNewDay();
    const cached = store.get(req.path);
    if (cached) return serve(req, res, cached, true);
    if (req.method === "HEAD") return next();
    const started = generation;
    void (async () => {
      const loadContext = getLoadContext(req, res);
      const request = new Request(new URL(req.originalUrl, config.publicUrl), { method: "GET", headers: webHeaders(req) });
      const response = await handle(request, loadContext);
      const isDocument =
        response.status === 200 && response.headers.get(VISITOR_DOCUMENT_HEADER) === "1" && response.headers.getSetCookie().length === 0;
      if (!isDocument) {
        if (response.status < 400 && uncacheable.size < MAX_UNCACHEABLE_PATHS) uncacheable.add(req.path);
        return sendWebResponse(res, response, req.method);
      }
      const entry = makeEntry(await response.text(), loadContext.cspNonce, response.headers.get("content-type") ?? "text/html; charset=utf-8");
      if (listening && started === generation && store.size < MAX_ENTRIES) store.set(req.path, entry);
      serve(req, res, entry, false);
    })().catch(next);
  };

  return {
    hits,
    middleware,
    clear: () => {
      generation++;
      store.clear();
    },
    setListening: (on) => {
      listening = on;
      generation++;
      store.clear();
    },
    size: () => store.size,
  };
}
