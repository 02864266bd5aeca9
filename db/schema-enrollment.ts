// Enrollments, levels and attendance (issue 29, decision 0033).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "./schema-calendar";
import { timestamps } from "./schema-columns";
import { users } from "./schema-people";

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
