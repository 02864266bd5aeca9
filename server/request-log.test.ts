import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { requestLog } from "./request-log";

describe("requestLog", () => {
  it("writes one JSON line per request, without the query string, body or cookies", async () => {
    const lines: string[] = [];
    const app = express();
    app.use(requestLog((l) => lines.push(l)));
    app.all("/{*splat}", (_req, res) => void res.status(201).send("done"));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await fetch(`${url}/programs?email=child%40example.com`, { method: "POST", body: "name=Child", headers: { Cookie: "nlte.session_token=abc" } });
    server.close();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ method: "POST", path: "/programs", status: 201 });
    expect(Object.keys(line).sort()).toEqual(["bytes", "method", "ms", "path", "status", "t"]);
    expect(lines[0]).not.toMatch(/child|Child|abc/);
  });
});
