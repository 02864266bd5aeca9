import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { conversations, messages, users } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  ConversationRuleError,
  getConversationForUser,
  getConversationsForUser,
  getUnreadCount,
  isConversationParticipant,
  startConversation,
} from "./conversations.server";
import { createMessage, getAttachmentForUser, getMessages, markConversationRead, MESSAGE_CHANNEL } from "./messages.server";

const { db, url } = await createTestDatabase();

async function makeUser(role: "client" | "coach", fullName: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, fullName, role, phone: "(202) 555-0100" });
  return { id, role, fullName };
}

const coach = await makeUser("coach", "Coach Carter");
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
    const sent = await createMessage(db, { conversationId: id, senderId: coach.id, content: "Practice at 4:30" });
    expect(sent).toMatchObject({ content: "Practice at 4:30", senderName: "Coach Carter", isRead: false, messageType: "text" });

    for (const outsider of [otherClient, otherCoach]) {
      expect(await isConversationParticipant(db, id, outsider.id)).toBe(false);
      expect(await getConversationForUser(db, id, outsider.id)).toBeNull();
      expect(await getMessages(db, id, outsider.id)).toBeNull();
      const before = await messageCount();
      expect(await createMessage(db, { conversationId: id, senderId: outsider.id, content: "let me in" })).toBeNull();
      expect(await messageCount()).toBe(before);
      expect(await markConversationRead(db, id, outsider.id)).toBeNull();
      expect((await getConversationsForUser(db, outsider.id)).map((c) => c.id)).not.toContain(id);
    }
    const [row] = await db.select({ isRead: messages.isRead }).from(messages).where(eq(messages.id, sent!.id));
    expect(row!.isRead).toBe(false);
  });

  it("treats malformed and unknown conversation ids as not found", async () => {
    expect(await getMessages(db, "not-a-uuid", coach.id)).toBeNull();
    expect(await getMessages(db, crypto.randomUUID(), coach.id)).toBeNull();
    expect(await createMessage(db, { conversationId: crypto.randomUUID(), senderId: coach.id, content: "x" })).toBeNull();
    expect(await markConversationRead(db, "'; drop table messages; --", coach.id)).toBeNull();
  });

  it("marks only the other side's messages read, and counts unread per person", async () => {
    const c = await makeUser("client", "Unread Client");
    const { id } = await startConversation(db, c, coach.id);
    await createMessage(db, { conversationId: id, senderId: c.id, content: "one" });
    await createMessage(db, { conversationId: id, senderId: c.id, content: "two" });
    await createMessage(db, { conversationId: id, senderId: coach.id, content: "reply" });
    expect(await getUnreadCount(db, c.id)).toBe(1);
    const coachUnreadBefore = await getUnreadCount(db, coach.id);
    expect(await markConversationRead(db, id, coach.id)).toBe(2);
    expect(await getUnreadCount(db, coach.id)).toBe(coachUnreadBefore - 2);
    const list = await getMessages(db, id, c.id);
    expect(list!.map((m) => [m.content, m.isRead])).toEqual([
      ["one", true],
      ["two", true],
      ["reply", false],
    ]);
    expect(await markConversationRead(db, id, coach.id)).toBe(0);
  });

  it("lists a person's conversations with the other participant, the last message and the unread count", async () => {
    const c = await makeUser("client", "Listed Client");
    const { id } = await startConversation(db, coach, c.id);
    await createMessage(db, { conversationId: id, senderId: coach.id, content: "first" });
    await createMessage(db, { conversationId: id, senderId: coach.id, content: "latest" });
    const [top] = await getConversationsForUser(db, c.id);
    expect(top).toMatchObject({ id, title: "Chat with Listed Client", unread: 2, other: { fullName: "Coach Carter", role: "coach" } });
    expect(top!.lastMessage?.content).toBe("latest");
  });

  it("serves attachments only to participants of their own conversation", async () => {
    const { id } = await startConversation(db, coach, client.id);
    const data = Buffer.from("%PDF-1.4 test");
    const sent = await createMessage(db, {
      conversationId: id,
      senderId: client.id,
      content: "notes.pdf",
      messageType: "file",
      attachment: { fileName: "notes.pdf", mimeType: "application/pdf", data },
    });
    const attachmentId = sent!.attachment!.id;
    expect(sent!.attachment).toMatchObject({ fileName: "notes.pdf", size: data.length });
    expect((await getAttachmentForUser(db, id, attachmentId, coach.id))?.data.equals(data)).toBe(true);
    expect(await getAttachmentForUser(db, id, attachmentId, otherClient.id)).toBeNull();
    expect(await getAttachmentForUser(db, id, attachmentId, otherCoach.id)).toBeNull();
    const { id: otherConversation } = await startConversation(db, otherClient, coach.id);
    expect(await getAttachmentForUser(db, otherConversation, attachmentId, coach.id)).toBeNull();
  });
});

describe("announcements", () => {
  it("announces a message through NOTIFY with ids only, after it is committed", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.query(`listen ${MESSAGE_CHANNEL}`);
      const { id } = await startConversation(db, coach, client.id);
      const sent = await createMessage(db, { conversationId: id, senderId: client.id, content: "secret content" });
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      expect(JSON.parse(heard[0]!)).toEqual({ k: "m", c: id, id: sent!.id });
      expect(heard.join()).not.toContain("secret content");
      // A message refused for a non-participant is never announced.
      heard.length = 0;
      await createMessage(db, { conversationId: id, senderId: otherClient.id, content: "nope" });
      await markConversationRead(db, id, coach.id);
      await expect.poll(() => heard.length).toBe(1);
      expect(JSON.parse(heard[0]!)).toMatchObject({ k: "r", c: id, u: coach.id });
    } finally {
      await listener.end();
    }
  });
});
