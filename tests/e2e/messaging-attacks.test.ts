// Issue 17: each attack tried on the messaging, as an automated test. Two app processes share one database
// (limits and ended sessions must hold across processes), with small limits so the tests stay short.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/embedded-postgres";
import { unsafeTextMessage } from "../../app/lib/safe-text";
import { setupBrowser } from "./support/browser";
import { makePerson, openSocket, post, startConversation, useSession, type Person, type RawSocket } from "./support/messaging";
import { startServer, type RunningServer } from "./support/server";
import { waitFor } from "../support/wait-for";

const AUTH_SECRET = crypto.randomBytes(32).toString("hex");
const LIMITS = {
  SIGNIN_LIMIT_PER_IP: "10000",
  SIGNUP_LIMIT_PER_IP: "10000",
  SOCKETS_PER_PERSON: "3",
  MESSAGE_BURST: "5",
  MESSAGE_RATE_PER_SECOND: "0.05",
  ATTACHMENT_QUOTA_MB_PER_DAY: "0.05",
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nlte-attacks-db-"));

let database: EmbeddedDatabase;
let a: RunningServer;
let b: RunningServer;
let sql: pg.Client;
let env: Record<string, string>;
const open = setupBrowser(() => a.url);

beforeAll(async () => {
  database = await startEmbeddedPostgres(dir);
  env = { DATABASE_URL: database.url, AUTH_SECRET, ...LIMITS };
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await a?.stop();
  await b?.stop();
  await database?.stop();
  for (const d of [dir, a?.dataDir, b?.dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

const userId = async (p: Person) => (await sql.query<{ id: string }>("select id from users where email = $1", [p.email])).rows[0]!.id;
const messageCount = async (conversationId: string) =>
  (await sql.query<{ n: number }>("select count(*)::int as n from messages where conversation_id = $1", [conversationId])).rows[0]!.n;

/** A coach and a client with a conversation between them. */
async function pair(name: string) {
  const coach = await makePerson(a.url, `${name} Coach`, { coach: true, env });
  const client = await makePerson(a.url, `${name} Client`, { env });
  const conversationId = await startConversation(a.url, coach, await userId(client));
  return { coach, client, conversationId };
}

/** Resolves with the close code once the socket closes, or null if it is still open after `ms`. */
function closedWithin(s: RawSocket, ms: number): Promise<number | null> {
  if (s.ws.readyState === WebSocket.CLOSED) return Promise.resolve(-1);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(null), ms);
    s.ws.once("close", (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });
}

// First: after the session tests below, the streamed-body refusal was seen to reset the connection without its 413
// (order-dependent, not understood yet; see the issue 17 note).
describe("request bodies", () => {
  it("refuses a 100 MB body by its declared length with 413, before reading it", async () => {
    const res = await rawPost(
      `${a.url}/contact`,
      { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) },
      (req) => {
        req.write("name=x&");
        // The rest never comes: only an answer that did not wait for it arrives.
      },
    );
    expect(res.status).toBe(413);
    expect(res.body).toContain("Request body too large");
  });

  it("refuses a streamed body without a length as soon as it passes the limit", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const res = await rawPost(`${a.url}/contact`, { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" }, (req) => {
      let sent = 0;
      const more = () => {
        // Up to 20 MB, unless the server has answered first.
        while (sent < 320 && !req.destroyed) {
          sent++;
          if (!req.write(chunk)) return void req.once("drain", more);
        }
        req.end();
      };
      more();
    });
    expect(res.status).toBe(413);
  });

  it("refuses an attachment over 10 MB by its length with 413", async () => {
    const { client, conversationId } = await pair("Big File");
    const res = await rawPost(
      `${a.url}/messages/${conversationId}`,
      { Cookie: client.cookie, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(11 * 1024 * 1024) },
      (req) => req.write("--x\r\n"),
    );
    expect(res.status).toBe(413);
  });
});

describe("one client flooding", () => {
  it("is refused past the burst with a clear message, on every socket and both processes, and nothing more is stored after it leaves", async () => {
    const { coach, client, conversationId } = await pair("Flood");
    const sockets = [await openSocket(a.url, client), await openSocket(a.url, client), await openSocket(b.url, client)];
    // 36 sends at once, 12 a socket (within each socket's queue).
    for (let i = 0; i < 36; i++) sockets[i % 3]!.send({ type: "send", conversationId, content: `flood ${i}`, ref: `r${i}` });
    const answers = () => sockets.flatMap((s) => s.events.filter((e) => e.type === "ack" || e.type === "error"));
    // Every send is answered by name (a failure lists the refs still waiting, and on which process).
    const unanswered = () => {
      const answered = new Set(answers().map((e) => e.ref));
      return Array.from({ length: 36 }, (_, i) => `r${i}`)
        .filter((ref) => !answered.has(ref))
        .map((ref) => `${ref} (${Number(ref.slice(1)) % 3 === 2 ? "process b" : "process a"})`);
    };
    await expect.poll(unanswered, { timeout: 15_000 }).toEqual([]);
    expect(answers()).toHaveLength(36);
    const events = sockets.flatMap((s) => s.events);
    expect(events.filter((e) => e.type === "ack").length).toBeLessThanOrEqual(5 + 1);
    const refusals = events.filter((e) => e.type === "error").map((e) => String(e.error));
    expect(refusals.length).toBeGreaterThanOrEqual(30);
    expect(refusals.every((m) => /^You are sending messages too quickly\. Please wait \d+ seconds? and try again\.$/.test(m))).toBe(true);
    for (const s of sockets) s.close();
    const stored = await messageCount(conversationId);
    expect(stored).toBeLessThanOrEqual(6);
    // A sentinel through each process: a send is stored in the order its process took it, so once the coach's
    // messages after the flood are acknowledged on both, anything of the flood still on its way would be stored.
    const coachSockets = [await openSocket(a.url, coach), await openSocket(b.url, coach)];
    coachSockets.forEach((s, i) => s.send({ type: "send", conversationId, content: `sentinel ${i}`, ref: `sentinel-${i}` }));
    await waitFor(() => coachSockets.every((s, i) => s.events.some((e) => e.type === "ack" && e.ref === `sentinel-${i}`)), {
      what: "the coach's sentinel messages to be acknowledged by both processes",
    });
    for (const s of coachSockets) s.close();
    expect(await messageCount(conversationId)).toBe(stored + 2);
  });

  it("refuses sends past the allowance as they arrive, without queueing them, and stops reading that socket for a while", async () => {
    const { client, conversationId } = await pair("Queue");
    const s = await openSocket(a.url, client);
    // About 600 KB: more than the server reads from a connection at once (so some of it waits unread while the
    // socket is held; 500 sends fitted in one read on a busy machine, and were all answered at once).
    const SENDS = 5000;
    for (let i = 0; i < SENDS; i++) s.send({ type: "send", conversationId, content: `queued ${i}`, ref: `q${i}` });
    // Refused at once, by name; the socket stays open (held, not closed) and nothing past the burst is stored.
    await expect
      .poll(() => s.events.filter((e) => e.type === "error" && String(e.error).startsWith("You are sending messages too quickly")).length)
      .toBeGreaterThan(0);
    // A sleep on purpose: holding is not reading for a time (holdOff in server/realtime/protocol.ts); no event says so.
    await new Promise((r) => setTimeout(r, 1000));
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    expect(await messageCount(conversationId)).toBeLessThanOrEqual(5);
    // Held: the sends still unread wait in the connection, unanswered.
    const answered = s.events.filter((e) => e.type === "ack" || e.type === "error").length;
    expect(answered).toBeLessThan(SENDS);
    // It is read again a little at a time, and each send read is answered; none is stored.
    await expect.poll(() => s.events.filter((e) => e.type === "ack" || e.type === "error").length, { timeout: 10_000 }).toBeGreaterThan(answered);
    expect(await messageCount(conversationId)).toBeLessThanOrEqual(5);
    // Cut, not closed: a close frame would queue behind the sends still unread, and the server's stop would wait 30 s
    // for it (the ws library's close timeout) if the tests after this one finish before the server has read them all.
    s.ws.terminate();
  });

  it("closes a socket whose requests come faster than they are served, instead of queueing without end", async () => {
    const { client, conversationId } = await pair("Busy");
    const s = await openSocket(a.url, client);
    const closed = closedWithin(s, 10_000);
    for (let i = 0; i < 500; i++) s.send({ type: "read", conversationId });
    expect(await closed).toBe(4008);
    expect(s.events.some((e) => e.type === "error" && String(e.error).startsWith("Too many messages at once"))).toBe(true);
  });

  it("caps one person's sockets across processes", async () => {
    const { client } = await pair("Sockets");
    const held = [await openSocket(a.url, client), await openSocket(b.url, client), await openSocket(a.url, client)];
    await expect(openSocket(b.url, client)).rejects.toThrow("refused: 429");
    await expect(openSocket(a.url, client)).rejects.toThrow("refused: 429");
    held[0]!.close();
    await closedWithin(held[0]!, 2000);
    await expect
      .poll(async () => {
        try {
          const s = await openSocket(b.url, client);
          held.push(s);
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
    for (const s of held) s.close();
  });

  it("shows the refusal in the composer and gives the text back", async () => {
    const { client, conversationId } = await pair("Composer Flood");
    const c = await open();
    await useSession(c.context, a.url, client);
    await c.visit(`/messages/${conversationId}`);
    const box = c.page.getByPlaceholder("Type a message...");
    await c.page.getByText("No messages yet").waitFor();
    // Sends one after another until one is refused: the burst allows five, and the allowance refills one send every
    // 20 s. Each send waits until it is stored or refused, so however slowly this machine goes (a burst of six once
    // took longer than a refill), the refusal comes, after five sends or a few more.
    const refusal = c.page.getByRole("alert").filter({ hasText: /You are sending messages too quickly\. Please wait \d+ seconds? and try again\./ });
    let sent = 0;
    for (;;) {
      expect(sent, "sends stored before the refusal").toBeLessThan(12);
      await box.fill(`quick ${sent}`);
      await box.press("Enter");
      const outcome = await waitFor(async () => ((await refusal.count()) > 0 ? "refused" : (await messageCount(conversationId)) > sent && "stored"), {
        timeout: 30_000,
        what: `quick ${sent} to be stored or refused`,
      });
      if (outcome === "refused") break;
      sent++;
    }
    expect(sent, "the burst").toBeGreaterThanOrEqual(5);
    expect(await messageCount(conversationId)).toBe(sent);
    // The refused text is given back.
    await expect.poll(() => box.inputValue()).toBe(`quick ${sent}`);
  });
});

describe("sessions end everywhere", () => {
  it("signing out closes that session's sockets on every process within 2 seconds; they can no longer hear or send", async () => {
    const { coach, client, conversationId } = await pair("Signout");
    const onA = await openSocket(a.url, client);
    const onB = await openSocket(b.url, client);
    for (const s of [onA, onB]) s.send({ type: "subscribe", conversationId });
    await expect.poll(() => [onA, onB].every((s) => s.events.some((e) => e.type === "subscribed"))).toBe(true);
    const closes = [closedWithin(onA, 2000), closedWithin(onB, 2000)];
    const out = await post(a.url, "/signout", client, {});
    expect(out.status).toBe(302);
    expect(await Promise.all(closes)).toEqual([4401, 4401]);
    // Nothing reaches them any more.
    await post(a.url, `/messages/${conversationId}`, coach, { intent: "send", content: "after sign-out" });
    expect([...onA.events, ...onB.events].some((e) => e.type === "message")).toBe(false);
    await expect(openSocket(a.url, client)).rejects.toThrow("refused: 401");
  });

  it("'sign out everywhere' (every session of the person removed) closes all their sockets, and another person's stay open", async () => {
    const { coach, client } = await pair("Everywhere");
    const mine = [await openSocket(a.url, client), await openSocket(b.url, { ...client, cookie: (await makeSecondSession(client)).cookie })];
    const theirs = await openSocket(b.url, coach);
    const closes = mine.map((s) => closedWithin(s, 2000));
    await sql.query("delete from sessions where user_id = $1", [await userId(client)]);
    expect(await Promise.all(closes)).toEqual([4401, 4401]);
    expect(await closedWithin(theirs, 500)).toBeNull();
    theirs.close();
  });

  it("a session that expires closes its sockets within 2 seconds of expiring", async () => {
    const { client } = await pair("Expiry");
    const s = await openSocket(b.url, client);
    const closed = closedWithin(s, 5000);
    const t0 = Date.now();
    // Its expiry is brought forward (as an operator shortening sessions would); nothing deletes it.
    await sql.query("update sessions set expires_at = now() + interval '2 seconds' where user_id = $1", [await userId(client)]);
    expect(await closedWithin(s, 1000)).toBeNull();
    expect(await closed).toBe(4401);
    expect(Date.now() - t0).toBeLessThan(4000);
  });
});

/** A second signed-in session for the same person (another device). */
async function makeSecondSession(p: Person) {
  const token = crypto.randomBytes(24).toString("base64url");
  await sql.query("insert into sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')", [
    crypto.randomUUID(),
    token,
    await userId(p),
  ]);
  return { cookie: signedSessionCookie(token) };
}

/** The cookie Better Auth sets for a session token: the token signed with AUTH_SECRET. */
function signedSessionCookie(token: string) {
  const signature = crypto.createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `nlte.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** A raw HTTP request whose body is sent (or not) by hand; resolves with the status and how long it took. */
function rawPost(
  url: string,
  headers: Record<string, string>,
  write: (req: http.ClientRequest) => void,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const req = http.request(url, { method: "POST", agent: false, headers: { Origin: new URL(url).origin, ...headers } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      const done = () => {
        resolve({ status: res.statusCode!, body, ms: Date.now() - t0 });
        req.destroy();
      };
      res.on("end", done);
      res.on("close", done);
    });
    // The server closes a refused upload while it is still being sent: that is expected once the answer came.
    req.on("error", (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EPIPE" && code !== "ECONNRESET") reject(err);
      else setTimeout(() => reject(new Error(`connection ${code} with no answer`)), 2000);
    });
    write(req);
  });
}

describe("attachments that pretend", () => {
  const PDF = Buffer.from("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF");
  async function upload(p: Person, conversationId: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.set("intent", "send");
    form.set("content", "");
    form.set("file", new File([new Uint8Array(bytes)], name, { type: "text/html" }));
    return fetch(`${a.url}/messages/${conversationId}`, {
      method: "POST",
      headers: { Origin: a.url, Cookie: p.cookie },
      body: form,
      redirect: "manual",
    });
  }

  it("stores a PDF named invoice.html as invoice.pdf and serves it only as a private download", async () => {
    const { coach, client, conversationId } = await pair("Invoice");
    const res = await upload(client, conversationId, "invoice.html", PDF);
    expect(res.status).toBe(200);
    const { rows } = await sql.query<{ id: string; file_name: string }>("select id, file_name from attachments where conversation_id = $1", [
      conversationId,
    ]);
    expect(rows.map((r) => r.file_name)).toEqual(["invoice.pdf"]);
    const dl = await fetch(`${a.url}/messages/${conversationId}/attachments/${rows[0]!.id}`, { headers: { Cookie: coach.cookie } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename="invoice\.pdf"/);
    expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(dl.headers.get("cache-control")).toBe("private, no-store");
  });

  it("strips a right-to-left override that disguises the extension", async () => {
    const { client, conversationId } = await pair("Override");
    expect((await upload(client, conversationId, "report\u202Efdp.exe", PDF)).status).toBe(200);
    const { rows } = await sql.query<{ file_name: string }>("select file_name from attachments where conversation_id = $1", [conversationId]);
    expect(rows[0]!.file_name).toBe("reportfdp.pdf");
    expect(rows[0]!.file_name).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it("refuses attachments past the day's quota with a clear message, storing nothing more", async () => {
    const { client, conversationId } = await pair("Quota");
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(30 * 1024)]);
    expect((await upload(client, conversationId, "one.pdf", big)).status).toBe(200);
    const second = await upload(client, conversationId, "two.pdf", big);
    expect(second.status).toBe(429);
    expect(await second.text()).toContain("You have sent as many files as you can today. Please try again tomorrow.");
    const { rows } = await sql.query<{ n: number }>("select count(*)::int as n from attachments where conversation_id = $1", [conversationId]);
    expect(rows[0]!.n).toBe(1);
  });
});

describe("bad input", () => {
  it("answers a NUL byte in a registration with 400 and a message beside the field; the log holds none of the form", async () => {
    const before = a.output().length;
    const res = await fetch(`${a.url}/programs/registration`, {
      method: "POST",
      headers: { Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        studentName: "Zora\u0000Quill",
        age: "9",
        skillLevel: "Beginner",
        programInterest: "Junior Development",
        parentName: "Marlowe Quill",
        email: "marlowe.quill@example.com",
        phone: "(202) 555-0188",
        emergencyContact: "Aunt Philippa 202-555-0177",
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(unsafeTextMessage());
    // The request's own line comes once it is answered, after anything else the server wrote about it.
    await waitFor(() => a.output().slice(before).includes('"method":"POST","path":"/programs/registration","status":400'), {
      what: "the request log's line for the refused registration",
    });
    const log = a.output().slice(before);
    for (const secret of ["Zora", "Quill", "marlowe", "555-0188", "Philippa"]) expect(log).not.toContain(secret);
  });

  it("answers invalid Unicode and NUL in a message, by form and by socket, with the field's message, storing nothing", async () => {
    const { client, conversationId } = await pair("Unicode");
    const viaForm = await post(a.url, `/messages/${conversationId}`, client, { intent: "send", content: "hello\u0000there" });
    expect(viaForm.status).toBe(400);
    expect(await viaForm.text()).toContain(unsafeTextMessage());
    const s = await openSocket(a.url, client);
    s.send({ type: "send", conversationId, content: "broken \ud800 surrogate", ref: "u1" });
    await expect.poll(() => s.events.find((e) => e.ref === "u1")).toMatchObject({ type: "error", error: unsafeTextMessage() });
    s.close();
    expect(await messageCount(conversationId)).toBe(0);
    const log = a.output();
    expect(log).not.toContain("hello\u0000there");
  });
});

describe("the composer", () => {
  it("keeps what was typed while the previous send completes", async () => {
    const { client, conversationId } = await pair("Typing");
    const c = await open();
    await useSession(c.context, a.url, client);
    await c.visit(`/messages/${conversationId}`);
    const box = c.page.getByPlaceholder("Type a message...");
    await box.fill("reply 0");
    await box.press("Enter");
    await box.pressSequentially("next thought 0");
    await c.page.getByText("reply 0", { exact: true }).waitFor();
    // The send has completed once the composer stops saying "Sending..." (the server's answer came, and was used).
    await c.page.getByRole("status").filter({ hasText: "Sending..." }).waitFor({ state: "detached" });
    expect(await box.inputValue()).toBe("next thought 0");
    expect(await messageCount(conversationId)).toBe(1);
  });
});

describe("a long conversation", () => {
  it("opens on its latest 50 of 70,000 messages, loads older ones when scrolled up, and keeps the reading position", async () => {
    const { coach, client, conversationId } = await pair("Long");
    const [coachId, clientId] = [await userId(coach), await userId(client)];
    // History seeded in one statement, with the per-message triggers off (they would schedule 70,000 read-already
    // notices): what is measured is opening and paging the conversation, not sending to it.
    await sql.query("set session_replication_role = replica");
    await sql.query(
      `insert into messages (conversation_id, sender_id, content, created_at)
       select $1, case when n % 2 = 0 then $2 else $3 end, 'Long message ' || n, now() - make_interval(secs => 70000 - n)
       from generate_series(1, 70000) n`,
      [conversationId, coachId, clientId],
    );
    await sql.query("set session_replication_role = origin");
    const t0 = Date.now();
    const res = await fetch(`${a.url}/messages/${conversationId}`, { headers: { Cookie: client.cookie } });
    const html = await res.text();
    const took = Date.now() - t0;
    expect(res.status).toBe(200);
    expect(html).toContain("Long message 70000");
    expect(html).toContain("Long message 69951");
    expect(html).not.toContain("Long message 69950<");
    expect(html.length).toBeLessThan(400_000);
    expect(took, "opening is not a timed test; this only catches a return to loading everything").toBeLessThan(15_000);

    const c = await open();
    await useSession(c.context, a.url, client);
    await c.visit(`/messages/${conversationId}`);
    const items = c.page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(50);
    const anchor = c.page.getByText("Long message 69951", { exact: true });
    await c.page.getByLabel("Message history").evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(100);
    await c.page.getByText("Long message 69901", { exact: true }).waitFor();
    // The message that was at the top is still in view: the list did not jump to the oldest.
    expect(await anchor.isVisible()).toBe(true);
    const box = await anchor.boundingBox();
    expect(box!.y).toBeGreaterThan(0);
  });

  it("works without JavaScript: 'Show earlier messages' opens the page before", async () => {
    const { client, conversationId } = await pair("Long NoJS");
    const clientId = await userId(client);
    await sql.query(
      `insert into messages (conversation_id, sender_id, content, created_at)
       select $1, $2, 'Page message ' || n, now() - make_interval(secs => 200 - n) from generate_series(1, 120) n`,
      [conversationId, clientId],
    );
    const html = await (await fetch(`${a.url}/messages/${conversationId}`, { headers: { Cookie: client.cookie } })).text();
    const href = /href="([^"]*before=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBeDefined();
    const older = await (await fetch(`${a.url}${href}`, { headers: { Cookie: client.cookie } })).text();
    expect(older).toContain("Page message 21");
    expect(older).toContain("Page message 70");
    expect(older).not.toContain("Page message 71<");
    expect(older).toContain("Show the latest messages");
  });
});
