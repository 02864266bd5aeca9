// Safe Play's read rule on the open page (issue 37): a staff member's page hears a conversation live over the site's
// socket, and what the rule reads can change while it stays open. The model keeps one real socket for each staff
// member on a real realtime server of the site (server/realtime: the upgrade, the protocol's subscribe, the hub and its
// re-check of the read rule on every safety-version announcement, read-rechecks.ts), handed in from outside the app
// (decision 0053: tests/support/safe-play-outside.ts). After every step that changed something:
//   - once everything announced before now has reached each socket (a message of the model's own, in a conversation
//     of all staff with an adult, heard by every socket after whatever was announced before it), a socket subscribed
//     to a conversation the oracle now forbids its staff member to read must have been told "withheld" (and heard
//     nothing of a conversation the oracle forbade before the step);
//   - every staff member of a conversation of the run whose socket is not subscribed asks to be: subscribed where the
//     oracle forbids reading is a break (the protocol's own read check), subscribed where it allows is kept.
// The families' pages too (decision 0074): each person of the run with a login who is in a conversation with staff has
// a socket, subscribed to it. Before the barrier, each family page types and writes there, then each staff member's
// page marks it read (subscribed or not: the request does not need a subscription) and, when subscribed, types.
// Door "activity": a family page of a person the oracle holds to be a minor is told a staff member is typing or
// reading where the oracle keeps that staff member from the minor, or during quiet hours (the model's clock:
// clock-actions.ts); a staff member's page the oracle keeps from a conversation is told a family's typing or reading.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { conversationParticipants, conversations, messages, sessions, users } from "../../db/schema";
import { announce, createMessage } from "~/messaging/index.server";
import { inQuietHours } from "~/safe-play/safe-play";
import { STAFF, type StaffLabel } from "./cast";
import type { Site, World } from "./model";

/** A page's socket, as the outside hands it: every event it heard (oldest first), and a wait for one. */
export type LiveSocket = {
  events: Array<Record<string, unknown>>;
  send: (e: unknown) => void;
  /** Waits until an event that matches has arrived (rejects after a few seconds). */
  next: (match: (e: Record<string, unknown>) => boolean) => Promise<void>;
  close: () => void;
  /** Whether it is still open (a person's sockets close when their sessions end: an account deleted). */
  isOpen: () => boolean;
};
/**
 * A realtime server of the site on the model's database: sockets of people with a live session (`token`), and its
 * hub's midnight (what its timer runs at each midnight of Safe Play's clock), run when the model's clock crosses one.
 */
export type Realtime = {
  origin: string;
  openSocket: (person: { id: string; token: string }) => Promise<LiveSocket>;
  midnight: () => void;
  close: () => Promise<void>;
};
/** Starts one (with the time zone of the site's settings: `env`), on the model's Safe Play clock. */
export type StartRealtime = (db: Site["db"], env: Record<string, string>, clock: () => Date) => Promise<Realtime>;
/** A family member's open page: their socket and the run's conversations it is subscribed to. */
export type FamilyPage = { socket: LiveSocket; conversations: Set<string> };

/** The staff's sockets and the conversation the barrier messages go to, made with the staff (site.shared). */
export type LiveStaff = { sockets: Record<StaffLabel, LiveSocket>; barrier: { conversationId: string; senderId: string }; beats: number };

const NO_LIMITS = { burst: 1e9, perSecond: 1e9, attachmentBytesPerDay: 1e9 };

/** A session of a day for each staff member, their socket, and the conversation of all staff with an adult (barrier). */
export async function openStaffSockets(site: Site, realtime: Realtime, staff: Record<StaffLabel, string>): Promise<LiveStaff> {
  const tag = crypto.randomBytes(5).toString("hex");
  const senderId = crypto.randomUUID();
  await site.db.insert(users).values({
    id: senderId,
    email: `barrier-${tag}@example.com`,
    fullName: "Barrier Adult",
    role: "client",
    emailVerified: true,
    clientKind: "guardian",
    dateOfBirth: "1980-03-04",
    kindAnswered: true,
  });
  // Not a conversation a page makes (a staff group): only the model's own messages go there, so that every socket
  // hears one after everything announced before it. No minor is in it, so no rule keeps anyone from it.
  const conversationId = crypto.randomUUID();
  await site.db.insert(conversations).values({ id: conversationId, title: "Safe Play model: barrier", type: "group" });
  await site.db.insert(conversationParticipants).values([senderId, ...STAFF.map((l) => staff[l])].map((userId) => ({ conversationId, userId })));
  const sockets = {} as Record<StaffLabel, LiveSocket>;
  for (const label of STAFF) {
    const token = crypto.randomBytes(16).toString("hex");
    await site.db.insert(sessions).values({ id: crypto.randomUUID(), token, userId: staff[label], expiresAt: new Date(Date.now() + 24 * 3600_000) });
    sockets[label] = await realtime.openSocket({ id: staff[label], token });
    await subscribe(sockets[label], conversationId);
  }
  return { sockets, barrier: { conversationId, senderId }, beats: 0 };
}

/** Asks the socket to subscribe: true when the site answered "subscribed", false when it answered with an error. */
async function subscribe(socket: LiveSocket, conversationId: string): Promise<boolean> {
  const from = socket.events.length;
  const answer = (e: Record<string, unknown>) => e.conversationId === conversationId && (e.type === "subscribed" || e.type === "error");
  socket.send({ type: "subscribe", conversationId });
  await socket.next(() => socket.events.slice(from).some(answer));
  return socket.events.slice(from).find(answer)!.type === "subscribed";
}

/**
 * Everything announced before now has reached every staff and family socket: each hears the model's next barrier
 * message (the staff's in their conversation with an adult, the families' in the run's own).
 */
async function barrier(w: World, live: LiveStaff) {
  const words = `barrier ${++live.beats} ${w.run}`;
  const heard = (e: Record<string, unknown>) => e.type === "message" && (e.message as { content?: string } | undefined)?.content === words;
  const sent = await createMessage(w.db, { conversationId: live.barrier.conversationId, senderId: live.barrier.senderId, content: words }, NO_LIMITS);
  if (!sent.ok) throw new Error(`the model's barrier message was refused: ${JSON.stringify(sent)}`);
  if (w.live.familyBarrier) {
    // The families' barrier holds minors whose guardians may not be in it (Safe Play refuses every sender there): the
    // model's own message is written and announced as a send would, without the rule (nobody reads it but the model).
    const [row] = await w.db
      .insert(messages)
      .values({ conversationId: w.live.familyBarrier, senderId: live.barrier.senderId, content: words })
      .returning({ id: messages.id });
    await announce(w.db, { kind: "message", conversationId: w.live.familyBarrier, id: row!.id });
  }
  const families = [...w.live.family.values()].map((f) => f.socket);
  await Promise.all([...STAFF.map((l) => live.sockets[l]), ...families].map((socket) => socket.next((e) => heard(e))));
}

/** A conversation of the run with staff in it: who is in it. */
type RunConversation = { conversationId: string; ids: string[] };

/**
 * The open pages of the run's people with a login in these conversations: a session and a socket each (once a run),
 * in the run's barrier conversation, subscribed to each conversation of theirs.
 */
async function openFamilyPages(w: World, live: LiveStaff, withStaff: RunConversation[]) {
  // A page whose socket the site closed (the person's account deleted, their sessions ended) acts and hears no more.
  for (const [id, page] of w.live.family) {
    if (page.socket.isOpen() && !w.byId.get(id)?.deleted) continue;
    page.socket.close();
    w.live.family.delete(id);
  }
  const realtime = w.site.realtime;
  const candidates = [...new Set(withStaff.flatMap((c) => c.ids))].filter((id) => {
    const p = w.byId.get(id);
    return p && !p.staff && !p.deleted;
  });
  if (!realtime || candidates.length === 0) return;
  const { rows } = await w.db.execute<{ id: string }>(sql`select u.id from users u where u.id = any(${`{${candidates.join(",")}}`}::text[])
    and u.deleted_at is null and exists (select 1 from accounts a where a.user_id = u.id)`);
  for (const { id } of rows) {
    let page = w.live.family.get(id);
    if (!page) {
      const token = crypto.randomBytes(16).toString("hex");
      await w.db.insert(sessions).values({ id: crypto.randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 3600_000) });
      if (!w.live.familyBarrier) {
        w.live.familyBarrier = crypto.randomUUID();
        await w.db.insert(conversations).values({ id: w.live.familyBarrier, title: "Safe Play model: family barrier", type: "group" });
        await w.db.insert(conversationParticipants).values({ conversationId: w.live.familyBarrier, userId: live.barrier.senderId });
      }
      await w.db.insert(conversationParticipants).values({ conversationId: w.live.familyBarrier, userId: id });
      page = { socket: await realtime.openSocket({ id, token }), conversations: new Set() };
      w.live.family.set(id, page);
      await subscribe(page.socket, w.live.familyBarrier);
    }
    for (const c of withStaff)
      if (c.ids.includes(id) && !page.conversations.has(c.conversationId) && (await subscribe(page.socket, c.conversationId)))
        page.conversations.add(c.conversationId);
  }
}

/**
 * What the open pages do before the barrier: each family page types and writes in its conversations (a message staff
 * may mark read), then each staff member's page marks each of its conversations read and types where subscribed. Each
 * socket's requests are answered in order, so the last answer (a send's, a subscription's) means all were handled.
 */
async function pagesAct(w: World, live: LiveStaff, pairs: Array<{ label: StaffLabel; conversationId: string }>) {
  await Promise.all(
    [...w.live.family.values()].map(async (page) => {
      for (const conversationId of page.conversations) {
        const ref = crypto.randomBytes(6).toString("hex");
        page.socket.send({ type: "typing", conversationId });
        page.socket.send({ type: "send", conversationId, content: "are you there?", ref });
        await page.socket.next((e) => e.ref === ref);
      }
    }),
  );
  await Promise.all(
    STAFF.map(async (label) => {
      const mine = pairs.filter((p) => p.label === label);
      if (mine.length === 0) return;
      for (const { conversationId } of mine) {
        live.sockets[label].send({ type: "read", conversationId });
        if (w.live.subscribed.has(key(label, conversationId))) live.sockets[label].send({ type: "typing", conversationId });
      }
      await subscribe(live.sockets[label], live.barrier.conversationId);
    }),
  );
}

/** Who a typing or read signal is about. */
const actorOf = (e: Record<string, unknown>) => (e.type === "typing" ? String(e.userId) : e.type === "read" ? String(e.readerId) : null);

/** Door "activity", on the families' pages: a staff member's typing or reading told to a minor it may not reach. */
function judgeFamilyPages(w: World, heard: Map<string, Array<Record<string, unknown>>>, withStaff: RunConversation[]) {
  if (w.options.ignore.has("activity")) return;
  const s = w.site.settings;
  const quiet = inQuietHours(w.site.clock.now, s.timeZone, s.quietHours);
  for (const [listenerId, events] of heard) {
    const listener = w.byId.get(listenerId);
    if (!listener || !w.oracleMinor(listener)) continue;
    for (const e of events) {
      const actor = w.byId.get(actorOf(e) ?? "");
      const conversation = withStaff.find((c) => c.conversationId === e.conversationId);
      if (!actor?.staff || !conversation) continue;
      const f = w.forbidden(actor, conversation.ids);
      if (f || quiet)
        w.fail(
          "activity",
          "activity",
          `${listener.label}'s open page is told ${actor.label} is ${e.type === "typing" ? "typing" : "reading"} in a thread with ${w.names(conversation.ids)}: ${f ? f.why : "it is quiet hours"}`,
        );
    }
  }
}

/**
 * After the model's midnight (clock-actions.ts): the hub's re-check runs on its own, not in the order of
 * announcements, so the model waits (a few seconds at most) for the "withheld" of each page the oracle now keeps out.
 * checkLive then judges as after any step.
 */
export async function awaitRechecks(w: World) {
  const live = w.site.shared?.live;
  if (!live) return;
  for (const k of w.live.subscribed) {
    const [label, conversationId] = k.split(" ") as [StaffLabel, string];
    const { rows } = await w.db.execute<{ user_id: string }>(
      sql`select user_id from conversation_participants where conversation_id = ${conversationId}`,
    );
    if (
      !w.forbidden(
        w.people.get(label)!,
        rows.map((r) => r.user_id),
      )
    )
      continue;
    const told = (e: Record<string, unknown>) => (e.type === "withheld" || e.type === "removed") && e.conversationId === conversationId;
    await live.sockets[label].next(told).catch(() => undefined);
  }
}

const key = (label: string, conversationId: string) => `${label} ${conversationId}`;

/** The live check after a step (see the top of this file): breaks through the door "read". */
export async function checkLive(w: World) {
  const live = w.site.shared?.live;
  if (!live || w.options.live === false) return;
  // Who of staff is in which conversation of the run.
  const pairs: Array<{ label: StaffLabel; conversationId: string; ids: string[] }> = [];
  for (const conversationId of w.conversations) {
    if (conversationId === live.barrier.conversationId) continue;
    const { rows } = await w.db.execute<{ user_id: string }>(
      sql`select user_id from conversation_participants where conversation_id = ${conversationId}`,
    );
    const ids = rows.map((r) => r.user_id);
    for (const label of STAFF) if (ids.includes(w.people.get(label)!.id)) pairs.push({ label, conversationId, ids });
  }
  if (pairs.length === 0 && w.live.subscribed.size === 0) return;
  const withStaff = [...new Map(pairs.map((p) => [p.conversationId, { conversationId: p.conversationId, ids: p.ids }])).values()];
  await openFamilyPages(w, live, withStaff);
  await pagesAct(w, live, pairs);
  await barrier(w, live);
  const heard = Object.fromEntries(STAFF.map((l) => [l, live.sockets[l].events.splice(0)])) as Record<StaffLabel, Array<Record<string, unknown>>>;
  const familyHeard = new Map([...w.live.family].map(([id, page]) => [id, page.socket.events.splice(0)]));
  judgeFamilyPages(w, familyHeard, withStaff);
  const forbiddenNow = new Set<string>();
  for (const { label, conversationId, ids } of pairs) {
    const st = w.people.get(label)!;
    const k = key(label, conversationId);
    const events = heard[label].filter(
      (e) => e.conversationId === conversationId || (e.message as { conversationId?: string })?.conversationId === conversationId,
    );
    const f = w.forbidden(st, ids);
    if (f) forbiddenNow.add(k);
    const message = events.find((e) => e.type === "message");
    if (message && w.live.forbidden.has(k) && !w.options.ignore.has("read"))
      w.fail("read", "read", `${label}'s open page heard a message in a thread with ${w.names(ids)} it was already kept from`);
    const withheld = events.some((e) => e.type === "withheld" || e.type === "removed");
    if (withheld) w.live.told.push(k);
    // A family's typing or reading after the page was kept out (or while it was): told to a page that may not read.
    const lastTold = events.findLastIndex((e) => e.type === "withheld" || e.type === "removed");
    const signal = events.slice(lastTold + 1).find((e) => {
      const actor = w.byId.get(actorOf(e) ?? "");
      return actor && !actor.staff;
    });
    if (f && signal && (lastTold >= 0 || !w.live.subscribed.has(k)) && !w.options.ignore.has("activity"))
      w.fail(
        "activity",
        "activity",
        `${label}'s open page is told ${w.names([actorOf(signal)!])} is ${signal.type === "typing" ? "typing" : "reading"} in a thread with ${w.names(ids)}: ${f.why}`,
      );
    if (w.live.subscribed.has(k)) {
      if (f && !withheld && !w.options.ignore.has("read"))
        w.fail("read", "read", `${label}'s open page still hears a thread with ${w.names(ids)} (no "withheld"): ${f.why}`);
      if (withheld || f) w.live.subscribed.delete(k);
    }
    if (w.live.subscribed.has(k)) continue;
    // The page opened (or reopened after "withheld"): the protocol asks the read rule.
    if (await subscribe(live.sockets[label], conversationId)) {
      if (f && !w.options.ignore.has("read")) w.fail("read", "read", `${label}'s socket subscribes to a thread with ${w.names(ids)}: ${f.why}`);
      w.live.subscribed.add(k);
      w.live.heard.add(k);
    }
  }
  w.live.forbidden = forbiddenNow;
}

/** At the end of a sequence: its conversations leave the sockets (the hub keeps only what pages still show). */
export function forgetLive(w: World) {
  const live = w.site.shared?.live;
  for (const page of w.live.family.values()) page.socket.close();
  w.live.family.clear();
  if (!live) return;
  for (const k of w.live.subscribed) {
    const [label, conversationId] = k.split(" ") as [StaffLabel, string];
    live.sockets[label].send({ type: "unsubscribe", conversationId });
  }
  w.live.subscribed.clear();
}
