// The wrong people (a visitor, another client, a coach who is not in the conversation) try every messaging
// request by hand, over HTTP and over the WebSocket. Each attempt must fail and change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, makePerson, openDatabase, openSocket, post, startConversation, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };

let database: Awaited<ReturnType<typeof openDatabase>>;
let coach: Person;
let client: Person;
let otherClient: Person;
let otherCoach: Person;
let conversationId: string;
let attachmentPath: string;
const SECRET = "The private note about practice";
const idOf = async (p: Person) => (await database.query<{ id: string }>("select id from users where email = $1", [p.email])).rows[0]!.id;

async function snapshot() {
  const messages = await database.query("select id, sender_id, content from messages where conversation_id = $1 order by created_at, id", [
    conversationId,
  ]);
  const reads = await database.query("select user_id, last_read_at from conversation_participants where conversation_id = $1 order by user_id", [
    conversationId,
  ]);
  const conversations = await database.query("select count(*)::int as n from conversations");
  const attachments = await database.query("select count(*)::int as n from attachments");
  return { messages: messages.rows, reads: reads.rows, conversations: conversations.rows[0], attachments: attachments.rows[0] };
}

beforeAll(async () => {
  database = await openDatabase(dataDir);
  [coach, client, otherClient, otherCoach] = await Promise.all([
    makePerson(baseURL, "Perm Coach", { coach: true, env }),
    makePerson(baseURL, "Perm Client", { env }),
    makePerson(baseURL, "Perm Outsider", { env }),
    makePerson(baseURL, "Perm Othercoach", { coach: true, env }),
  ]);
  conversationId = await startConversation(baseURL, coach, await idOf(client));
  expect((await post(baseURL, `/messages/${conversationId}`, coach, { intent: "send", content: SECRET })).status).toBe(200);
  const form = new FormData();
  form.set("intent", "send");
  form.set("file", new Blob([Buffer.from("%PDF-1.4\nprivate")], { type: "application/pdf" }), "plan.pdf");
  const res = await fetch(`${baseURL}/messages/${conversationId}`, {
    method: "POST",
    headers: { Origin: baseURL, Cookie: coach.cookie },
    body: form,
  });
  expect(res.status).toBe(200);
  const { rows } = await database.query<{ id: string }>("select id from attachments where conversation_id = $1", [conversationId]);
  attachmentPath = `/messages/${conversationId}/attachments/${rows[0]!.id}`;
});
afterAll(async () => {
  await database?.close();
});

describe("messaging permissions", () => {
  it("lets the participants in (the control for every refusal below)", async () => {
    const page = await get(baseURL, `/messages/${conversationId}`, client);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SECRET);
    const file = await get(baseURL, attachmentPath, client);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const socket = await openSocket(baseURL, client);
    socket.send({ type: "subscribe", conversationId });
    await expect.poll(() => socket.events.some((e) => e.type === "subscribed")).toBe(true);
    socket.close();
  });

  it.each(["visitor", "another client", "a coach who is not a participant"] as const)("refuses %s over HTTP and changes nothing", async (who) => {
    const person = who === "visitor" ? null : who === "another client" ? otherClient : otherCoach;
    const before = await snapshot();
    const pageStatus = (await get(baseURL, `/messages/${conversationId}`, person)).status;
    expect(pageStatus).toBe(person ? 404 : 302);
    const data = await get(baseURL, `/messages/${conversationId}.data`, person);
    expect(await data.text()).not.toContain(SECRET);
    const send = await post(baseURL, `/messages/${conversationId}`, person, { intent: "send", content: "intruder" });
    expect(send.status).toBe(person ? 404 : 401);
    const read = await post(baseURL, `/messages/${conversationId}`, person, { intent: "read" });
    expect(read.status).toBe(person ? 404 : 401);
    const file = await get(baseURL, attachmentPath, person);
    expect(file.status).toBe(person ? 404 : 302);
    expect(await file.text()).not.toContain("private");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a client starting a conversation with another client, or writing to one through the widget", async () => {
    const before = await snapshot();
    const start = await post(baseURL, "/messages", client, { intent: "start", clientId: await idOf(otherClient) });
    expect(start.status).toBe(403);
    const fields = { intent: "widget", coachId: await idOf(otherClient), subject: "Hi", message: "Hello" };
    const widget = await post(baseURL, "/messages", client, { ...fields, via: "fetcher" });
    expect(widget.status).toBe(400);
    // Posted by the browser itself (before the widget's code runs): back to the page it came from, not a conversation.
    const plain = await post(baseURL, "/messages", client, { ...fields, redirectTo: "/programs" });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/programs");
    const list = await get(baseURL, "/messages", otherClient);
    expect(await list.text()).toContain("No conversations yet");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a visitor's socket, and a socket opened from another site", async () => {
    await expect(openSocket(baseURL, null)).rejects.toThrow("refused: 401");
    await expect(openSocket(baseURL, client, "https://evil.example")).rejects.toThrow("refused: 403");
  });

  it.each(["another client", "a coach who is not a participant"] as const)("refuses %s every WebSocket request, and leaks nothing", async (who) => {
    const person = who === "another client" ? otherClient : otherCoach;
    const before = await snapshot();
    const outsider = await openSocket(baseURL, person);
    const insider = await openSocket(baseURL, client);
    insider.send({ type: "subscribe", conversationId });
    await expect.poll(() => insider.events.some((e) => e.type === "subscribed")).toBe(true);

    outsider.send({ type: "subscribe", conversationId });
    outsider.send({ type: "typing", conversationId });
    outsider.send({ type: "read", conversationId });
    outsider.send({ type: "send", conversationId, content: "intruder", ref: "x1" });
    await expect.poll(() => outsider.events.filter((e) => e.error === "forbidden").length).toBe(4);
    expect(outsider.events.some((e) => e.type === "subscribed")).toBe(false);

    // A new message in the conversation reaches the participant's socket but not the outsider's.
    const res = await post(baseURL, `/messages/${conversationId}`, coach, { intent: "send", content: `second note for ${who}` });
    expect(res.status).toBe(200);
    await expect.poll(() => insider.events.some((e) => e.type === "message")).toBe(true);
    expect(JSON.stringify(outsider.events)).not.toContain("second note");
    expect(insider.events.some((e) => e.type === "typing")).toBe(false);
    outsider.close();
    insider.close();

    const after = await snapshot();
    expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
    expect(after.messages.map((m) => m.content)).not.toContain("intruder");
    await database.query("delete from messages where conversation_id = $1 and content = $2", [conversationId, `second note for ${who}`]);
  });
});
