// Messages: read, send, mark read. Writes announce themselves with pg_notify inside their own transaction:
// PostgreSQL delivers a notification only when (and after) the transaction commits, so nothing is announced
// that is not stored, and every app process listening hears it (server/realtime.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import pg from "pg";
import { Batcher } from "./batcher.server";
import { conversationMemberCondition, conversationMemberSql, isConversationMember } from "~/auth/conversation-member.server";
import { isUuid } from "~/lib/uuid";
import { DEFAULT_SAFE_PLAY, safePlaySendRefusal, type SafePlaySettings } from "~/auth/safe-play.server";
import type { MessageType, MessageView } from "~/lib/messaging";
import type { SqlExecutor } from "./mail.server";

export type { MessageType, MessageView };

export const MESSAGE_CHANNEL = "nlte_messaging";

/**
 * What travels through NOTIFY: ids; for a new message also its conversation's participants (`p`) and the message
 * itself as its row (`v`) when it fits in the payload. A receiver reads from the database only what is missing.
 */
export type Announcement =
  | { k: "m"; c: string; id: string; p?: string[]; v?: Record<string, unknown> }
  | { k: "r"; c: string; u: string; at: string }
  | { k: "t"; c: string; u: string };

export async function announce(db: SqlExecutor, a: Announcement) {
  await db.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify(a)})`);
}

const messageSelect = sql`
  select m.id, m.conversation_id, m.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
         m.content, m.message_type, m.is_read, m.created_at,
         a.id as attachment_id, a.file_name, a.mime_type, a.size
  from messages m
  left join users u on u.id = m.sender_id
  left join attachments a on a.id = m.attachment_id`;

/** A message row (from a query, or from an announcement's `v`) as the browser sees it. */
export function toView(r: Record<string, unknown>): MessageView {
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

/** How much a person may send: a burst, then a steady rate; and attachment bytes per day. And the Safe Play settings. */
export type SendLimits = { burst: number; perSecond: number; attachmentBytesPerDay: number; safePlay?: SafePlaySettings };

export const DEFAULT_SEND_LIMITS: SendLimits = { burst: 20, perSecond: 1, attachmentBytesPerDay: 50 * 1024 * 1024, safePlay: DEFAULT_SAFE_PLAY };

export type SendResult =
  | { ok: true; message: MessageView }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "rate"; retryAfterSeconds: number }
  | { ok: false; reason: "quota" }
  | { ok: false; reason: "safe-play"; message: string };

/**
 * Stores a message from a participant and announces it. Refused, with nothing written, when the sender is not
 * in the conversation, has used up their allowance (SendLimits.burst, then perSecond), or when an attachment
 * would take them over the day's attachment quota, or when Safe Play refuses it (decision 0022: a minor without a
 * guardian in the conversation, or a coach during quiet hours). The content must already be validated and trimmed.
 */
export async function createMessage(db: Db, input: NewMessage, limits: SendLimits = DEFAULT_SEND_LIMITS): Promise<SendResult> {
  if (!isUuid(input.conversationId)) return { ok: false, reason: "forbidden" };
  // Safe Play: the one rule, read before anything is written (guardians are never removed from a minor's
  // conversation, so the answer cannot change between this read and the insert).
  const safePlay = async (): Promise<SendResult | null> => {
    const refusal = await safePlaySendRefusal(db, input.conversationId, input.senderId, limits.safePlay ?? DEFAULT_SAFE_PLAY);
    return refusal ? { ok: false, reason: "safe-play", message: refusal } : null;
  };
  if (input.attachment) return (await safePlay()) ?? createMessageWithAttachment(db, input, limits);
  // Most conversations have no student-athlete in them, and the rule concerns only those: the statement sees
  // that itself and stores the message in the same round trip. With an athlete in it, the rule runs first.
  const { sends } = batchersOf(db);
  const first = await sends.add({ input, limits, attachment: null, safePlayAllowed: false });
  if (first !== SAFE_PLAY_FIRST) return first;
  const refused = await safePlay();
  if (refused) return refused;
  const allowed = await sends.add({ input, limits, attachment: null, safePlayAllowed: true });
  if (allowed === SAFE_PLAY_FIRST) throw new Error("the send statement asked for the Safe Play rule after it had allowed the send");
  return allowed;
}

async function createMessageWithAttachment(db: Db, input: NewMessage, limits: SendLimits): Promise<SendResult> {
  const a = input.attachment!;
  // Two uploads at once must not both fit under the quota: one person's uploads take turns.
  const client = await db.$client.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock(hashtext($1))", ["attachments:" + input.senderId]);
    const { rows } = await client.query<{ used: string | number }>(
      "select coalesce(sum(size), 0) as used from attachments where uploader_id = $1 and created_at > now() - interval '1 day'",
      [input.senderId],
    );
    let result: SendResult;
    if (Number(rows[0]?.used ?? 0) + a.data.length > limits.attachmentBytesPerDay) {
      result = (await isConversationMember(db, input.conversationId, input.senderId))
        ? { ok: false, reason: "quota" }
        : { ok: false, reason: "forbidden" };
    } else {
      result = await insertAllowed(client, input, limits, a);
    }
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

type Queryable = Pick<pg.Pool, "query"> | Pick<pg.PoolClient, "query">;

/** The connections the batched statements run on: they plan each statement once (db/client.ts). */
function poolOf(db: Db): Queryable {
  return db.$client.hotStatements;
}

// One statement (one round trip, its own transaction unless the caller holds one) stores a batch of messages: for
// each, the membership check, the Safe Play shortcut, the sender's allowance, the optional attachment, the message,
// the conversation's activity time and the announcement; all commit together or not at all. Each row is judged
// on its own (one refused send does not refuse the others). The allowance row is locked by ON CONFLICT, so two
// processes cannot both spend the last token; a batch never holds two sends from one person (ON CONFLICT may
// touch a row once per statement), the batcher below sees to that. A named (prepared) statement: each connection
// plans it once. Message and attachment ids come from the caller, so each input row finds its result; the
// messages take clock_timestamp() in input order, so a batch keeps the order the sends arrived in.
// The announcement carries the conversation's participants (whose unread counts change) and the message itself
// when it fits in a NOTIFY payload (under 8000 bytes), so every process delivers it without reading it back; a
// longer one is announced by id.
const INSERT_MESSAGES = {
  name: "nlte_insert_messages",
  text: `
    with input as (
      select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::message_type[], $6::boolean[],
                           $7::float8[], $8::float8[], $9::uuid[], $10::text[], $11::text[], $12::int[], $13::bytea[])
             with ordinality as t(id, conversation_id, sender_id, content, message_type, safe_play_allowed,
                                  burst, per_second, attachment_id, file_name, mime_type, size, data, ord)
    ), checked as (
      -- "offset 0" keeps both checks per row, by index: otherwise the planner may hash the whole participants
      -- table once per batch, which costs more as the site grows.
      select i.*, rule.member, rule.safe_play_ok
      from input i cross join lateral (
        select ${conversationMemberCondition("i.conversation_id", "i.sender_id")} as member,
          -- safe_play_allowed: the Safe Play rule has already allowed this send. Otherwise a conversation with a
          -- student-athlete in it, or one the safeguarding lead paused, stores nothing here, and the caller runs the
          -- rule first (app/auth/safe-play.server.ts).
          i.safe_play_allowed or (not exists (
            -- Driven by the conversation's participants (a handful, by index), each looked up by key; asked the
            -- other way round (all athletes, then their conversations) it read every client on every send.
            select 1 from conversation_participants p
            where p.conversation_id = i.conversation_id
              and (select u.role = 'client' and u.client_kind = 'athlete' from users u where u.id = p.user_id))
            and (select cv.paused_at is null from conversations cv where cv.id = i.conversation_id)
            -- A sender who has not said what they are (a Google sign-up) is answered by the rule too.
            and (select s.kind_answered from users s where s.id = i.sender_id)) as safe_play_ok
        offset 0) rule
    ), allowance as (
      insert into message_allowances as ma (user_id, tokens, updated_at)
      select c.sender_id, c.burst - 1, now() from checked c where c.member and c.safe_play_ok
      on conflict (user_id) do update set
        tokens = least(excluded.tokens + 1, ma.tokens + extract(epoch from now() - ma.updated_at) *
                       (select c.per_second from checked c where c.sender_id = ma.user_id)) - 1,
        updated_at = now()
      where least(excluded.tokens + 1, ma.tokens + extract(epoch from now() - ma.updated_at) *
                  (select c.per_second from checked c where c.sender_id = ma.user_id)) >= 1
      returning user_id
    ), allowed as (
      select c.* from checked c where c.sender_id in (select user_id from allowance)
    ), att as (
      insert into attachments (id, conversation_id, uploader_id, file_name, mime_type, size, data)
      select a.attachment_id, a.conversation_id, a.sender_id, a.file_name, a.mime_type, a.size, a.data
      from allowed a where a.attachment_id is not null
      returning id, file_name, mime_type, size
    ), ins as (
      insert into messages (id, conversation_id, sender_id, content, message_type, attachment_id, created_at)
      select a.id, a.conversation_id, a.sender_id, a.content, a.message_type, a.attachment_id, clock_timestamp()
      from allowed a order by a.ord
      returning *
    ), touched as (
      update conversations set updated_at = now() where id in (select conversation_id from ins) returning 1
    ), view as (
      select ins.id, ins.conversation_id, ins.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
             ins.content, ins.message_type, ins.is_read, ins.created_at,
             att.id as attachment_id, att.file_name, att.mime_type, att.size
      from ins left join users u on u.id = ins.sender_id left join att on att.id = ins.attachment_id
    ), announced as (
      select pg_notify($14::text, case when octet_length(p.full_payload) < 7900 then p.full_payload else p.short_payload end)
      from (select json_build_object('k', 'm', 'c', v.conversation_id, 'id', v.id, 'p', people.ids, 'v', row_to_json(v))::text as full_payload,
                   json_build_object('k', 'm', 'c', v.conversation_id, 'id', v.id, 'p', people.ids)::text as short_payload
            from view v
            cross join lateral (select json_agg(user_id) as ids from conversation_participants where conversation_id = v.conversation_id) people) p
    )
    select c.ord, c.member, c.safe_play_ok,
           (select ceil((1 - tokens) / c.per_second) from message_allowances where user_id = c.sender_id) as wait,
           view.*, (select count(*) from announced) as announced, (select count(*) from touched) as touched
    from checked c left join view on view.id = c.id
    order by c.ord`,
};

/** insertMessages once the Safe Play rule has allowed the send (so it cannot ask for the rule). */
async function insertAllowed(client: Queryable, input: NewMessage, limits: SendLimits, a: NewMessage["attachment"] | null): Promise<SendResult> {
  const [r] = await insertMessages(client, [{ input, limits, attachment: a, safePlayAllowed: true }]);
  if (r === SAFE_PLAY_FIRST) throw new Error("insertMessages asked for the Safe Play rule after it had allowed the send");
  return r!;
}

/** What insertMessages answers when the conversation has a student-athlete in it and the Safe Play rule has not run. */
const SAFE_PLAY_FIRST = Symbol("safe play first");

type Send = { input: NewMessage; limits: SendLimits; attachment: NewMessage["attachment"] | null; safePlayAllowed: boolean };
type SendAnswer = SendResult | typeof SAFE_PLAY_FIRST;

/** Runs INSERT_MESSAGES for the sends (at most one per sender) and answers each, in order. */
async function insertMessages(client: Queryable, sends: Send[]): Promise<SendAnswer[]> {
  const column = <T>(f: (s: Send) => T) => sends.map(f);
  const { rows } = await client.query<Record<string, unknown>>({
    ...INSERT_MESSAGES,
    values: [
      column(() => crypto.randomUUID()),
      column((s) => s.input.conversationId),
      column((s) => s.input.senderId),
      column((s) => s.input.content),
      column((s) => s.input.messageType ?? "text"),
      column((s) => s.safePlayAllowed),
      column((s) => s.limits.burst),
      column((s) => s.limits.perSecond),
      column((s) => (s.attachment ? crypto.randomUUID() : null)),
      column((s) => s.attachment?.fileName ?? null),
      column((s) => s.attachment?.mimeType ?? null),
      column((s) => s.attachment?.data.length ?? null),
      column((s) => s.attachment?.data ?? null),
      MESSAGE_CHANNEL,
    ],
  });
  return rows.map((r): SendAnswer => {
    if (r.id) return { ok: true, message: toView(r) };
    if (!r.member) return { ok: false, reason: "forbidden" };
    if (!r.safe_play_ok) return SAFE_PLAY_FIRST;
    return { ok: false, reason: "rate", retryAfterSeconds: Math.max(1, Number(r.wait ?? 1)) };
  });
}

/** The pool's batchers: sends (one at a time per person) and read marks (one at a time per conversation). */
const batchers = new WeakMap<object, { sends: Batcher<Send, SendAnswer>; reads: Batcher<ReadMark, number | null> }>();
function batchersOf(db: Db) {
  const pool = poolOf(db);
  let b = batchers.get(pool);
  if (!b) {
    b = {
      sends: new Batcher(
        (sends) => insertMessages(pool, sends),
        (s) => s.input.senderId,
      ),
      reads: new Batcher(
        (marks) => markRead(pool, marks),
        (m) => m.conversationId,
      ),
    };
    batchers.set(pool, b);
  }
  return b;
}

/**
 * Marks every message in the conversation not sent by `userId` as read. Returns how many changed, or null when
 * `userId` is not a participant (nothing changes). Senders hear about it through the announcement.
 */
export async function markConversationRead(db: Db, conversationId: string, userId: string): Promise<number | null> {
  if (!isUuid(conversationId)) return null;
  return batchersOf(db).reads.add({ conversationId, userId });
}

type ReadMark = { conversationId: string; userId: string };

/** Runs MARK_READ for the marks (at most one per conversation) and answers each, in order. */
async function markRead(client: Queryable, marks: ReadMark[]): Promise<Array<number | null>> {
  const { rows } = await client.query<{ member: boolean; n: number }>({
    ...MARK_READ,
    values: [marks.map((m) => m.conversationId), marks.map((m) => m.userId), MESSAGE_CHANNEL],
  });
  return rows.map((r) => (r.member ? Number(r.n) : null));
}

// One statement for a batch of read marks, like sending: for each, the membership rule, the update and the
// announcement commit together. A batch holds one mark per conversation (a message matches one reader). The time
// read up to is written the way the browser writes times (toISOString: UTC, milliseconds, truncated like
// JavaScript's Date), because the page compares it with message times as text.
// Its commit does not wait for the disk (synchronous_commit off, for this transaction only): a read receipt is
// sent for every message a page shows, and waiting for a flush each time halved the messages a small server
// could take (decision 0009). A crash can forget the last fraction of a second of receipts (those messages show
// as unread again); it cannot lose or corrupt anything else.
const MARK_READ = {
  name: "nlte_mark_read",
  text: `
    with input as (
      select * from unnest($1::uuid[], $2::text[]) with ordinality as t(conversation_id, user_id, ord)
    ), checked as (
      select i.*, rule.member
      from input i cross join lateral (select ${conversationMemberCondition("i.conversation_id", "i.user_id")} as member offset 0) rule
    ), changed as (
      -- The unread messages found per mark through the unread index, then updated by key: asked as one join, the
      -- planner read the whole messages table for every batch.
      update messages m set is_read = true
      where m.id = any(array(
        select x.id from checked c
        cross join lateral (
          select x.id from messages x
          where x.conversation_id = c.conversation_id and x.is_read = false and x.sender_id is distinct from c.user_id
          offset 0) x
        where c.member))
      returning m.conversation_id, m.created_at
    ), relaxed as (
      select set_config('synchronous_commit', 'off', true)
    ), summary as (
      select c.ord, c.conversation_id, c.user_id, c.member, count(ch.created_at)::int as n,
             to_char(max(ch.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from checked c left join changed ch on ch.conversation_id = c.conversation_id
      group by c.ord, c.conversation_id, c.user_id, c.member
    ), announced as (
      select pg_notify($3::text, json_build_object('k', 'r', 'c', s.conversation_id, 'u', s.user_id, 'at', s.at)::text)
      from summary s where s.n > 0
    )
    select s.member, s.n, (select count(*) from announced) as announced, (select count(*) from relaxed) as relaxed
    from summary s order by s.ord`,
};

/** An attachment for download, or null when it is not in that conversation or `userId` is not in it. */
export async function getAttachment(db: Db, conversationId: string, attachmentId: string, userId: string) {
  if (!isUuid(conversationId) || !isUuid(attachmentId)) return null;
  const { rows } = await db.execute<{ file_name: string; mime_type: string; data: Buffer }>(sql`
    select a.file_name, a.mime_type, a.data from attachments a
    where a.id = ${attachmentId} and a.conversation_id = ${conversationId} and ${conversationMemberSql(conversationId, userId)}`);
  const r = rows[0];
  return r ? { fileName: r.file_name, mimeType: r.mime_type, data: r.data } : null;
}
