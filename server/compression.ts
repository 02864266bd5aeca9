// How the site compresses its answers: one place for the whole site (decision 0075, second addendum; issue 41).
// The compression middleware chooses as before (Brotli quality 4 for browsers, which all ask for it; gzip level 6 for
// other clients), with one change: React Router writes an answer chunk by chunk and flushes the compressor after every
// chunk (@react-router/node's writeReadableStreamToWritable), which makes each chunk a compressed block and a socket
// write of its own, and React writes a page in several turns (it waits for the pipe to drain every 16 KB). Every page
// is sent whole (app/entry.server.tsx: onAllReady), so a page's flushes bought nothing: a page is compressed as one
// stream, flushed by its end. Any other answer (a route's data, which may stream) is flushed once a turn of the event
// loop, however many flushes were asked in it, and never after it ended or its connection went.
import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

type Flushable = Response & { flush?: () => void };

/** Whether the answer is a page (HTML), which is sent whole. */
const isPage = (res: Response) => String(res.getHeader("Content-Type") ?? "").startsWith("text/html");

/** A page's flushes dropped (its end flushes); any other answer's made once a turn, and not after it ended. */
export function coalesceFlushes(res: Flushable): void {
  const flush = res.flush;
  if (typeof flush !== "function") return;
  let asked = false;
  res.flush = () => {
    if (asked || isPage(res)) return;
    asked = true;
    setImmediate(() => {
      asked = false;
      if (!res.writableEnded && !res.destroyed) flush.call(res);
    });
  };
}

/** The site's compression: the middleware, then its flushes as coalesceFlushes says. */
export function compressAnswers(): RequestHandler {
  const compress = compression();
  return (req: Request, res: Response, next: NextFunction) =>
    compress(req, res, (err?: unknown) => {
      if (err) return next(err);
      coalesceFlushes(res);
      next();
    });
}
