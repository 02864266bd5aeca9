// Every query on uploaded gallery photos and their copies.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { galleryPhotoFiles, galleryPhotos } from "../../db/schema";
import type { ProcessedPhoto } from "~/lib/photo-upload.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const URL_PREFIX = "/gallery/photos/";

export function photoFileUrl(id: string, width: number, format: "avif" | "webp") {
  return `${URL_PREFIX}${id}-${width}.${format}`;
}

/** Uploaded photos in the coaches' order, as the gallery grid shows them (same shape as the bundled images). */
export async function getUploadedPhotos(db: Db) {
  const rows = await db
    .select({
      id: galleryPhotos.id,
      alt: galleryPhotos.alt,
      width: galleryPhotos.width,
      height: galleryPhotos.height,
      widths: sql<
        number[]
      >`coalesce((select array_agg(distinct f.width order by f.width) from ${galleryPhotoFiles} f where f.photo_id = ${galleryPhotos.id}), '{}')`,
    })
    .from(galleryPhotos)
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.createdAt));
  return rows.map((r) => {
    const widths = r.widths.map(Number);
    const set = (format: "avif" | "webp") => widths.map((w) => `${photoFileUrl(r.id, w, format)} ${w}w`).join(", ");
    return {
      id: r.id,
      alt: r.alt,
      src: photoFileUrl(r.id, r.width, "webp"),
      width: r.width,
      height: r.height,
      srcSet: { avif: set("avif"), webp: set("webp") },
    };
  });
}

export async function createUploadedPhoto(db: Db, input: { alt: string; createdBy: string; photo: ProcessedPhoto }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(galleryPhotos)
      .values({
        alt: input.alt,
        width: input.photo.width,
        height: input.photo.height,
        consent: true,
        createdBy: input.createdBy,
        position: sql`coalesce((select min(position) from gallery_photos), 1) - 1`,
      })
      .returning({ id: galleryPhotos.id });
    await tx.insert(galleryPhotoFiles).values(input.photo.files.map((f) => ({ photoId: row!.id, ...f })));
    return row!.id;
  });
}

export async function getPhotoFile(db: Db, id: string, width: number, format: "avif" | "webp") {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ data: galleryPhotoFiles.data })
    .from(galleryPhotoFiles)
    .where(and(eq(galleryPhotoFiles.photoId, id), eq(galleryPhotoFiles.width, width), eq(galleryPhotoFiles.format, format)))
    .limit(1);
  return row?.data ?? null;
}

export async function deleteUploadedPhoto(db: Db, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const rows = await db.delete(galleryPhotos).where(eq(galleryPhotos.id, id)).returning({ id: galleryPhotos.id });
  return rows.length > 0;
}

export async function moveUploadedPhoto(db: Db, id: string, direction: "up" | "down"): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return db.transaction(async (tx) => {
    const all = await tx
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.createdAt))
      .for("update");
    const i = all.findIndex((p) => p.id === id);
    if (i === -1) return false;
    const j = direction === "up" ? i - 1 : i + 1;
    if (j >= 0 && j < all.length) [all[i], all[j]] = [all[j]!, all[i]!];
    for (const [position, p] of all.entries())
      await tx
        .update(galleryPhotos)
        .set({ position: position + 1 })
        .where(eq(galleryPhotos.id, p.id));
    return true;
  });
}
