import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { conversations, messageAllowances, messages, users } from "../../db/schema";
import { createDb } from "../../db/client";
import { createTestDatabase } from "../../tests/support/test-db";
import { ConversationRuleError, getConversationForUser, getConversationsForUser, getUnreadCount, startConversation } from "./conversations.server";
import { isConversationMember } from "./membership.server";
import {
  createMessage as createMessageResult,
  getAttachment,
  getMessagePage,
  markConversationRead,
  MESSAGE_CHANNEL,
  toView,
  type Announcement,
  type NewMessage,
  type SendLimits,
} from "./messages.server";

const { db, url } = await createTestDatabase();

/** The stored message, or null when refused (most tests only care which). */
async function createMessage(input: NewMessage, limits?: SendLimits) {
  const r = await createMessageResult(db, input, limits);
  return r.ok ? r.message : null;
}

async function makeUser(role: "client" | "coach", fullName: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, fullName, role, phone: "(202) 555-0100" });
  return { id, role, fullName };
}

const coach = await makeUser("coach", "Coach Carter");
// Cleared (issue 37): a coach reads the phone of a family in their conversations only once cleared.
await db.execute(
  sql`insert into coach_profiles (user_id, safe_play_checked_on, background_checked_on) values (${coach.id}, current_date, current_date)`,
);
const otherCoach = await makeUser("coach", "Coach Other");
const client = await makeUser("client", "Casey Client");
const otherClient = await makeUser("client", "Olive Other");

async function messageCount() {
  const [r] = await db.select({ n: count() }).from(messages);
  return r!.n;
}
async function conversationCount() {
  const [r] = await db.select({ n: count() }).from(conversations);
  return r!.n;
}

describe("starting conversations", () => {
  it("lets a coach start one with a client, titled after the client, and reuses it from either side", async () => {
    const first = await startConversation(db, coach, client.id);
    expect(first.created).toBe(true);
    const again = await startConversation(db, coach, client.id);
    expect(again).toEqual({ id: first.id, created: false });
    const fromClient = await startConversation(db, client, coach.id);
    expect(fromClient).toEqual({ id: first.id, created: false });
    const detail = await getConversationForUser(db, first.id, coach.id);
    expect(detail?.title).toBe("Chat with Casey Client");
    expect(detail?.other).toMatchObject({ id: client.id, fullName: "Casey Client", role: "client", phone: "(202) 555-0100" });
  });

  it("agrees on one conversation when both sides start at the same moment", async () => {
    const c = await makeUser("client", "Racing Client");
    const results = await Promise.all([startConversation(db, coach, c.id), startConversation(db, c, coach.id), startConversation(db, coach, c.id)]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it.each([
    ["a client with another client", client, otherClient.id, 403],
    ["a coach with another coach", coach, otherCoach.id, 403],
    ["anyone with themselves", coach, coach.id, 403],
    ["anyone with a user who does not exist", client, "no-such-user", 404],
  ] as const)("refuses %s and creates nothing", async (_name, starter, otherId, status) => {
    const before = await conversationCount();
    const err = await startConversation(db, starter, otherId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversationRuleError);
    expect((err as ConversationRuleError).status).toBe(status);
    expect(await conversationCount()).toBe(before);
  });

  it("does not let a client pretend to be a coach: the role is read from the database", async () => {
    const before = await conversationCount();
    await expect(startConversation(db, { id: client.id, role: "coach" }, otherClient.id)).rejects.toBeInstanceOf(ConversationRuleError);
    expect(await conversationCount()).toBe(before);
  });
});

describe("membership rules", () => {
  it("lets only participants read, send and mark read; others change nothing and see nothing", async () => {
    const { id } = await startConversation(db, coach, client.id);
    const sent = await createMessage({ conversationId: id, senderId: coach.id, content: "Practice at 4:30" });
    expect(sent).toMatchObject({ content: "Practice at 4:30", senderName: "Coach Carter", messageType: "text" });

    for (const outsider of [otherClient, otherCoach]) {
      expect(await isConversationMember(db, id, outsider.id)).toBe(false);
      expect(await getConversationForUser(db, id, outsider.id)).toBeNull();
      expect((await getMessagePage(db, id, outsider.id)).messages).toEqual([]);
      const before = await messageCount();
      expect(await createMessage({ conversationId: id, senderId: outsider.id, content: "let me in" })).toBeNull();
      expect(await messageCount()).toBe(before);
      expect(await markConversationRead(db, id, outsider.id)).toBeNull();
      expect((await getConversationsForUser(db, outsider.id)).conversations.map((c) => c.id)).not.toContain(id);
    }
    // Nobody's read mark moved: the client still has the coach's message unread.
    expect((await getConversationsForUser(db, client.id)).conversations.find((c) => c.id === id)?.unread).toBeGreaterThanOrEqual(1);
  });

  it("treats malformed and unknown conversation ids as not found", async () => {
    expect((await getMessagePage(db, "not-a-uuid", coach.id)).messages).toEqual([]);
    expect(await isConversationMember(db, "not-a-uuid", coach.id)).toBe(false);
    expect(await isConversationMember(db, crypto.randomUUID(), coach.id)).toBe(false);
    expect(await createMessage({ conversationId: crypto.randomUUID(), senderId: coach.id, content: "x" })).toBeNull();
    expect(await markConversationRead(db, "'; drop table messages; --", coach.id)).toBeNull();
  });

  it("marks only the other side's messages read, and counts unread per person", async () => {
    const c = await makeUser("client", "Unread Client");
    const { id } = await startConversation(db, c, coach.id);
    await createMessage({ conversationId: id, senderId: c.id, content: "one" });
    await createMessage({ conversationId: id, senderId: c.id, content: "two" });
    await createMessage({ conversationId: id, senderId: coach.id, content: "reply" });
    expect(await getUnreadCount(db, c.id)).toBe(1);
    const coachUnreadBefore = await getUnreadCount(db, coach.id);
    expect(await markConversationRead(db, id, coach.id)).toBe(true);
    expect(await getUnreadCount(db, coach.id)).toBe(coachUnreadBefore - 2);
    // The coach reading read nothing for the client: their reply is still unread to them.
    expect(await getUnreadCount(db, c.id)).toBe(1);
    expect(await markConversationRead(db, id, coach.id)).toBe(false);
  });

  it("marks read right when many read at once (batched): each reader their own side, outsiders nothing", async () => {
    const people = await Promise.all(Array.from({ length: 5 }, (_, i) => makeUser("client", `Reading Client ${i}`)));
    const chats = await Promise.all(people.map((p) => startConversation(db, coach, p.id)));
    for (const [i, chat] of chats.entries()) {
      await createMessage({ conversationId: chat.id, senderId: people[i]!.id, content: "from the family" });
      await createMessage({ conversationId: chat.id, senderId: coach.id, content: "from the coach" });
      await createMessage({ conversationId: chat.id, senderId: coach.id, content: "and again" });
    }
    // Both sides of every chat, and an outsider, all at the same moment.
    const [coachSide, familySide, outsider] = await Promise.all([
      Promise.all(chats.map((c) => markConversationRead(db, c.id, coach.id))),
      Promise.all(chats.map((c, i) => markConversationRead(db, c.id, people[i]!.id))),
      markConversationRead(db, chats[0]!.id, otherClient.id),
    ]);
    expect(coachSide).toEqual([true, true, true, true, true]);
    expect(familySide).toEqual([true, true, true, true, true]);
    expect(outsider).toBeNull();
    for (const [i, chat] of chats.entries()) {
      expect((await getConversationsForUser(db, people[i]!.id)).conversations.find((c) => c.id === chat.id)?.unread).toBe(0);
      expect((await getConversationsForUser(db, coach.id)).conversations.find((c) => c.id === chat.id)?.unread).toBe(0);
    }
  });

  it("lists a person's conversations with the other participant, the last message and the unread count", async () => {
    const c = await makeUser("client", "Listed Client");
    const { id } = await startConversation(db, coach, c.id);
    await createMessage({ conversationId: id, senderId: coach.id, content: "first" });
    await createMessage({ conversationId: id, senderId: coach.id, content: "latest" });
    const [top] = (await getConversationsForUser(db, c.id)).conversations;
    expect(top).toMatchObject({ id, title: "Chat with Listed Client", unread: 2, other: { fullName: "Coach Carter", role: "coach" } });
    expect(top!.lastMessage?.content).toBe("latest");
  });

  it("serves attachments only to participants of their own conversation", async () => {
    const { id } = await startConversation(db, coach, client.id);
    const data = Buffer.from("%PDF-1.4 test");
    const sent = await createMessage({
      conversationId: id,
      senderId: client.id,
      content: "notes.pdf",
      messageType: "file",
      attachment: { fileName: "notes.pdf", mimeType: "application/pdf", data },
    });
    const attachmentId = sent!.attachment!.id;
    expect(sent!.attachment).toMatchObject({ fileName: "notes.pdf", size: data.length });
    expect((await getAttachment(db, id, attachmentId, coach.id))?.data.equals(data)).toBe(true);
    expect(await getAttachment(db, id, attachmentId, otherClient.id)).toBeNull();
    expect(await getAttachment(db, id, attachmentId, otherCoach.id)).toBeNull();
    const { id: otherConversation } = await startConversation(db, otherClient, coach.id);
    expect(await getAttachment(db, otherConversation, attachmentId, coach.id)).toBeNull();
  });
});

describe("announcements", () => {
  it("announces a committed message through NOTIFY: with its participants, carrying the message when it fits, by id when not", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.query(`listen ${MESSAGE_CHANNEL}`);
      const { id } = await startConversation(db, coach, client.id);
      const sent = await createMessage({ conversationId: id, senderId: client.id, content: "Practice moved to 5 pm — see you there" });
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      const short = JSON.parse(heard[0]!) as Announcement & { kind: "message" };
      expect(short).toMatchObject({ kind: "message", conversationId: id, id: sent!.id });
      expect(new Set(short.participants)).toEqual(new Set([coach.id, client.id]));
      // What a receiving process makes of the payload is what it would have read from the database.
      expect(toView(short.row!)).toEqual(sent);
      expect(toView(short.row!)).toEqual((await getMessagePage(db, id, coach.id)).messages.at(-1));
      // A message too long for a NOTIFY payload (8000 bytes) is announced by id, and read back by the receiver.
      heard.length = 0;
      const long = await createMessage({ conversationId: id, senderId: client.id, content: "é".repeat(4500) });
      await expect.poll(() => heard.length).toBe(1);
      const byId = JSON.parse(heard[0]!) as Announcement & { kind: "message" };
      expect(byId).toMatchObject({ kind: "message", conversationId: id, id: long!.id });
      expect(byId.row).toBeUndefined();
      // A message refused for a non-participant is never announced.
      heard.length = 0;
      await createMessage({ conversationId: id, senderId: otherClient.id, content: "nope" });
      await markConversationRead(db, id, coach.id);
      await expect.poll(() => heard.length).toBe(1);
      const read = JSON.parse(heard[0]!) as Announcement & { kind: "read" };
      expect(read).toMatchObject({ kind: "read", conversationId: id, userId: coach.id });
      // The time read up to is written as the browser writes times, equal to the last message's.
      expect(read.upTo).toBe(long!.createdAt);
    } finally {
      await listener.end();
    }
  });
});

describe("read receipts", () => {
  it("commit without waiting for the disk only for themselves: the connection goes back to waiting for it", async () => {
    const { db: single, pool } = createDb(url, 1);
    try {
      const { id } = await startConversation(db, coach, client.id);
      await createMessage({ conversationId: id, senderId: coach.id, content: "Read me" });
      expect(await markConversationRead(single, id, client.id)).toBe(true);
      // Read marks run on the pool's connections for the batched statements (one here: one mark at a time).
      expect((await pool.hotStatements.query("show synchronous_commit")).rows[0]).toEqual({ synchronous_commit: "on" });
      expect((await getConversationsForUser(db, client.id)).conversations.find((c) => c.id === id)?.unread).toBe(0);
    } finally {
      await pool.end();
    }
  });
});

describe("the statements every message runs", () => {
  it("are planned once per connection, not again for every message", async () => {
    const { db: single, pool } = createDb(url, 1);
    try {
      // Their own two people: the others' allowances stay as the other tests expect them.
      const [sender, reader] = [await makeUser("coach", "Coach Planned"), await makeUser("client", "Client Planned")];
      const { id } = await startConversation(db, sender, reader.id);
      for (let i = 0; i < 8; i++) {
        expect((await createMessageResult(single, { conversationId: id, senderId: sender.id, content: `planned ${i}` })).ok).toBe(true);
        expect(await markConversationRead(single, id, reader.id)).toBe(true);
      }
      // One message at a time: one connection ran them all, and it is the one asked here.
      const { rows } = await pool.hotStatements.query<{ name: string; generic_plans: string; custom_plans: string }>(
        "select name, generic_plans, custom_plans from pg_prepared_statements order by name",
      );
      expect(rows.map((r) => ({ name: r.name, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }))).toEqual([
        { name: "nlte_insert_messages", generic: 8, custom: 0 },
        { name: "nlte_mark_read", generic: 8, custom: 0 },
      ]);
    } finally {
      await pool.end();
    }
  });
});

describe("limits that protect everyone else", () => {
  it("lets a person send a burst, then refuses with how long to wait, and stores nothing refused", async () => {
    const c = await makeUser("client", "Flooding Client");
    const { id } = await startConversation(db, coach, c.id);
    const limits = { burst: 5, perSecond: 1, attachmentBytesPerDay: 1024 };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createMessageResult(db, { conversationId: id, senderId: c.id, content: `flood ${i}` }, limits)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, reason: "rate" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await getMessagePage(db, id, c.id)).messages).toHaveLength(5);
    // Another person's allowance is their own.
    expect((await createMessageResult(db, { conversationId: id, senderId: coach.id, content: "still here" }, limits)).ok).toBe(true);
  });

  it("stores sends that arrive together (batched into one statement) each judged on its own, in the order they came", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser("client", `Busy Client ${i}`)));
    const chats = await Promise.all(people.map((p) => startConversation(db, coach, p.id)));
    const limits = { burst: 3, perSecond: 0.01, attachmentBytesPerDay: 1024 };
    const before = await messageCount();
    // 24 sends at once: four from each client (one over their burst of 3), an outsider's, and the coach's replies.
    const sends = [
      ...people.flatMap((p, i) =>
        Array.from({ length: 4 }, (_, n) => ({ conversationId: chats[i]!.id, senderId: p.id, content: `from ${i}: ${n}` })),
      ),
      { conversationId: chats[0]!.id, senderId: otherClient.id, content: "not mine" },
      ...chats.map((c, i) => ({ conversationId: c.id, senderId: coach.id, content: `reply ${i}` })),
    ];
    const results = await Promise.all(sends.map((m) => createMessageResult(db, m, limits)));
    const byContent = new Map(sends.map((m, i) => [m.content, results[i]!]));
    for (let i = 0; i < people.length; i++) {
      expect([0, 1, 2].map((n) => byContent.get(`from ${i}: ${n}`)?.ok)).toEqual([true, true, true]);
      expect(byContent.get(`from ${i}: 3`)).toMatchObject({ ok: false, reason: "rate" });
      // Each person's messages read in the order they were sent.
      const page = await getMessagePage(db, chats[i]!.id, people[i]!.id);
      expect(page.messages.filter((m) => m.senderId === people[i]!.id).map((m) => m.content)).toEqual([
        `from ${i}: 0`,
        `from ${i}: 1`,
        `from ${i}: 2`,
      ]);
    }
    expect(byContent.get("not mine")).toEqual({ ok: false, reason: "forbidden" });
    // The coach's allowance (3) covers three of the six replies.
    expect(chats.map((_, i) => byContent.get(`reply ${i}`)!.ok).filter(Boolean)).toHaveLength(3);
    expect(await messageCount()).toBe(before + 6 * 3 + 3);
  });

  it("refills at the steady rate", async () => {
    const c = await makeUser("client", "Patient Client");
    const { id } = await startConversation(db, coach, c.id);
    const limits = { burst: 1, perSecond: 5, attachmentBytesPerDay: 1024 };
    expect((await createMessageResult(db, { conversationId: id, senderId: c.id, content: "one" }, limits)).ok).toBe(true);
    expect((await createMessageResult(db, { conversationId: id, senderId: c.id, content: "two" }, limits)).ok).toBe(false);
    // 300 ms pass for the allowance (its clock is PostgreSQL's now()): at 5 a second, that refills one and a half.
    await db
      .update(messageAllowances)
      .set({ updatedAt: sql`${messageAllowances.updatedAt} - interval '300 milliseconds'` })
      .where(eq(messageAllowances.userId, c.id));
    expect((await createMessageResult(db, { conversationId: id, senderId: c.id, content: "three" }, limits)).ok).toBe(true);
  });

  it("refuses attachments past the day's quota, even sent at the same moment", async () => {
    const c = await makeUser("client", "Uploading Client");
    const { id } = await startConversation(db, coach, c.id);
    const limits = { burst: 100, perSecond: 100, attachmentBytesPerDay: 3000 };
    const data = Buffer.concat([Buffer.from("%PDF-1.4 "), Buffer.alloc(991)]);
    const send = () =>
      createMessageResult(
        db,
        {
          conversationId: id,
          senderId: c.id,
          content: "notes.pdf",
          messageType: "file",
          attachment: { fileName: "notes.pdf", mimeType: "application/pdf", data },
        },
        limits,
      );
    const results = await Promise.all(Array.from({ length: 6 }, send));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "quota")).toBe(true);
  });
});

describe("paged history", () => {
  it("opens on the latest page and pages back without gaps or repeats", async () => {
    const c = await makeUser("client", "Long Talker");
    const { id } = await startConversation(db, coach, c.id);
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, content, created_at)
      select ${id}::uuid, ${c.id}, 'message ' || n, now() - make_interval(secs => 1000 - n) from generate_series(1, 120) n`);
    const latest = await getMessagePage(db, id, c.id);
    expect(latest.messages).toHaveLength(50);
    expect(latest.hasOlder).toBe(true);
    expect(latest.messages.at(-1)!.content).toBe("message 120");
    expect(latest.messages[0]!.content).toBe("message 71");
    const second = await getMessagePage(db, id, c.id, { beforeId: latest.messages[0]!.id });
    expect(second.messages.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${21 + i}`));
    const third = await getMessagePage(db, id, c.id, { beforeId: second.messages[0]!.id });
    expect(third.messages).toHaveLength(20);
    expect(third.hasOlder).toBe(false);
    // An outsider pages nothing, even with a valid cursor.
    expect((await getMessagePage(db, id, otherClient.id, { beforeId: latest.messages[0]!.id })).messages).toEqual([]);
  });

  it("pages the list of conversations", async () => {
    const c = await makeUser("coach", "Busy Coach");
    for (let i = 0; i < 5; i++) {
      const other = await makeUser("client", `Paged Client ${i}`);
      await startConversation(db, c, other.id);
    }
    const first = await getConversationsForUser(db, c.id, { limit: 3 });
    expect(first.conversations).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    const second = await getConversationsForUser(db, c.id, { limit: 3, afterId: first.conversations.at(-1)!.id });
    expect(second.conversations).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    expect(new Set([...first.conversations, ...second.conversations].map((x) => x.id)).size).toBe(5);
  });
});

describe("ended sessions", () => {
  it("announces a deleted session and an expiry brought forward, with the session id only", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(`${n.channel}:${n.payload}`));
      await listener.query("listen nlte_session_ended");
      const u = await makeUser("client", "Session Person");
      for (const sid of ["s-one", "s-two", "s-three"]) {
        await db.execute(
          sql`insert into sessions (id, token, user_id, expires_at) values (${sid + u.id}, ${"t-" + sid + u.id}, ${u.id}, now() + interval '1 day')`,
        );
      }
      await db.execute(sql`delete from sessions where id = ${"s-one" + u.id}`);
      await db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${"s-two" + u.id}`);
      // Extending a session is not an end.
      await db.execute(sql`update sessions set expires_at = now() + interval '2 days' where id = ${"s-three" + u.id}`);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([`nlte_session_ended:s-one${u.id}`, `nlte_session_ended:s-two${u.id}`]);
    } finally {
      await listener.end();
    }
  });
});
