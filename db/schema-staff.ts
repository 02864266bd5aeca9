// Staff the organisation manages itself (issue 28, decision 0030): coach profiles and photos, clearance reminders,
// staff invitations and the staff log.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, photoCopiesCheck } from "./schema-columns";
import { PHOTO_COPIES } from "./schema-gallery";
import { users } from "./schema-people";

/**
 * A coach's profile, shown in /about's staff section while `shown` (the coach's choice, or the administrator's) and
 * the account is a coach. The name is the account's (users.full_name, under the coach-name rule). The Spanish bio is
 * optional: Spanish readers get the English, marked, without it. `programs` holds program slugs (today those of
 * PROGRAM_LINKS in app/content/site.ts); when programs move into the database it becomes a join table, filled from
 * this array by slug. The check dates are entered by an administrator only.
 */
export const coachProfiles = pgTable("coach_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bio: text("bio").notNull().default(""),
  bioEs: text("bio_es"),
  photoId: uuid("photo_id").references(() => coachPhotos.id, { onDelete: "set null" }),
  programs: text("programs")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  shown: boolean("shown").notNull().default(false),
  safePlayCheckedOn: date("safe_play_checked_on", { mode: "string" }),
  backgroundCheckedOn: date("background_checked_on", { mode: "string" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The reminders mailed 60 days before a coach's Safe Play training or background check stops being current (issue 37,
 * app/staff/clearance.server.ts): one row per coach, check and expiry day, so each date is reminded once (migration 0029).
 */
export const clearanceReminders = pgTable(
  "clearance_reminders",
  {
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkKind: text("check_kind", { enum: ["training", "background"] }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "clearance_reminders_pk", columns: [t.coachId, t.checkKind, t.expiresOn] }),
    check("clearance_reminders_kind_known", sql`${t.checkKind} in ('training', 'background')`),
  ],
);

/**
 * A coach's photo, made by the gallery's pipeline (app/gallery/photo-upload.server.ts: upright, no metadata, AVIF
 * and WebP copies) and kept like gallery photos. A new photo gets a new id, so each copy's address never changes.
 */
export const coachPhotos = pgTable(
  "coach_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The widest copy's size: null until the copies exist (made by the job queue, as gallery photos' are). */
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    copies: text("copies", { enum: PHOTO_COPIES }).notNull().default("ready"),
    original: bytea("original"),
    problem: text("problem"),
  },
  (t) => [index("coach_photos_user_idx").on(t.userId), check("coach_photos_copies", photoCopiesCheck(t))],
);

export const coachPhotoFiles = pgTable(
  "coach_photo_files",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => coachPhotos.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["avif", "webp"] }).notNull(),
    width: integer("width").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.format, t.width] })],
);

// An administrator's invitation to become a coach, by mail: accepted signed in with the invited address. Only a hash
// of the token is kept (as family_invitations).
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    inviterId: text("inviter_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_invitations_email_idx").on(sql`lower(${t.email})`), index("staff_invitations_created_idx").on(t.createdAt.desc())],
);

// Every change of staff roles and checks: who, whom, what, when (read by administrators on /staff). Append-only (a
// trigger refuses changes), with no foreign keys and the names as they were, like safeguarding_log.
export const staffLog = pgTable(
  "staff_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null: the operator's command line (npm run user:role). */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    subjectId: text("subject_id"),
    subjectName: text("subject_name").notNull().default(""),
    /** One of STAFF_LOG_ACTIONS (app/staff/log.ts): the page says it in the reader's language. */
    action: text("action").notNull(),
    /** Data, not prose: an address, a day. */
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_log_created_idx").on(t.createdAt.desc())],
);
