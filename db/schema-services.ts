// The site's outgoing channels: the mail outbox and the devices that take push notifications.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-people";

// Every mail the site sends, written in the same transaction as the change that causes it, then delivered by
// the job queue (server/queue.ts). A row with no sent_at is still to be delivered (or held: no SMTP_URL).
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** What the mail is (password-reset, missed-messages ...): for the operator's listing and tests. */
    kind: text("kind").notNull(),
    /** Extra headers, such as List-Unsubscribe for bulk-style mail. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /**
     * A one-time link (reset, confirmation, invitation), sealed (AES-256-GCM under a key derived from the auth
     * secret): the bodies hold a placeholder instead. Removed once the mail is sent or the link has expired, and
     * never written to a backup (decision 0025).
     */
    sealedLink: text("sealed_link"),
    /** Until when the mail's one-time link works; set only for mail that has one. */
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The Message-ID the mail carries on every attempt: its idempotency key (decision 0011, issue 38's addendum). */
    messageId: text("message_id"),
    /**
     * When the whole message was handed to the SMTP server, just before the final dot that completes it; cleared
     * when the server refuses it. Set while sent_at is not: the outcome is unknown, and the mail is never sent again.
     */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    /** A held mail's key (a request's status mail: decision 0052): a later mail with the key to the same address replaces it. */
    holdKey: text("hold_key"),
    /** Not delivered before this moment (the hold); null: at once. */
    sendAfter: timestamp("send_after", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt.desc()),
    uniqueIndex("mail_outbox_message_id_idx").on(t.messageId),
    index("mail_outbox_held_idx")
      .on(t.holdKey, t.toAddress)
      .where(sql`${t.holdKey} is not null and ${t.sentAt} is null`),
  ],
);

/**
 * A device that turned on notifications (issue 27, Web Push): where its push service takes messages for it
 * (`endpoint`, on a known push service's host only) and the keys its messages are encrypted with. Listed on
 * /account, removable there; dropped when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser that subscribed, as it named itself: the list on /account says "Chrome on Android" from it. */
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
