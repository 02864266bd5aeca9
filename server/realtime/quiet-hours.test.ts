// Quiet hours over real sockets (Safe Play, decision 0022, issue 24): the realtime server attached to a real HTTP
// server and a real PostgreSQL (its LISTEN connection included), with the clock fixed through SAFE_PLAY_NOW. At 21:00
// a coach typing or reading in a coach-minor-guardian conversation reaches the guardian and not the minor; at 14:00
// it reaches both. Only the session lookup is stood in for (as in tests/support/route-context.ts): it reads the
// sessions table, so the hub's own session checks see real rows.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { sessions, users } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import { loadConfig } from "../config";
import type { AppServices } from "../context";
import { attachRealtime } from "./index";
import type { SafePlaySettings } from "~/auth/safe-play.server";
import { parseQuietHours } from "~/lib/safe-play";
import { startConversation } from "~/models/conversations.server";
import { confirmHousehold, getHouseholdOf, joinAsGuardian } from "~/models/family.server";

const { db, url } = await createTestDatabase();
const NY = "America/New_York";
const AFTERNOON = "2026-06-15T14:00:00-04:00";
const NIGHT = "2026-06-15T21:00:00-04:00";
const afternoon: SafePlaySettings = { timeZone: NY, quietHours: parseQuietHours("20:00-08:00")!, clock: () => new Date(AFTERNOON) };

type Person = { id: string; token: string };

async function makePerson(role: "client" | "coach", fullName: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Person> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: `${id}@example.com`, fullName, role, ...extra });
  const token = crypto.randomBytes(16).toString("hex");
  await db.insert(sessions).values({ id: crypto.randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 3600_000) });
  return { id, token };
}

/** Better Auth's getSession, stood in for: the session whose token the cookie carries, read from the database. */
async function sessionFor(headers: Headers) {
  const token = /(?:^|;\s*)test_session=([0-9a-f]+)/.exec(headers.get("cookie") ?? "")?.[1];
  if (!token) return null;
  const { rows } = await db.execute<{ id: string; user_id: string; expires_at: Date }>(
    sql`select id, user_id, expires_at from sessions where token = ${token} and expires_at > now()`,
  );
  const s = rows[0];
  return s ? { user: { id: s.user_id }, session: { id: s.id, expiresAt: s.expires_at } } : null;
}

/** The realtime server of one app process, whose Safe Play clock reads `now`. */
async function startRealtime(now: string) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: origin, ORG_TIME_ZONE: NY, SAFE_PLAY_NOW: now });
  const auth = { api: { getSession: ({ headers }: { headers: Headers }) => sessionFor(headers) } };
  const realtime = attachRealtime(server, { db, config, auth, secret: "s".repeat(32) } as unknown as AppServices, url);
  await realtime.ready;
  return {
    origin,
    close: async () => {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Socket = {
  events: Array<Record<string, unknown>>;
  send: (e: unknown) => void;
  next: (match: (e: Record<string, unknown>) => boolean) => Promise<void>;
};

async function openSocket(origin: string, person: Person): Promise<Socket> {
  const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/ws`, { headers: { Origin: origin, Cookie: `test_session=${person.token}` } });
  const events: Array<Record<string, unknown>> = [];
  const waiting = new Set<() => void>();
  ws.on("message", (d) => {
    events.push(JSON.parse(String(d)) as Record<string, unknown>);
    for (const check of waiting) check();
  });
  const socket: Socket = {
    events,
    send: (e) => ws.send(JSON.stringify(e)),
    next: (match) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such event; got ${JSON.stringify(events)}`)), 5000);
        const check = () => {
          if (!events.some(match)) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
  };
  await socket.next((e) => e.type === "ready");
  return socket;
}

// A coach, and a 15-year-old whose guardian is in the family staff confirmed: the conversation the coach starts has
// all three in it.
const coach = await makePerson("coach", "Cora Coach");
const parent = await makePerson("client", "Pat Parent", { clientKind: "guardian", dateOfBirth: "1980-05-01" });
const minor = await makePerson("client", "Max Minor", { clientKind: "athlete", dateOfBirth: "2011-03-04" });
await db.transaction((tx) => joinAsGuardian(tx, { athleteId: minor.id, guardianId: parent.id, actorId: parent.id, how: "test" }, afternoon));
const household = await getHouseholdOf(db, minor.id);
await confirmHousehold(db, household!.householdId, coach.id, "met at the evaluation");
const { id: conversationId } = await startConversation(db, { id: coach.id, role: "coach" }, minor.id, afternoon);

async function subscribedSockets(origin: string) {
  const [c, g, m] = await Promise.all([coach, parent, minor].map((p) => openSocket(origin, p)));
  for (const s of [c!, g!, m!]) {
    s.send({ type: "subscribe", conversationId });
    await s.next((e) => e.type === "subscribed" && e.conversationId === conversationId);
  }
  return { coachSocket: c!, parentSocket: g!, minorSocket: m! };
}

const typingOf = (person: Person) => (e: Record<string, unknown>) =>
  e.type === "typing" && e.conversationId === conversationId && e.userId === person.id;
const readBy = (person: Person) => (e: Record<string, unknown>) =>
  e.type === "read" && e.conversationId === conversationId && e.readerId === person.id;

describe("at 21:00 (quiet hours)", () => {
  let realtime: Awaited<ReturnType<typeof startRealtime>>;
  beforeAll(async () => (realtime = await startRealtime(NIGHT)));
  afterAll(() => realtime.close());

  it("a coach's typing and reading reach the guardian, not the minor; the family's reach everyone", async () => {
    const { coachSocket, parentSocket, minorSocket } = await subscribedSockets(realtime.origin);

    coachSocket.send({ type: "typing", conversationId });
    await parentSocket.next(typingOf(coach));
    // The guardian types after the coach's signal was handed out: once the minor has the guardian's, the coach's would
    // have come before it on the same socket, had it been sent.
    parentSocket.send({ type: "typing", conversationId });
    await minorSocket.next(typingOf(parent));
    await coachSocket.next(typingOf(parent));
    expect(minorSocket.events.filter(typingOf(coach))).toEqual([]);

    // The guardian writes (families are never held by quiet hours); the coach reads it, which is presence too.
    parentSocket.send({ type: "send", ref: "r1", conversationId, content: "Is practice on tomorrow?" });
    await parentSocket.next((e) => e.type === "ack" && e.ref === "r1");
    await coachSocket.next((e) => e.type === "message");
    coachSocket.send({ type: "read", conversationId });
    await parentSocket.next(readBy(coach));
    parentSocket.send({ type: "send", ref: "r2", conversationId, content: "Thanks!" });
    await minorSocket.next((e) => e.type === "message" && (e.message as { content: string }).content === "Thanks!");
    expect(minorSocket.events.filter(readBy(coach))).toEqual([]);
    // The minor's own typing still reaches the coach: the rule is about what a minor is shown.
    minorSocket.send({ type: "typing", conversationId });
    await coachSocket.next(typingOf(minor));
  });
});

describe("at 14:00", () => {
  let realtime: Awaited<ReturnType<typeof startRealtime>>;
  beforeAll(async () => (realtime = await startRealtime(AFTERNOON)));
  afterAll(() => realtime.close());

  it("a coach's typing and reading reach the guardian and the minor", async () => {
    const { coachSocket, parentSocket, minorSocket } = await subscribedSockets(realtime.origin);
    coachSocket.send({ type: "typing", conversationId });
    await Promise.all([parentSocket.next(typingOf(coach)), minorSocket.next(typingOf(coach))]);

    minorSocket.send({ type: "send", ref: "r3", conversationId, content: "See you at 4" });
    await coachSocket.next((e) => e.type === "message" && (e.message as { content: string }).content === "See you at 4");
    coachSocket.send({ type: "read", conversationId });
    await Promise.all([parentSocket.next(readBy(coach)), minorSocket.next(readBy(coach))]);
  });
});
