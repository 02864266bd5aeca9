// The site's compression (server/compression.ts): a page written in many chunks over several turns, each chunk
// followed by a flush as React Router writes it, is compressed as one stream (the same bytes as compressing the whole
// page at once), in Brotli for a browser and gzip for others; any other answer (a route's data, which may stream)
// still sends what was written before a flush, before it ends.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressAnswers } from "./compression";

const CHUNKS = Array.from({ length: 60 }, (_, i) => `<tr><td>Row ${i}</td><td>Monthly clinic (month)</td><td>$120</td></tr>\n`);
const PAGE = CHUNKS.join("");

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering a page written chunk by chunk, flushing after each, as @react-router/node does. */
async function serve(
  compress: RequestHandler,
  write: (res: express.Response & { flush?: () => void }) => void | Promise<void>,
  type = "text/html; charset=utf-8",
) {
  const app = express();
  app.use(compress);
  app.get("/", (_req, res) => {
    res.setHeader("Content-Type", type);
    void write(res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** The page in chunks, a flush after each, in three turns of the event loop (React waits for the pipe to drain). */
const written = async (res: express.Response & { flush?: () => void }) => {
  for (const [i, chunk] of CHUNKS.entries()) {
    if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    res.write(chunk);
    res.flush?.();
  }
  res.end();
};

/** The raw (still compressed) body and its encoding. */
function get(url: string, acceptEncoding: string, onData?: (soFar: Buffer) => void) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => {
          parts.push(c);
          onData?.(Buffer.concat(parts));
        });
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

describe("the site's compression", () => {
  it("compresses a page flushed after every chunk as one stream, gzip for a client that asks it", async () => {
    const url = await serve(compressAnswers(), written);
    const { encoding, body } = await get(url, "gzip, deflate");
    expect(encoding).toBe("gzip");
    expect(zlib.gunzipSync(body).toString()).toBe(PAGE);
    // The same bytes as the whole page compressed at once: no block was cut by a flush.
    expect(body.length).toBe(zlib.gzipSync(PAGE).length);
  });

  it("answers a browser in Brotli, one stream too", async () => {
    const url = await serve(compressAnswers(), written);
    const { encoding, body } = await get(url, "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(zlib.brotliDecompressSync(body).toString()).toBe(PAGE);
    const whole = zlib.brotliCompressSync(PAGE, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(body.length).toBe(whole.length);
  });

  it("is what the middleware alone does not do: its flushes after every chunk cut the page into blocks", async () => {
    const url = await serve(compression(), written);
    const { body } = await get(url, "gzip, deflate");
    expect(zlib.gunzipSync(body).toString()).toBe(PAGE);
    expect(body.length).toBeGreaterThan(zlib.gzipSync(PAGE).length + 100);
  });

  it("still sends a route's data written before a flush, before the answer ends", async () => {
    let sendRest: () => void = () => {};
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const url = await serve(
      compressAnswers(),
      async (res) => {
        res.write("<p>first part</p>");
        res.flush?.();
        await rest;
        res.end("<p>second part</p>");
      },
      "text/x-script",
    );
    let text = "";
    const answer = get(url, "gzip", (soFar) => {
      // What arrived so far, inflated: the first part comes before the second is written (else this waits forever).
      text = zlib.gunzipSync(soFar, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
      if (text === "<p>first part</p>") sendRest();
    });
    const { body } = await answer;
    expect(text).toBe("<p>first part</p><p>second part</p>");
    expect(zlib.gunzipSync(body).toString()).toBe("<p>first part</p><p>second part</p>");
  });
});
