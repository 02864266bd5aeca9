// The browser's files never change once built (their names carry a hash), so the build compresses each one once,
// with the strongest encoders, instead of the server compressing it again on every request: `name.br` (Brotli,
// quality 11) and `name.gz` (gzip written by Zopfli, a few percent smaller than zlib's best and read by every
// browser). server/assets.ts answers with them. Small files are compressed too: on the fly, files under 1 KB went
// out as they were. Figures in docs/decisions/0023.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";

const brotliCompress = promisify(zlib.brotliCompress);

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;

async function compressFile(file: string) {
  const source = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotliCompress(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    // 5 iterations: the shell chunk came out 5 bytes larger than with 15, in less time.
    gzipAsync(source, { numiterations: 5 }),
  ]);
  // Kept only when smaller: server/assets.ts sends the file as it is otherwise.
  if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      // Only the browser's build: the server's own modules are never sent.
      if (this.environment.config.consumer !== "client" || !options.dir) return;
      const queue = Object.keys(bundle).filter((name) => name.startsWith("assets/") && COMPRESSIBLE.test(name));
      // A few at a time: Zopfli is slow, and the machine may have two cores.
      const worker = async () => {
        for (let name = queue.shift(); name; name = queue.shift()) await compressFile(path.join(options.dir!, name));
      };
      await Promise.all([worker(), worker(), worker()]);
    },
  };
}
