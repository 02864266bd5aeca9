// People and their sign-in: the users, sessions, accounts and verifications tables are Better Auth's; `users` is also
// the spec's user profile table (full_name, phone, role, avatar_url). And the app's own small keyed stores.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./schema-columns";

export const roleEnum = pgEnum("user_role", ["client", "coach"]);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    fullName: text("full_name"),
    phone: text("phone"),
    role: roleEnum("role").notNull().default("client"),
    avatarUrl: text("avatar_url"),
    /**
     * The language the person chose to read the site, its mails and its notices in (issue 27), followed on every device;
     * set at sign-up from the page's language and by the switch. Null: never chosen (mails are then in English).
     */
    locale: text("locale", { enum: ["en", "es"] }),
    /**
     * Hears when a coach cancels a day or changes the schedule (issue 27): on by default, by push on the person's
     * devices and by mail where they have none (app/notifications/changes.server.ts). Turned off on /account.
     */
    notifyChanges: boolean("notify_changes").notNull().default(true),
    // Notification preferences (/account): missed-message mails, and for coaches new form submissions.
    notifyMessages: boolean("notify_messages").notNull().default(true),
    notifySubmissions: boolean("notify_submissions").notNull().default(true),
    /** Safe Play (decision 0022): a client is a parent/guardian or a student-athlete; existing clients are guardians. */
    clientKind: text("client_kind", { enum: ["guardian", "athlete"] })
      .notNull()
      .default("guardian"),
    /** Athletes only: age, and so "minor", is read from it in ORG_TIME_ZONE (app/safe-play/safe-play.ts). */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    /**
     * Is or was a minor student-athlete (decision 0022). Kept by a trigger (migration 0012) and never cleared by
     * the person: such an account stays an athlete, and only its guardians or the safeguarding lead change its
     * date of birth.
     */
    minorProtection: boolean("minor_protection").notNull().default(false),
    /** The safeguarding lead corrected this person's name and date of birth: families cannot change them (migration 0028). */
    detailsLockedAt: timestamp("details_locked_at", { withTimezone: true }),
    /**
     * Whether the person said they are a parent/guardian or a student-athlete. Sign-up's form always asks; an account
     * made through Google has not, and messages nobody until it answers on /account (decision 0022).
     */
    kindAnswered: boolean("kind_answered").notNull().default(true),
    /** A coach whose messaging with minors the safeguarding lead suspended, and why (decision 0022). */
    minorMessagingSuspendedAt: timestamp("minor_messaging_suspended_at", { withTimezone: true }),
    minorMessagingSuspendedReason: text("minor_messaging_suspended_reason"),
    /** The safeguarding lead capability, granted to coaches with `npm run user:role -- EMAIL safeguarding`. */
    safeguardingLead: boolean("safeguarding_lead").notNull().default(false),
    /**
     * The administrator flag (issue 28, decision 0030): invites coaches, grants and removes the coach, lead and
     * administrator roles on /staff, and records staff checks. Granted first with `npm run user:role -- EMAIL admin`.
     * A flag beside the role, not a role: an administrator may be a coach or not.
     */
    admin: boolean("admin").notNull().default(false),
    /** Set when the person deleted their account: the row stays, emptied, so their sent messages keep a sender. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_role_full_name_idx").on(t.role, t.fullName),
    check("users_locale_known", sql`${t.locale} in ('en', 'es')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId), uniqueIndex("accounts_provider_account_idx").on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// Fixed-window counters shared by every app process (sign-in limits and the like).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// Small settings the app generates for itself, such as the auth secret when the database is external.
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
