// One person flooding over several sockets, beside a conversation going on as usual (issue 43, decision 0071): the
// others' messages are all stored, acknowledged and delivered in order; the flooder is refused by name, in the
// language of its page, and every send it was told was stored is stored. Its held sockets are read again one per
// turn of the event loop, so their backlogs (each a few hundred sends, refused at once) never add up in one turn while
// everyone else's deliveries wait behind them. A refusal makes no database statement: the statements made while the
// flood pours are those of what was stored, whatever the number refused.
import diagnostics from "node:diagnostics_channel";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestDatabase } from "../../tests/support/test-db";
import { makePerson, startRealtime, subscribedSockets, type Person } from "../../tests/support/realtime-sockets";
import { startConversation } from "~/messaging/conversations.server";
import { DEFAULT_SAFE_PLAY } from "~/safe-play/safe-play.server";
import { holdSeconds, LONGEST_HOLD_SECONDS, MAX_PENDING_PER_SOCKET } from "./protocol";

const { db, url } = await createTestDatabase();
const BURST = 5;
const PER_SECOND = 2;

let realtime: Awaited<ReturnType<typeof startRealtime>>;
beforeAll(async () => (realtime = await startRealtime(db, url, { MESSAGE_BURST: String(BURST), MESSAGE_RATE_PER_SECOND: String(PER_SECOND) })));
afterAll(() => realtime.close());

async function pair(name: string) {
  const coach = await makePerson(db, "coach", `${name} Coach`);
  const client = await makePerson(db, "client", `${name} Client`, { clientKind: "guardian", dateOfBirth: "1980-05-01" });
  const { id } = await startConversation(db, { id: coach.id, role: "coach" }, client.id, DEFAULT_SAFE_PLAY);
  return { coach, client, conversationId: id };
}

/** A socket that writes sends as fast as the connection takes them and never waits for an answer. */
async function floodingSocket(origin: string, person: Person) {
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/ws`, { headers: { Origin: origin, Cookie: `test_session=${person.token}` } });
  const answers: Array<Record<string, unknown>> = [];
  ws.on("message", (d) => {
    const e = JSON.parse(String(d)) as Record<string, unknown>;
    if (e.type === "ack" || e.type === "error") answers.push(e);
  });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return { ws, answers };
}

const stored = async (conversationId: string) =>
  (await db.execute<{ id: string }>(sql`select id from messages where conversation_id = ${conversationId}`)).rows.map((r) => r.id);

describe("one person flooding from several sockets", () => {
  it("does not hold up another conversation; is refused in its own language; loses nothing it was told was stored", async () => {
    const talk = await pair("Steady");
    const flood = await pair("Flooding");
    const [coach, client] = await subscribedSockets(realtime.origin, [talk.coach, talk.client], talk.conversationId);

    // When held sockets are read again, by turn of this process's event loop (the realtime server runs in it).
    let turn = 0;
    let turning = true;
    const tick = () => {
      turn++;
      if (turning) setImmediate(tick);
    };
    tick();
    const readAgainAt: number[] = [];
    const onFlood = (what: unknown) => void (what === "resumed" && readAgainAt.push(turn));
    diagnostics.subscribe("nlte.realtime.flood", onFlood);

    // Every statement this process sends to PostgreSQL while the flood pours (the realtime server runs in it).
    let statements = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;

    const began = Date.now();
    const flooders = await Promise.all([0, 1, 2].map(() => floodingSocket(realtime.origin, flood.client)));
    let n = 0;
    const pour = setInterval(() => {
      flooders.forEach((f, i) => {
        for (let k = 0; k < 200 && f.ws.readyState === WebSocket.OPEN && f.ws.bufferedAmount < 512 * 1024; k++) {
          const ref = `f${n++}`;
          f.ws.send(
            JSON.stringify({
              type: "send",
              conversationId: flood.conversationId,
              content: `flood ${ref} ${"x".repeat(200)}`,
              ref,
              locale: i === 2 ? "es" : "en",
            }),
          );
        }
      });
    }, 5);

    // Meanwhile the coach writes eight messages, as a page does (each waits for its answer), within their own allowance.
    for (let i = 0; i < 8; i++) {
      coach!.send({ type: "send", conversationId: talk.conversationId, content: `Practice moved, note ${i}`, ref: `c${i}` });
      await coach!.next((e) => (e.type === "ack" || e.type === "error") && e.ref === `c${i}`);
      await new Promise((r) => setTimeout(r, 400));
    }
    // Long enough for the flood's sockets to be held and read again more than once (the allowance refills each second).
    await expect.poll(() => readAgainAt.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    clearInterval(pour);
    pg.Client.prototype.query = query;
    turning = false;
    diagnostics.unsubscribe("nlte.realtime.flood", onFlood);

    // The conversation beside the flood: all eight stored, acknowledged and delivered in order.
    expect(coach!.events.filter((e) => e.type === "error")).toEqual([]);
    await client!.next((e) => e.type === "message" && (e.message as { content: string }).content === "Practice moved, note 7");
    const delivered = client!.events.filter((e) => e.type === "message").map((e) => (e.message as { content: string }).content);
    expect(delivered).toEqual(Array.from({ length: 8 }, (_, i) => `Practice moved, note ${i}`));

    // The flooder: refused by name in its page's language, past its allowance.
    const refusals = flooders.map((f) => f.answers.filter((e) => e.type === "error"));
    expect(refusals.every((r) => r.length > 0 && r.every((e) => typeof e.ref === "string"))).toBe(true);
    expect(new Set(refusals[0]!.map((e) => e.error))).toEqual(new Set(["You are sending messages too quickly. Please wait 1 second and try again."]));
    expect(new Set(refusals[2]!.map((e) => e.error))).toEqual(
      new Set(["Está enviando mensajes demasiado rápido. Espere 1 segundo e inténtelo de nuevo."]),
    );
    // Nothing it was told was stored is missing; and no more was stored than its allowance.
    // Held, not closed: a flood is refused, not cut off.
    expect(flooders.map((f) => f.ws.readyState)).toEqual([WebSocket.OPEN, WebSocket.OPEN, WebSocket.OPEN]);
    for (const f of flooders) f.ws.terminate();
    const acked = flooders.flatMap((f) => f.answers.filter((e) => e.type === "ack").map((e) => (e.message as { id: string }).id));
    const ids = await stored(flood.conversationId);
    expect(ids).toEqual(expect.arrayContaining(acked));
    expect(acked.length).toBeGreaterThanOrEqual(BURST);
    expect(ids.length).toBeLessThanOrEqual(BURST + PER_SECOND * Math.ceil((Date.now() - began) / 1000));

    // No statement for a refusal: a few per stored message (the flooder's and the coach's eight: a batch's statement,
    // its transaction) and a few for the sockets' upkeep, against thousands of refusals (41-43 statements for about
    // 2,500-2,900 refusals in two runs).
    const refused = refusals.flat().length;
    expect(refused).toBeGreaterThan(200);
    expect(statements).toBeLessThan(4 * (acked.length + 8) + 20);

    // Held sockets came due together (the allowance is one person's), yet were read again one per turn.
    expect(readAgainAt.length).toBe(new Set(readAgainAt).size);
    for (const s of [coach, client]) s!.close();
  });
});

describe("how long a socket over its allowance is not read", () => {
  it("is until the next send's refill for a page's refused send, and the longest time for a flood", () => {
    // A page's send refused (the first since its socket was last held, or one of a few): read again at the refill.
    expect(holdSeconds(1, 1)).toBe(1);
    expect(holdSeconds(MAX_PENDING_PER_SOCKET, 2)).toBe(2);
    // Never longer than the longest hold, whatever the wait the refusal states.
    expect(holdSeconds(1, 20)).toBe(LONGEST_HOLD_SECONDS);
    // A read that brought more refused sends than a page ever has waiting (a flood's few hundred): the longest time,
    // so the flood is read a third as often as at each one-second refill (issue 43).
    expect(holdSeconds(MAX_PENDING_PER_SOCKET + 1, 1)).toBe(LONGEST_HOLD_SECONDS);
    expect(holdSeconds(250, 1)).toBe(3);
  });
});
