// What the public pages show and take: testimonials, videos, the registration and contact forms, announcements.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "./schema-calendar";
import { users } from "./schema-people";

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    rating: smallint("rating").notNull().default(5),
    approved: boolean("approved").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("testimonials_rating_range", sql`${t.rating} between 1 and 5`), index("testimonials_created_at_idx").on(t.createdAt.desc())],
);

export const videoPlatformEnum = pgEnum("video_platform", ["youtube", "facebook", "vimeo", "tiktok", "other"]);

export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: videoPlatformEnum("platform").notNull().default("youtube"),
    youtubeId: text("youtube_id"),
    sourceId: text("source_id").notNull(),
    sourceUrl: text("source_url"),
    title: text("title").notNull().default(""),
    description: text("description"),
    category: text("category").notNull().default("general"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    embedAllowed: boolean("embed_allowed").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    thumbnailUrl: text("thumbnail_url"),
    duration: text("duration"),
    viewCount: bigint("view_count", { mode: "number" }),
    channelTitle: text("channel_title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("videos_platform_source_idx").on(t.platform, t.sourceId),
    index("videos_youtube_id_idx").on(t.youtubeId),
    index("videos_display_order_idx").on(t.featured.desc(), t.publishedAt.desc().nullsLast(), t.createdAt.desc()),
  ],
);

// What families send through the public registration and contact forms; coaches read them on /appointments.
export const registrationRequests = pgTable(
  "registration_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentName: text("student_name").notNull(),
    age: smallint("age").notNull(),
    skillLevel: text("skill_level").notNull(),
    programInterest: text("program_interest").notNull(),
    parentName: text("parent_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    emergencyContact: text("emergency_contact").notNull(),
    /** The signed-in guardian who sent it, and the athlete they picked (Safe Play: linked to both accounts). */
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    athleteId: text("athlete_id").references(() => users.id, { onDelete: "set null" }),
    /** The session chosen on the form (issue 29), if one was: the coaches' inbox says which; kept if it is deleted. */
    sessionId: uuid("session_id").references(() => events.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("registration_requests_created_idx").on(t.createdAt)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

// Updates and Announcements (/general): coaches write them in Markdown; pinned posts come first, then the newest.
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The Spanish version a coach may write beside the English (issue 27); without it Spanish readers get the English, marked. */
    titleEs: text("title_es"),
    bodyEs: text("body_es"),
    pinned: boolean("pinned").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("announcements_order_idx").on(t.pinned.desc(), t.publishedAt.desc())],
);
