// Safe Play's family tables (decision 0022): households, their members, invitations, protection requests, reports
// and the safeguarding lead's log.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { conversations, messages } from "./schema-conversations";
import { users } from "./schema-people";

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
