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
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { conversationParticipants, conversations, sessions, users } from "../../db/schema";
import { createMessage } from "~/messaging/index.server";
import { STAFF, type StaffLabel } from "./cast";
import type { Site, World } from "./model";

/** A page's socket, as the outside hands it: every event it heard (oldest first), and a wait for one. */
export type LiveSocket = {
  events: Array<Record<string, unknown>>;
  send: (e: unknown) => void;
  /** Waits until an event that matches has arrived (rejects after a few seconds). */
  next: (match: (e: Record<string, unknown>) => boolean) => Promise<void>;
  close: () => void;
};
/** A realtime server of the site on the model's database: sockets of people with a live session (`token`). */
export type Realtime = { origin: string; openSocket: (person: { id: string; token: string }) => Promise<LiveSocket>; close: () => Promise<void> };
/** Starts one (with the Safe Play clock and time zone of the site's settings: `env`). */
export type StartRealtime = (db: Site["db"], env: Record<string, string>) => Promise<Realtime>;

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

/** Everything announced before now has reached every staff socket: each hears the model's next barrier message. */
async function barrier(w: World, live: LiveStaff) {
  const words = `barrier ${++live.beats} ${w.run}`;
  const sent = await createMessage(w.db, { conversationId: live.barrier.conversationId, senderId: live.barrier.senderId, content: words }, NO_LIMITS);
  if (!sent.ok) throw new Error(`the model's barrier message was refused: ${JSON.stringify(sent)}`);
  const heard = (e: Record<string, unknown>) => e.type === "message" && (e.message as { content?: string } | undefined)?.content === words;
  await Promise.all(STAFF.map((l) => live.sockets[l].next((e) => heard(e))));
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
  await barrier(w, live);
  const heard = Object.fromEntries(STAFF.map((l) => [l, live.sockets[l].events.splice(0)])) as Record<StaffLabel, Array<Record<string, unknown>>>;
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
  if (!live) return;
  for (const k of w.live.subscribed) {
    const [label, conversationId] = k.split(" ") as [StaffLabel, string];
    live.sockets[label].send({ type: "unsubscribe", conversationId });
  }
  w.live.subscribed.clear();
}
