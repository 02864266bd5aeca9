// One JSON line per request in production, for the operator: what was asked, the answer, how long it took.
// Never the query string, a body, a cookie, an address or a name: paths carry only ids.
import type http from "node:http";
import type { NextFunction, Request, Response } from "express";

export type RequestLogLine = { t: string; method: string; path: string; status: number; ms: number; bytes: number };

export function requestLog(write: (line: string) => void = (l) => process.stdout.write(l + "\n")) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const line: RequestLogLine = {
        t: new Date().toISOString(),
        method: req.method,
        path: req.originalUrl.split("?")[0]!,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
        bytes: Number(res.getHeader("content-length") ?? 0),
      };
      write(JSON.stringify(line));
    });
    next();
  };
}

/** The line for a WebSocket upgrade request (answered outside Express, by server/realtime/). */
export function logUpgrade(req: http.IncomingMessage, write: (line: string) => void = (l) => process.stdout.write(l + "\n")) {
  write(JSON.stringify({ t: new Date().toISOString(), method: req.method ?? "GET", path: (req.url ?? "").split("?")[0], upgrade: "websocket" }));
}
