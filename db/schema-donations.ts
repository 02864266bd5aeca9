// Drizzle tables of the donations capability (issue 41, decision 0060). Migration 0053's SQL is the source of truth
// (its checks, unique indexes and the trigger that keeps gifts from being changed); these declarations give queries
// their types.
import { bigint, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const DONATION_KINDS = ["once", "monthly"] as const;

/** A Checkout opened for a gift: what was asked (gift, the fee the donor covered, total), one-off or monthly. */
export const donationCheckouts = pgTable("donation_checkouts", {
  id: uuid("id").primaryKey(),
  sessionId: text("session_id").notNull(),
  kind: text("kind", { enum: DONATION_KINDS }).notNull(),
  giftCents: integer("gift_cents").notNull(),
  feeCents: integer("fee_cents").notNull(),
  totalCents: integer("total_cents").notNull(),
  locale: text("locale", { enum: ["en", "es"] })
    .notNull()
    .default("en"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** A monthly gift's subscription at the provider, and when it was stopped (migration 0063). */
  subscriptionId: text("subscription_id"),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
});

/** One gift received (a one-off gift, or one month of a monthly one); never changed. */
export const donations = pgTable("donations", {
  id: uuid("id").primaryKey().defaultRandom(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  checkoutId: uuid("checkout_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  giftCents: integer("gift_cents").notNull(),
  feeCents: integer("fee_cents").notNull(),
  email: text("email").notNull(),
  reference: text("reference").notNull(),
  providerEventId: text("provider_event_id").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
