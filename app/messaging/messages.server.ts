// Messages: read, send, mark read. Writes announce themselves with pg_notify inside their own transaction:
// PostgreSQL delivers a notification only when (and after) the transaction commits, so nothing is announced
// that is not stored, and every app process listening hears it (server/realtime/).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";
import pg from "pg";
import { Batcher } from "./batcher.server";
import { conversationMemberCondition, conversationMemberSql, isConversationMember } from "./membership.server";
import { isUuid } from "~/lib/uuid";
import { DEFAULT_SAFE_PLAY, getConversationSafety, readRefusal, safePlaySendVerdict, type SafePlaySettings } from "~/safe-play/index.server";
import type { SafePlayRefusal } from "~/safe-play/safe-play";
import type { MessageType, MessageView } from "./schemas";
import type { SqlExecutor } from "~/mail/index.server";

export type { MessageType, MessageView };

export const MESSAGE_CHANNEL = "nlte_messaging";

/**
 * What travels through NOTIFY, by kind: a new message (with its conversation's participants, whose unread counts
 * change, and the message itself as its row when it fits in the payload: a receiver reads only what is missing);
 * someone's read mark moved (up to a time); someone is typing; someone left the conversation (db/migrations/0017's
 * trigger announces every removal); what Safe Play reads about the conversation changed (its safety version moved,
 * announced by db/migrations/0045's trigger).
 */
export type Announcement =
  | { kind: "message"; conversationId: string; id: string; participants?: string[]; row?: MessageRow }
  | { kind: "read"; conversationId: string; userId: string; upTo: string }
  | { kind: "typing"; conversationId: string; userId: string }
  | { kind: "left"; conversationId: string; userId: string }
  | { kind: "safety"; conversationId: string };

export async function announce(db: SqlExecutor, a: Announcement) {
  await db.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify(a)})`);
}

const messageSelect = sql`
  select m.id, m.conversation_id, m.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
         m.content, m.message_type, m.created_at,
         a.id as attachment_id, a.file_name, a.mime_type, a.size
  from messages m
  left join users u on u.id = m.sender_id
  left join attachments a on a.id = m.attachment_id`;

/**
 * The one row type of a message, as every statement here selects it (messageSelect, the send statement's `view`) and
 * as an announcement carries it (`v`, through JSON: its time is then a string).
 */
const MessageRowSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string().nullable(),
  sender_avatar_url: z.string().nullable(),
  content: z.string(),
  message_type: z.enum(["text", "image", "file"]),
  // timestamptz as PostgreSQL's text (db/rows.ts); toView makes it ISO.
  created_at: z.string(),
  attachment_id: z.string().nullable(),
  file_name: z.string().nullable(),
  mime_type: z.string().nullable(),
  size: z.number().nullable(),
});

export type MessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  sender_name: string | null;
  sender_avatar_url: string | null;
  content: string;
  message_type: MessageType;
  created_at: Date | string;
  attachment_id: string | null;
  file_name: string | null;
  mime_type: string | null;
  size: number | null;
};

/** A message row as the browser sees it. */
export function toView(r: MessageRow): MessageView {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    senderName: r.sender_name,
    senderAvatarUrl: r.sender_avatar_url,
    content: r.content,
    messageType: r.message_type,
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    attachment: r.attachment_id ? { id: r.attachment_id, fileName: r.file_name ?? "", mimeType: r.mime_type ?? "", size: Number(r.size) } : null,
  };
}

export const MESSAGE_PAGE_SIZE = 50;

/**
 * Safe Play's read rule (readRefusal) for one reader of one conversation: the history page asks it, and so does the
 * socket before it lets the reader hear the conversation live. Null when they may read.
 */
export async function getReadRefusal(db: Db, conversationId: string, userId: string, safePlay: SafePlaySettings = DEFAULT_SAFE_PLAY) {
  return readRefusal(await getConversationSafety(db, conversationId), userId, safePlay);
}

/** A page of a conversation's history; `refusal` when Safe Play's read rule keeps it from this reader (readRefusal). */
export type MessagePage = { messages: MessageView[]; hasOlder: boolean; refusal?: SafePlayRefusal };

/**
 * One page of a conversation, oldest first: the latest `limit` messages, or the `limit` before the message
 * `beforeId`. Empty when `userId` is not in the conversation. The cost does not grow with the conversation's
 * length (the (conversation_id, created_at) index is read backwards and stops after one page).
 */
export async function getMessagePage(
  db: Db,
  conversationId: string,
  userId: string,
  options: { beforeId?: string | null; limit?: number; safePlay?: SafePlaySettings } = {},
): Promise<MessagePage> {
  if (!isUuid(conversationId)) return { messages: [], hasOlder: false };
  const refusal = await getReadRefusal(db, conversationId, userId, options.safePlay);
  if (refusal) return { messages: [], hasOlder: false, refusal };
  const limit = Math.min(200, Math.max(1, options.limit ?? MESSAGE_PAGE_SIZE));
  const before = options.beforeId && isUuid(options.beforeId) ? options.beforeId : null;
  const page = await rows(
    db,
    MessageRowSchema,
    sql`${messageSelect}
    where m.conversation_id = ${conversationId} and ${conversationMemberSql(conversationId, userId)}
      ${before ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = ${before} and b.conversation_id = ${conversationId})` : sql``}
    order by m.created_at desc, m.id desc
    limit ${limit + 1}`,
  );
  const hasOlder = page.length > limit;
  return { messages: page.slice(0, limit).reverse().map(toView), hasOlder };
}

/** Several messages by id in one query (the hub reads announced messages in batches under load). */
export async function getMessagesByIds(db: Db, ids: string[]): Promise<MessageView[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const found = await rows(db, MessageRowSchema, sql`${messageSelect} where m.id = any(${`{${valid.join(",")}}`}::uuid[])`);
  return found.map(toView);
}

export type NewMessage = {
  conversationId: string;
  senderId: string;
  content: string;
  messageType?: MessageType;
  attachment?: { fileName: string; mimeType: string; data: Buffer };
  /**
   * The kept message this send is (the job's, decision 0063): stored on the message, where a unique index lets one
   * message at most carry it, so a kept message is never sent twice.
   */
  scheduledMessageId?: string;
};

/** How much a person may send: a burst, then a steady rate; and attachment bytes per day. And the Safe Play settings. */
export type SendLimits = { burst: number; perSecond: number; attachmentBytesPerDay: number; safePlay?: SafePlaySettings };

export const DEFAULT_SEND_LIMITS: SendLimits = { burst: 20, perSecond: 1, attachmentBytesPerDay: 50 * 1024 * 1024, safePlay: DEFAULT_SAFE_PLAY };

export type SendResult =
  | { ok: true; message: MessageView }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "rate"; retryAfterSeconds: number }
  | { ok: false; reason: "quota" }
  | { ok: false; reason: "safe-play"; refusal: SafePlayRefusal };

/**
 * Stores a message from a participant and announces it. Refused, with nothing written, when the sender is not
 * in the conversation, has used up their allowance (SendLimits.burst, then perSecond), or when an attachment
 * would take them over the day's attachment quota, or when Safe Play refuses it (decision 0022: a minor without a
 * guardian in the conversation, or a coach during quiet hours). The content must already be validated and trimmed.
 */
export async function createMessage(db: Db, input: NewMessage, limits: SendLimits = DEFAULT_SEND_LIMITS): Promise<SendResult> {
  if (!isUuid(input.conversationId)) return { ok: false, reason: "forbidden" };
  const settings = limits.safePlay ?? DEFAULT_SAFE_PLAY;
  const answers = safePlayAnswersOf(db);
  const key = `${input.conversationId}:${input.senderId}`;
  // Safe Play: the one rule (app/safe-play/safe-play.server.ts) answers once for this sender in this conversation, and the
  // answer is remembered with the conversation's Safe Play version. The send statement stores the message only while
  // that version is current (any change the rule reads moves it: db/migrations/0015), so a chat costs one statement a
  // message; when the version moved, the rule answers again.
  for (let attempt = 0; attempt < 4; attempt++) {
    const verdict = await answers.get(key, settings, () => safePlaySendVerdict(db, input.conversationId, input.senderId, settings));
    if (verdict.refusal) return { ok: false, reason: "safe-play", refusal: verdict.refusal };
    const version = verdict.version;
    if (version === null) return { ok: false, reason: "forbidden" };
    const answer = input.attachment
      ? await createMessageWithAttachment(db, input, limits, version)
      : await batchersOf(db).sends.add({ input, limits, attachment: null, safePlayVersion: version });
    if (answer !== SAFE_PLAY_CHANGED) return answer;
    answers.forget(key);
  }
  throw new Error("the conversation's Safe Play version kept changing while sending");
}

type Verdict = Awaited<ReturnType<typeof safePlaySendVerdict>>;

/**
 * Allowing Safe Play answers this process remembers, by conversation and sender, with the version each was read at. An
 * answer is good for a minute of the wall clock and until the time Safe Play's own clock said (quiet hours, midnight),
 * and only from the time on that clock it was asked at: a clock set back (by an operator, or the Safe Play model's
 * steps before 8 AM tomorrow) asks again, since a person who was an adult then may be a minor before it.
 * Sends that ask while the rule is being asked wait for the same answer, so one person's sends keep their order.
 */
class SafePlayAnswers {
  private readonly answers = new Map<string, { verdict: Verdict; until: number; clockFrom: number; clockUntil: number }>();
  private readonly asking = new Map<string, Promise<Verdict>>();
  get(key: string, settings: SafePlaySettings, ask: () => Promise<Verdict>): Promise<Verdict> {
    const known = this.answers.get(key);
    const now = settings.clock().getTime();
    if (known && known.until > Date.now() && known.clockFrom <= now && known.clockUntil > now) return Promise.resolve(known.verdict);
    let pending = this.asking.get(key);
    if (!pending) {
      const askedAt = now;
      pending = ask()
        .then((verdict) => {
          if (!verdict.refusal && verdict.version !== null && verdict.validForMs > 0) {
            // Bounded: the oldest go first (a Map keeps insertion order); a forgotten answer is only asked again.
            this.answers.delete(key);
            if (this.answers.size >= 100_000) this.answers.delete(this.answers.keys().next().value!);
            this.answers.set(key, { verdict, until: Date.now() + verdict.validForMs, clockFrom: askedAt, clockUntil: askedAt + verdict.validForMs });
          }
          return verdict;
        })
        .finally(() => this.asking.delete(key));
      this.asking.set(key, pending);
    }
    return pending;
  }
  forget(key: string) {
    this.answers.delete(key);
  }
}
const safePlayAnswers = new WeakMap<object, SafePlayAnswers>();
function safePlayAnswersOf(db: Db): SafePlayAnswers {
  let a = safePlayAnswers.get(db.$client);
  if (!a) safePlayAnswers.set(db.$client, (a = new SafePlayAnswers()));
  return a;
}

async function createMessageWithAttachment(db: Db, input: NewMessage, limits: SendLimits, safePlayVersion: string): Promise<SendAnswer> {
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
    let result: SendAnswer;
    if (Number(rows[0]?.used ?? 0) + a.data.length > limits.attachmentBytesPerDay) {
      result = (await isConversationMember(db, input.conversationId, input.senderId))
        ? { ok: false, reason: "quota" }
        : { ok: false, reason: "forbidden" };
    } else {
      [result] = (await insertMessages(client, [{ input, limits, attachment: a, safePlayVersion }])) as [SendAnswer];
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
      select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::message_type[], $6::bigint[],
                           $7::float8[], $8::float8[], $9::uuid[], $10::text[], $11::text[], $12::int[], $13::bytea[],
                           $15::uuid[])
             with ordinality as t(id, conversation_id, sender_id, content, message_type, safe_play_version,
                                  burst, per_second, attachment_id, file_name, mime_type, size, data, scheduled_message_id, ord)
    ), checked as (
      -- "offset 0" keeps both checks per row, by key: otherwise the planner may hash the whole participants table
      -- once per batch, which costs more as the site grows.
      select i.*, rule.member, rule.safe_play_ok
      from input i cross join lateral (
        select ${conversationMemberCondition("i.conversation_id", "i.sender_id")} as member,
          -- The Safe Play rule allowed this send at this conversation's version, and nothing it reads has changed since.
          (select cv.safety_version = i.safe_play_version from conversations cv where cv.id = i.conversation_id) as safe_play_ok
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
      insert into messages (id, conversation_id, sender_id, content, message_type, attachment_id, scheduled_message_id, created_at)
      select a.id, a.conversation_id, a.sender_id, a.content, a.message_type, a.attachment_id, a.scheduled_message_id, clock_timestamp()
      from allowed a order by a.ord
      returning *
    ), touched as (
      update conversations set updated_at = now() where id in (select conversation_id from ins) returning 1
    ), view as (
      select ins.id, ins.conversation_id, ins.sender_id, u.full_name as sender_name, u.avatar_url as sender_avatar_url,
             ins.content, ins.message_type, ins.created_at,
             att.id as attachment_id, att.file_name, att.mime_type, att.size
      from ins left join users u on u.id = ins.sender_id left join att on att.id = ins.attachment_id
    ), announced as (
      select pg_notify($14::text, case when octet_length(p.full_payload) < 7900 then p.full_payload else p.short_payload end)
      from (select json_build_object('kind', 'message', 'conversationId', v.conversation_id, 'id', v.id, 'participants', people.ids,
                                     'row', row_to_json(v))::text as full_payload,
                   json_build_object('kind', 'message', 'conversationId', v.conversation_id, 'id', v.id, 'participants', people.ids)::text as short_payload
            from view v
            cross join lateral (select json_agg(user_id) as ids from conversation_participants where conversation_id = v.conversation_id) people) p
    )
    select c.ord, c.member, c.safe_play_ok,
           (select ceil((1 - tokens) / c.per_second) from message_allowances where user_id = c.sender_id) as wait,
           view.*, (select count(*) from announced) as announced, (select count(*) from touched) as touched
    from checked c left join view on view.id = c.id
    order by c.ord`,
};

/** What insertMessages answers when the conversation's Safe Play version is no longer the one the answer was read at. */
const SAFE_PLAY_CHANGED = Symbol("safe play changed");

/** A send, with the Safe Play version at which the rule allowed it. */
type Send = { input: NewMessage; limits: SendLimits; attachment: NewMessage["attachment"] | null; safePlayVersion: string };
type SendAnswer = SendResult | typeof SAFE_PLAY_CHANGED;

/** Runs INSERT_MESSAGES for the sends (at most one per sender) and answers each, in order. */
async function insertMessages(client: Queryable, sends: Send[]): Promise<SendAnswer[]> {
  const column = <T>(f: (s: Send) => T) => sends.map(f);
  type Answer = Partial<MessageRow> & { member: boolean; safe_play_ok: boolean; wait: string | number | null };
  const { rows } = await client.query<Answer>({
    ...INSERT_MESSAGES,
    values: [
      column(() => crypto.randomUUID()),
      column((s) => s.input.conversationId),
      column((s) => s.input.senderId),
      column((s) => s.input.content),
      column((s) => s.input.messageType ?? "text"),
      column((s) => s.safePlayVersion),
      column((s) => s.limits.burst),
      column((s) => s.limits.perSecond),
      column((s) => (s.attachment ? crypto.randomUUID() : null)),
      column((s) => s.attachment?.fileName ?? null),
      column((s) => s.attachment?.mimeType ?? null),
      column((s) => s.attachment?.data.length ?? null),
      column((s) => s.attachment?.data ?? null),
      MESSAGE_CHANNEL,
      column((s) => s.input.scheduledMessageId ?? null),
    ],
  });
  return rows.map((r): SendAnswer => {
    if (r.id) return { ok: true, message: toView(r as MessageRow) };
    if (!r.member) return { ok: false, reason: "forbidden" };
    if (!r.safe_play_ok) return SAFE_PLAY_CHANGED;
    return { ok: false, reason: "rate", retryAfterSeconds: Math.max(1, Number(r.wait ?? 1)) };
  });
}

/** The pool's batchers: sends (one at a time per person) and read marks (one at a time per person and conversation). */
const batchers = new WeakMap<object, { sends: Batcher<Send, SendAnswer>; reads: Batcher<ReadMark, boolean | null> }>();
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
        (m) => `${m.conversationId}:${m.userId}`,
      ),
    };
    batchers.set(pool, b);
  }
  return b;
}

/**
 * Marks the conversation read for `userId` alone (decision 0009): up to the message `upToId` the person's page shows,
 * or up to its latest message. Returns whether their mark moved, or null when `userId` is not a participant (nothing
 * changes). The others in the conversation hear about it through the announcement (their ticks, "Seen by").
 */
export async function markConversationRead(db: Db, conversationId: string, userId: string, upToId?: string | null): Promise<boolean | null> {
  if (!isUuid(conversationId)) return null;
  return batchersOf(db).reads.add({ conversationId, userId, upToId: upToId && isUuid(upToId) ? upToId : null });
}

type ReadMark = { conversationId: string; userId: string; upToId: string | null };

/** Runs MARK_READ for the marks (at most one per person and conversation) and answers each, in order. */
async function markRead(client: Queryable, marks: ReadMark[]): Promise<Array<boolean | null>> {
  const { rows } = await client.query<{ member: boolean; moved: boolean }>({
    ...MARK_READ,
    values: [marks.map((m) => m.conversationId), marks.map((m) => m.userId), marks.map((m) => m.upToId), MESSAGE_CHANNEL],
  });
  return rows.map((r) => (r.member ? r.moved : null));
}

// One statement for a batch of read marks, like sending: for each, the membership rule (the participant's own row
// is the membership), the move of their mark and the announcement commit together. A mark only moves forward: to
// the message the page showed (found by key, in that conversation), or to the conversation's latest message (one
// step backwards through its (conversation_id, created_at) index). The update touches one unindexed column of one
// row, so PostgreSQL writes it on the row's own page (HOT): no index entries, whatever the conversation's length.
// The time is written the way the browser writes times (toISOString: UTC, milliseconds, truncated like
// JavaScript's Date), because the page compares it with message times as text.
// Its commit does not wait for the disk (synchronous_commit off, for this transaction only): a read receipt is
// sent for every message a page shows, and waiting for a flush each time halved the messages a small server
// could take (decision 0009). A crash can forget the last fraction of a second of receipts (those messages show
// as unread again); it cannot lose or corrupt anything else.
const MARK_READ = {
  name: "nlte_mark_read",
  text: `
    with input as (
      select * from unnest($1::uuid[], $2::text[], $3::uuid[]) with ordinality as t(conversation_id, user_id, up_to_id, ord)
    ), target as (
      -- The person's own row in the conversation (their membership), found by key ("offset 0" keeps it a lookup: as a
      -- join or an EXISTS the planner hashed the whole participants table for every batch).
      select i.*, x.ctid as row, coalesce(
          (select m.created_at from messages m where m.id = i.up_to_id and m.conversation_id = i.conversation_id),
          (select m.created_at from messages m where m.conversation_id = i.conversation_id order by m.created_at desc limit 1)) as up_to
      from input i
      left join lateral (
        select x.ctid from conversation_participants x where x.conversation_id = i.conversation_id and x.user_id = i.user_id offset 0
      ) x on true
    ), moved as (
      -- Updated by the rows' physical addresses, found above.
      update conversation_participants p set last_read_at = t.up_to
      from target t
      where p.ctid = any(array(select t2.row from target t2 where t2.row is not null))
        and p.ctid = t.row and t.up_to > p.last_read_at
      returning p.conversation_id, p.user_id, p.last_read_at
    ), relaxed as (
      select set_config('synchronous_commit', 'off', true)
    ), summary as (
      select t.ord, t.conversation_id, t.user_id, t.row is not null as member, mv.last_read_at is not null as moved,
             to_char(mv.last_read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from target t left join moved mv on mv.conversation_id = t.conversation_id and mv.user_id = t.user_id
    ), announced as (
      select pg_notify($4::text, json_build_object('kind', 'read', 'conversationId', s.conversation_id, 'userId', s.user_id, 'upTo', s.at)::text)
      from summary s where s.moved
    )
    select s.member, s.moved, (select count(*) from announced) as announced, (select count(*) from relaxed) as relaxed
    from summary s order by s.ord`,
};

/** An attachment for download, or null when it is not in that conversation or `userId` is not in it. */
export async function getAttachment(db: Db, conversationId: string, attachmentId: string, userId: string) {
  if (!isUuid(conversationId) || !isUuid(attachmentId)) return null;
  const r = await maybeRow(
    db,
    z.object({ file_name: z.string(), mime_type: z.string(), data: z.instanceof(Buffer) }),
    sql`
    select a.file_name, a.mime_type, a.data from attachments a
    where a.id = ${attachmentId} and a.conversation_id = ${conversationId} and ${conversationMemberSql(conversationId, userId)}`,
  );
  return r ? { fileName: r.file_name, mimeType: r.mime_type, data: r.data } : null;
}
