// A coach's uploaded photo becomes the same AVIF and WebP copies the build makes of images/ (scripts/site-images.ts):
// the same widths, upright, no metadata (GPS position included). The original is not kept.
import sharp, { type Metadata } from "sharp";
import { encodeCopy, variantWidths, type Format } from "../../scripts/site-images";
import { PHOTO_MAX_BYTES } from "~/lib/site-content-schemas";

export type ProcessedPhoto = { width: number; height: number; files: Array<{ format: Format; width: number; data: Buffer }> };
export type PhotoProblem = { error: string };

/** HEIF container brands used for HEIC (HEVC-coded) photos, as iPhones save them. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);

export function looksLikeHeic(bytes: Buffer): boolean {
  return bytes.length > 12 && bytes.subarray(4, 8).toString("latin1") === "ftyp" && HEIC_BRANDS.has(bytes.subarray(8, 12).toString("latin1"));
}

export const PHOTO_MESSAGES = {
  missing: "Please choose a photo",
  tooLarge: "Photos can be at most 15 MB",
  unreadable: "This file is not a photo we can read: please upload a JPEG, PNG or WebP",
  // sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF); Apple's HEIC uses HEVC, which it cannot decode.
  heic: "HEIC photos from iPhones cannot be read by this server yet. On the iPhone, share the photo and choose \"Options > Most Compatible\" (or set Settings > Camera > Formats > Most Compatible), or export it as JPEG, then upload that.",
} as const;

export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | PhotoProblem> {
  if (bytes.length === 0) return { error: PHOTO_MESSAGES.missing };
  if (bytes.length > PHOTO_MAX_BYTES) return { error: PHOTO_MESSAGES.tooLarge };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated: false }).metadata();
    if (!["jpeg", "png", "webp", "heif"].includes(meta.format ?? "")) return { error: PHOTO_MESSAGES.unreadable };
    // Reading the header is not decoding: make sure the pixels can be decoded too (HEIC fails here).
    await sharp(bytes, { animated: false }).resize({ width: 8 }).raw().toBuffer();
  } catch {
    return { error: looksLikeHeic(bytes) ? PHOTO_MESSAGES.heic : PHOTO_MESSAGES.unreadable };
  }
  const sideways = (meta.orientation ?? 1) >= 5;
  const fullWidth = sideways ? meta.height : meta.width;
  const fullHeight = sideways ? meta.width : meta.height;
  const widths = variantWidths(fullWidth);
  const files: ProcessedPhoto["files"] = [];
  for (const format of ["avif", "webp"] as const) {
    for (const width of widths) files.push({ format, width, data: await encodeCopy(bytes, format, width) });
  }
  const top = widths[widths.length - 1]!;
  return { width: top, height: Math.round((fullHeight * top) / fullWidth), files };
}
