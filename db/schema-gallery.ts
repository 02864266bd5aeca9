// The gallery: uploaded photos and their served copies, and the places of the bundled starting set.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, photoCopiesCheck } from "./schema-columns";
import { users } from "./schema-people";

// Photos coaches upload to the gallery. The copies the site serves (AVIF and WebP at several widths, upright, no
// metadata) are made by the job queue after the upload (migration 0032) and kept in gallery_photo_files; the original
// is kept only until they exist.
export const PHOTO_COPIES = ["preparing", "ready", "failed"] as const;
export type PhotoCopies = (typeof PHOTO_COPIES)[number];

export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alt: text("alt").notNull(),
    /** The widest copy's size: null until the copies exist. */
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull().default(0),
    /** The coach ticked "Everyone pictured (or their guardian) agreed to this photo being published". */
    consent: boolean("consent").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    copies: text("copies", { enum: PHOTO_COPIES }).notNull().default("ready"),
    /** The file as uploaded, only while its copies are being made. */
    original: bytea("original"),
    /** Why the copies could not be made (a key of PHOTO_MESSAGES), when they failed. */
    problem: text("problem"),
  },
  (t) => [
    check("gallery_photos_consent", sql`${t.consent}`),
    check("gallery_photos_copies", photoCopiesCheck(t)),
    index("gallery_photos_position_idx").on(t.position),
  ],
);

export const galleryPhotoFiles = pgTable(
  "gallery_photo_files",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => galleryPhotos.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["avif", "webp"] }).notNull(),
    width: integer("width").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.format, t.width] })],
);

// Where coaches moved or removed a photo of the bundled starting set (app/content/images.ts, keyed by its file in
// images/). A starting photo with no row here keeps its place after the uploads, in the order the list gives.
// Positions share one scale with gallery_photos.position: the gallery is one list ordered by both.
export const galleryStartingPhotos = pgTable("gallery_starting_photos", {
  file: text("file").primaryKey(),
  position: integer("position").notNull(),
  /** A coach removed it from the gallery; "Put back" returns it to its place. */
  removed: boolean("removed").notNull().default(false),
});
