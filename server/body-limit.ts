// A size limit on every request body, before anything reads it. A declared Content-Length over the limit is
// refused with 413 at once (nothing is read); a body sent without one (chunked) is counted as it arrives and
// refused with 413 the moment it passes the limit, so a visitor's 100 MB POST never sits in memory.
import type { NextFunction, Request, Response } from "express";
import { ATTACHMENT_MAX_BYTES } from "../app/lib/file-type.server";
import { pathWithoutLocale } from "../app/i18n/language";
import { PHOTO_MAX_BYTES } from "../app/lib/site-content-schemas";

/** Forms, sign-in, search: far below this. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/**
 * Routes that take files, by the page's path. The limit is the route's, whatever the URL it is reached by: a form
 * posted with JavaScript goes to React Router's data URL (`/gallery/photos.data`), without it to the page itself.
 */
export const BODY_LIMITS: Array<{ path: RegExp; bytes: number }> = [
  // A conversation's composer: one attachment of 10 MB, plus the form around it.
  { path: /^\/messages\/[^/]+$/, bytes: ATTACHMENT_MAX_BYTES + 64 * 1024 },
  // Gallery uploads (15 MB photos). Twice that, so a photo just over 15 MB reaches the route, which answers with its
  // message beside the field (without reading the body) rather than a bare 413.
  { path: /^\/gallery\/photos$/, bytes: 2 * PHOTO_MAX_BYTES },
  // A coach's profile with its photo (the gallery's pipeline and limit).
  { path: /^\/staff\/profile$/, bytes: 2 * PHOTO_MAX_BYTES },
  // An athlete's page: a term's report card (issue 42), the attachments' 10 MB. Twice that, as the gallery's: a file
  // just over the limit reaches the page, which answers beside the field without reading it.
  { path: /^\/athletes\/[^/]+$/, bytes: 2 * ATTACHMENT_MAX_BYTES },
];

/**
 * The page a request's path is routed to: a single-fetch data URL (`/x.data`, `/_root.data`) names its page, and a
 * trailing slash is dropped, as React Router's server does (getNormalizedPath, without a basename), and a page's
 * Spanish address (`/es/gallery/photos`) is the same page.
 */
export function routePathOf(path: string): string {
  let page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  if (page !== "/" && page.endsWith("/")) page = page.slice(0, -1);
  return pathWithoutLocale(page);
}

export function bodyLimitFor(path: string): number {
  const page = routePathOf(path);
  return BODY_LIMITS.find((l) => l.path.test(page))?.bytes ?? DEFAULT_BODY_LIMIT;
}

function refuse(req: Request, res: Response, limit: number) {
  if (res.headersSent) return;
  res
    .status(413)
    .set("Connection", "close")
    .type("text/plain")
    .end(`Request body too large (the limit here is ${Math.round(limit / 1024)} KB).`);
  // Closing a connection with unread bytes in it makes the kernel reset it, which can destroy the answer
  // before the client reads it. So, as web servers do ("lingering close"), what still arrives is read and
  // thrown away for a few seconds or a few megabytes, then the connection is closed whatever the client sends.
  let discarded = 0;
  req.push = (chunk: unknown) => {
    discarded += (chunk as Buffer | null)?.length ?? 0;
    if (discarded > LINGER_BYTES) req.socket.destroy();
    return true;
  };
  res.once("finish", () => {
    req.resume();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  });
}

const LINGER_MS = 5000;
const LINGER_BYTES = 8 * 1024 * 1024;

export function bodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const limit = bodyLimitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) {
      refuse(req, res, limit);
      return;
    }
    // Counted where the bytes enter the stream, whoever reads it later.
    let received = 0;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk === null || chunk === undefined) return push(chunk, encoding);
      received += (chunk as Buffer).length;
      if (received <= limit) return push(chunk, encoding);
      refuse(req, res, limit);
      // End the body here: whoever is reading it sees it cut short, and the answer above is already sent.
      return push(null);
    };
    next();
  };
}
