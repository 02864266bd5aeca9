// Several app processes on one database, and a server killed while messages are being sent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/embedded-postgres";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, openSocket, post, startConversation, useSession, type Person } from "./support/messaging";
import { startServer, type RunningServer } from "./support/server";

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

let serverB: RunningServer | undefined;
const open = setupBrowser(() => serverB!.url);

describe("two server processes on one database", () => {
  let database: EmbeddedDatabase;
  let serverA: RunningServer;
  let sql: pg.Client;
  beforeAll(async () => {
    database = await startEmbeddedPostgres(tempDir("nlte-shared-db-"));
    serverA = await startServer({ env: { DATABASE_URL: database.url } });
    serverB = await startServer({ env: { DATABASE_URL: database.url } });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await serverA?.stop();
    await serverB?.stop();
    await database?.stop();
    for (const s of [serverA, serverB]) if (s) fs.rmSync(s.dataDir, { recursive: true, force: true });
  });

  it("delivers a message sent through one process live to a browser on the other, and back", async () => {
    const env = { DATABASE_URL: database.url };
    const coach = await makePerson(serverA.url, "Multi Coach", { coach: true, env });
    const client = await makePerson(serverA.url, "Multi Client", { env });
    const clientId = (await sql.query<{ id: string }>("select id from users where email = $1", [client.email])).rows[0]!.id;
    const conversationId = await startConversation(serverA.url, coach, clientId);

    // The client's browser talks only to server B.
    const b = await open();
    await useSession(b.context, serverB!.url, client);
    await b.visit(`/messages/${conversationId}`);
    await b.page.getByText("No messages yet").waitFor();
    // The coach listens on a socket to server A.
    const coachSocket = await openSocket(serverA.url, coach);
    coachSocket.send({ type: "subscribe", conversationId });
    await expect.poll(() => coachSocket.events.some((e) => e.type === "subscribed")).toBe(true);
    // Wait until the browser's socket is subscribed too: its typing signal reaches server A.
    await b.page.getByPlaceholder("Type a message...").pressSequentially("Hi");
    await expect.poll(() => coachSocket.events.some((e) => e.type === "typing")).toBe(true);

    const res = await post(serverA.url, `/messages/${conversationId}`, coach, { intent: "send", content: "Sent through server A" });
    expect(res.status).toBe(200);
    await b.page.getByText("Sent through server A").waitFor();

    await b.page.getByPlaceholder("Type a message...").fill("Answered through server B");
    await b.page.getByPlaceholder("Type a message...").press("Enter");
    await expect
      .poll(() => coachSocket.events.some((e) => e.type === "message" && (e.message as { content: string }).content === "Answered through server B"))
      .toBe(true);
    coachSocket.close();
  });

  it("after a reconnect, the page shows every message it missed, once", async () => {
    const env = { DATABASE_URL: database.url };
    const coach = await makePerson(serverA.url, "Gap Coach", { coach: true, env });
    const client = await makePerson(serverA.url, "Gap Client", { env });
    const clientId = (await sql.query<{ id: string }>("select id from users where email = $1", [client.email])).rows[0]!.id;
    const conversationId = await startConversation(serverA.url, coach, clientId);
    const say = async (content: string) =>
      expect((await post(serverA.url, `/messages/${conversationId}`, coach, { intent: "send", content })).status).toBe(200);

    const b = await open();
    await useSession(b.context, serverB!.url, client);
    await b.visit(`/messages/${conversationId}`);
    await say("before the outage");
    await b.page.getByText("before the outage").waitFor();

    // Server B goes away; messages keep arriving through server A; B comes back on the same address.
    const port = serverB!.port;
    const oldDataDir = serverB!.dataDir;
    await serverB!.stop();
    fs.rmSync(oldDataDir, { recursive: true, force: true });
    for (const n of [1, 2, 3]) await say(`during the outage ${n}`);
    serverB = await startServer({ env, port });
    for (const n of [1, 2, 3]) await b.page.getByText(`during the outage ${n}`).waitFor();
    await say("after the outage");
    await b.page.getByText("after the outage").waitFor();
    expect(
      await b.page
        .getByRole("listitem")
        .filter({ hasText: /outage/ })
        .count(),
    ).toBe(5);

    // The browser logged its refused reconnection attempts while B was down: expected here, not a fault.
    const errors = (b as unknown as { errors: string[] }).errors;
    const unexpected = errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e));
    errors.splice(0, errors.length, ...unexpected);
  });
});

describe("a server killed while messages are being sent", () => {
  it("keeps every message it acknowledged", async () => {
    const dataDir = tempDir("nlte-kill-");
    // This test is about durability, not the send allowance (issue 17): give it room for 150 quick messages.
    const limits = { MESSAGE_BURST: "10000", MESSAGE_RATE_PER_SECOND: "1000" };
    let server = await startServer({ dataDir, env: limits });
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    let coach: Person, client: Person;
    try {
      coach = await makePerson(server.url, "Kill Coach", { coach: true, env });
      client = await makePerson(server.url, "Kill Client", { env });
      const db = await openDatabase(dataDir);
      const clientId = (await db.query<{ id: string }>("select id from users where email = $1", [client.email])).rows[0]!.id;
      await db.close();
      const conversationId = await startConversation(server.url, coach, clientId);

      // Four sockets keep several sends in flight each; the server dies in the middle of them.
      const acknowledged = new Map<string, string>();
      let sent = 0;
      const sockets = await Promise.all([coach, client, coach, client].map((p) => openSocket(server.url, p)));
      const done = new Promise<void>((resolve) => {
        for (const [i, s] of sockets.entries()) {
          const next = () => {
            const ref = `s${i}-${sent++}`;
            if (s.ws.readyState === s.ws.OPEN) s.send({ type: "send", conversationId, content: `message ${ref}`, ref });
          };
          s.ws.on("message", (raw) => {
            const e = JSON.parse(String(raw)) as { type: string; ref?: string; message?: { id: string; content: string } };
            if (e.type !== "ack") return;
            acknowledged.set(e.message!.id, e.message!.content);
            if (acknowledged.size >= 150) resolve();
            next();
          });
          for (let k = 0; k < 4; k++) next();
        }
      });
      await done;
      await server.kill();
      expect(acknowledged.size).toBeGreaterThanOrEqual(150);

      server = await startServer({ dataDir, env: limits });
      const after = await openDatabase(dataDir);
      try {
        const { rows } = await after.query<{ id: string; content: string }>("select id, content from messages where conversation_id = $1", [
          conversationId,
        ]);
        const stored = new Map(rows.map((r) => [r.id, r.content]));
        const lost = [...acknowledged].filter(([id, content]) => stored.get(id) !== content);
        expect(lost).toEqual([]);
        // Nothing appears twice either.
        expect(new Set(rows.map((r) => r.content)).size).toBe(rows.length);
      } finally {
        await after.close();
      }
    } finally {
      await server.stop();
    }
  });
});
