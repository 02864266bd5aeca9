// A coach's uploaded photo becomes the same AVIF and WebP copies the build makes of images/ (scripts/site-images.ts):
// the same widths, upright, no metadata (GPS position included). The upload's request only checks the file
// (checkPhoto, milliseconds); the job queue makes the copies (processPhoto, seconds to a minute: photo-copies.server.ts)
// and the original is kept only until they exist.
import type { CreateRaw, Metadata } from "sharp";
import { encodeCopy, loadSharp, variantWidths, type Format } from "../../scripts/site-images";
import { PHOTO_MAX_BYTES } from "~/lib/site-content-schemas";
import zlib from "node:zlib";
import { m } from "~/paraglide/messages";
import { MAX_PHOTO_PIXELS, decodeHeic, looksLikeHeic, readHeicColour, readHeicSize, type DecodedHeic, type HeicColour } from "~/gallery/heic.server";

export type ProcessedPhoto = { width: number; height: number; files: Array<{ format: Format; width: number; data: Buffer }> };
/** Why a photo is refused: `kind` is kept with a photo whose copies failed, `error` is its words now. */
export type PhotoProblem = { error: string; kind: PhotoProblemKind };

/** Why a photo is refused, in the language of the page (read when the photo is refused). */
export const PHOTO_MESSAGES = {
  missing: () => m.calendar_photo_missing(),
  tooLarge: () => m.calendar_photo_too_large(),
  tooManyPixels: () => m.calendar_photo_too_many_pixels({ megapixels: MAX_PHOTO_PIXELS / 1_000_000 }),
  unreadable: () => m.calendar_photo_unreadable(),
  heic: () => m.calendar_photo_heic(),
} as const;

export type PhotoProblemKind = keyof typeof PHOTO_MESSAGES;

const problem = (kind: PhotoProblemKind): PhotoProblem => ({ error: PHOTO_MESSAGES[kind](), kind });

/** The words for a problem kept with a photo (an unknown one reads as "unreadable"). */
export function photoProblemText(kind: string | null): string {
  return (PHOTO_MESSAGES[kind as PhotoProblemKind] ?? PHOTO_MESSAGES.unreadable)();
}

/**
 * What the upload's request checks before it stores a photo, in milliseconds: its size, and that it is a photo we
 * read (its header, and for a JPEG, PNG or WebP a few decoded pixels) of at most MAX_PHOTO_PIXELS. A HEIC is decoded
 * only by the job (seconds): one its header describes well but whose pixels are damaged fails there, and the coach
 * is told on the photos page.
 */
export async function checkPhoto(bytes: Buffer): Promise<{ ok: true } | PhotoProblem> {
  if (bytes.length === 0) return problem("missing");
  if (bytes.length > PHOTO_MAX_BYTES) return problem("tooLarge");
  if (looksLikeHeic(bytes)) {
    const size = readHeicSize(bytes);
    if (!size) return problem("heic");
    return size.width * size.height > MAX_PHOTO_PIXELS ? problem("tooManyPixels") : { ok: true };
  }
  const source = await readWithSharp(bytes);
  return "error" in source ? source : { ok: true };
}

/** What the copies are made from: the file itself, or (HEIC) its decoded, upright pixels. */
type Source = { bytes: Buffer; raw?: CreateRaw; width: number; height: number };

/** The copies of a photo (ten encodes: seconds to a minute). `signal` stops it between two encodes (the queue stopping). */
export async function processPhoto(bytes: Buffer, signal?: AbortSignal): Promise<ProcessedPhoto | PhotoProblem> {
  if (bytes.length === 0) return problem("missing");
  if (bytes.length > PHOTO_MAX_BYTES) return problem("tooLarge");
  const source = looksLikeHeic(bytes) ? await readHeic(bytes) : await readWithSharp(bytes);
  if ("error" in source) return source;
  const widths = variantWidths(source.width);
  const files: ProcessedPhoto["files"] = [];
  for (const format of ["avif", "webp"] as const) {
    for (const width of widths) {
      signal?.throwIfAborted();
      files.push({ format, width, data: await encodeCopy(source.bytes, format, width, source.raw) });
    }
  }
  const top = widths[widths.length - 1]!;
  return { width: top, height: Math.round((source.height * top) / source.width), files };
}

async function readWithSharp(bytes: Buffer): Promise<Source | PhotoProblem> {
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(bytes, { animated: false }).metadata();
    if (!["jpeg", "png", "webp", "heif"].includes(meta.format ?? "")) return problem("unreadable");
    // A small file can describe a huge image (a "decompression bomb"): refuse it before decoding.
    if (meta.width * meta.height > MAX_PHOTO_PIXELS) return problem("tooManyPixels");
    // Reading the header is not decoding: make sure the pixels can be decoded too.
    await sharp(bytes, { animated: false }).resize({ width: 8 }).raw().toBuffer();
  } catch {
    return problem("unreadable");
  }
  const sideways = (meta.orientation ?? 1) >= 5;
  return { bytes, width: sideways ? meta.height : meta.width, height: sideways ? meta.width : meta.height };
}

// The decoder (libheif-js, about 2 MB of JavaScript and WebAssembly) is loaded by a worker for each HEIC, never at start-up.
async function readHeic(bytes: Buffer): Promise<Source | PhotoProblem> {
  const decoded = await decodeHeic(bytes);
  if ("error" in decoded) return problem(decoded.error === "tooManyPixels" ? "tooManyPixels" : "heic");
  const { data, width, height, channels } = await inSrgb(decoded, readHeicColour(bytes));
  return { bytes: data, raw: { width, height, channels }, width, height };
}

/** nclx colour primaries (ISO 23091-2) of Display P3 and DCI-P3: both become sRGB through the Display P3 profile. */
const P3_PRIMARIES = new Set([11, 12]);
let displayP3Profile: Promise<Buffer> | undefined;

/**
 * The decoded pixels in sRGB, as every copy is: pixels in another colour space (an iPhone's Display P3) are tagged
 * with their profile and converted. Pixels in sRGB, or in a colour space we cannot convert, stay as they are.
 */
async function inSrgb(decoded: DecodedHeic, colour: HeicColour | null): Promise<DecodedHeic> {
  const sharp = await loadSharp();
  let icc: Buffer | undefined;
  if (colour && "icc" in colour) icc = colour.icc;
  else if (colour && P3_PRIMARIES.has(colour.primaries)) {
    // libvips's own Display P3 profile, read off a one-pixel image that carries it.
    displayP3Profile ??= sharp(Buffer.alloc(3), { raw: { width: 1, height: 1, channels: 3 } })
      .withIccProfile("p3")
      .png()
      .toBuffer()
      .then(async (png) => (await sharp(png).metadata()).icc!);
    icc = await displayP3Profile;
  }
  if (!icc) return decoded;
  try {
    const { width, height, channels } = decoded;
    const png = await sharp(decoded.data, { raw: { width, height, channels } }).png({ compressionLevel: 0 }).toBuffer();
    const { data, info } = await sharp(withIccChunk(png, icc)).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
  } catch {
    return decoded; // a damaged profile: the pixels as they are (slightly dull) rather than no photo
  }
}

/** The PNG with an iCCP chunk (the profile its pixels are in) after its header chunk, as the PNG standard places it. */
function withIccChunk(png: Buffer, icc: Buffer) {
  const type = Buffer.from("iCCP", "latin1");
  const body = Buffer.concat([Buffer.from("ICC\0\0", "latin1"), zlib.deflateSync(icc)]); // name, compression method 0
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, body])));
  const afterHeader = 8 + 4 + 4 + 13 + 4; // signature, then IHDR: length, type, 13 bytes, CRC
  return Buffer.concat([png.subarray(0, afterHeader), length, type, body, crc, png.subarray(afterHeader)]);
}
