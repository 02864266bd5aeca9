// iPhone photos (HEIC: HEVC inside HEIF) decoded to pixels with libheif compiled to WebAssembly (libheif-js), because
// sharp's prebuilt libvips cannot decode HEVC (docs/decisions/0018). The decoder runs in a worker thread made for one
// photo and ended after it: loading it costs nothing until a HEIC arrives, decoding (seconds for a 12-megapixel
// photo, all of it synchronous WebAssembly) does not stall other requests and sockets, and the WebAssembly memory
// it grows (it never shrinks while the module lives) is returned when the worker ends. One decode runs at a time.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** Photos with more pixels are refused before decoding: 48-megapixel "HEIF Max" iPhone photos still fit. */
export const MAX_PHOTO_PIXELS = 50_000_000;
const TIME_LIMIT_MS = 60_000;

export type DecodedHeic = { data: Buffer; width: number; height: number; channels: 3 | 4 };
export type HeicProblem = { error: "unreadable" | "tooManyPixels" };

/** HEIF container brands of HEVC-coded images, as iPhones and other phones save them. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);

/** Whether the file is HEIF with HEVC inside: its `ftyp` box names a HEIC brand, as main or compatible brand. */
export function looksLikeHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString("latin1", 4, 8) !== "ftyp") return false;
  const end = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString("latin1", 8, 12)];
  for (let p = 16; p + 4 <= end; p += 4) brands.push(bytes.toString("latin1", p, p + 4));
  return brands.some((b) => HEIC_BRANDS.has(b));
}

// CommonJS run by the worker. libheif applies the HEIF rotation and mirroring (irot, imir) and crop (clap) as it
// decodes, so the pixels come out upright; the Exif orientation inside a HEIC describes the same turn and must not be
// applied again. Nothing but pixels leaves the worker: no Exif, no XMP, no GPS position.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
console.log = () => {}; // libheif-js reports a damaged file on stdout; the caller answers the coach instead
const libheif = require(workerData.libheifPath);
const decoder = new libheif.HeifDecoder();
const images = decoder.decode(workerData.bytes);
const image = images.find((i) => i.is_primary()) || images[0];
if (!image) {
  parentPort.postMessage({ error: "unreadable" });
} else {
  const width = image.get_width();
  const height = image.get_height();
  if (width * height > workerData.maxPixels) {
    parentPort.postMessage({ error: "tooManyPixels" });
  } else {
    const rgba = new Uint8ClampedArray(width * height * 4);
    image.display({ data: rgba, width, height }, (done) => {
      if (!done) return parentPort.postMessage({ error: "unreadable" });
      let data = rgba;
      let channels = 4;
      if (!image.has_alpha_channel()) {
        data = new Uint8Array(width * height * 3);
        for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
          data[j] = rgba[i];
          data[j + 1] = rgba[i + 1];
          data[j + 2] = rgba[i + 2];
        }
        channels = 3;
      }
      parentPort.postMessage({ width, height, channels, data }, [data.buffer]);
    });
  }
}
`;

let queue: Promise<unknown> = Promise.resolve();

/** Decodes the primary image of a HEIC file to upright 8-bit RGB(A) pixels, or says why it cannot. */
export function decodeHeic(bytes: Buffer): Promise<DecodedHeic | HeicProblem> {
  const run = queue.then(() => decodeInWorker(bytes));
  queue = run.catch(() => undefined);
  return run;
}

function decodeInWorker(bytes: Buffer): Promise<DecodedHeic | HeicProblem> {
  const libheifPath = createRequire(import.meta.url).resolve("libheif-js/wasm-bundle");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bytes: new Uint8Array(bytes), libheifPath, maxPixels: MAX_PHOTO_PIXELS } });
  return new Promise<DecodedHeic | HeicProblem>((resolve) => {
    const timer = setTimeout(() => resolve({ error: "unreadable" }), TIME_LIMIT_MS);
    worker.once("message", (m: { error: HeicProblem["error"] } | { width: number; height: number; channels: 3 | 4; data: Uint8Array }) => {
      clearTimeout(timer);
      resolve(
        "error" in m
          ? { error: m.error }
          : { width: m.width, height: m.height, channels: m.channels, data: Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength) },
      );
    });
    // A file that makes libheif throw (or run out of memory) ends the worker: that is a photo we cannot read.
    worker.once("error", (err) => {
      console.error("HEIC decoder stopped:", err);
      clearTimeout(timer);
      resolve({ error: "unreadable" });
    });
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve({ error: "unreadable" });
    });
  }).finally(() => void worker.terminate());
}

/** The colour space a HEIC's primary image declares: an ICC profile, or the codes of an `nclx` box (ISO 23091-2). */
export type HeicColour = { icc: Buffer } | { primaries: number; transfer: number };

type Box = { type: string; body: number; end: number };

/** The ISO base media boxes between start and end (a damaged length ends the list). */
function boxesIn(bytes: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    out.push({ type: bytes.toString("latin1", at + 4, at + 8), body: at + header, end: at + size });
    at += size;
  }
  return out;
}

/**
 * The `colr` property of the HEIC's primary item (meta > pitm names it, iprp > ipma links it to its properties in
 * iprp > ipco), or null when there is none or the file is not laid out that way. libheif-js decodes the pixels but
 * does not say what colour space they are in: iPhones write Display P3, and read as sRGB they look dull.
 */
export function readHeicColour(bytes: Buffer): HeicColour | null {
  try {
    const colr = primaryProperties(bytes)?.find((b) => b.type === "colr");
    if (!colr) return null;
    const kind = bytes.toString("latin1", colr.body, colr.body + 4);
    if (kind === "prof" || kind === "rICC") return { icc: Buffer.from(bytes.subarray(colr.body + 4, colr.end)) };
    if (kind === "nclx") return { primaries: bytes.readUInt16BE(colr.body + 4), transfer: bytes.readUInt16BE(colr.body + 6) };
    return null;
  } catch {
    return null; // a box that says it is longer than the file: read as sRGB, as before
  }
}

/** The properties (iprp > ipco boxes) of the primary item (meta > pitm), linked by iprp > ipma; null if not laid out so. */
function primaryProperties(bytes: Buffer): Box[] | null {
  const meta = boxesIn(bytes, 0, bytes.length).find((b) => b.type === "meta");
  if (!meta) return null;
  const inMeta = boxesIn(bytes, meta.body + 4, meta.end); // a full box: version and flags first
  const pitm = inMeta.find((b) => b.type === "pitm");
  const iprp = inMeta.find((b) => b.type === "iprp");
  if (!pitm || !iprp) return null;
  const primary = bytes[pitm.body] === 0 ? bytes.readUInt16BE(pitm.body + 4) : bytes.readUInt32BE(pitm.body + 4);
  const inIprp = boxesIn(bytes, iprp.body, iprp.end);
  const ipco = inIprp.find((b) => b.type === "ipco");
  if (!ipco) return null;
  const properties = boxesIn(bytes, ipco.body, ipco.end);
  // Each ipma lists, per item, the 1-based indexes of its properties in ipco.
  const linked: number[] = [];
  for (const ipma of inIprp.filter((b) => b.type === "ipma")) {
    const version = bytes[ipma.body]!;
    const wideIndexes = (bytes[ipma.body + 3]! & 1) === 1;
    let at = ipma.body + 4;
    const entries = bytes.readUInt32BE(at);
    at += 4;
    for (let e = 0; e < entries && at < ipma.end; e++) {
      const item = version < 1 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
      at += version < 1 ? 2 : 4;
      const count = bytes[at++]!;
      for (let k = 0; k < count; k++) {
        const index = wideIndexes ? bytes.readUInt16BE(at) & 0x7fff : bytes[at]! & 0x7f;
        at += wideIndexes ? 2 : 1;
        if (item === primary) linked.push(index);
      }
    }
  }
  return linked.map((i) => properties[i - 1]).filter((b): b is Box => b !== undefined);
}

/**
 * The size of a HEIC's primary image as its `ispe` property states it, read off the file's boxes without decoding
 * (milliseconds, so the upload's request can refuse a damaged or huge file at once); null when the file has none.
 */
export function readHeicSize(bytes: Buffer): { width: number; height: number } | null {
  try {
    const ispe = primaryProperties(bytes)?.find((b) => b.type === "ispe");
    if (!ispe || ispe.body + 12 > ispe.end) return null;
    const width = bytes.readUInt32BE(ispe.body + 4); // a full box: version and flags first
    const height = bytes.readUInt32BE(ispe.body + 8);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}
