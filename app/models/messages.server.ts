// Messages: read, send, mark read. Writes announce themselves with pg_notify inside their own transaction:
// PostgreSQL delivers a notification only when (and after) the transaction commits, so nothing is announced
// that is not stored, and every app process listening hears it (server/realtime.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isConversationParticipant, isUuid } from "./conversations.server";
import type { MessageType, MessageView } from "~/lib/messaging";

export type { MessageType, MessageView };

export const MESSAGE_CHANNEL = "nlte_messaging";

/** What travels through NOTIFY: ids only; every receiver reads the rest from the database. */
export type Announcement =
  | { k: "m"; c: string; id: string }
  | { k: "r"; c: string; u: string; at: string }
  | { k: "t"; c: string; u: string };

type Executor = Pick<Db, "execute">;

export async function announce(db: Executor, a: Announcement) {
  await db.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify(a)})`);
}

const messageSelect = sql`
  select m.id, m.conversation_id, m.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
         m.content, m.message_type, m.is_read, m.created_at,
         a.id as attachment_id, a.file_name, a.mime_type, a.size
  from messages m
  left join users u on u.id = m.sender_id
  left join attachments a on a.id = m.attachment_id`;

function toView(r: Record<string, unknown>): MessageView {
  return {
    id: String(r.id),
    conversationId: String(r.conversation_id),
    senderId: (r.sender_id as string | null) ?? null,
    senderName: (r.sender_name as string | null) ?? null,
    senderAvatarUrl: (r.sender_avatar_url as string | null) ?? null,
    content: String(r.content),
    messageType: r.message_type as MessageType,
    isRead: Boolean(r.is_read),
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString(),
    attachment: r.attachment_id
      ? { id: String(r.attachment_id), fileName: String(r.file_name), mimeType: String(r.mime_type), size: Number(r.size) }
      : null,
  };
}

/** A conversation's messages, oldest first, or null when `userId` is not a participant. */
export async function getMessages(db: Db, conversationId: string, userId: string): Promise<MessageView[] | null> {
  if (!(await isConversationParticipant(db, conversationId, userId))) return null;
  const { rows } = await db.execute<Record<string, unknown>>(sql`${messageSelect} where m.conversation_id = ${conversationId} order by m.created_at, m.id`);
  return rows.map(toView);
}

/** One message by id, for the hub that announces it (the caller has already routed by membership). */
export async function getMessageById(db: Db, id: string): Promise<MessageView | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.execute<Record<string, unknown>>(sql`${messageSelect} where m.id = ${id}`);
  return rows[0] ? toView(rows[0]) : null;
}

/** Several messages by id in one query (the hub reads announced messages in batches under load). */
export async function getMessagesByIds(db: Db, ids: string[]): Promise<MessageView[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const { rows } = await db.execute<Record<string, unknown>>(sql`${messageSelect} where m.id = any(${`{${valid.join(",")}}`}::uuid[])`);
  return rows.map(toView);
}

export type NewMessage = {
  conversationId: string;
  senderId: string;
  content: string;
  messageType?: MessageType;
  attachment?: { fileName: string; mimeType: string; data: Buffer };
};

/**
 * Stores a message from a participant and announces it; null when the sender is not a participant
 * (nothing is written). The content must already be validated and trimmed.
 */
export async function createMessage(db: Db, input: NewMessage): Promise<MessageView | null> {
  if (!isUuid(input.conversationId)) return null;
  const a = input.attachment;
  // One statement (one round trip, its own transaction): the membership check, the optional attachment, the
  // message, the conversation's activity time and the announcement all commit together or not at all.
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with member as (
      select 1 from conversation_participants where conversation_id = ${input.conversationId} and user_id = ${input.senderId}
    ), att as (
      insert into attachments (conversation_id, uploader_id, file_name, mime_type, size, data)
      select ${input.conversationId}::uuid, ${input.senderId}, ${a?.fileName ?? null}::text, ${a?.mimeType ?? null}::text,
             ${a?.data.length ?? null}::int, ${a?.data ?? null}::bytea
      where ${Boolean(a)}::boolean and exists (select 1 from member)
      returning id, file_name, mime_type, size
    ), ins as (
      insert into messages (conversation_id, sender_id, content, message_type, attachment_id)
      select ${input.conversationId}::uuid, ${input.senderId}, ${input.content}, ${input.messageType ?? "text"}::message_type, (select id from att)
      where exists (select 1 from member)
      returning *
    ), touched as (
      update conversations set updated_at = now() where id = ${input.conversationId} and exists (select 1 from ins) returning 1
    ), announced as (
      select pg_notify(${MESSAGE_CHANNEL}, json_build_object('k', 'm', 'c', ins.conversation_id, 'id', ins.id)::text) from ins
    )
    select ins.id, ins.conversation_id, ins.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
           ins.content, ins.message_type, ins.is_read, ins.created_at,
           att.id as attachment_id, att.file_name, att.mime_type, att.size,
           (select count(*) from announced) as announced, (select count(*) from touched) as touched
    from ins left join users u on u.id = ins.sender_id left join att on att.id = ins.attachment_id`);
  return rows[0] ? toView(rows[0]) : null;
}

/**
 * Marks every message in the conversation not sent by `userId` as read. Returns how many changed, or null when
 * `userId` is not a participant (nothing changes). Senders hear about it through the announcement.
 */
export async function markConversationRead(db: Db, conversationId: string, userId: string): Promise<number | null> {
  if (!isUuid(conversationId)) return null;
  return db.transaction(async (tx) => {
    const member = await tx.execute(sql`
      select 1 from conversation_participants where conversation_id = ${conversationId} and user_id = ${userId}`);
    if (member.rows.length === 0) return null;
    const { rows } = await tx.execute<{ at: string | Date | null; n: number }>(sql`
      with changed as (
        update messages set is_read = true
        where conversation_id = ${conversationId} and is_read = false and sender_id is distinct from ${userId}
        returning created_at
      ) select max(created_at) as at, count(*)::int as n from changed`);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) {
      const at = rows[0]!.at;
      await announce(tx, { k: "r", c: conversationId, u: userId, at: (at instanceof Date ? at : new Date(String(at))).toISOString() });
    }
    return n;
  });
}

/** An attachment for download, or null when it does not exist in that conversation or `userId` is not in it. */
export async function getAttachmentForUser(db: Db, conversationId: string, attachmentId: string, userId: string) {
  if (!isUuid(conversationId) || !isUuid(attachmentId)) return null;
  const { rows } = await db.execute<{ file_name: string; mime_type: string; data: Buffer }>(sql`
    select a.file_name, a.mime_type, a.data from attachments a
    join conversation_participants p on p.conversation_id = a.conversation_id and p.user_id = ${userId}
    where a.id = ${attachmentId} and a.conversation_id = ${conversationId}`);
  const r = rows[0];
  return r ? { fileName: r.file_name, mimeType: r.mime_type, data: r.data } : null;
}
