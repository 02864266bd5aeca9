// The database schema. The users, sessions, accounts and verifications tables are Better Auth's;
// `users` is also the spec's user profile table (full_name, phone, role, avatar_url).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
  doublePrecision,
  customType,
  date,
  time,
  jsonb,
  pgView,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const roleEnum = pgEnum("user_role", ["client", "coach"]);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    fullName: text("full_name"),
    phone: text("phone"),
    role: roleEnum("role").notNull().default("client"),
    avatarUrl: text("avatar_url"),
    /**
     * The language the person chose to read the site, its mails and its notices in (issue 27), followed on every device;
     * set at sign-up from the page's language and by the switch. Null: never chosen (mails are then in English).
     */
    locale: text("locale", { enum: ["en", "es"] }),
    /**
     * Hears when a coach cancels a day or changes the schedule (issue 27): on by default, by push on the person's
     * devices and by mail where they have none (app/notifications/changes.server.ts). Turned off on /account.
     */
    notifyChanges: boolean("notify_changes").notNull().default(true),
    // Notification preferences (/account): missed-message mails, and for coaches new form submissions.
    notifyMessages: boolean("notify_messages").notNull().default(true),
    notifySubmissions: boolean("notify_submissions").notNull().default(true),
    /** Safe Play (decision 0022): a client is a parent/guardian or a student-athlete; existing clients are guardians. */
    clientKind: text("client_kind", { enum: ["guardian", "athlete"] })
      .notNull()
      .default("guardian"),
    /** Athletes only: age, and so "minor", is read from it in ORG_TIME_ZONE (app/safe-play/safe-play.ts). */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    /**
     * Is or was a minor student-athlete (decision 0022). Kept by a trigger (migration 0012) and never cleared by
     * the person: such an account stays an athlete, and only its guardians or the safeguarding lead change its
     * date of birth.
     */
    minorProtection: boolean("minor_protection").notNull().default(false),
    /** The safeguarding lead corrected this person's name and date of birth: families cannot change them (migration 0028). */
    detailsLockedAt: timestamp("details_locked_at", { withTimezone: true }),
    /**
     * Whether the person said they are a parent/guardian or a student-athlete. Sign-up's form always asks; an account
     * made through Google has not, and messages nobody until it answers on /account (decision 0022).
     */
    kindAnswered: boolean("kind_answered").notNull().default(true),
    /** A coach whose messaging with minors the safeguarding lead suspended, and why (decision 0022). */
    minorMessagingSuspendedAt: timestamp("minor_messaging_suspended_at", { withTimezone: true }),
    minorMessagingSuspendedReason: text("minor_messaging_suspended_reason"),
    /** The safeguarding lead capability, granted to coaches with `npm run user:role -- EMAIL safeguarding`. */
    safeguardingLead: boolean("safeguarding_lead").notNull().default(false),
    /**
     * The administrator flag (issue 28, decision 0030): invites coaches, grants and removes the coach, lead and
     * administrator roles on /staff, and records staff checks. Granted first with `npm run user:role -- EMAIL admin`.
     * A flag beside the role, not a role: an administrator may be a coach or not.
     */
    admin: boolean("admin").notNull().default(false),
    /** Set when the person deleted their account: the row stays, emptied, so their sent messages keep a sender. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_role_full_name_idx").on(t.role, t.fullName),
    check("users_locale_known", sql`${t.locale} in ('en', 'es')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId), uniqueIndex("accounts_provider_account_idx").on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

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

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey(),
    title: text("title"),
    type: text("type").notNull().default("direct"),
    /** Paused by the safeguarding lead (decision 0022): nobody can send; everyone in it sees why. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    pausedReason: text("paused_reason"),
    ...timestamps,
  },
  // No index on updated_at: every message sets it, and an indexed column makes each of those updates write new
  // index entries and leave dead ones behind (a non-HOT update). The conversation list reaches conversations
  // through the person's participants, never through this order. Migration 0011 also gives the table spare room
  // on each page (fillfactor 50), so those updates stay on their page and are cleaned up without a vacuum.
);

export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * What this person has read (decision 0009): every message of the conversation up to this time. Each person
     * reads for themselves (a coach reading does not read for the athlete or the guardian). Not indexed, so moving
     * it is an update on the row's own page (HOT).
     */
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_participants_user_id_idx").on(t.userId)],
);

export const messageTypeEnum = pgEnum("message_type", ["text", "image", "file"]);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    messageType: messageTypeEnum("message_type").notNull().default("text"),
    attachmentId: uuid("attachment_id").references(() => attachments.id, { onDelete: "set null" }),
    /** The kept message this one was sent for (migration 0059: unique, so a kept message is sent once). */
    scheduledMessageId: uuid("scheduled_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("messages_conversation_created_idx").on(t.conversationId, t.createdAt)],
);

// Files sent in conversations. Kept in PostgreSQL itself so every app process serves the same files and a
// backup of the database is a backup of the attachments.
export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attachments_conversation_id_idx").on(t.conversationId), index("attachments_uploader_created_idx").on(t.uploaderId, t.createdAt)],
);

// Each person's message allowance (a token bucket: a burst, then a steady rate). One row per sender, updated in
// the same statement that stores the message, so the limit holds across every app process.
export const messageAllowances = pgTable("message_allowances", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokens: doublePrecision("tokens").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Open WebSockets, so the cap on sockets per person holds across app processes. Each process refreshes
// `seen_at` of its own rows; rows of a process that died stop counting once they are stale.
export const realtimeSockets = pgTable(
  "realtime_sockets",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    processId: uuid("process_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("realtime_sockets_user_idx").on(t.userId, t.seenAt), index("realtime_sockets_process_idx").on(t.processId)],
);

// Fixed-window counters shared by every app process (sign-in limits and the like).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// Small settings the app generates for itself, such as the auth secret when the database is external.
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

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

// The home page's event cards, the weekly overview on /calendar and the /calendar.ics feed. An event repeats weekly
// on some weekdays (within an optional season) or happens on one date. Times are wall-clock times in ORG_TIME_ZONE.
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["weekly", "date"] }).notNull(),
    /** For weekly events: 0 = Sunday ... 6 = Saturday. */
    weekdays: smallint("weekdays")
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** For one-off events: the day. */
    onDate: date("on_date", { mode: "string" }),
    /** For weekly events: the season, both optional. */
    startsOn: date("starts_on", { mode: "string" }),
    endsOn: date("ends_on", { mode: "string" }),
    startTime: time("start_time"),
    endTime: time("end_time"),
    /** Said instead of a time, such as "by appointment". */
    timeNote: text("time_note"),
    place: text("place"),
    /** Level, ages or any other note shown on the card. */
    note: text("note"),
    /** The Spanish version of the words a coach typed (issue 27); each one missing shows the English, marked. */
    titleEs: text("title_es"),
    timeNoteEs: text("time_note_es"),
    noteEs: text("note_es"),
    hasRegister: boolean("has_register").notNull().default(true),
    closed: boolean("closed").notNull().default(false),
    position: integer("position").notNull().default(0),
    // An event with a program is one of its sessions (issue 28, decision 0031): the facts its page shows. Each may be
    // left empty, and the page then says "ask us" rather than guess.
    programSlug: text("program_slug").references(() => programs.slug, { onDelete: "set null", onUpdate: "cascade" }),
    seasonId: uuid("season_id").references(() => seasons.id, { onDelete: "set null" }),
    agesFrom: smallint("ages_from"),
    agesTo: smallint("ages_to"),
    /** The five-level system's levels (1 = National/International ... 5 = Beginner); empty: not said. */
    levels: smallint("levels")
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    streetAddress: text("street_address"),
    feeCents: integer("fee_cents"),
    feePer: text("fee_per", { enum: ["month", "season", "session"] }),
    /** Stored now; enrollments (issue 29) will count against it. */
    capacity: integer("capacity"),
    financialHelp: boolean("financial_help").notNull().default(false),
    /** What to bring (migration 0060), each language; empty: the organisation's standing list. */
    whatToBring: text("what_to_bring"),
    whatToBringEs: text("what_to_bring_es"),
    ...timestamps,
  },
  (t) => [
    check("events_kind_fields", sql`(${t.kind} = 'weekly' and cardinality(${t.weekdays}) > 0) or (${t.kind} = 'date' and ${t.onDate} is not null)`),
    check("events_times_ordered", sql`${t.endTime} is null or ${t.startTime} is null or ${t.endTime} > ${t.startTime}`),
    check("events_dates_ordered", sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check(
      "events_ages",
      sql`(${t.agesFrom} is null or ${t.agesFrom} between 2 and 99) and (${t.agesTo} is null or ${t.agesTo} between 2 and 99) and (${t.agesTo} is null or ${t.agesFrom} is null or ${t.agesTo} >= ${t.agesFrom})`,
    ),
    check("events_levels_known", sql`${t.levels} <@ '{1,2,3,4,5}'::smallint[]`),
    check(
      "events_fee",
      sql`(${t.feeCents} is null or ${t.feeCents} between 0 and 10000000) and (${t.feePer} is null or ${t.feePer} in ('month', 'season', 'session'))`,
    ),
    check("events_capacity", sql`${t.capacity} is null or ${t.capacity} between 1 and 10000`),
    check(
      "events_text_lengths",
      sql`char_length(${t.title}) <= 120 and coalesce(char_length(${t.place}), 0) <= 160 and coalesce(char_length(${t.streetAddress}), 0) <= 200 and coalesce(char_length(${t.note}), 0) <= 300`,
    ),
    index("events_position_idx").on(t.position),
    index("events_program_idx").on(t.programSlug),
  ],
);

// Days with no sessions at all (every event that day is cancelled): the calendar feed's EXDATEs.
export const cancelledDates = pgTable("cancelled_dates", {
  day: date("day", { mode: "string" }).primaryKey(),
  note: text("note"),
  noteEs: text("note_es"),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// Programs and seasons (issue 28, decision 0031). The six program pages are the spec's: a slug is its address and
// its id, so a page's words are edited on the site but pages are never added or removed there.
export const programs = pgTable(
  "programs",
  {
    slug: text("slug").primaryKey(),
    summary: text("summary").notNull(),
    summaryEs: text("summary_es"),
    ...timestamps,
  },
  (t) => [check("programs_summary_length", sql`char_length(${t.summary}) between 1 and 400 and coalesce(char_length(${t.summaryEs}), 0) <= 400`)],
);

/** A program page's sections, in order: a title, a paragraph and optional bullet items (one a line). */
export const programSections = pgTable(
  "program_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programSlug: text("program_slug")
      .notNull()
      .references(() => programs.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    position: integer("position").notNull().default(0),
    title: text("title").notNull(),
    body: text("body").notNull(),
    items: text("items"),
    titleEs: text("title_es"),
    bodyEs: text("body_es"),
    itemsEs: text("items_es"),
    ...timestamps,
  },
  (t) => [
    check(
      "program_sections_lengths",
      sql`char_length(${t.title}) between 1 and 120 and char_length(${t.body}) <= 1000 and coalesce(char_length(${t.items}), 0) <= 2000 and coalesce(char_length(${t.titleEs}), 0) <= 120 and coalesce(char_length(${t.bodyEs}), 0) <= 1000 and coalesce(char_length(${t.itemsEs}), 0) <= 2000`,
    ),
    index("program_sections_order_idx").on(t.programSlug, t.position),
  ],
);

/** A season is a term of a year ("Fall 2027") with its own first and last day; its name is the site's words. */
export const seasons = pgTable(
  "seasons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    term: text("term", { enum: ["spring", "summer", "fall", "winter"] }).notNull(),
    year: smallint("year").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    ...timestamps,
  },
  (t) => [
    check("seasons_term_known", sql`${t.term} in ('spring', 'summer', 'fall', 'winter')`),
    check("seasons_year", sql`${t.year} between 2000 and 2200`),
    check("seasons_dates_ordered", sql`${t.endsOn} >= ${t.startsOn}`),
    uniqueIndex("seasons_term_year_idx").on(t.term, t.year),
  ],
);

// Photos coaches upload to the gallery. The copies the site serves (AVIF and WebP at several widths, upright, no
// metadata) are made by the job queue after the upload (migration 0032) and kept in gallery_photo_files; the original
// is kept only until they exist.
export const PHOTO_COPIES = ["preparing", "ready", "failed"] as const;
export type PhotoCopies = (typeof PHOTO_COPIES)[number];

/** A photo's copies: being made (the original kept for the job), made (its size known), or failed (and why). */
const photoCopiesCheck = (t: { copies: AnyPgColumn; original: AnyPgColumn; problem: AnyPgColumn; width: AnyPgColumn; height: AnyPgColumn }) =>
  sql`(${t.copies} = 'preparing' and ${t.original} is not null and ${t.problem} is null)
    or (${t.copies} = 'ready' and ${t.original} is null and ${t.problem} is null and ${t.width} is not null and ${t.height} is not null)
    or (${t.copies} = 'failed' and ${t.original} is null and ${t.problem} is not null)`;

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

// Every mail the site sends, written in the same transaction as the change that causes it, then delivered by
// the job queue (server/queue.ts). A row with no sent_at is still to be delivered (or held: no SMTP_URL).
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** What the mail is (password-reset, missed-messages ...): for the operator's listing and tests. */
    kind: text("kind").notNull(),
    /** Extra headers, such as List-Unsubscribe for bulk-style mail. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /**
     * A one-time link (reset, confirmation, invitation), sealed (AES-256-GCM under a key derived from the auth
     * secret): the bodies hold a placeholder instead. Removed once the mail is sent or the link has expired, and
     * never written to a backup (decision 0025).
     */
    sealedLink: text("sealed_link"),
    /** Until when the mail's one-time link works; set only for mail that has one. */
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The Message-ID the mail carries on every attempt: its idempotency key (decision 0011, issue 38's addendum). */
    messageId: text("message_id"),
    /**
     * When the whole message was handed to the SMTP server, just before the final dot that completes it; cleared
     * when the server refuses it. Set while sent_at is not: the outcome is unknown, and the mail is never sent again.
     */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    /** A held mail's key (a request's status mail: decision 0052): a later mail with the key to the same address replaces it. */
    holdKey: text("hold_key"),
    /** Not delivered before this moment (the hold); null: at once. */
    sendAfter: timestamp("send_after", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt.desc()),
    uniqueIndex("mail_outbox_message_id_idx").on(t.messageId),
    index("mail_outbox_held_idx")
      .on(t.holdKey, t.toAddress)
      .where(sql`${t.holdKey} is not null and ${t.sentAt} is null`),
  ],
);

// When a missed-message notice last went to a person for a conversation (at most one per 15 minutes).
export const messageNotices = pgTable(
  "message_notices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

// A missed-message notice job is scheduled for this person and conversation (the row lives from the first
// unread message until the job runs). Later messages find the row and schedule nothing: a chat costs the
// queue one job per person and conversation, not one per message.
export const messageNoticeJobs = pgTable(
  "message_notice_jobs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

// Safe Play (decision 0022). The family is the unit: a household has its guardians and its student-athletes, each
// person in at most one. Staff (a coach or the lead who met or phoned the family) confirm it before a coach and a
// minor of it talk; households linked before confirmation existed keep talking and wait in the lead's queue.
export const households = pgTable(
  "households",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    /** How staff know the family ("met at the evaluation", "called the guardian's phone"). */
    confirmedHow: text("confirmed_how"),
    /** Linked before staff confirmation existed: its conversations go on while it waits to be confirmed. */
    linkedBeforeConfirmation: boolean("linked_before_confirmation").notNull().default(false),
    /** The lead froze the household: no self-service change to it until the lead lifts it (migration 0028). */
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    frozenReason: text("frozen_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("households_confirmation_whole", sql`(${t.confirmedAt} is null) = (${t.confirmedHow} is null)`)],
);

export const householdMembers = pgTable(
  "household_members",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Matches users.client_kind (a trigger keeps them together). */
    role: text("role", { enum: ["guardian", "athlete"] }).notNull(),
    /**
     * Staff confirmed this person (who, how, when): people are confirmed, not households. A member who joins starts
     * unconfirmed; only staff's confirmation sets it (a trigger refuses every other way, migration 0028).
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedHow: text("confirmed_how"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.userId] }),
    check("household_members_confirmation_whole", sql`(${t.confirmedAt} is null) = (${t.confirmedHow} is null)`),
    uniqueIndex("household_members_one_household_idx").on(t.userId),
    check("household_members_role_known", sql`${t.role} in ('guardian', 'athlete')`),
  ],
);

/**
 * Each athlete with each guardian of their household: a view over household_members (migration 0012), so "who is
 * this minor's guardian" has one answer, the household, and nothing can link a child to a stranger's account.
 */
export const guardianLinks = pgView("guardian_links", {
  athleteId: text("athlete_id").notNull(),
  guardianId: text("guardian_id").notNull(),
  householdId: uuid("household_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}).existing();

// Invitations by mail: a guardian invites their athlete to the account made for them ("athlete"), or an athlete who
// signed up alone invites a guardian ("guardian"). Only a hash of the token is kept.
export const familyInvitations = pgTable(
  "family_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["athlete", "guardian"] }).notNull(),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    /** A guardian invitation still waiting when staff confirmed the minor's family ended then (migration 0028). */
    endedByConfirmationAt: timestamp("ended_by_confirmation_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("family_invitations_athlete_idx").on(t.athleteId), index("family_invitations_inviter_idx").on(t.inviterId, t.createdAt)],
);

/**
 * A change that would lower a protection (a date of birth carrying a person across 13 or 18 toward adulthood), asked
 * by anyone but staff: the safeguarding lead approves or refuses it; until then the old value holds (migration 0028).
 */
export const protectionRequests = pgTable(
  "protection_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    householdId: uuid("household_id"),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    field: text("field", { enum: ["date_of_birth"] }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    approved: boolean("approved"),
  },
  (t) => [
    check("protection_requests_field_known", sql`${t.field} in ('date_of_birth')`),
    check("protection_requests_decision_whole", sql`(${t.decidedAt} is null) = (${t.approved} is null)`),
    uniqueIndex("protection_requests_one_open_idx")
      .on(t.userId, t.field)
      .where(sql`${t.decidedAt} is null`),
  ],
);

// A participant's report of a message, for the safeguarding lead (/safeguarding).
export const messageReports = pgTable(
  "message_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    /** What the lead decided, and their note (the reporter sees that it was reviewed, not the note). */
    outcome: text("outcome"),
    outcomeNote: text("outcome_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("message_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

// Up to when each safeguarding lead has reviewed the alerts (log lines that touch a minor) on /safeguarding.
export const safeguardingReviews = pgTable("safeguarding_reviews", {
  leadId: text("lead_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reviewedUpTo: timestamp("reviewed_up_to", { withTimezone: true }).notNull(),
});

// Who changed a family and when: links, invitations, kinds, dates of birth (the lead's log on /safeguarding).
export const safeguardingLog = pgTable(
  "safeguarding_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign keys: a line outlives what it names, and keeps the ids and names as they were.
    actorId: text("actor_id"),
    athleteId: text("athlete_id"),
    /** The names as they were when the line was written: the log is append-only (a trigger refuses changes). */
    actorName: text("actor_name").notNull().default(""),
    athleteName: text("athlete_name").notNull().default(""),
    householdId: uuid("household_id"),
    action: text("action").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("safeguarding_log_created_idx").on(t.createdAt.desc())],
);

/**
 * A device that turned on notifications (issue 27, Web Push): where its push service takes messages for it
 * (`endpoint`, on a known push service's host only) and the keys its messages are encrypted with. Listed on
 * /account, removable there; dropped when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser that subscribed, as it named itself: the list on /account says "Chrome on Android" from it. */
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

// Staff the organisation manages itself (issue 28, decision 0030).

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

// ---- Lesson booking (issue 30, decision 0032) ----
// A coach's weekly availability: windows on a weekday (wall-clock times in ORG_TIME_ZONE, so a window stays "Fridays
// 15:00-19:00" across daylight-saving changes), the lesson lengths offered, a buffer after each lesson, and days off.
// Free slots are computed from these and the bookings; nothing stores a slot (app/booking/slots.ts).
export const bookingSettings = pgTable(
  "booking_settings",
  {
    coachId: text("coach_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lesson lengths offered, in minutes: 30, 60 or both. */
    lessonMinutes: smallint("lesson_minutes")
      .array()
      .notNull()
      .default(sql`'{60}'::smallint[]`),
    /** Minutes kept free after each lesson (travel, notes, the next court). */
    bufferMinutes: smallint("buffer_minutes").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_settings_lengths", sql`cardinality(${t.lessonMinutes}) between 1 and 2 and ${t.lessonMinutes} <@ '{30,60}'::smallint[]`),
    check("booking_settings_buffer", sql`${t.bufferMinutes} between 0 and 60 and ${t.bufferMinutes} % 5 = 0`),
  ],
);

export const bookingWindows = pgTable(
  "booking_windows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Private lessons, or evaluations (placement: any coach who evaluates publishes these). */
    kind: text("kind", { enum: ["lesson", "evaluation"] }).notNull(),
    /** 0 = Sunday ... 6 = Saturday. */
    weekday: smallint("weekday").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    place: text("place").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_windows_kind_known", sql`${t.kind} in ('lesson', 'evaluation')`),
    check("booking_windows_weekday", sql`${t.weekday} between 0 and 6`),
    check("booking_windows_ordered", sql`${t.endTime} > ${t.startTime}`),
    check("booking_windows_place", sql`length(${t.place}) between 1 and 200`),
    index("booking_windows_coach_idx").on(t.coachId, t.weekday),
  ],
);

export const bookingDaysOff = pgTable(
  "booking_days_off",
  {
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.coachId, t.day] })],
);

// A booked lesson or evaluation. No two active bookings of one coach overlap, nor of one athlete: exclusion
// constraints (btree_gist) added by hand in the migration, over [starts_at, blocked_until) and [starts_at, ends_at).
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The guardian, or the adult athlete, who booked it. */
    bookedBy: text("booked_by").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["lesson", "evaluation"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The end plus the coach's buffer at booking time: what the coach's exclusion constraint keeps apart. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    place: text("place").notNull(),
    /** What the family wants the coach to know ("working on the serve"). */
    note: text("note").notNull().default(""),
    /** The iCalendar SEQUENCE of its invitations: one more at each move and at the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    /** The coach's reason for a cancellation or a move, told to the family. */
    reason: text("reason"),
    /** The enrollment request an evaluation was booked for (issue 30): booking it moved the request to "evaluation". */
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "set null" }),
    /** The idempotency key of the /lessons form that made it (issue 38): a retry with it returns this booking. */
    requestKey: text("request_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bookings_kind_known", sql`${t.kind} in ('lesson', 'evaluation')`),
    uniqueIndex("bookings_request_key_idx").on(t.bookedBy, t.requestKey),
    // Only an evaluation is booked for a request, and a request has at most one evaluation booked at a time.
    check("bookings_enrollment_is_evaluation", sql`${t.enrollmentId} is null or ${t.kind} = 'evaluation'`),
    uniqueIndex("bookings_one_evaluation_per_request_idx")
      .on(t.enrollmentId)
      .where(sql`${t.enrollmentId} is not null and ${t.cancelledAt} is null`),
    check("bookings_length", sql`${t.endsAt} - ${t.startsAt} in (interval '30 minutes', interval '60 minutes')`),
    check("bookings_buffer", sql`${t.blockedUntil} >= ${t.endsAt} and ${t.blockedUntil} <= ${t.endsAt} + interval '60 minutes'`),
    check("bookings_note_length", sql`length(${t.note}) <= 500`),
    index("bookings_coach_starts_idx").on(t.coachId, t.startsAt),
    index("bookings_athlete_starts_idx").on(t.athleteId, t.startsAt),
  ],
);

// A person's private calendar feed of their bookings: only the SHA-256 of the address's secret is kept (decision
// 0025), so the address is shown once, when made; making a new one ends the old.
export const bookingFeeds = pgTable("booking_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// The calendar invitation a mail carries (a booking's REQUEST or CANCEL), sent as text/calendar and as an .ics
// attachment by the outbox's delivery job.
export const mailCalendarParts = pgTable(
  "mail_calendar_parts",
  {
    mailId: uuid("mail_id")
      .primaryKey()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["REQUEST", "CANCEL", "PUBLISH"] }).notNull(),
    content: text("content").notNull(),
  },
  (t) => [check("mail_calendar_parts_method", sql`${t.method} in ('REQUEST', 'CANCEL', 'PUBLISH')`)],
);

// ---- Enrollments, levels and attendance (issue 29, decision 0033) ----
// An enrollment is one athlete's request for one session (an events row with a program). A request holds a place
// while it is requested, in evaluation, placed, enrolled or offered; past the session's capacity it is waitlisted, in
// the order of `seq`. A trigger (migration 0024, by hand) refuses any row that would take a session past its capacity,
// under the session row's lock, whatever the code does.
export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Restrict (decision 0033, addendum): a session with requests or marks is history the funder report counts, so
    // the database refuses to delete it; the calendar's editor says why and what to do instead.
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The guardian, or the adult athlete, who asked. */
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", {
      enum: ["requested", "evaluation", "placed", "enrolled", "waitlisted", "offered", "withdrawn", "declined"],
    }).notNull(),
    /** Given at insert, under the session's lock: the order requests arrived in, and so the waitlist's order. */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    /** An offered place (a waitlisted request whose turn came) is held until then; the offer job passes it on after. */
    offeredUntil: timestamp("offered_until", { withTimezone: true }),
    /** Why a request ended: the family withdrew, a coach withdrew or declined it, or an offer lapsed. */
    closedReason: text("closed_reason", { enum: ["family", "coach", "offer-expired", "session-cancelled"] }),
    // What coaches need on court; shown only to coaches and the household (app/enrollment/access.server.ts).
    medicalNotes: text("medical_notes").notNull().default(""),
    pickupPeople: text("pickup_people").notNull().default(""),
    photoConsent: boolean("photo_consent").notNull().default(false),
    emergencyName: text("emergency_name").notNull(),
    emergencyPhone: text("emergency_phone").notNull(),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    check(
      "enrollments_status_known",
      sql`${t.status} in ('requested', 'evaluation', 'placed', 'enrolled', 'waitlisted', 'offered', 'withdrawn', 'declined')`,
    ),
    check("enrollments_offer_whole", sql`(${t.status} = 'offered') = (${t.offeredUntil} is not null)`),
    check("enrollments_closed_reason", sql`(${t.closedReason} is null) = (${t.status} not in ('withdrawn', 'declined'))`),
    check(
      "enrollments_lengths",
      sql`char_length(${t.medicalNotes}) <= 1000 and char_length(${t.pickupPeople}) <= 500 and char_length(${t.emergencyName}) between 1 and 120 and char_length(${t.emergencyPhone}) between 7 and 30`,
    ),
    /** One open request per athlete and session; ended ones stay as history. */
    uniqueIndex("enrollments_one_open_idx")
      .on(t.eventId, t.athleteId)
      .where(sql`${t.status} not in ('withdrawn', 'declined')`),
    index("enrollments_event_status_idx").on(t.eventId, t.status, t.seq),
    index("enrollments_athlete_idx").on(t.athleteId),
  ],
);

/** Every placement of an athlete at a level (1 = National/International ... 5 = Beginner): the history families see. */
export const athleteLevels = pgTable(
  "athlete_levels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    level: smallint("level").notNull(),
    placedOn: date("placed_on", { mode: "string" }).notNull(),
    coachId: text("coach_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("athlete_levels_level", sql`${t.level} between 1 and 5`),
    check("athlete_levels_note_length", sql`char_length(${t.note}) <= 500`),
    index("athlete_levels_athlete_idx").on(t.athleteId, t.placedOn, t.createdAt),
  ],
);

/**
 * One mark a session, athlete and day: present or absent. Marks taken offline arrive later, perhaps twice: the key
 * makes a repeat an update, and `marked_at` (when the coach tapped) keeps the latest tap whatever order they arrive in.
 */
export const attendanceMarks = pgTable(
  "attendance_marks",
  {
    // Restrict (decision 0033, addendum): a session with requests or marks is history the funder report counts, so
    // the database refuses to delete it; the calendar's editor says why and what to do instead.
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    present: boolean("present").notNull(),
    /** Made by the phone for each tap: a tap sent twice is recognised. */
    clientId: uuid("client_id").notNull(),
    markedBy: text("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.athleteId, t.day] }),
    index("attendance_marks_day_idx").on(t.day),
    index("attendance_marks_athlete_idx").on(t.athleteId, t.day),
  ],
);

/**
 * Who coaches a session (issue 29, decision 0033 addendum): its roster, the on-court notes, attendance and the roster's
 * message are theirs only (isCoachOfSession, app/enrollment/access.server.ts). Set on the program's editor; a coach
 * who creates a session coaches it. The rows leave with the session; a row of someone no longer a coach grants nothing.
 */
export const sessionCoaches = pgTable(
  "session_coaches",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.coachId] }), index("session_coaches_coach_idx").on(t.coachId)],
);

/**
 * A visitor's request for a place in a session, sent with the registration form while signed out (issue 29). The
 * address was only typed, not proved (decision 0024), and the words are a stranger's until a guardian says otherwise
 * (issue 37): the guardian whose verified address it is sees each row on /account/enrollments and keeps it (an athlete
 * of their household and an enrollment request: keepVisitorRequestAsGuardian) or drops it; nothing else reads it. At
 * most 3 rows wait for one address (trigger visitor_requests_at_most_three, migration 0030). Rows older than 30 days
 * are removed by the job queue. A session deleted leaves the row without one (it can then only be dropped).
 */
export const visitorEnrollmentRequests = pgTable(
  "visitor_enrollment_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order requests were made in, and so the order they are claimed in. */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    studentName: text("student_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    medicalNotes: text("medical_notes").notNull().default(""),
    pickupPeople: text("pickup_people").notNull().default(""),
    photoConsent: boolean("photo_consent").notNull().default(false),
    emergencyName: text("emergency_name").notNull(),
    emergencyPhone: text("emergency_phone").notNull(),
    /** Lower-cased: compared with a verified account's address, lower-cased too. */
    email: text("email").notNull(),
    /** "I would like financial help" and its optional answers (migration 0067): the family's request for help once kept. */
    helpWanted: boolean("help_wanted").notNull().default(false),
    helpHouseholdSize: smallint("help_household_size"),
    helpSchoolLunch: text("help_school_lunch", { enum: ["free", "reduced", "none"] }),
    helpIncomeBand: text("help_income_band", { enum: ["under-25k", "25k-50k", "50k-75k", "over-75k"] }),
    helpNote: text("help_note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("visitor_enrollment_requests_email_lower", sql`${t.email} = lower(${t.email}) and char_length(${t.email}) between 3 and 254`),
    check(
      "visitor_enrollment_requests_lengths",
      sql`char_length(${t.studentName}) between 1 and 120 and char_length(${t.medicalNotes}) <= 1000 and char_length(${t.pickupPeople}) <= 500 and char_length(${t.emergencyName}) between 1 and 120 and char_length(${t.emergencyPhone}) between 7 and 30`,
    ),
    index("visitor_enrollment_requests_email_idx").on(t.email, t.seq),
    index("visitor_enrollment_requests_created_idx").on(t.createdAt),
  ],
);

export * from "./schema-consent";
export * from "./schema-payments";
export * from "./schema-donations";
export * from "./schema-lessonfees";
export * from "./schema-seasonfees";
export * from "./schema-athletes";
export * from "./schema-medical";
export * from "./schema-demographics";
export * from "./schema-messaging";
export * from "./schema-childdata";
export * from "./schema-disclosures";
