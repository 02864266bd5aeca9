// The site's photos and logos: the organisation drops originals (JPEG, PNG, WebP, AVIF, GIF, TIFF or SVG, any size,
// straight from a camera or phone) into images/ and lists them in app/content/images.ts. This Vite plugin turns each
// raster original into AVIF and WebP copies at several widths (turned upright by its EXIF orientation, metadata such
// as GPS position removed), and gives the app each image's sizes through the module "virtual:site-images", so every
// <img> has its width, height and srcset without anyone measuring a photo by hand. SVGs are served as they are.
// In a build the copies are files under build/client/assets/images/ with a content hash in their names (cached for
// a year); in development they are made on first request. Encoded copies are kept in node_modules/.cache, so a
// rebuild only encodes new or changed photos.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CreateRaw } from "sharp";
import type { Plugin, ViteDevServer } from "vite";

export const VIRTUAL_ID = "virtual:site-images";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** Widths of the copies, in pixels; a photo gets those below its own width, and its own width up to the largest. */
export const WIDTHS = [320, 640, 960, 1280, 1600];
const MAX_WIDTH = Math.max(...WIDTHS);

/**
 * sharp, loaded by the first image that needs it (a build's images, a coach's upload, a report card's photo) rather
 * than with the server: about 0.13 s of processor time at every start (issue 38). Node keeps the module once loaded.
 */
export const loadSharp = () => import("sharp").then((module) => module.default);

const URL_PREFIX = "/assets/images/";
/** Part of every copy's name: a change of encoder settings makes new names, so browsers never keep an old copy. */
const ENCODING = "avif-q55-e4.webp-q78.v1";

const RASTER = new Set([".jpg", ".jpeg", ".png", ".webp", ".avif", ".gif", ".tif", ".tiff"]);
const IGNORED = new Set([".md", ".txt"]);

export type Format = "avif" | "webp";
/** What app code gets for each file of images/, keyed by its path there ("gallery/photo-01.jpg"). */
export type SiteImageInfo = {
  /** The image for browsers that read neither srcset (the largest WebP copy, or the SVG). */
  src: string;
  /** The intrinsic size of the largest copy: its proportions reserve the image's space before it loads. */
  width: number;
  height: number;
  /** "url 320w, url 640w, ..." per format; absent for SVG. */
  srcSet?: Record<Format, string>;
};

type Variant = { fileName: string; source: string; width: number; format: Format | "svg" };
type Manifest = { images: Record<string, SiteImageInfo>; variants: Map<string, Variant> };

const shortHash = (...parts: Array<string | Buffer>) => {
  const h = crypto.createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex").slice(0, 10);
};

function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith("."))
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

/** The widths of the copies made of an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_WIDTH);
  return [...WIDTHS.filter((w) => w < top), top];
}

/** Reads every original in `dir` (sizes only, nothing is encoded) and names the copies each will have. */
export async function readImages(dir: string): Promise<Manifest> {
  const images: Record<string, SiteImageInfo> = {};
  const variants = new Map<string, Variant>();
  for (const file of listFiles(dir)) {
    const ext = path.extname(file).toLowerCase();
    if (IGNORED.has(ext)) continue;
    const source = path.join(dir, file);
    const bytes = fs.readFileSync(source);
    const sharp = await loadSharp();
    const base = file.slice(0, file.length - ext.length);
    if (ext === ".svg") {
      const meta = await sharp(bytes).metadata();
      const fileName = `${base}-${shortHash(bytes)}.svg`;
      variants.set(fileName, { fileName, source, width: meta.width, format: "svg" });
      images[file] = { src: URL_PREFIX + fileName, width: meta.width, height: meta.height };
      continue;
    }
    if (!RASTER.has(ext)) {
      throw new Error(`images/${file}: ${ext || "this kind of file"} cannot be used; save it as JPEG, PNG, WebP, AVIF or SVG.`);
    }
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => {
        throw new Error(`images/${file} is not a readable image.`);
      });
    // A photo taken with the phone on its side is stored sideways with an orientation tag: the copies are upright.
    const upright = (meta.orientation ?? 1) >= 5;
    const fullWidth = upright ? meta.height : meta.width;
    const fullHeight = upright ? meta.width : meta.height;
    const widths = variantWidths(fullWidth);
    const hash = shortHash(bytes, ENCODING);
    const srcSet = { avif: [] as string[], webp: [] as string[] };
    for (const format of ["avif", "webp"] as const) {
      for (const width of widths) {
        const fileName = `${base}-${width}-${hash}.${format}`;
        variants.set(fileName, { fileName, source, width, format });
        srcSet[format].push(`${URL_PREFIX}${fileName} ${width}w`);
      }
    }
    const top = widths[widths.length - 1]!;
    images[file] = {
      src: `${URL_PREFIX}${base}-${top}-${hash}.webp`,
      width: top,
      height: Math.round((fullHeight * top) / fullWidth),
      srcSet: { avif: srcSet.avif.join(", "), webp: srcSet.webp.join(", ") },
    };
  }
  return { images, variants };
}

/**
 * One copy of a photo: upright by its EXIF orientation, `width` pixels wide at most, without any metadata (sharp
 * writes none unless asked). The server's gallery uploads use this same function, so both sets look alike.
 */
/** `raw` describes `original` when it holds decoded pixels rather than an image file (an uploaded HEIC, already upright). */
export async function encodeCopy(original: Buffer, format: Format, width: number, raw?: CreateRaw): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(original, raw ? { raw } : { animated: false })
    .autoOrient()
    .resize({ width, withoutEnlargement: true });
  return format === "avif" ? image.avif({ quality: 55, effort: 4 }).toBuffer() : image.webp({ quality: 78 }).toBuffer();
}

/** The bytes of one copy, from the cache folder when it was made before. */
export async function encodeVariant(variant: Variant, cacheDir: string): Promise<Buffer> {
  if (variant.format === "svg") return fs.readFileSync(variant.source);
  const cached = path.join(cacheDir, variant.fileName.replaceAll("/", "__"));
  if (fs.existsSync(cached)) return fs.readFileSync(cached);
  const out = await encodeCopy(fs.readFileSync(variant.source), variant.format, variant.width);
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(`${cached}.tmp`, out);
  fs.renameSync(`${cached}.tmp`, cached);
  return out;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const CONTENT_TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp", svg: "image/svg+xml" };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULTS = { dir: path.join(root, "images"), cacheDir: path.join(root, "node_modules/.cache/site-images") };

export function siteImages(options: { dir: string; cacheDir: string } = DEFAULTS): Plugin {
  let manifest: Promise<Manifest> | null = null;
  const load = () => (manifest ??= readImages(options.dir));
  return {
    name: "site-images",
    // "virtual:site-images" is every image; "virtual:site-images/<folder>" only those in that folder, so a page's
    // code carries the sizes of the images it can show (the footer's logos), not of every gallery photo.
    resolveId(id) {
      return id === VIRTUAL_ID || id.startsWith(`${VIRTUAL_ID}/`) ? `\0${id}` : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID && !id.startsWith(`${RESOLVED_ID}/`)) return null;
      this.addWatchFile(options.dir);
      const { images } = await load();
      const folder = id.slice(RESOLVED_ID.length + 1);
      const chosen = folder ? Object.fromEntries(Object.entries(images).filter(([file]) => file.startsWith(`${folder}/`))) : images;
      return `export default ${JSON.stringify(chosen)};`;
    },
    async generateBundle() {
      // Only the browser's build writes files; the server's build needs nothing but the names.
      if (this.environment.name !== "client") return;
      const variants = [...(await load()).variants.values()];
      await eachLimited(variants, 2, async (v) => {
        this.emitFile({ type: "asset", fileName: `assets/images/${v.fileName}`, source: await encodeVariant(v, options.cacheDir) });
      });
    },
    configureServer(server: ViteDevServer) {
      // Development: copies are made when the browser asks for them; a changed images/ folder is read again.
      server.watcher.add(options.dir);
      const reread = (file: string) => {
        if (!file.startsWith(options.dir)) return;
        manifest = null;
        for (const env of Object.values(server.environments)) {
          for (const [id, mod] of env.moduleGraph.idToModuleMap) if (id.startsWith(RESOLVED_ID)) env.moduleGraph.invalidateModule(mod);
        }
      };
      server.watcher.on("add", reread).on("change", reread).on("unlink", reread);
      server.middlewares.use(async (req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(URL_PREFIX)) return next();
        try {
          const variant = (await load()).variants.get(decodeURIComponent(url.slice(URL_PREFIX.length)));
          if (!variant) return next();
          const body = await encodeVariant(variant, options.cacheDir);
          res.setHeader("Content-Type", CONTENT_TYPES[variant.format]!);
          res.setHeader("Cache-Control", "no-cache");
          res.end(body);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
