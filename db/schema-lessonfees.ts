// Drizzle table of lesson fees (issue 41, decision 0058). Migration 0048's SQL is the source of truth: its checks
// (a lesson 30 or 60 minutes, an evaluation 30; $0 to $500), its unique index (one price a coach, kind and length,
// the organisation's being coach_id null), the booking trigger that charges and credits, and the rule functions.
import { integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The highest price a lesson may have, in cents (anything above is a typing slip). */
export const LESSON_PRICE_MAX_CENTS = 50_000;

/** A price per kind and length: the organisation's (coachId null) or a coach's own. */
export const lessonPrices = pgTable("lesson_prices", {
  id: uuid("id").primaryKey().defaultRandom(),
  coachId: text("coach_id"),
  kind: text("kind", { enum: ["lesson", "evaluation"] }).notNull(),
  minutes: smallint("minutes").notNull(),
  amountCents: integer("amount_cents").notNull(),
  setBy: text("set_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
