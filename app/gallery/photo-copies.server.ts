// A photo's copies are made by the job queue (issue 38), not inside the upload's request: a 12-megapixel photo takes
// ten encodes, up to a minute on our 2-core machine, and the coach's phone waited for all of them. The request checks
// the file (checkPhoto) and stores the photo as "preparing" with its original and a job, in one transaction; the job
// makes the copies and stores them with "ready", or "failed" and why. Jobs of the "photo_copies" queue run one at a
// time, so photos never take both cores from the site's requests. Gallery photos here; coaches' photos in
// app/staff/photos.server.ts, through the same makePhotoCopies. (The server's job queue imports this file: nothing
// here may import the site's bundled images, a module only the build provides.)
import { and, eq, sql } from "drizzle-orm";
import type { Task } from "graphile-worker";
import type { Db } from "../../db/client";
import { galleryPhotoFiles, galleryPhotos } from "../../db/schema";
import { addJob } from "~/models/jobs.server";
import type { DbOrTx } from "~/mail/index.server";
import { isUuid } from "~/lib/uuid";
import { processPhoto, type PhotoProblemKind, type ProcessedPhoto } from "~/gallery/photo-upload.server";

/** The job that makes an uploaded gallery photo's copies. */
export const GALLERY_PHOTO_COPIES_JOB = "gallery_photo_copies";

/** The named queue every photo's copies go through, one photo at a time. */
const PHOTO_COPIES_QUEUE = "photo_copies";

const photoCopiesJobKey = (task: string, id: string) => `${task}:${id}`;

/** Queues the job that makes a photo's copies, in the caller's transaction (the one that stores the photo). */
export async function queuePhotoCopies(tx: DbOrTx, task: string, id: string) {
  await addJob(tx, task, { id }, { jobKey: photoCopiesJobKey(task, id), maxAttempts: 5, queueName: PHOTO_COPIES_QUEUE });
}

/** Where one kind of photo keeps its original, its copies and their state. */
export type PhotoStore = {
  /** The original of a photo whose copies are still to be made; null when they were made, failed, or it is gone. */
  original: (db: Db, id: string) => Promise<Buffer | null>;
  /** Stores the copies and "ready", and forgets the original, if the photo is still being prepared. */
  saveCopies: (db: Db, id: string, photo: ProcessedPhoto) => Promise<void>;
  /** Stores "failed" and why, and forgets the original, if the photo is still being prepared. */
  fail: (db: Db, id: string, problem: PhotoProblemKind) => Promise<void>;
};

/**
 * Makes one photo's copies (the job's work). A file the encoder cannot read (or any error while encoding) fails the
 * photo, once: the coach is told on their page. An error of the database is thrown, and the queue tries again. The
 * queue stopping (a restart) ends the job between two encodes (`signal`); it is given back and runs again after.
 */
export async function makePhotoCopies(db: Db, store: PhotoStore, id: string, signal?: AbortSignal) {
  const original = await store.original(db, id);
  if (!original) return;
  let result: Awaited<ReturnType<typeof processPhoto>>;
  try {
    result = await processPhoto(original, signal);
  } catch (err) {
    if (signal?.aborted) throw new Error(`photo ${id}: copies stopped by the queue stopping; they are made again`, { cause: err });
    console.error(`photo ${id}: its copies could not be made: ${err instanceof Error ? err.message : String(err)}`);
    result = { error: "", kind: "unreadable" };
  }
  if ("error" in result) await store.fail(db, id, result.kind);
  else await store.saveCopies(db, id, result);
}

/** The queue's task for one kind of photo: its payload names the photo. */
export function photoCopiesTask(db: Db, store: PhotoStore): Task {
  return async (payload, helpers) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || !isUuid(id)) return;
    await makePhotoCopies(db, store, id, helpers.abortSignal);
  };
}

/** Where gallery photos keep their original, copies and state, for the job that makes the copies. */
export const galleryPhotoStore: PhotoStore = {
  original: async (db, id) => {
    const [row] = await db
      .select({ original: galleryPhotos.original })
      .from(galleryPhotos)
      .where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.copies, "preparing")));
    return row?.original ?? null;
  },
  saveCopies: async (db, id, photo) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: galleryPhotos.id })
        .from(galleryPhotos)
        .where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.copies, "preparing")))
        .for("update");
      if (!row) return; // deleted meanwhile, or made by another process's job
      await tx.insert(galleryPhotoFiles).values(photo.files.map((f) => ({ photoId: id, ...f })));
      await tx
        .update(galleryPhotos)
        .set({ copies: "ready", original: null, width: photo.width, height: photo.height })
        .where(eq(galleryPhotos.id, id));
    });
  },
  fail: async (db, id, problem) => {
    await db
      .update(galleryPhotos)
      .set({ copies: "failed", original: null, problem })
      .where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.copies, "preparing")));
  },
};

export const galleryPhotoCopiesTask = (db: Db) => photoCopiesTask(db, galleryPhotoStore);

/** Makes one gallery photo's copies now (what the job does; tests call it to run the job at a moment they choose). */
export const makeGalleryPhotoCopies = (db: Db, id: string, signal?: AbortSignal) => makePhotoCopies(db, galleryPhotoStore, id, signal);

/** At start-up: a job for every gallery photo still being prepared that has none (queued before this version). */
export async function requeueGalleryPhotoCopies(db: Db) {
  const rows = await db
    .select({ id: galleryPhotos.id })
    .from(galleryPhotos)
    .where(
      and(
        eq(galleryPhotos.copies, "preparing"),
        sql`not exists (select 1 from graphile_worker.jobs j where j.key = ${GALLERY_PHOTO_COPIES_JOB + ":"} || ${galleryPhotos.id}::text)`,
      ),
    );
  for (const r of rows) await queuePhotoCopies(db, GALLERY_PHOTO_COPIES_JOB, r.id);
  return rows.length;
}
