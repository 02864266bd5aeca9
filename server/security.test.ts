import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { builtFileHeaders, requireSameOrigin, securityHeaders } from "./security";

const servers: http.Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function serve(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const app = express();
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders(config), requireSameOrigin(config));
  app.all("/{*splat}", (_req, res) => void res.send("ok"));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("security headers", () => {
  it("adds HSTS and upgrade-insecure-requests when the public address is https", async () => {
    const url = await serve({ PUBLIC_URL: "https://tennis.example.org" });
    const res = await fetch(url);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(res.headers.get("content-security-policy")).toContain("connect-src 'self' wss://tennis.example.org");
  });

  it("lets Google's sign-in page receive the sign-in form only when Google is configured", async () => {
    const without = await fetch(await serve({}));
    expect(without.headers.get("content-security-policy")).toContain("form-action 'self';");
    const withGoogle = await fetch(await serve({ GOOGLE_CLIENT_ID: "a", GOOGLE_CLIENT_SECRET: "b" }));
    expect(withGoogle.headers.get("content-security-policy")).toContain("form-action 'self' https://accounts.google.com");
  });
});

describe("the built files' headers", () => {
  it("are every answer's, with a fixed policy that names no nonce", () => {
    const headers = new Map(builtFileHeaders(loadConfig({ PUBLIC_URL: "https://tennis.example.org" })));
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("Content-Security-Policy")).not.toContain("nonce-");
  });
});

describe("same-origin rule", () => {
  it("accepts the public origin, refuses others and requests with no origin", async () => {
    const url = await serve({ PUBLIC_URL: "https://tennis.example.org" });
    const post = (headers: Record<string, string>) => fetch(`${url}/signin`, { method: "POST", headers });
    expect((await post({ Origin: "https://tennis.example.org" })).status).toBe(200);
    expect((await post({ Referer: "https://tennis.example.org/signin" })).status).toBe(200);
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ Origin: "null" })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect((await fetch(`${url}/signin`)).status).toBe(200);
  });

  it("without PUBLIC_URL accepts the address the browser used", async () => {
    const url = await serve({});
    expect((await fetch(`${url}/x`, { method: "POST", headers: { Origin: url } })).status).toBe(200);
    expect((await fetch(`${url}/x`, { method: "DELETE", headers: { Origin: "http://evil.example" } })).status).toBe(403);
  });
});
