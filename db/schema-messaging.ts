// Drizzle table of messaging's scheduled messages (issue 39, decision 0047; migration 0037 holds its constraints): a
// message Safe Play refused only because of quiet hours, kept to be sent when they end. The job queue sends it
// (app/messaging/scheduled.server.ts), asking Safe Play again at that moment; the row says what became of it.
import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { conversations, messages, users } from "./schema";

export const scheduledMessages = pgTable("scheduled_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  conversationId: uuid("conversation_id")
    .notNull()
    .references(() => conversations.id, { onDelete: "cascade" }),
  senderId: text("sender_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  content: text("content").notNull(),
  /** When it goes: the end of quiet hours in the organisation's time zone, as Safe Play's clock reads it. */
  sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
  /** scheduled, sent, refused (Safe Play said no at its time: `refusal`), cancelled (by its sender). */
  status: text("status", { enum: ["scheduled", "sent", "refused", "cancelled"] })
    .notNull()
    .default("scheduled"),
  /** Safe Play's refusal at the time, as its code (the words are said in the reader's language). */
  refusal: jsonb("refusal"),
  messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
});
