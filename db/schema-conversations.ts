// Conversations and their messages, attachments, send allowances, open sockets and missed-message notices.
import { doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, timestamps } from "./schema-columns";
import { users } from "./schema-people";

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey(),
    title: text("title"),
    type: text("type").notNull().default("direct"),
    /** Paused by the safeguarding lead (decision 0022): nobody can send; everyone in it sees why. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    pausedReason: text("paused_reason"),
    ...timestamps,
  },
  // No index on updated_at: every message sets it, and an indexed column makes each of those updates write new
  // index entries and leave dead ones behind (a non-HOT update). The conversation list reaches conversations
  // through the person's participants, never through this order. Migration 0011 also gives the table spare room
  // on each page (fillfactor 50), so those updates stay on their page and are cleaned up without a vacuum.
);

export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * What this person has read (decision 0009): every message of the conversation up to this time. Each person
     * reads for themselves (a coach reading does not read for the athlete or the guardian). Not indexed, so moving
     * it is an update on the row's own page (HOT).
     */
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_participants_user_id_idx").on(t.userId)],
);

export const messageTypeEnum = pgEnum("message_type", ["text", "image", "file"]);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    messageType: messageTypeEnum("message_type").notNull().default("text"),
    attachmentId: uuid("attachment_id").references(() => attachments.id, { onDelete: "set null" }),
    /** The kept message this one was sent for (migration 0059: unique, so a kept message is sent once). */
    scheduledMessageId: uuid("scheduled_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("messages_conversation_created_idx").on(t.conversationId, t.createdAt)],
);

// Files sent in conversations. Kept in PostgreSQL itself so every app process serves the same files and a
// backup of the database is a backup of the attachments.
export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attachments_conversation_id_idx").on(t.conversationId), index("attachments_uploader_created_idx").on(t.uploaderId, t.createdAt)],
);

// Each person's message allowance (a token bucket: a burst, then a steady rate). One row per sender, updated in
// the same statement that stores the message, so the limit holds across every app process.
export const messageAllowances = pgTable("message_allowances", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokens: doublePrecision("tokens").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Open WebSockets, so the cap on sockets per person holds across app processes. Each process refreshes
// `seen_at` of its own rows; rows of a process that died stop counting once they are stale.
export const realtimeSockets = pgTable(
  "realtime_sockets",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    processId: uuid("process_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("realtime_sockets_user_idx").on(t.userId, t.seenAt), index("realtime_sockets_process_idx").on(t.processId)],
);

// When a missed-message notice last went to a person for a conversation (at most one per 15 minutes).
export const messageNotices = pgTable(
  "message_notices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

// A missed-message notice job is scheduled for this person and conversation (the row lives from the first
// unread message until the job runs). Later messages find the row and schedule nothing: a chat costs the
// queue one job per person and conversation, not one per message.
export const messageNoticeJobs = pgTable(
  "message_notice_jobs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);
