// The one membership rule: only the people in a conversation may read it, write to it, mark it read, download
// its files or hear it over the socket. Everything that touches a conversation for a person goes through here:
// loaders and actions call `requireConversationMember`, the WebSocket hub calls `isConversationMember`, and the
// statements that must check and write atomically (sending, marking read) embed `conversationMemberSql`.
// Outsiders get 404: the conversation's existence is not revealed.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { row } from "../../db/rows";
import { isUuid } from "~/lib/uuid";
import { data } from "react-router";
import { m } from "~/paraglide/messages";
import { pageWords } from "~/content/words.server";

/**
 * The rule as SQL text over two placeholders, for hand-prepared statements (the send path's, in
 * app/messaging/messages.server.ts); `conversationMemberSql` is the same condition with bound values.
 */
export function conversationMemberCondition(conversationParam: string, userParam: string) {
  return `exists (select 1 from conversation_participants where conversation_id = ${conversationParam}::uuid and user_id = ${userParam}::text)`;
}

/** The rule as an SQL condition, for statements that check and write in one step. */
export function conversationMemberSql(conversationId: string, userId: string) {
  return sql`exists (select 1 from conversation_participants where conversation_id = ${conversationId}::uuid and user_id = ${userId})`;
}

/** True when `userId` is in the conversation; false for anything else, including ids that are not UUIDs. */
export async function isConversationMember(db: Pick<Db, "execute">, conversationId: string, userId: string): Promise<boolean> {
  if (!isUuid(conversationId)) return false;
  const { member } = await row(db, z.object({ member: z.boolean() }), sql`select ${conversationMemberSql(conversationId, userId)} as member`);
  return member;
}

/**
 * The 404 of a conversation that is not the person's (or does not exist: the two read the same), with the words its
 * page's error boundary shows, in the request's language.
 */
export function conversationNotFound() {
  return data(
    {
      error: m.messaging_not_found_title(),
      text: m.messaging_not_found_text(),
      back: m.messaging_back_to_messages_title(),
      title: pageWords("conversation").title,
    },
    { status: 404 },
  );
}

/** Throws a 404 response unless `userId` is in the conversation. Call it on the first lines of a loader or action. */
export async function requireConversationMember(db: Pick<Db, "execute">, conversationId: string, userId: string): Promise<void> {
  if (!(await isConversationMember(db, conversationId, userId))) throw conversationNotFound();
}
