// Issue 38: a photo upload is answered once the file is checked and stored; the job queue makes its copies. Until
// then the coach's page says the photo is being prepared and visitors do not see it; a photo whose copies fail says
// so to the coach, in their language; a photo whose job was lost or stopped by a restart is made again.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { coachPhotos, galleryPhotoFiles, galleryPhotos } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm, type Who } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { GALLERY_PHOTO_COPIES_JOB, makeGalleryPhotoCopies, requeueGalleryPhotoCopies } from "~/gallery/photo-copies.server";
import type { Locale } from "~/i18n/language";
import { localeStore } from "../../tests/support/locale-store";
import * as gallery from "~/routes/gallery";
import * as galleryPhotosRoute from "~/routes/gallery.photos";
import * as photoFile from "~/routes/gallery.photos.$file";
import * as profileRoute from "~/routes/staff.profile";
import { makeCoachPhotoCopies } from "~/staff/photos.server";

const { db } = await createTestDatabase();
beforeAll(() => createRouteUsers(db));

const languages = localeStore();

const ctx = (who: Who) => contextFor(db, who);
const get = (url: string) => new Request(`http://localhost${url}`);
const upload = (fields: Record<string, string | Blob>) =>
  call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "upload", ...fields }), context: ctx("coach") });

type CoachPage = { photos: Array<{ alt: string; src: string; unready?: { copies: string; problem?: string } }> };
const coachPage = async (locale: Locale = "en") =>
  (
    await languages.run(locale, () =>
      call(galleryPhotosRoute.loader, { request: get(locale === "es" ? "/es/gallery/photos" : "/gallery/photos"), context: ctx("coach") }),
    )
  ).body as CoachPage;
const visitorsGallery = async () =>
  ((await call(gallery.loader, { request: get("/gallery"), context: ctx("visitor") })).body as { photos: Array<{ alt: string; src: string }> })
    .photos;
const photoRow = async (alt: string) => (await db.select().from(galleryPhotos).where(eq(galleryPhotos.alt, alt)))[0]!;
const jobOf = async (id: string) =>
  (
    await db.execute<{ queue_name: string | null }>(
      sql`select queue_name from graphile_worker.jobs where key = ${`${GALLERY_PHOTO_COPIES_JOB}:${id}`}`,
    )
  ).rows;

/** A plain JPEG (quick to encode: the time a real photo takes is bench:uploads' business). */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 70 } } })
    .jpeg()
    .toBuffer();

describe("a gallery photo's copies are made by the job queue", () => {
  it("answers the upload before the copies exist; the coach sees 'being prepared', visitors nothing; after the job, the copies are served", async () => {
    const alt = "Serve practice, being prepared";
    expect((await upload({ photo: new Blob([await jpeg(1000, 750)]), alt, consent: "on" })).status).toBe(302);

    // Stored with its original and a job in the one-at-a-time photo queue; no copy yet.
    const row = await photoRow(alt);
    expect([row.copies, (row.original?.length ?? 0) > 0, row.width]).toEqual(["preparing", true, null]);
    expect(await db.select().from(galleryPhotoFiles).where(eq(galleryPhotoFiles.photoId, row.id))).toEqual([]);
    expect(await jobOf(row.id)).toEqual([{ queue_name: "photo_copies" }]);
    expect((await coachPage()).photos.find((p) => p.alt === alt)?.unready).toEqual({ copies: "preparing" });
    expect((await visitorsGallery()).map((p) => p.alt)).not.toContain(alt);
    const src = `/gallery/photos/${row.id}-1000.webp`;
    expect((await call(photoFile.loader, { request: get(src), context: ctx("visitor"), params: { file: src.split("/").pop()! } })).status).toBe(404);

    await makeGalleryPhotoCopies(db, row.id);

    const ready = await photoRow(alt);
    expect([ready.copies, ready.original, ready.width, ready.height]).toEqual(["ready", null, 1000, 750]);
    expect((await coachPage()).photos.find((p) => p.alt === alt)?.unready).toBeUndefined();
    const shown = (await visitorsGallery()).find((p) => p.alt === alt)!;
    expect(shown.src).toBe(src);
    const served = await call(photoFile.loader, { request: get(src), context: ctx("visitor"), params: { file: src.split("/").pop()! } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    // The job again (run twice, or by two processes) changes nothing.
    await makeGalleryPhotoCopies(db, row.id);
    expect((await db.select().from(galleryPhotoFiles).where(eq(galleryPhotoFiles.photoId, row.id))).length).toBe(8); // 320, 640, 960 and 1000 wide, AVIF and WebP
  });

  it("tells the coach, in their language, when a photo's copies cannot be made; visitors never see it", async () => {
    // An iPhone HEIC cut off after its header: the request reads its size (the header is whole), the decoder fails.
    const heic = fs.readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/phone-sideways.heic"));
    const mdat = heic.indexOf(Buffer.from("mdat", "latin1"));
    expect(mdat).toBeGreaterThan(0);
    const cut = heic.subarray(0, mdat + 4 + 16);
    const alt = "Doubles, cut off";
    expect((await upload({ photo: new Blob([cut], { type: "image/heic" }), alt, consent: "on" })).status).toBe(302);
    const row = await photoRow(alt);
    expect(row.copies).toBe("preparing");

    await makeGalleryPhotoCopies(db, row.id);

    const failed = await photoRow(alt);
    expect([failed.copies, failed.original, failed.problem]).toEqual(["failed", null, "heic"]);
    expect((await coachPage("en")).photos.find((p) => p.alt === alt)?.unready).toEqual({
      copies: "failed",
      problem: expect.stringMatching(/^This HEIC photo could not be read \(the file may be damaged or incomplete\)/),
    });
    expect((await coachPage("es")).photos.find((p) => p.alt === alt)?.unready).toEqual({
      copies: "failed",
      problem: expect.stringMatching(/^No se pudo leer esta foto HEIC/),
    });
    expect((await visitorsGallery()).map((p) => p.alt)).not.toContain(alt);
    // The coach can delete it.
    expect(
      (await call(galleryPhotosRoute.action, { request: postForm("/gallery/photos", { intent: "delete", id: row.id }), context: ctx("coach") }))
        .status,
    ).toBe(302);
    expect(await db.select().from(galleryPhotos).where(eq(galleryPhotos.id, row.id))).toEqual([]);
  });

  it("makes the copies again when the queue stopped in the middle (a restart) or the job was lost", async () => {
    const alt = "Restarted while being prepared";
    expect((await upload({ photo: new Blob([await jpeg(800, 600)]), alt, consent: "on" })).status).toBe(302);
    const row = await photoRow(alt);
    // The queue stopping aborts the job between two encodes: it fails (to be tried again), the photo waits as it was.
    const stopping = new AbortController();
    stopping.abort();
    await expect(makeGalleryPhotoCopies(db, row.id, stopping.signal)).rejects.toThrow(/stopped by the queue stopping/);
    expect((await photoRow(alt)).copies).toBe("preparing");
    expect((await photoRow(alt)).original).not.toBeNull();
    // A job lost (its attempts used up while the database was away): the next start queues it again, once.
    await db.execute(sql`select graphile_worker.remove_job(${`${GALLERY_PHOTO_COPIES_JOB}:${row.id}`})`);
    expect(await jobOf(row.id)).toEqual([]);
    expect(await requeueGalleryPhotoCopies(db)).toBe(1);
    expect(await requeueGalleryPhotoCopies(db)).toBe(0);
    expect(await jobOf(row.id)).toEqual([{ queue_name: "photo_copies" }]);
    await makeGalleryPhotoCopies(db, row.id);
    expect((await photoRow(alt)).copies).toBe("ready");
  });
});

describe("a coach's own photo", () => {
  it("is being prepared on /staff/profile until the job made its copies, then shown", async () => {
    const photo = new Blob([await jpeg(900, 900)], { type: "image/jpeg" });
    const saved = await call(profileRoute.action, {
      request: postForm("/staff/profile", { fullName: "Coach Vega", bio: "Hi", photo }),
      context: ctx("coach"),
    });
    expect(saved.status).toBe(200);
    type Own = { profile: { photo: { src: string } | null; photoCopies: { copies: string } | null } };
    const own = async () => ((await call(profileRoute.loader, { request: get("/staff/profile"), context: ctx("coach") })).body as Own).profile;
    expect(await own()).toMatchObject({ photo: null, photoCopies: { copies: "preparing" } });
    const [row] = await db.select({ id: coachPhotos.id }).from(coachPhotos).where(eq(coachPhotos.userId, "coach-1"));
    await makeCoachPhotoCopies(db, row!.id);
    expect(await own()).toMatchObject({ photo: { src: `/staff/photos/${row!.id}-640.webp` }, photoCopies: null });
  });
});
