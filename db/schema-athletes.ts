// Drizzle tables of the athletes capability (issue 42, decision 0045; migration 0035 holds their constraints):
// evaluations with per-skill scores and goals, school and terms, check-in notes, college milestones, and the
// education staff permission. Kept apart from schema.ts so each capability owns its tables. The sessions' kind
// (tennis, education, both) is the column events.session_kind, read with SQL by app/athletes/.
import { boolean, customType, date, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { AMOUNT_BANDS, GPA_BANDS, MILESTONE_KINDS, SCHOLARSHIP_KINDS, SCHOOL_TERMS } from "./athlete-choices";
import { events, users } from "./schema";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** Education staff: granted and removed by an administrator on /staff. */
export const educationStaff = pgTable("education_staff", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The skills evaluations score, in both languages; retired, never deleted. */
export const athleteSkills = pgTable("athlete_skills", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  nameEs: text("name_es").notNull(),
  position: integer("position").notNull().default(0),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const athleteEvaluations = pgTable("athlete_evaluations", {
  id: uuid("id").primaryKey().defaultRandom(),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  coachId: text("coach_id").references(() => users.id, { onDelete: "set null" }),
  evaluatedOn: date("evaluated_on", { mode: "string" }).notNull(),
  /** The level whose rubric the scores are on (1 = National/International ... 5 = Beginner). */
  level: smallint("level").notNull(),
  note: text("note").notNull().default(""),
  goalOne: text("goal_one").notNull(),
  goalTwo: text("goal_two"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** 1 beginning, 2 developing, 3 secure, 4 beyond the level. */
export const athleteEvaluationScores = pgTable(
  "athlete_evaluation_scores",
  {
    evaluationId: uuid("evaluation_id")
      .notNull()
      .references(() => athleteEvaluations.id, { onDelete: "cascade" }),
    skillId: uuid("skill_id")
      .notNull()
      .references(() => athleteSkills.id, { onDelete: "restrict" }),
    score: smallint("score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.evaluationId, t.skillId] })],
);

export const athleteSchools = pgTable("athlete_schools", {
  athleteId: text("athlete_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  school: text("school").notNull(),
  /** 0 = kindergarten ... 12; 13 = graduated from high school. */
  grade: smallint("grade").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const athleteTerms = pgTable("athlete_terms", {
  id: uuid("id").primaryKey().defaultRandom(),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  year: smallint("year").notNull(),
  term: text("term", { enum: SCHOOL_TERMS }).notNull(),
  band: text("band", { enum: GPA_BANDS }),
  summary: text("summary").notNull().default(""),
  recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const athleteCheckIns = pgTable("athlete_check_ins", {
  id: uuid("id").primaryKey().defaultRandom(),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
  note: text("note").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const athleteMilestones = pgTable("athlete_milestones", {
  id: uuid("id").primaryKey().defaultRandom(),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: MILESTONE_KINDS }).notNull(),
  happenedOn: date("happened_on", { mode: "string" }).notNull(),
  college: text("college"),
  detail: text("detail").notNull().default(""),
  tennis: boolean("tennis").notNull().default(false),
  scholarshipKind: text("scholarship_kind", { enum: SCHOLARSHIP_KINDS }),
  amountBand: text("amount_band", { enum: AMOUNT_BANDS }),
  /** The college class year /scholarships names ("2027"). */
  classYear: smallint("class_year"),
  listingAgreedBy: text("listing_agreed_by").references(() => users.id, { onDelete: "set null" }),
  listingAgreedAt: timestamp("listing_agreed_at", { withTimezone: true }),
  recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A term's report card (migration 0056, decision 0062): the file in the database as messages' attachments are, one a
 * term; read as getAthleteRights's readReportCards says, attached as its attachReportCard says.
 */
export const athleteReportCards = pgTable("athlete_report_cards", {
  id: uuid("id").primaryKey().defaultRandom(),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  termId: uuid("term_id")
    .notNull()
    .references(() => athleteTerms.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A session's "no evaluation yet this season" reminder, sent once a season start (migration 0056). */
export const athleteEvaluationReminders = pgTable(
  "athlete_evaluation_reminders",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    seasonStart: date("season_start", { mode: "string" }).notNull(),
    /** How many athletes had no evaluation when it was sent. */
    athletes: integer("athletes").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "athlete_evaluation_reminders_pk", columns: [t.eventId, t.seasonStart] })],
);
