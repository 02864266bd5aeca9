// Drizzle tables of separate consent for each disclosure (issue 40, decision 0061; migration 0054 holds the trigger that
// refuses editing an answer and the kinds' check): the answers, append-only, and the athletes a gallery photo names.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { galleryPhotos, users } from "./schema";

/** Each way a child's data leaves the organisation's staff, each its own consent (off until given). */
export const DISCLOSURE_KINDS = ["photo", "scholarships", "funders", "colleges"] as const;

export const disclosureConsents = pgTable(
  "disclosure_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order answers were written in: the highest is in force. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DISCLOSURE_KINDS }).notNull(),
    given: boolean("given").notNull(),
    byId: text("by_id").references(() => users.id, { onDelete: "set null" }),
    byRole: text("by_role", { enum: ["guardian", "self"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("disclosure_consents_kind_known", sql`${t.kind} in ('photo', 'scholarships', 'funders', 'colleges')`),
    check("disclosure_consents_role_known", sql`${t.byRole} in ('guardian', 'self')`),
    index("disclosure_consents_latest_idx").on(t.athleteId, t.kind, t.seq.desc()),
  ],
);

export const galleryPhotoAthletes = pgTable(
  "gallery_photo_athletes",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => galleryPhotos.id, { onDelete: "cascade" }),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    namedBy: text("named_by").references(() => users.id, { onDelete: "set null" }),
    namedAt: timestamp("named_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "gallery_photo_athletes_pk", columns: [t.photoId, t.athleteId] }),
    index("gallery_photo_athletes_athlete_idx").on(t.athleteId),
  ],
);
