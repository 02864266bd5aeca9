// Drizzle tables of the payments capability (kept apart from schema.ts so each capability owns its tables). The SQL
// of migration 0034 is the source of truth: its foreign keys, its triggers (the ledger refuses updates and deletes;
// an enrollment that becomes Enrolled is charged) and its unique indexes (no payment counted twice). These
// declarations give queries their types and do not repeat the references, so this file imports nothing of schema.ts.
import { sql } from "drizzle-orm";
import { bigint, date, integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const LEDGER_KINDS = ["charge", "aid", "payment", "credit", "refund", "correction"] as const;
export const PAYMENT_METHODS = ["card", "cash", "check", "zelle"] as const;
export const AID_DECISIONS = ["waiver", "percent", "amount"] as const;
export const SCHOOL_LUNCH = ["free", "reduced", "none"] as const;
export const INCOME_BANDS = ["under-25k", "25k-50k", "50k-75k", "over-75k"] as const;

/** Who pays: a household, or an adult athlete of none (one of the two; both emptied when deleted, the row kept). */
export const paymentAccounts = pgTable("payment_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  householdId: uuid("household_id"),
  userId: text("user_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One movement of money, never changed or removed; effect_cents (generated) sums to what the account owes. */
export const ledgerEntries = pgTable("ledger_entries", {
  id: uuid("id").primaryKey().defaultRandom(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  accountId: uuid("account_id").notNull(),
  kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  effectCents: integer("effect_cents").generatedAlwaysAs(
    sql`CASE WHEN "kind" IN ('charge', 'refund', 'correction') THEN "amount_cents" ELSE -"amount_cents" END`,
  ),
  /** A session's title for a charge; a code the page words (aid:percent, credit:withdrawn, payment:cash) otherwise. */
  reason: text("reason").notNull(),
  /** Aid and credit: the charge; a refund: the payment. */
  appliesTo: uuid("applies_to"),
  enrollmentId: uuid("enrollment_id"),
  dueOn: date("due_on", { mode: "string" }),
  method: text("method", { enum: PAYMENT_METHODS }),
  reference: text("reference"),
  providerEventId: text("provider_event_id"),
  recordedBy: text("recorded_by"),
  /** A refund: the confirmed form it came from, so the same form sent twice is one refund (migration 0052). */
  requestKey: uuid("request_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const aidRequests = pgTable("aid_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  accountId: uuid("account_id").notNull(),
  requestedBy: text("requested_by"),
  householdSize: smallint("household_size"),
  schoolLunch: text("school_lunch", { enum: SCHOOL_LUNCH }),
  incomeBand: text("income_band", { enum: INCOME_BANDS }),
  note: text("note").notNull().default(""),
  status: text("status", { enum: ["open", "granted", "declined"] })
    .notNull()
    .default("open"),
  decision: text("decision", { enum: AID_DECISIONS }),
  percent: smallint("percent"),
  amountCents: integer("amount_cents"),
  floorCents: integer("floor_cents"),
  validUntil: date("valid_until", { mode: "string" }),
  decidedBy: text("decided_by"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Coaches an administrator allowed to decide aid and record payments. */
export const paymentStaff = pgTable("payment_staff", {
  userId: text("user_id").primaryKey(),
  grantedBy: text("granted_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A hosted Checkout opened for an account, with the amount its completion must match. */
export const paymentCheckouts = pgTable("payment_checkouts", {
  id: text("id").primaryKey(),
  accountId: uuid("account_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  openedBy: text("opened_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paymentProviderEvents = pgTable("payment_provider_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
