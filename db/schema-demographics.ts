// Drizzle table of what grant forms ask about an athlete (issue 39, decision 0051; migration 0041 holds its
// constraints). Written by the family on /account/family (app/family/demographics.server.ts), read only as counts by
// the funder reports (app/enrollment/report.server.ts; gender and school lunch by app/athletes/outcomes.server.ts).
// Every answer optional: null is "not answered".
import { pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { GENDERS, SCHOOL_LUNCH_ANSWERS } from "./demographic-choices";
import { users } from "./schema";

export const athleteDemographics = pgTable("athlete_demographics", {
  athleteId: text("athlete_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  gender: text("gender", { enum: GENDERS }),
  /** Five digits (a ZIP+4 is kept as its first five). */
  zip: text("zip"),
  school: text("school"),
  /** 0 = kindergarten ... 12; 13 = finished high school (as athlete_schools). */
  grade: smallint("grade"),
  schoolLunch: text("school_lunch", { enum: SCHOOL_LUNCH_ANSWERS }),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
