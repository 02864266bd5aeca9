// Drizzle table of the medical capability (issue 39, decision 0048; migration 0038 holds its constraint): what a guardian
// tells the coaches about an athlete's health. Read through app/medical/ only (index.server.ts), which logs each read.
import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema";

export const athleteMedical = pgTable("athlete_medical", {
  athleteId: text("athlete_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  allergies: text("allergies").notNull().default(""),
  conditions: text("conditions").notNull().default(""),
  medication: text("medication").notNull().default(""),
  /** The guardian asks the coach to know this courtside (the sheet's flag says "alert", not only "notes"). */
  courtsideAlert: boolean("courtside_alert").notNull().default(false),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
