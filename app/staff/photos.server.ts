// Coaches' photos: made by the gallery's pipeline (processPhoto in app/gallery/photo-upload.server.ts: upright, no
// metadata, AVIF and WebP), by the job queue as gallery photos are (app/gallery/photo-copies.server.ts), and kept in
// PostgreSQL as they are. A portrait is shown small, so only the copies up to PORTRAIT_MAX_WIDTH are kept. A new
// photo gets a new id; the coach's previous one is deleted with it.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coachPhotoFiles, coachPhotos, coachProfiles, users } from "../../db/schema";
import type { SiteImage } from "~/content/images";
import { makePhotoCopies, photoCopiesTask, queuePhotoCopies, type PhotoStore, type ProcessedPhoto } from "~/gallery/index.server";

import type { DbOrTx } from "~/mail/index.server";
import { isUuid } from "~/lib/uuid";

/** The job that makes a coach's new photo's copies. */
export const COACH_PHOTO_COPIES_JOB = "coach_photo_copies";

/** The widest copy kept: a portrait shows at most about 300 CSS pixels wide, twice that on a sharp screen. */
export const PORTRAIT_MAX_WIDTH = 640;

const URL_PREFIX = "/staff/photos/";

export function coachPhotoUrl(id: string, width: number, format: "avif" | "webp") {
  return `${URL_PREFIX}${id}-${width}.${format}`;
}

/** The processed photo with only the copies a portrait needs (always at least the smallest). */
export function portraitCopies(photo: ProcessedPhoto): ProcessedPhoto {
  const widths = [...new Set(photo.files.map((f) => f.width))].sort((a, b) => a - b);
  const kept = widths.filter((w) => w <= PORTRAIT_MAX_WIDTH);
  const top = kept.length ? kept[kept.length - 1]! : widths[0]!;
  return {
    width: top,
    height: Math.round((photo.height * top) / photo.width),
    files: photo.files.filter((f) => f.width <= top),
  };
}

/**
 * The coach's new photo (checked, not yet made into copies), in the caller's transaction: stored with its original,
 * its copies' job queued, named by their profile, the previous one deleted.
 */
export async function replaceCoachPhoto(tx: DbOrTx, userId: string, original: Buffer): Promise<string> {
  const [row] = await tx.insert(coachPhotos).values({ userId, copies: "preparing", original }).returning({ id: coachPhotos.id });
  const id = row!.id;
  await queuePhotoCopies(tx, COACH_PHOTO_COPIES_JOB, id);
  await tx
    .insert(coachProfiles)
    .values({ userId, photoId: id })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { photoId: id, updatedAt: new Date() } });
  await tx.delete(coachPhotos).where(and(eq(coachPhotos.userId, userId), ne(coachPhotos.id, id)));
  return id;
}

/** Removes the coach's photo (the profile then shows none). */
export async function removeCoachPhoto(tx: DbOrTx, userId: string) {
  await tx.delete(coachPhotos).where(eq(coachPhotos.userId, userId));
}

/** A photo as the pages show it (the shape of app/content/images.ts), from its row and the widths of its copies. */
export function portraitImage(photo: { id: string; width: number; height: number; widths: number[] }, alt: string): SiteImage {
  const widths = photo.widths.map(Number).sort((a, b) => a - b);
  const set = (format: "avif" | "webp") => widths.map((w) => `${coachPhotoUrl(photo.id, w, format)} ${w}w`).join(", ");
  return {
    src: coachPhotoUrl(photo.id, photo.width, "webp"),
    width: photo.width,
    height: photo.height,
    srcSet: { avif: set("avif"), webp: set("webp") },
    alt,
  };
}

/** The widths of a photo's copies, for a select list (as gallery.server.ts reads them). */
export const photoWidths = sql<
  number[]
>`coalesce((select array_agg(distinct f.width order by f.width) from ${coachPhotoFiles} f where f.photo_id = ${coachPhotos.id}), '{}')`;

/**
 * One copy of a coach's current photo, with whose it is and whether everyone may see it (the profile is shown on
 * /about and its owner is a coach). Null when no current photo has that copy.
 */
export async function getCoachPhotoFile(db: Db, id: string, width: number, format: "avif" | "webp") {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      data: coachPhotoFiles.data,
      ownerId: coachPhotos.userId,
      public: sql<boolean>`(${coachProfiles.shown} and ${users.role} = 'coach' and ${users.deletedAt} is null)`,
    })
    .from(coachPhotoFiles)
    .innerJoin(coachPhotos, eq(coachPhotos.id, coachPhotoFiles.photoId))
    .innerJoin(coachProfiles, eq(coachProfiles.photoId, coachPhotos.id))
    .innerJoin(users, eq(users.id, coachPhotos.userId))
    .where(and(eq(coachPhotoFiles.photoId, id), eq(coachPhotoFiles.width, width), eq(coachPhotoFiles.format, format)))
    .limit(1);
  return row ?? null;
}

/** Where coaches' photos keep their original, copies and state, for the job that makes the copies (portrait sizes only). */
const coachPhotoStore: PhotoStore = {
  original: async (db, id) => {
    const [row] = await db
      .select({ original: coachPhotos.original })
      .from(coachPhotos)
      .where(and(eq(coachPhotos.id, id), eq(coachPhotos.copies, "preparing")));
    return row?.original ?? null;
  },
  saveCopies: async (db, id, processed) => {
    const photo = portraitCopies(processed);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: coachPhotos.id })
        .from(coachPhotos)
        .where(and(eq(coachPhotos.id, id), eq(coachPhotos.copies, "preparing")))
        .for("update");
      if (!row) return; // replaced or removed meanwhile, or made by another process's job
      await tx.insert(coachPhotoFiles).values(photo.files.map((f) => ({ photoId: id, ...f })));
      await tx.update(coachPhotos).set({ copies: "ready", original: null, width: photo.width, height: photo.height }).where(eq(coachPhotos.id, id));
    });
  },
  fail: async (db, id, problem) => {
    await db
      .update(coachPhotos)
      .set({ copies: "failed", original: null, problem })
      .where(and(eq(coachPhotos.id, id), eq(coachPhotos.copies, "preparing")));
  },
};

export const coachPhotoCopiesTask = (db: Db) => photoCopiesTask(db, coachPhotoStore);

/** Makes one coach's photo's copies now (what the job does; tests call it to run the job at a moment they choose). */
export const makeCoachPhotoCopies = (db: Db, id: string, signal?: AbortSignal) => makePhotoCopies(db, coachPhotoStore, id, signal);

/** At start-up: a job for every coach's photo still being prepared that has none. */
export async function requeueCoachPhotoCopies(db: Db) {
  const rows = await db
    .select({ id: coachPhotos.id })
    .from(coachPhotos)
    .where(
      and(
        eq(coachPhotos.copies, "preparing"),
        sql`not exists (select 1 from graphile_worker.jobs j where j.key = ${COACH_PHOTO_COPIES_JOB + ":"} || ${coachPhotos.id}::text)`,
      ),
    );
  for (const r of rows) await queuePhotoCopies(db, COACH_PHOTO_COPIES_JOB, r.id);
  return rows.length;
}
