// Every query on the gallery: uploaded photos and their copies, and the order of the whole gallery (uploads and the starting set).
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { galleryPhotoFiles, galleryPhotos, galleryStartingPhotos } from "../../db/schema";
// Types only: the starting set itself loads the site's images through Vite, and the Node process (the job queue)
// loads this module through the door; the routes hand the set in (index.server.ts).
import type { StartingPhoto } from "~/content/gallery-photos";
import type { SiteImage } from "~/content/images";
import { GALLERY_PHOTO_COPIES_JOB, queuePhotoCopies } from "./photo-copies.server";
import { photoProblemText } from "./photo-upload.server";

import { isUuid } from "~/lib/uuid";

const URL_PREFIX = "/gallery/photos/";

export function photoFileUrl(id: string, width: number, format: "avif" | "webp") {
  return `${URL_PREFIX}${id}-${width}.${format}`;
}

/** An uploaded photo whose copies are not there (yet): the coaches' page says so in place of the picture. */
export type UnreadyPhoto = { copies: "preparing" } | { copies: "failed"; problem: string };

/**
 * Uploaded photos in the coaches' order, as the gallery grid shows them (same shape as the bundled images). Only
 * those whose copies exist, unless `unready` (the coaches' page), where the others come with what to say about them.
 */
async function getUploadedPhotos(db: Db, unready: boolean) {
  const rows = await db
    .select({
      id: galleryPhotos.id,
      position: galleryPhotos.position,
      alt: galleryPhotos.alt,
      width: galleryPhotos.width,
      height: galleryPhotos.height,
      copies: galleryPhotos.copies,
      problem: galleryPhotos.problem,
      widths: sql<
        number[]
      >`coalesce((select array_agg(distinct f.width order by f.width) from ${galleryPhotoFiles} f where f.photo_id = ${galleryPhotos.id}), '{}')`,
    })
    .from(galleryPhotos)
    .where(unready ? undefined : eq(galleryPhotos.copies, "ready"))
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.createdAt));
  return rows.map((r) => {
    const widths = r.widths.map(Number);
    const set = (format: "avif" | "webp") => widths.map((w) => `${photoFileUrl(r.id, w, format)} ${w}w`).join(", ");
    const width = r.width ?? 0;
    return {
      id: r.id,
      position: r.position,
      alt: r.alt,
      src: photoFileUrl(r.id, width, "webp"),
      width,
      height: r.height ?? 0,
      srcSet: { avif: set("avif"), webp: set("webp") },
      unready: (r.copies === "ready"
        ? undefined
        : r.copies === "preparing"
          ? { copies: "preparing" }
          : { copies: "failed", problem: photoProblemText(r.problem) }) as UnreadyPhoto | undefined,
    };
  });
}

/**
 * Stores a coach's upload (already checked: checkPhoto) first in the gallery, with its original, and queues the job
 * that makes its copies, in one transaction. Visitors see it once the copies exist.
 */
export async function createUploadedPhoto(db: Db, input: { alt: string; createdBy: string; original: Buffer }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(galleryPhotos)
      .values({
        alt: input.alt,
        consent: true,
        createdBy: input.createdBy,
        copies: "preparing",
        original: input.original,
        // First in the gallery: before every photo, a starting photo a coach moved to the top included.
        position: sql`least((select min(position) from gallery_photos), (select min(position) from gallery_starting_photos), 1) - 1`,
      })
      .returning({ id: galleryPhotos.id });
    await queuePhotoCopies(tx, GALLERY_PHOTO_COPIES_JOB, row!.id);
    return row!.id;
  });
}

export async function getPhotoFile(db: Db, id: string, width: number, format: "avif" | "webp") {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ data: galleryPhotoFiles.data })
    .from(galleryPhotoFiles)
    .where(and(eq(galleryPhotoFiles.photoId, id), eq(galleryPhotoFiles.width, width), eq(galleryPhotoFiles.format, format)))
    .limit(1);
  return row?.data ?? null;
}

/** A photo a coach's form names: an uploaded one by its id, one of the starting set by its file in images/. */
export type GalleryKey = { kind: "uploaded"; id: string } | { kind: "starting"; file: string };

/** Where a starting photo no coach has moved sits: after every upload, in the order of app/content/gallery-photos.ts. */
const STARTING_POSITION = 1_000_000;
const keyName = (key: GalleryKey) => (key.kind === "uploaded" ? `uploaded:${key.id}` : `starting:${key.file}`);
const sameKey = (a: GalleryKey, b: GalleryKey) => keyName(a) === keyName(b);

type Placed = { key: GalleryKey; position: number; removed: boolean };

/** The whole gallery's order: uploads and the starting set on one scale (equal positions: uploads first). */
function placeAll(
  uploaded: Array<{ id: string; position: number }>,
  starting: StartingPhoto[],
  rows: Array<typeof galleryStartingPhotos.$inferSelect>,
) {
  const saved = new Map(rows.map((r) => [r.file, r]));
  const placed: Placed[] = [
    ...uploaded.map((p) => ({ key: { kind: "uploaded", id: p.id } as const, position: p.position, removed: false })),
    ...starting.map((p, i) => {
      const row = saved.get(p.file);
      return { key: { kind: "starting", file: p.file } as const, position: row?.position ?? STARTING_POSITION + i, removed: row?.removed ?? false };
    }),
  ];
  // A stable sort: uploads keep their own order (position, then upload time), starting photos the list's.
  return placed.sort((a, b) => a.position - b.position);
}

/**
 * The gallery as visitors see it (uploads and the starting set, in the coaches' order), and the starting photos a
 * coach removed, which can be put back. With `unready` (the coaches' page), uploads whose copies are being prepared
 * or failed are listed too, each with `unready` saying which.
 */
export async function getGallery(db: Db, starting: StartingPhoto[], options: { unready?: boolean } = {}) {
  const [uploaded, rows] = await Promise.all([getUploadedPhotos(db, options.unready ?? false), db.select().from(galleryStartingPhotos)]);
  const images = new Map<string, SiteImage & { unready?: UnreadyPhoto }>();
  for (const { id, position: _position, ...image } of uploaded) images.set(keyName({ kind: "uploaded", id }), image);
  for (const { file, ...image } of starting) images.set(keyName({ kind: "starting", file }), image);
  const entry = (key: GalleryKey) => ({ key, ...images.get(keyName(key))! });
  const placed = placeAll(uploaded, starting, rows);
  return {
    photos: placed.filter((p) => !p.removed).map((p) => entry(p.key)),
    removed: placed.filter((p) => p.removed).map((p) => entry(p.key)),
  };
}

/**
 * A change to the gallery's order, one at a time across every process (an advisory lock), on the order as it is
 * now. `change` returns every photo (removed starting ones in their places) in the new order, or null when the photo
 * it names is not there.
 */
async function changeOrder(db: Db, starting: StartingPhoto[], change: (placed: Placed[]) => Placed[] | null) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gallery order'))`);
    const uploaded = await tx
      .select({ id: galleryPhotos.id, position: galleryPhotos.position })
      .from(galleryPhotos)
      .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.createdAt));
    const rows = await tx.select().from(galleryStartingPhotos);
    const order = change(placeAll(uploaded, starting, rows));
    if (!order) return false;
    // Positions 1..n for every photo, a removed one included: "Put back" returns it between the same neighbours.
    const startingRows: Array<typeof galleryStartingPhotos.$inferInsert> = [];
    for (const [i, p] of order.entries()) {
      if (p.key.kind === "uploaded") {
        if (p.position !== i + 1)
          await tx
            .update(galleryPhotos)
            .set({ position: i + 1 })
            .where(eq(galleryPhotos.id, p.key.id));
      } else startingRows.push({ file: p.key.file, position: i + 1, removed: p.removed });
    }
    if (startingRows.length)
      await tx
        .insert(galleryStartingPhotos)
        .values(startingRows)
        .onConflictDoUpdate({ target: galleryStartingPhotos.file, set: { position: sql`excluded.position`, removed: sql`excluded.removed` } });
    return true;
  });
}

/** Moves a photo shown in the gallery one place earlier or later (past any removed one). False when it is not shown. */
export function moveGalleryPhoto(db: Db, key: GalleryKey, direction: "up" | "down", starting: StartingPhoto[]) {
  return changeOrder(db, starting, (placed) => {
    const i = placed.findIndex((p) => !p.removed && sameKey(p.key, key));
    if (i === -1) return null;
    const step = direction === "up" ? -1 : 1;
    let j = i + step;
    while (j >= 0 && j < placed.length && placed[j]!.removed) j += step;
    if (j >= 0 && j < placed.length) [placed[i], placed[j]] = [placed[j]!, placed[i]!];
    return placed;
  });
}

/** Sets whether a starting photo is removed from the gallery (its file stays in images/). False when it already is. */
function setRemoved(db: Db, file: string, removed: boolean, starting: StartingPhoto[]) {
  return changeOrder(db, starting, (placed) => {
    const i = placed.findIndex((p) => p.removed !== removed && sameKey(p.key, { kind: "starting", file }));
    if (i === -1) return null;
    placed[i] = { ...placed[i]!, removed };
    return placed;
  });
}

/** Takes a starting photo out of the gallery. False when no such photo is shown. */
export function removeStartingPhoto(db: Db, file: string, starting: StartingPhoto[]) {
  return setRemoved(db, file, true, starting);
}

/** Puts a removed starting photo back where it was. False when no such photo was removed. */
export function restoreStartingPhoto(db: Db, file: string, starting: StartingPhoto[]) {
  return setRemoved(db, file, false, starting);
}

/** Deletes an uploaded photo and its copies for good. */
export async function deleteUploadedPhoto(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(galleryPhotos).where(eq(galleryPhotos.id, id)).returning({ id: galleryPhotos.id });
  return rows.length > 0;
}
