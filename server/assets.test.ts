import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtAssets, publicFiles } from "./assets";
import { pickEncoding } from "./encoding";

const script = "export const greeting = 'hello, families';\n".repeat(50);
let dir: string;
let base: string;
let server: http.Server;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
  fs.writeFileSync(path.join(dir, "app-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "app-abc123.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, "tiny-abc123.js"), "x"); // nothing to gain: no compressed copy
  fs.mkdirSync(path.join(dir, "images", "partners"), { recursive: true });
  fs.writeFileSync(path.join(dir, "images", "partners", "club-abc123.png"), "png bytes");
  fs.writeFileSync(path.join(dir, "figtree-abc123.woff2"), "font bytes");
  const app = express();
  app.use("/assets", builtAssets(dir, [["X-Content-Type-Options", "nosniff"]]));
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The raw answer, not decoded (fetch would decode it). */
function get(file: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}/${file}`, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("built assets", () => {
  it("answers with the build's Brotli copy when the browser accepts it, cached for a year", async () => {
    const res = await get("app-abc123.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("answers with the gzip copy when Brotli is not accepted, and the file itself when nothing is", async () => {
    const gz = await get("app-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get("app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(script));
  });

  it("answers HEAD with the headers only", async () => {
    const res = await get("app-abc123.js", "br", "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.body.length).toBe(0);
  });

  it("sends a file without compressed copies as it is, and 404s unknown files", async () => {
    const tiny = await get("tiny-abc123.js", "br");
    expect(tiny.status).toBe(200);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("x");
    expect((await get("missing-abc123.js", "br")).status).toBe(404);
  });

  it("answers the font and the images in folders from memory, read at start, with the headers it was given", async () => {
    const font = await get("figtree-abc123.woff2", "br");
    expect(font.status).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(font.headers["x-content-type-options"]).toBe("nosniff");
    expect(font.headers["vary"]).toBeUndefined();
    expect(font.body.toString()).toBe("font bytes");
    // Changed on disk after start: the answer is what the build left (a build is never changed under a running site).
    fs.writeFileSync(path.join(dir, "images", "partners", "club-abc123.png"), "changed");
    const image = await get("images/partners/club-abc123.png");
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.body.toString()).toBe("png bytes");
  });
});

describe("the build's other files", () => {
  let site: string;
  let siteBase: string;
  let siteServer: http.Server;
  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));
    fs.mkdirSync(path.join(site, "icons"));
    fs.mkdirSync(path.join(site, "assets"));
    fs.writeFileSync(path.join(site, "icons", "icon-180.png"), "png");
    fs.writeFileSync(path.join(site, "photo release.pdf"), "pdf");
    fs.writeFileSync(path.join(site, "assets", "app-abc123.js"), "js");
    const app = express();
    app.use(publicFiles(site));
    // What a page's address reaches after the files: the pages.
    app.use((req, res) => void res.status(200).type("text/plain").send(`page ${req.path}`));
    siteServer = http.createServer(app);
    await new Promise<void>((r) => siteServer.listen(0, "127.0.0.1", () => r()));
    siteBase = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    siteServer.close();
    fs.rmSync(site, { recursive: true, force: true });
  });

  it("sends a file the build made, cached for an hour, by its address (spaces and all)", async () => {
    const icon = await fetch(`${siteBase}/icons/icon-180.png`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toBe("png");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${siteBase}/photo%20release.pdf`)).text()).toBe("pdf");
  });

  it("passes every other address on to the pages: a page, a folder, assets/ (builtAssets' own), a file written after start", async () => {
    fs.writeFileSync(path.join(site, "later.txt"), "later");
    for (const address of ["/account/payments", "/icons", "/assets/app-abc123.js", "/later.txt", "/%E0%A4%A"])
      expect(await (await fetch(`${siteBase}${address}`)).text()).toMatch(/^page /);
  });
});

describe("pickEncoding", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("gzip;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });
});
