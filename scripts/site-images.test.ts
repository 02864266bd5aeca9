// The images/ pipeline: sizes read from the originals, upright copies in AVIF and WebP without camera metadata, and a
// real Vite build that writes them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { build, createServer } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { GALLERY_PHOTOS } from "~/content/gallery-photos";
import { PARTNER_LOGOS } from "~/content/images";
import { encodeVariant, readImages, siteImages, variantWidths } from "./site-images";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "site-images-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const folder = (name: string) => {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, "gallery"), { recursive: true });
  fs.mkdirSync(path.join(dir, "partners"), { recursive: true });
  return dir;
};
const colour = { r: 20, g: 120, b: 60 };

/** A phone photo: stored 3000 x 2000 landscape with "rotate 90°" in its EXIF and a GPS position. */
async function phonePhoto(file: string) {
  await sharp({ create: { width: 3000, height: 2000, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "38/1 53/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toFile(file);
  const stored = await sharp(file).metadata();
  expect([stored.orientation, stored.width, stored.height, stored.exif?.toString("latin1").includes("PhoneMaker")]).toEqual([6, 3000, 2000, true]);
}

describe("variantWidths", () => {
  it("makes the standard widths below a photo's own, and its own up to 1600", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1600]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe("readImages", () => {
  it("reads sizes (upright), names the copies, and passes SVG through", async () => {
    const dir = folder("read");
    await phonePhoto(path.join(dir, "gallery/team.jpg"));
    await sharp({ create: { width: 400, height: 160, channels: 4, background: { ...colour, alpha: 0.5 } } })
      .png()
      .toFile(path.join(dir, "partners/club.png"));
    fs.writeFileSync(
      path.join(dir, "partners/logo.svg"),
      `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64"><rect width="160" height="64"/></svg>`,
    );
    fs.writeFileSync(path.join(dir, "README.md"), "How to add photos");
    fs.writeFileSync(path.join(dir, ".DS_Store"), "junk");

    const { images, variants } = await readImages(dir);
    expect(Object.keys(images)).toEqual(["gallery/team.jpg", "partners/club.png", "partners/logo.svg"]);

    const team = images["gallery/team.jpg"]!;
    // Stored landscape, shown portrait: 2000 x 3000, at most 1600 wide.
    expect([team.width, team.height]).toEqual([1600, 2400]);
    expect(team.src).toMatch(/^\/assets\/images\/gallery\/team-1600-[0-9a-f]{10}\.webp$/);
    expect(team.srcSet!.avif.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w", "1600w"]);
    expect(team.srcSet!.webp).toContain(`${team.src} 1600w`);

    expect(images["partners/club.png"]).toMatchObject({ width: 400, height: 160 });
    expect(images["partners/club.png"]!.srcSet!.webp.split(", ")).toHaveLength(2); // 320 and 400

    expect(images["partners/logo.svg"]).toEqual({
      src: expect.stringMatching(/^\/assets\/images\/partners\/logo-[0-9a-f]{10}\.svg$/),
      width: 160,
      height: 64,
    });
    expect(variants.size).toBe(5 * 2 + 2 * 2 + 1);
  });

  it("refuses a file it cannot serve, naming it and saying what to do", async () => {
    const dir = folder("refuse");
    fs.writeFileSync(path.join(dir, "gallery/IMG_0001.HEIC"), "not really");
    await expect(readImages(dir)).rejects.toThrow("images/gallery/IMG_0001.HEIC: .heic cannot be used; save it as JPEG, PNG, WebP, AVIF or SVG.");
    const broken = folder("broken");
    fs.writeFileSync(path.join(broken, "gallery/cut-off.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0x00]));
    await expect(readImages(broken)).rejects.toThrow("images/gallery/cut-off.jpg is not a readable image.");
  });
});

describe("encodeVariant", () => {
  it("writes upright AVIF and WebP copies at the asked width, without EXIF or GPS, and reuses them", async () => {
    const dir = folder("encode");
    const cacheDir = path.join(tmp, "encode-cache");
    await phonePhoto(path.join(dir, "gallery/team.jpg"));
    const { variants } = await readImages(dir);
    const webp = [...variants.values()].find((v) => v.format === "webp" && v.width === 640)!;
    const avif = [...variants.values()].find((v) => v.format === "avif" && v.width === 320)!;

    const w = await sharp(await encodeVariant(webp, cacheDir)).metadata();
    expect([w.format, w.width, w.height]).toEqual(["webp", 640, 960]);
    expect(w.exif).toBeUndefined();
    expect(w.orientation).toBeUndefined();
    const a = await sharp(await encodeVariant(avif, cacheDir)).metadata();
    expect([a.format, a.compression, a.width, a.height]).toEqual(["heif", "av1", 320, 480]);
    expect(a.exif).toBeUndefined();

    // A second build takes the copy from the cache: change the cached file and it is what comes back.
    const cached = path.join(cacheDir, webp.fileName.replaceAll("/", "__"));
    fs.writeFileSync(cached, "cached");
    expect((await encodeVariant(webp, cacheDir)).toString()).toBe("cached");
  });
});

describe("the Vite plugin", () => {
  /** Builds a one-script app with the plugin, from an images folder holding a phone photo and a logo. */
  async function buildApp(name: string, mainJs: string) {
    const dir = folder(name);
    const root = path.join(tmp, `${name}-app`);
    fs.mkdirSync(root);
    await phonePhoto(path.join(dir, "gallery/team.jpg"));
    fs.writeFileSync(path.join(dir, "partners/logo.svg"), `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64"/>`);
    fs.writeFileSync(path.join(root, "index.html"), `<script type="module" src="./main.js"></script>`);
    fs.writeFileSync(path.join(root, "main.js"), mainJs);
    await build({ root, logLevel: "silent", configFile: false, plugins: [siteImages({ dir, cacheDir: path.join(tmp, "build-cache") })] });
    const out = path.join(root, "dist");
    const script = fs.readdirSync(path.join(out, "assets")).find((f) => f.endsWith(".js"))!;
    return { dir, out, bundle: fs.readFileSync(path.join(out, "assets", script), "utf8") };
  }

  it("gives the app the sizes and writes every copy into the build", async () => {
    const { dir, out, bundle } = await buildApp("build", `import images from "virtual:site-images"; window.images = images;`);
    const written = fs.readdirSync(path.join(out, "assets/images/gallery")).sort();
    expect(written).toHaveLength(10);
    expect(written.filter((f) => f.endsWith(".avif"))).toHaveLength(5);
    const { images } = await readImages(dir);
    for (const url of [images["gallery/team.jpg"]!.src, images["partners/logo.svg"]!.src]) expect(fs.existsSync(path.join(out, url))).toBe(true);
    expect(bundle).toContain(images["gallery/team.jpg"]!.src);
  });

  it("gives a page that imports one folder only that folder's sizes", async () => {
    const { dir, bundle } = await buildApp("folders", `import logos from "virtual:site-images/partners"; window.images = logos;`);
    const { images } = await readImages(dir);
    expect(bundle).toContain(images["partners/logo.svg"]!.src);
    expect(bundle).not.toContain("team");
  });
});

describe("the Vite plugin in development", () => {
  it("makes a copy when the browser asks for it, and sees a photo dropped into the folder", async () => {
    const dir = folder("dev");
    await phonePhoto(path.join(dir, "gallery/team.jpg"));
    const vite = await createServer({
      root: path.join(tmp, "dev"),
      logLevel: "silent",
      configFile: false,
      appType: "custom",
      server: { middlewareMode: true, hmr: false },
      plugins: [siteImages({ dir, cacheDir: path.join(tmp, "dev-cache") })],
    });
    const server = http.createServer(vite.middlewares).listen(0, "127.0.0.1");
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const manifest = async () =>
        ((await vite.ssrLoadModule("virtual:site-images")) as { default: Record<string, { srcSet?: { avif: string } }> }).default;

      const avif = (await manifest())["gallery/team.jpg"]!.srcSet!.avif.split(", ")[0]!.split(" ")[0]!;
      const res = await fetch(base + avif);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/avif");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320);
      expect((await fetch(`${base}/assets/images/gallery/nothing-320-0000000000.webp`)).status).toBe(404);

      fs.copyFileSync(path.join(dir, "gallery/team.jpg"), path.join(dir, "gallery/new.jpg"));
      await expect.poll(async () => Object.keys(await manifest()), { timeout: 10_000 }).toContain("gallery/new.jpg");
    } finally {
      server.close();
      await vite.close();
    }
  });
});

describe("app/content/images.ts", () => {
  it("finds every listed photo and logo in images/, with its size", () => {
    expect(GALLERY_PHOTOS).toHaveLength(18);
    for (const image of [...GALLERY_PHOTOS, ...PARTNER_LOGOS]) {
      expect(image.src).toMatch(/^\/assets\/images\//);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
    expect(GALLERY_PHOTOS[0]).toMatchObject({ width: 1200, height: 800 });
  });
});
