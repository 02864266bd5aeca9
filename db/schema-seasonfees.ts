// Drizzle tables of season fees (issue 41, decision 0059), kept apart from schema.ts as each capability's are. Migration
// 0050's SQL is the source of truth (its keys, its triggers: a cancelled session credits its families, a withdrawal
// credits the months not begun; the daily job's function); these declarations give queries their types.
import { date, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One month of a per-month fee charged to one enrollment: the key makes each month charged once. */
export const seasonFeeMonths = pgTable(
  "season_fee_months",
  {
    enrollmentId: uuid("enrollment_id").notNull(),
    /** The month's first day. */
    period: date("period", { mode: "string" }).notNull(),
    chargeId: uuid("charge_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "season_fee_months_pk", columns: [t.enrollmentId, t.period] })],
);

/** A session the organisation cancelled; its enrolled families are credited what they were charged for it. */
export const sessionCancellations = pgTable("session_cancellations", {
  eventId: uuid("event_id").primaryKey(),
  reason: text("reason").notNull().default(""),
  reasonEs: text("reason_es"),
  cancelledBy: text("cancelled_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
