// Conversations and who is in them. Every function that reads or changes a conversation for a person takes
// that person's id and answers as if the conversation did not exist when they are not a participant.
import crypto from "node:crypto";
import { and, eq, fillPlaceholders, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isUuid } from "~/lib/uuid";
import { displayableEmail, personName } from "~/lib/displayable-address";
import { DEFAULT_SAFE_PLAY, safePlayStartPair, type SafePlaySettings } from "~/safe-play/index.server";
import { ageOn, safePlayMessage, type ClientLabel } from "~/safe-play/safe-play";
import { m } from "~/paraglide/messages";
import { addGuardiansToConversation } from "~/family/index.server";
import { getClientLabels } from "~/family/index.server";
import type { Db } from "../../db/client";
import { maybeRow, namedRows, rows } from "../../db/rows";
import { conversationParticipants, conversations, users } from "../../db/schema";
import type { ConversationDetail, ConversationMember, ConversationSummary, Participant } from "./schemas";
import type { Profile } from "~/lib/profile";
import { getPersonalDataAccess, getPersonalDataReader } from "~/staff/index.server";

export type { ConversationDetail, ConversationMember, ConversationSummary, Participant };

/** A start refused, with its words in the request's language. */
export class ConversationRuleError extends Error {
  constructor(
    message: string,
    readonly status: 403 | 404,
  ) {
    super(message);
  }
}

/** A timestamptz as PostgreSQL's text (db/rows.ts), made ISO for the browser. */
const iso = (v: string) => new Date(v).toISOString();

/** The other person of a conversation (otherParticipantJoin): all null when nobody else is in it. */
const OtherColumns = z.object({
  other_id: z.string().nullable(),
  other_full_name: z.string().nullable(),
  other_email: z.string().nullable(),
  other_phone: z.string().nullable(),
  other_role: z.enum(["client", "coach"]).nullable(),
  other_avatar_url: z.string().nullable(),
});

function toParticipant(r: z.infer<typeof OtherColumns>): Participant | null {
  if (!r.other_id) return null;
  return {
    id: r.other_id,
    fullName: r.other_full_name,
    // Never an internal placeholder (an athlete without a login): the page shows the name (issue 39).
    email: displayableEmail(r.other_email) ?? "",
    phone: r.other_phone,
    role: r.other_role === "coach" ? "coach" : "client",
    avatarUrl: r.other_avatar_url,
  };
}

const SummaryRow = OtherColumns.extend({
  id: z.string(),
  title: z.string().nullable(),
  updated_at: z.string(),
  lm_content: z.string().nullable(),
  lm_type: z.enum(["text", "image", "file"]).nullable(),
  lm_created_at: z.string().nullable(),
  lm_sender_id: z.string().nullable(),
  unread: z.number(),
  children: z.array(z.object({ name: z.string().nullable(), dob: z.string().nullable() })),
});

const otherParticipantJoin = (userId: string | Placeholder) => sql`
  left join lateral (
    select u.id as other_id, u.full_name as other_full_name, u.email as other_email, u.phone as other_phone,
           u.role as other_role, u.avatar_url as other_avatar_url
    from conversation_participants op join users u on u.id = op.user_id
    where op.conversation_id = c.id and op.user_id <> ${userId}
    -- Safe Play: a guardian added beside their athlete is not "the other person" of the conversation.
    order by exists (select 1 from guardian_links gl join conversation_participants ap on ap.user_id = gl.athlete_id and ap.conversation_id = c.id
                     where gl.guardian_id = u.id) , (u.role = 'coach') desc, u.full_name nulls last limit 1
  ) o on true`;

export const CONVERSATION_PAGE_SIZE = 30;

/**
 * A person's page of conversations (getConversationsForUser), as a named statement (db/rows.ts namedRows): planning it
 * cost 1.7 ms a call beside 3.8 running, on every /messages. Its values by name: `user`, `limit` (the page and one
 * more, to know there is more), and `after` (the conversation the page follows) in the second text.
 */
function conversationList(name: string, after: boolean) {
  const user = sql.placeholder("user");
  return {
    name,
    ...new PgDialect().sqlToQuery(sql`
    select c.id, c.title, c.updated_at, o.*, lm.content as lm_content, lm.message_type as lm_type,
           lm.created_at as lm_created_at, lm.sender_id as lm_sender_id,
           ${unreadSince(sql`c.id`, sql`me.last_read_at`, user)} as unread,
           -- A guardian's own children in the conversation: whose thread it is ("with Sofia, 15").
           (select coalesce(json_agg(json_build_object('name', ch.full_name, 'dob', ch.date_of_birth) order by ch.full_name), '[]')
              from conversation_participants cp join guardian_links gl on gl.athlete_id = cp.user_id and gl.guardian_id = ${user}
              join users ch on ch.id = cp.user_id
             where cp.conversation_id = c.id) as children
    -- The page is chosen first (the person's conversations by their last activity), and only its rows are given the
    -- other person, the last message, the unread count and the children: a coach with hundreds of conversations pays
    -- for one page of them, not for all.
    from (
      select pc.id from conversation_participants pm join conversations pc on pc.id = pm.conversation_id
      where pm.user_id = ${user}
        ${after ? sql`and (pc.updated_at, pc.id) < (select a.updated_at, a.id from conversations a where a.id = ${sql.placeholder("after")}::uuid)` : sql``}
      order by pc.updated_at desc, pc.id desc
      limit ${sql.placeholder("limit")}
    ) page
    join conversations c on c.id = page.id
    join conversation_participants me on me.conversation_id = c.id and me.user_id = ${user}
    ${otherParticipantJoin(user)}
    left join lateral (
      select m.content, m.message_type, m.created_at, m.sender_id from messages m
      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
    ) lm on true
    order by c.updated_at desc, c.id desc`),
  };
}
const CONVERSATION_LIST = conversationList("nlte_conversation_list", false);
const CONVERSATION_LIST_AFTER = conversationList("nlte_conversation_list_after", true);

/**
 * The person's conversations, most recently active first, each with the other participant and the last
 * message: one page of `limit`, after the conversation `afterId` when given (the list's "Show more").
 */
export async function getConversationsForUser(
  db: Db,
  userId: string,
  options: { afterId?: string | null; limit?: number; safePlay?: SafePlaySettings } = {},
): Promise<{ conversations: ConversationSummary[]; hasMore: boolean }> {
  const safePlay = options.safePlay ?? DEFAULT_SAFE_PLAY;
  const limit = Math.min(100, Math.max(1, options.limit ?? CONVERSATION_PAGE_SIZE));
  const after = options.afterId && isUuid(options.afterId) ? options.afterId : null;
  const list = after ? CONVERSATION_LIST_AFTER : CONVERSATION_LIST;
  const found = await namedRows(db, list.name, SummaryRow, list.sql, fillPlaceholders(list.params, { user: userId, after, limit: limit + 1 }));
  const shown = found.slice(0, limit);
  // Coaches see what the other person is (athlete, minor, family): the same labels as everywhere else.
  const { byId: labels } = await getClientLabels(
    db,
    { ids: shown.flatMap((r) => (r.other_id && r.other_role === "client" ? [r.other_id] : [])) },
    safePlay,
  );
  const now = safePlay.clock();
  // Least privilege (issue 37): a family's phone only for a cleared coach (the conversation is theirs); a coach's own.
  const clients = shown.flatMap((r) => (r.other_id && r.other_role === "client" ? [r.other_id] : []));
  const phones = await getPersonalDataAccess(db, await getPersonalDataReader(db, { id: userId }, safePlay), clients);
  const conversations = shown.map((r) => ({
    id: r.id,
    title: r.title,
    updatedAt: iso(r.updated_at),
    other: withPhoneIf(toParticipant(r), r.other_role !== "client" || phones.allowed.has(r.other_id ?? "")),
    lastMessage: r.lm_created_at
      ? {
          content: r.lm_content ?? "",
          messageType: r.lm_type ?? "text",
          createdAt: iso(r.lm_created_at),
          senderId: r.lm_sender_id,
        }
      : null,
    unread: r.unread,
    children: r.children.map((ch) => ({
      firstName: (ch.name ?? "").trim().split(/\s+/)[0] || "your athlete",
      age: ch.dob ? ageOn(ch.dob, now, safePlay.timeZone) : null,
    })),
    otherLabel: r.other_id ? (labels.get(r.other_id) ?? null) : null,
  }));
  return { conversations, hasMore: found.length > limit };
}

/** One conversation as `userId` sees it, or null when it does not exist or they are not in it. */
export async function getConversationForUser(
  db: Db,
  conversationId: string,
  userId: string,
  safePlay: SafePlaySettings = DEFAULT_SAFE_PLAY,
): Promise<ConversationDetail | null> {
  if (!isUuid(conversationId)) return null;
  const r = await maybeRow(
    db,
    OtherColumns.extend({ id: z.string(), title: z.string().nullable() }),
    sql`
    select c.id, c.title, o.*
    from conversation_participants me
    join conversations c on c.id = me.conversation_id
    ${otherParticipantJoin(userId)}
    where me.user_id = ${userId} and me.conversation_id = ${conversationId}`,
  );
  if (!r) return null;
  // Least privilege (issue 37): a family's phone only for a reader the rule allows.
  const shown =
    r.other_role !== "client" ||
    (await getPersonalDataAccess(db, await getPersonalDataReader(db, { id: userId }, safePlay), [r.other_id ?? ""])).allowed.has(r.other_id ?? "");
  return { id: r.id, title: r.title, other: withPhoneIf(toParticipant(r), shown) };
}

/** The ids of everyone in a conversation (the WebSocket hub uses it to route announcements). */
export async function getParticipantIds(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

/** Who may start a conversation with whom: a coach with a client, a client with a coach; never client with client. */
export function canStartConversation(starter: Pick<Profile, "role" | "id">, other: Pick<Profile, "role" | "id">): boolean {
  if (starter.id === other.id) return false;
  return (starter.role === "coach" && other.role === "client") || (starter.role === "client" && other.role === "coach");
}

/**
 * Opens the direct conversation between `starter` and `otherId`: the existing one if they already have one,
 * otherwise a new one titled 'Chat with {name}'. A transaction-scoped advisory lock on the pair makes two
 * simultaneous starts (two tabs, two servers) agree on one conversation.
 */
export async function startConversation(
  db: Db,
  starter: Pick<Profile, "id" | "role">,
  otherId: string,
  safePlay: SafePlaySettings = DEFAULT_SAFE_PLAY,
): Promise<{ id: string; created: boolean }> {
  // Who the two are and Safe Play's rule, in one read before the transaction (its lock is the pair's, not theirs): a
  // refused start costs one statement (Safe Play's search asks this path after every step: decision 0074). The other's
  // name is read only for a new conversation's title.
  const pair = await safePlayStartPair(db, starter.id, otherId, safePlay);
  if (!pair) throw new ConversationRuleError(m.messaging_person_not_found(), 404);
  const { starter: me, other, refusal } = pair;
  if (!canStartConversation(me, other)) throw new ConversationRuleError(m.messaging_cannot_start(), 403);
  // Safe Play: no conversation with a minor who has no guardian; the guardians join it (found or new).
  if (refusal) throw new ConversationRuleError(safePlayMessage(refusal), 403);
  return db.transaction(async (tx) => {
    const pair = [me.id, other.id].sort().join(":");
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"conversation:" + pair}))`);
    const [existing] = await rows(
      tx,
      z.object({ id: z.string() }),
      sql`
      select c.id from conversations c
      where c.type = 'direct'
        and exists (select 1 from conversation_participants p where p.conversation_id = c.id and p.user_id = ${me.id})
        and exists (select 1 from conversation_participants p where p.conversation_id = c.id and p.user_id = ${other.id})
        -- Anyone else in it is a guardian of one of the two (Safe Play adds them), never a third party.
        and not exists (select 1 from conversation_participants p where p.conversation_id = c.id and p.user_id not in (${me.id}, ${other.id})
                          and not exists (select 1 from guardian_links g where g.guardian_id = p.user_id and g.athlete_id in (${me.id}, ${other.id})))
      order by c.created_at limit 1`,
    );
    if (existing) {
      await addGuardiansToConversation(tx, existing.id, safePlay);
      return { id: existing.id, created: false };
    }
    const id = crypto.randomUUID();
    const [named] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, other.id));
    await tx.insert(conversations).values({ id, title: `Chat with ${personName(named ?? {})}`, type: "direct" });
    await tx.insert(conversationParticipants).values([
      { conversationId: id, userId: me.id },
      { conversationId: id, userId: other.id },
    ]);
    await addGuardiansToConversation(tx, id, safePlay);
    return { id, created: true };
  });
}

/** Messages sent to `userId` that they have not read yet, over all their conversations. */
export async function getUnreadCount(db: Db, userId: string): Promise<number> {
  return (await getUnreadCounts(db, [userId])).get(userId) ?? 0;
}

/**
 * How many messages in a conversation a person has not read: those after their own mark, from others. Read through
 * the (conversation_id, created_at) index from the mark onwards, so it costs the unread messages, not the history.
 */
function unreadSince(conversationId: SQL, lastReadAt: SQL, userId: string | SQL | Placeholder) {
  return sql`(select count(*)::int from messages um
    where um.conversation_id = ${conversationId} and um.created_at > ${lastReadAt} and um.sender_id is distinct from ${userId})`;
}

// Made once: the layout reads the count on every signed-in page, and a schema written in the call was built and
// compiled by zod on each (issue 41, decision 0088).
const UnreadRow = z.object({ user_id: z.string(), n: z.number() });

/** Unread messages for several people in one query (the socket hub pushes counts to many at once). */
export async function getUnreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const unread = await rows(
    db,
    UnreadRow,
    sql`
    select p.user_id, sum(${unreadSince(sql`p.conversation_id`, sql`p.last_read_at`, sql`p.user_id`)})::int as n
    from conversation_participants p
    where p.user_id = any(array(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)))
    group by p.user_id`,
  );
  const counts = new Map(userIds.map((id) => [id, 0]));
  for (const r of unread) counts.set(r.user_id, r.n);

  return counts;
}

const withPhoneIf = (p: Participant | null, shown: boolean): Participant | null => (p && !shown ? { ...p, phone: null } : p);

/**
 * People a coach may start a conversation with: clients, ordered by name. Phones only where the least-privilege rule
 * lets `coachId` read that family's (issue 37); without a coach named, none.
 */
export async function getClientsForCoach(
  db: Db,
  safePlay: SafePlaySettings,
  coachId: string | null = null,
): Promise<Array<Pick<Participant, "id" | "fullName" | "email" | "phone"> & { label: ClientLabel | null }>> {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone })
    .from(users)
    // An athlete whose guardian made the account has no login yet: nobody would read a message there.
    .where(and(eq(users.role, "client"), isNull(users.deletedAt), sql`${users.email} not like '%@no-login.invalid'`))
    .orderBy(sql`${users.fullName} nulls last`, users.email);
  const { byId } = await getClientLabels(db, { ids: rows.map((r) => r.id) }, safePlay);
  const reader = await getPersonalDataReader(db, coachId ? { id: coachId } : null, safePlay);
  const phones = await getPersonalDataAccess(
    db,
    reader,
    rows.flatMap((r) => (r.phone ? [r.id] : [])),
  );
  return rows.map((r) => ({ ...r, phone: phones.allowed.has(r.id) ? r.phone : null, label: byId.get(r.id) ?? null }));
}

/**
 * Everyone in a conversation with what the header shows of them (Safe Play: the participants are always shown), and
 * how far each has read (`lastReadAt`; null for a deleted account, which reads nothing more and holds no tick back).
 */
export async function getConversationParticipants(db: Db, conversationId: string, safePlay: SafePlaySettings): Promise<ConversationMember[]> {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, role: users.role, deletedAt: users.deletedAt, lastReadAt: conversationParticipants.lastReadAt })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversationId))
    .orderBy(sql`${users.role} desc`, sql`${users.fullName} nulls last`);
  const { byId } = await getClientLabels(db, { ids: rows.map((r) => r.id) }, safePlay);
  return rows.map((r) => ({
    id: r.id,
    fullName: r.fullName || m.messaging_unknown_user(),
    role: r.role,
    label: byId.get(r.id) ?? null,
    lastReadAt: r.deletedAt ? null : r.lastReadAt.toISOString(),
  }));
}

/** Coaches a client may message, ordered by name. */
export async function getCoaches(db: Db): Promise<Array<{ id: string; fullName: string | null; email: string }>> {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.role, "coach"))
    .orderBy(sql`${users.fullName} nulls last`, users.email);
}
