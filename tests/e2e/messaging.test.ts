// A coach and two clients in separate browsers, as new users would use the site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";
import { makePerson, openDatabase, post, startConversation, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);

let database: Awaited<ReturnType<typeof openDatabase>>;
let coach: Person;
let clientA: Person;
let clientB: Person;
const userId = async (p: Person) => (await database.query<{ id: string }>("select id from users where email = $1", [p.email])).rows[0]!.id;

beforeAll(async () => {
  database = await openDatabase(dataDir);
  coach = await makePerson(baseURL, "Carla Coach", { coach: true, env });
  clientA = await makePerson(baseURL, "Alex Client", { env });
  clientB = await makePerson(baseURL, "Bea Client", { env });
});
afterAll(async () => {
  await database?.close();
});

describe("messaging between a coach and clients", () => {
  it("shows visitors the sign-in prompt, and the widget opens the sign-in dialog", async () => {
    const { page, visit } = await open();
    await visit("/messages");
    await page.getByRole("heading", { name: "Sign In Required" }).waitFor();
    await page.getByText("Please sign in to access messages.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).waitFor();
    await visit("/");
    await page.getByRole("button", { name: "Message Your Coach" }).click();
    await page.getByRole("dialog").getByText("Enter your credentials to access your account").waitFor();
  });

  it("lets a client message a coach from the widget, and both sides chat live", async () => {
    const a = await open();
    await useSession(a.context, baseURL, clientA);
    await a.visit("/messages");
    await a.page.getByText("Chat with your coaches").waitFor();
    await a.page.getByRole("heading", { name: "No conversations yet" }).waitFor();
    await a.page.getByText("Send a message to a coach to start a conversation.").waitFor();
    // "Send Message" opens the 'Message Your Coach' widget right here (it used to go to the home page).
    await a.page.getByRole("main").getByRole("button", { name: "Send Message" }).click();
    const widget = a.page.getByRole("dialog", { name: "Message Your Coach" });
    await widget.getByLabel("Coach").waitFor();
    expect(new URL(a.page.url()).pathname).toBe("/messages");
    await widget.getByRole("button", { name: "Close" }).click();
    await widget.waitFor({ state: "hidden" });
    await a.visit("/");

    // The widget: whitespace is missing information; then a real message goes to the chosen coach.
    await a.page.getByRole("button", { name: "Message Your Coach" }).click();
    await widget.getByLabel("Coach").selectOption({ label: "Carla Coach" });
    await widget.getByLabel("Subject").fill("   ");
    await widget.getByLabel("Message").fill("Hello?");
    await widget.getByRole("button", { name: "Send Message" }).click();
    await a.page.getByText("Please fill in both subject and message fields.").waitFor();
    await a.page.getByText("Missing Information").waitFor();
    await widget.getByLabel("Subject").fill("Lessons");
    await widget.getByLabel("Message").fill("Can my son join Tuesday's clinic?");
    await expectAccessible(a.page);
    await widget.getByRole("button", { name: "Send Message" }).click();
    await a.page.getByText("Message Sent!").waitFor();
    await a.page.getByText("Your message has been sent to Carla Coach. They'll respond soon!").waitFor();
    await widget.waitFor({ state: "hidden" });

    // The coach sees one unread message in the header menu, then the conversation in the list.
    const c = await open();
    await useSession(c.context, baseURL, coach);
    await c.visit("/");
    await c.page.getByRole("button", { name: /Carla Coach.*account menu/ }).click();
    await expect.poll(() => c.page.getByTestId("unread-count").textContent()).toBe("1 unread");
    await c.page.getByRole("link", { name: /Messages/ }).click();
    await c.page.waitForURL((u) => u.pathname === "/messages");
    await c.page.getByText("Manage client communications").waitFor();
    const card = c.page.getByRole("link", { name: /Alex Client/ });
    await card.getByText("Can my son join Tuesday's clinic?", { exact: false }).waitFor();
    await card.getByText("Client", { exact: true }).waitFor();
    await card.getByText(clientA.email).waitFor();
    await card.getByText("(202) 555-0111").waitFor();
    await c.page.getByPlaceholder("Search conversations...").fill("nobody-matches-this");
    expect(await c.page.getByRole("link", { name: /Alex Client/ }).count()).toBe(0);
    await c.page.getByPlaceholder("Search conversations...").fill(clientA.email.toUpperCase());
    await card.waitFor();
    await expectAccessible(c.page);

    // The client has the conversation open; the coach opens it: the client's tick turns to read, live.
    await a.visit("/messages");
    await a.page.getByRole("link", { name: /Carla Coach/ }).click();
    await a.page.waitForURL((u) => u.pathname.startsWith("/messages/"));
    const conversationPath = new URL(a.page.url()).pathname;
    await a.page.getByRole("heading", { level: 1, name: "Carla Coach" }).waitFor();
    await a.page.getByRole("img", { name: "Not read by everyone yet" }).waitFor();
    await card.click();
    await c.page.waitForURL((u) => u.pathname === conversationPath);
    await c.page.getByText("Lessons").waitFor();
    await a.page.getByRole("img", { name: "Read by everyone" }).waitFor();
    expect(await a.page.getByRole("img", { name: "Not read by everyone yet" }).count()).toBe(0);
    await a.page.getByText("Seen by Carla Coach").waitFor();

    // Typing shows on the other side; Enter sends, Shift+Enter adds a line; the message arrives without a reload.
    const box = c.page.getByPlaceholder("Type a message...");
    // Before hydration the button stays enabled (the form must work without JavaScript): wait for the page to run.
    await expect.poll(() => c.page.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true);
    await box.fill("  ");
    await expect.poll(() => c.page.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true);
    await box.fill("");
    await box.pressSequentially("Yes");
    await a.page.getByRole("status").filter({ hasText: "Typing" }).waitFor();
    await box.press("Shift+Enter");
    await box.pressSequentially("see you at 4:30");
    await box.press("Enter");
    await c.page.getByText("see you at 4:30", { exact: false }).waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    const reply = a.page.getByRole("listitem").filter({ hasText: "see you at 4:30" });
    await reply.waitFor();
    await reply.getByText("Carla Coach").waitFor();
    expect(await reply.locator("p.whitespace-pre-wrap").textContent()).toBe("Yes\nsee you at 4:30");
    await expect.poll(() => reply.locator("time").textContent()).toMatch(/^\d\d:\d\d$/);
    // The coach's own message is on the right with its tick, read as soon as the client's open page receives it.
    await c.page.getByRole("img", { name: "Read by everyone" }).last().waitFor();
    await expectAccessible(a.page);

    // Each message is read by the other person, by their own mark.
    const stored = await database.query<{ content: string; read_by_other: boolean }>(
      `select content, exists (select 1 from conversation_participants r where r.conversation_id = m.conversation_id
                                 and r.user_id <> m.sender_id and r.last_read_at >= m.created_at) as read_by_other
       from messages m join conversation_participants p on p.conversation_id = m.conversation_id where p.user_id = $1 order by created_at`,
      [await userId(clientA)],
    );
    expect(stored.rows).toEqual([
      { content: "Lessons\n\nCan my son join Tuesday's clinic?", read_by_other: true },
      { content: "Yes\nsee you at 4:30", read_by_other: true },
    ]);

    // 'New Conversation' lists clients only; picking one who already has a conversation opens it.
    await c.visit("/messages");
    await c.page.getByRole("button", { name: "New Conversation" }).click();
    const dialog = c.page.getByRole("dialog", { name: "New Conversation" });
    await dialog.getByText("Select a client to start a conversation:").waitFor();
    await dialog.getByRole("button", { name: /Bea Client/ }).waitFor();
    expect(await dialog.getByRole("button", { name: /Carla Coach/ }).count()).toBe(0);
    await expectAccessible(c.page);
    await dialog.getByRole("button", { name: /Alex Client/ }).click();
    await c.page.waitForURL((u) => u.pathname === conversationPath);
  });

  it("starts an empty conversation with another client, which that client alone can open", async () => {
    const c = await open();
    await useSession(c.context, baseURL, coach);
    await c.visit("/messages");
    await c.page.getByRole("button", { name: "New Conversation" }).click();
    await c.page
      .getByRole("dialog")
      .getByRole("button", { name: /Bea Client/ })
      .click();
    await c.page.waitForURL((u) => /^\/messages\/[0-9a-f-]{36}$/.test(u.pathname));
    await c.page.getByText("No messages yet").waitFor();
    await c.page.getByText("Start a conversation!").waitFor();
    const path = new URL(c.page.url()).pathname;

    const a = await open();
    await useSession(a.context, baseURL, clientA);
    await a.visit(path);
    await a.page.getByRole("heading", { name: "Conversation not found" }).waitFor();

    const b = await open();
    await useSession(b.context, baseURL, clientB);
    await b.visit(path);
    await b.page.getByRole("heading", { level: 1, name: "Carla Coach" }).waitFor();
    await b.page.getByText("No messages yet").waitFor();
    // The coach started it (stored as "Chat with Bea Client"): the header names the other side, never the viewer.
    await b.page.getByText("Chat with Carla Coach", { exact: true }).waitFor();
    expect(await b.page.getByText("Chat with Bea Client").count()).toBe(0);
    await c.page.getByText("Chat with Bea Client", { exact: true }).waitFor();

    // The unread count in the header menu changes live, without reloading the page.
    await b.visit("/about");
    await b.page.getByRole("button", { name: /Bea Client.*account menu/ }).click();
    await b.page.getByRole("link", { name: "Messages" }).waitFor();
    expect(await b.page.getByTestId("unread-count").count()).toBe(0);
    const res = await post(baseURL, path, coach, { intent: "send", content: "Welcome to the clinic" });
    expect(res.status).toBe(200);
    await expect.poll(() => b.page.getByTestId("unread-count").textContent()).toBe("1 unread");
    expect(new URL(b.page.url()).pathname).toBe("/about");
  });
});

describe("with no coaches yet", () => {
  it("explains it in the widget instead of an empty coach list and a disabled Send", async () => {
    const client = await makePerson(baseURL, "Nora Early", { env });
    // Every coach of the shared test server steps down for this test, and back afterwards.
    const { rows } = await database.query<{ id: string }>("update users set role = 'client' where role = 'coach' returning id");
    try {
      const { page, context, visit } = await open({ viewport: { width: 390, height: 844 } });
      await useSession(context, baseURL, client);
      await visit("/");
      await page.getByRole("button", { name: "Message Your Coach" }).click();
      const widget = page.getByRole("dialog", { name: "Message Your Coach" });
      await widget.getByText("There are no coaches to message yet.").waitFor();
      await widget.getByRole("link", { name: "(202) 555-0147" }).waitFor();
      expect(await widget.getByLabel("Coach").count()).toBe(0);
      expect(await widget.getByRole("button", { name: "Send Message" }).count()).toBe(0);
      await expectAccessible(page);
    } finally {
      if (rows.length) await database.query("update users set role = 'coach' where id = any($1)", [rows.map((r) => r.id)]);
    }
  });
});

describe("times", () => {
  it("shows message times and list dates in the organisation's time zone, whatever the browser's zone", async () => {
    const client = await makePerson(baseURL, "Tomo Zone", { env });
    const conversationId = await startConversation(baseURL, coach, await userId(client));
    // 04:14 UTC on 23 November is 23:14 on 22 November in New York, and 13:14 on 23 November in Tokyo.
    await database.query(
      "insert into messages (conversation_id, sender_id, content, created_at) values ($1, $2, 'Late-night question about Saturday', '2026-11-23T04:14:00Z')",
      [conversationId, await userId(client)],
    );
    await database.query("update conversations set updated_at = '2026-11-23T04:14:00Z' where id = $1", [conversationId]);

    const tokyo = await open({ timezoneId: "Asia/Tokyo" });
    await useSession(tokyo.context, baseURL, coach);
    await tokyo.visit(`/messages/${conversationId}`);
    const message = tokyo.page.getByRole("listitem").filter({ hasText: "Late-night question about Saturday" });
    await expect.poll(() => message.locator("time").textContent()).toBe("23:14");
    await tokyo.page.waitForLoadState("networkidle");
    expect(await message.locator("time").textContent()).toBe("23:14");

    await tokyo.visit("/messages");
    const card = tokyo.page.getByRole("link").filter({ hasText: "Tomo Zone" });
    expect(await card.locator("time").textContent()).toBe("Nov 22");
  });
});
