// Column helpers the area schema files share (db/schema-*.ts). Not re-exported from db/schema.ts: no tables here.
import { sql } from "drizzle-orm";
import { customType, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A photo's copies: being made (the original kept for the job), made (its size known), or failed (and why). */
export const photoCopiesCheck = (t: { copies: AnyPgColumn; original: AnyPgColumn; problem: AnyPgColumn; width: AnyPgColumn; height: AnyPgColumn }) =>
  sql`(${t.copies} = 'preparing' and ${t.original} is not null and ${t.problem} is null)
    or (${t.copies} = 'ready' and ${t.original} is null and ${t.problem} is null and ${t.width} is not null and ${t.height} is not null)
    or (${t.copies} = 'failed' and ${t.original} is null and ${t.problem} is not null)`;
