// Drizzle tables of the consent capability (issue 40, decision 0043; kept apart from schema.ts so each capability owns
// its tables). The SQL is migration 0033's: the hash trigger, the "never edited" trigger and the one-active index live
// there, so every writer is held to them.
import { sql } from "drizzle-orm";
import { customType, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { enrollments, programs, seasons, users } from "./schema";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const consentForms = pgTable("consent_forms", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind", { enum: ["waiver", "medical", "photo", "conduct", "other"] }).notNull(),
  position: integer("position").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A published version: its words never change; `hash` is set by the database (SHA-256 of the four texts). */
export const consentFormVersions = pgTable("consent_form_versions", {
  id: uuid("id").primaryKey().defaultRandom(),
  formId: uuid("form_id")
    .notNull()
    .references(() => consentForms.id, { onDelete: "restrict" }),
  version: integer("version").notNull(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es").notNull(),
  bodyEn: text("body_en").notNull(),
  bodyEs: text("body_es").notNull(),
  hash: text("hash")
    .notNull()
    .$defaultFn(() => ""),
  publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
});

export const consentFormPrograms = pgTable(
  "consent_form_programs",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => consentForms.id, { onDelete: "cascade" }),
    programSlug: text("program_slug")
      .notNull()
      .references(() => programs.slug, { onDelete: "cascade", onUpdate: "cascade" }),
  },
  (t) => [primaryKey({ name: "consent_form_programs_pk", columns: [t.formId, t.programSlug] })],
);

export const consentSignatures = pgTable("consent_signatures", {
  id: uuid("id").primaryKey().defaultRandom(),
  formId: uuid("form_id")
    .notNull()
    .references(() => consentForms.id, { onDelete: "restrict" }),
  versionId: uuid("version_id")
    .notNull()
    .references(() => consentFormVersions.id, { onDelete: "restrict" }),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  seasonId: uuid("season_id").references(() => seasons.id, { onDelete: "restrict" }),
  signerId: text("signer_id").references(() => users.id, { onDelete: "set null" }),
  signerRole: text("signer_role", { enum: ["guardian", "self"] }).notNull(),
  athleteName: text("athlete_name").notNull(),
  typedName: text("typed_name").notNull(),
  photoChoice: text("photo_choice", { enum: ["yes", "team", "no"] }),
  language: text("language", { enum: ["en", "es"] }).notNull(),
  ipAddress: text("ip_address").notNull(),
  userAgent: text("user_agent").notNull(),
  receiptPdf: bytea("receipt_pdf").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  state: text("state", { enum: ["active", "superseded", "withdrawn"] })
    .notNull()
    .default(sql`'active'`),
  endedAt: timestamp("ended_at", { withTimezone: true }),
  endedBy: text("ended_by").references(() => users.id, { onDelete: "set null" }),
});

export const consentEnrollmentWaits = pgTable("consent_enrollment_waits", {
  enrollmentId: uuid("enrollment_id")
    .primaryKey()
    .references(() => enrollments.id, { onDelete: "cascade" }),
  athleteId: text("athlete_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  remindedAt: timestamp("reminded_at", { withTimezone: true }).notNull().defaultNow(),
});
