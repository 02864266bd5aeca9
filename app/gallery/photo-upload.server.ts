// A coach's uploaded photo becomes the same AVIF and WebP copies the build makes of images/ (scripts/site-images.ts):
// the same widths, upright, no metadata (GPS position included). The original is not kept.
import sharp, { type CreateRaw, type Metadata } from "sharp";
import { encodeCopy, variantWidths, type Format } from "../../scripts/site-images";
import { PHOTO_MAX_BYTES } from "~/lib/site-content-schemas";
import zlib from "node:zlib";
import { m } from "~/paraglide/messages";
import { MAX_PHOTO_PIXELS, decodeHeic, looksLikeHeic, readHeicColour, type DecodedHeic, type HeicColour } from "~/gallery/heic.server";

export type ProcessedPhoto = { width: number; height: number; files: Array<{ format: Format; width: number; data: Buffer }> };
export type PhotoProblem = { error: string };

/** Why a photo is refused, in the language of the page (read when the photo is refused). */
export const PHOTO_MESSAGES = {
  missing: () => m.calendar_photo_missing(),
  tooLarge: () => m.calendar_photo_too_large(),
  tooManyPixels: () => m.calendar_photo_too_many_pixels({ megapixels: MAX_PHOTO_PIXELS / 1_000_000 }),
  unreadable: () => m.calendar_photo_unreadable(),
  heic: () => m.calendar_photo_heic(),
} as const;

/** What the copies are made from: the file itself, or (HEIC) its decoded, upright pixels. */
type Source = { bytes: Buffer; raw?: CreateRaw; width: number; height: number };

export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | PhotoProblem> {
  if (bytes.length === 0) return { error: PHOTO_MESSAGES.missing() };
  if (bytes.length > PHOTO_MAX_BYTES) return { error: PHOTO_MESSAGES.tooLarge() };
  const source = looksLikeHeic(bytes) ? await readHeic(bytes) : await readWithSharp(bytes);
  if ("error" in source) return source;
  const widths = variantWidths(source.width);
  const files: ProcessedPhoto["files"] = [];
  for (const format of ["avif", "webp"] as const) {
    for (const width of widths) files.push({ format, width, data: await encodeCopy(source.bytes, format, width, source.raw) });
  }
  const top = widths[widths.length - 1]!;
  return { width: top, height: Math.round((source.height * top) / source.width), files };
}

async function readWithSharp(bytes: Buffer): Promise<Source | PhotoProblem> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated: false }).metadata();
    if (!["jpeg", "png", "webp", "heif"].includes(meta.format ?? "")) return { error: PHOTO_MESSAGES.unreadable() };
    // A small file can describe a huge image (a "decompression bomb"): refuse it before decoding.
    if (meta.width * meta.height > MAX_PHOTO_PIXELS) return { error: PHOTO_MESSAGES.tooManyPixels() };
    // Reading the header is not decoding: make sure the pixels can be decoded too.
    await sharp(bytes, { animated: false }).resize({ width: 8 }).raw().toBuffer();
  } catch {
    return { error: PHOTO_MESSAGES.unreadable() };
  }
  const sideways = (meta.orientation ?? 1) >= 5;
  return { bytes, width: sideways ? meta.height : meta.width, height: sideways ? meta.width : meta.height };
}

// The decoder (libheif-js, about 2 MB of JavaScript and WebAssembly) is loaded by a worker for each HEIC, never at start-up.
async function readHeic(bytes: Buffer): Promise<Source | PhotoProblem> {
  const decoded = await decodeHeic(bytes);
  if ("error" in decoded) return { error: decoded.error === "tooManyPixels" ? PHOTO_MESSAGES.tooManyPixels() : PHOTO_MESSAGES.heic() };
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
