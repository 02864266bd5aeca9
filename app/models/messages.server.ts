// Messages: read, send, mark read. Writes announce themselves with pg_notify inside their own transaction:
// PostgreSQL delivers a notification only when (and after) the transaction commits, so nothing is announced
// that is not stored, and every app process listening hears it (server/realtime.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversationMemberSql, isUuid } from "~/auth/conversation-member.server";
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

export const MESSAGE_PAGE_SIZE = 50;

export type MessagePage = { messages: MessageView[]; hasOlder: boolean };

/**
 * One page of a conversation, oldest first: the latest `limit` messages, or the `limit` before the message
 * `beforeId`. Empty when `userId` is not in the conversation. The cost does not grow with the conversation's
 * length (the (conversation_id, created_at) index is read backwards and stops after one page).
 */
export async function getMessagePage(
  db: Db,
  conversationId: string,
  userId: string,
  options: { beforeId?: string | null; limit?: number } = {},
): Promise<MessagePage> {
  if (!isUuid(conversationId)) return { messages: [], hasOlder: false };
  const limit = Math.min(200, Math.max(1, options.limit ?? MESSAGE_PAGE_SIZE));
  const before = options.beforeId && isUuid(options.beforeId) ? options.beforeId : null;
  const { rows } = await db.execute<Record<string, unknown>>(sql`${messageSelect}
    where m.conversation_id = ${conversationId} and ${conversationMemberSql(conversationId, userId)}
      ${before ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${before} and b.conversation_id = ${conversationId})` : sql``}
    order by m.created_at desc, m.id desc
    limit ${limit + 1}`);
  const hasOlder = rows.length > limit;
  return { messages: rows.slice(0, limit).reverse().map(toView), hasOlder };
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

/** How much a person may send: a burst, then a steady rate; and attachment bytes per day. */
export type SendLimits = { burst: number; perSecond: number; attachmentBytesPerDay: number };

export const DEFAULT_SEND_LIMITS: SendLimits = { burst: 20, perSecond: 1, attachmentBytesPerDay: 50 * 1024 * 1024 };

export type SendResult =
  | { ok: true; message: MessageView }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "rate"; retryAfterSeconds: number }
  | { ok: false; reason: "quota" };

/**
 * Stores a message from a participant and announces it. Refused, with nothing written, when the sender is not
 * in the conversation, has used up their allowance (SendLimits.burst, then perSecond), or when an attachment
 * would take them over the day's attachment quota. The content must already be validated and trimmed.
 */
export async function createMessage(db: Db, input: NewMessage, limits: SendLimits = DEFAULT_SEND_LIMITS): Promise<SendResult> {
  if (!isUuid(input.conversationId)) return { ok: false, reason: "forbidden" };
  if (input.attachment) return createMessageWithAttachment(db, input, limits);
  return insertMessage(db, input, limits, null);
}

async function createMessageWithAttachment(db: Db, input: NewMessage, limits: SendLimits): Promise<SendResult> {
  const a = input.attachment!;
  // Two uploads at once must not both fit under the quota: one person's uploads take turns.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"attachments:" + input.senderId}))`);
    const { rows } = await tx.execute<{ used: string | number }>(sql`
      select coalesce(sum(size), 0) as used from attachments where uploader_id = ${input.senderId} and created_at > now() - interval '1 day'`);
    if (Number(rows[0]?.used ?? 0) + a.data.length > limits.attachmentBytesPerDay) {
      if (!(await isMember(tx, input.conversationId, input.senderId))) return { ok: false, reason: "forbidden" };
      return { ok: false, reason: "quota" };
    }
    return insertMessage(tx as unknown as Db, input, limits, a);
  });
}

async function isMember(db: Pick<Db, "execute">, conversationId: string, userId: string) {
  const { rows } = await db.execute<{ member: boolean }>(sql`select ${conversationMemberSql(conversationId, userId)} as member`);
  return rows[0]?.member === true;
}

async function insertMessage(db: Pick<Db, "execute">, input: NewMessage, limits: SendLimits, a: NewMessage["attachment"] | null): Promise<SendResult> {
  // One statement (one round trip, its own transaction): the membership check, the sender's allowance, the
  // optional attachment, the message, the conversation's activity time and the announcement all commit
  // together or not at all. The allowance row is locked by ON CONFLICT, so two processes cannot both spend
  // the last token.
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with member as (
      select 1 where ${conversationMemberSql(input.conversationId, input.senderId)}
    ), allowance as (
      insert into message_allowances as ma (user_id, tokens, updated_at)
      select ${input.senderId}, ${limits.burst - 1}::float8, now() where exists (select 1 from member)
      on conflict (user_id) do update set
        tokens = least(${limits.burst}::float8, ma.tokens + extract(epoch from now() - ma.updated_at) * ${limits.perSecond}::float8) - 1,
        updated_at = now()
      where least(${limits.burst}::float8, ma.tokens + extract(epoch from now() - ma.updated_at) * ${limits.perSecond}::float8) >= 1
      returning 1
    ), att as (
      insert into attachments (conversation_id, uploader_id, file_name, mime_type, size, data)
      select ${input.conversationId}::uuid, ${input.senderId}, ${a?.fileName ?? null}::text, ${a?.mimeType ?? null}::text,
             ${a?.data.length ?? null}::int, ${a?.data ?? null}::bytea
      where ${Boolean(a)}::boolean and exists (select 1 from allowance)
      returning id, file_name, mime_type, size
    ), ins as (
      insert into messages (conversation_id, sender_id, content, message_type, attachment_id)
      select ${input.conversationId}::uuid, ${input.senderId}, ${input.content}, ${input.messageType ?? "text"}::message_type, (select id from att)
      where exists (select 1 from allowance)
      returning *
    ), touched as (
      update conversations set updated_at = now() where id = ${input.conversationId} and exists (select 1 from ins) returning 1
    ), announced as (
      select pg_notify(${MESSAGE_CHANNEL}, json_build_object('k', 'm', 'c', ins.conversation_id, 'id', ins.id)::text) from ins
    )
    select exists (select 1 from member) as member,
           (select ceil((1 - tokens) / ${limits.perSecond}::float8) from message_allowances where user_id = ${input.senderId}) as wait,
           ins.id, ins.conversation_id, ins.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
           ins.content, ins.message_type, ins.is_read, ins.created_at,
           att.id as attachment_id, att.file_name, att.mime_type, att.size,
           (select count(*) from announced) as announced, (select count(*) from touched) as touched
    from (select 1) one left join ins on true left join users u on u.id = ins.sender_id left join att on att.id = ins.attachment_id`);
  const r = rows[0]!;
  if (r.id) return { ok: true, message: toView(r) };
  if (!r.member) return { ok: false, reason: "forbidden" };
  return { ok: false, reason: "rate", retryAfterSeconds: Math.max(1, Number(r.wait ?? 1)) };
}

/**
 * Marks every message in the conversation not sent by `userId` as read. Returns how many changed, or null when
 * `userId` is not a participant (nothing changes). Senders hear about it through the announcement.
 */
export async function markConversationRead(db: Db, conversationId: string, userId: string): Promise<number | null> {
  if (!isUuid(conversationId)) return null;
  return db.transaction(async (tx) => {
    if (!(await isMember(tx, conversationId, userId))) return null;
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

/** An attachment for download, or null when it is not in that conversation or `userId` is not in it. */
export async function getAttachment(db: Db, conversationId: string, attachmentId: string, userId: string) {
  if (!isUuid(conversationId) || !isUuid(attachmentId)) return null;
  const { rows } = await db.execute<{ file_name: string; mime_type: string; data: Buffer }>(sql`
    select a.file_name, a.mime_type, a.data from attachments a
    where a.id = ${attachmentId} and a.conversation_id = ${conversationId} and ${conversationMemberSql(conversationId, userId)}`);
  const r = rows[0];
  return r ? { fileName: r.file_name, mimeType: r.mime_type, data: r.data } : null;
}
