// Lesson booking (issue 30, decision 0032).
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, smallint, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { enrollments } from "./schema-enrollment";
import { users } from "./schema-people";
import { mailOutbox } from "./schema-services";

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
