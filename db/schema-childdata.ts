// Drizzle table of a guardian's requests to delete a child's data (issue 40, decision 0056; migration 0046 holds its
// constraints: the deadline is asked_at + 30 days, one open request per athlete, a refusal says why).
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

export const CHILD_DATA_REQUEST_STATUSES = ["open", "done", "refused"] as const;

export const childDataRequests = pgTable(
  "child_data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    athleteId: text("athlete_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    askedBy: text("asked_by").references(() => users.id, { onDelete: "set null" }),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
    dueBy: timestamp("due_by", { withTimezone: true }).notNull(),
    status: text("status", { enum: CHILD_DATA_REQUEST_STATUSES }).notNull().default("open"),
    /** Why a request was refused (empty otherwise). */
    reason: text("reason").notNull().default(""),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    check("child_data_requests_status_known", sql`${t.status} in ('open', 'done', 'refused')`),
    check("child_data_requests_due_in_30_days", sql`${t.dueBy} = ${t.askedAt} + interval '30 days'`),
    check("child_data_requests_handled_whole", sql`(${t.status} = 'open') = (${t.handledAt} is null)`),
    check("child_data_requests_refusal_says_why", sql`${t.status} <> 'refused' or length(btrim(${t.reason})) > 0`),
    uniqueIndex("child_data_requests_one_open_idx")
      .on(t.athleteId)
      .where(sql`${t.status} = 'open'`),
    index("child_data_requests_open_due_idx")
      .on(t.dueBy)
      .where(sql`${t.status} = 'open'`),
  ],
);
