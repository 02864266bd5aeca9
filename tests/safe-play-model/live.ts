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
// What a check costs (decision 0074, "Cost"): each family page has a barrier conversation of its own with the model's
// adult (the site takes nobody out of a conversation of two without an athlete: a shared one lost a guardian the lead
// unlinked, and its barrier never came); every barrier message is written and announced in one statement; and the
// pages act only after a step that changed what the open pages judge (the oracle's verdicts, who is in which
// conversation, the clock) or that the site announced in a conversation of the run (a message, a removal, a Safe
// Play change). A check passed over is made at the end of the sequence.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { conversationParticipants, conversations, sessions, users } from "../../db/schema";
import { MESSAGE_CHANNEL } from "~/messaging/index.server";
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
/**
 * A family member's open page: their socket, the run's conversations it is subscribed to (only those the person is
 * still in, as the participants say), and its own barrier conversation (the person and the model's adult).
 */
export type FamilyPage = { socket: LiveSocket; conversations: Set<string>; barrier: string };

/**
 * The staff's sockets and the conversation the barrier messages go to, made with the staff (site.shared), and the
 * model's own LISTEN connection: the conversations the site announced a message, a removal or a Safe Play change in
 * since the last check (read and typing are the pages' own).
 */
export type LiveStaff = {
  sockets: Record<StaffLabel, LiveSocket>;
  barrier: { conversationId: string; senderId: string };
  beats: number;
  announced: Set<string>;
  /** Every announcement committed before now has reached `announced` (a round trip on the listening connection). */
  flush: () => Promise<void>;
  /** Closes the staff's sockets and the listening connection (the tables were emptied, or the search ends). */
  close: () => Promise<void>;
};

/** The model's LISTEN connection on the site's database (its own client, not one of the pool's). */
async function listen(db: Site["db"], announced: Set<string>) {
  const client = new pg.Client({ connectionString: (db.$client as pg.Pool).options.connectionString });
  // The test's database is dropped with its connections at the end: that is not an error of the model's.
  client.on("error", () => undefined);
  client.on("notification", (n) => {
    const a = JSON.parse(n.payload ?? "{}") as { kind?: string; conversationId?: string };
    if (a.conversationId && a.kind !== "read" && a.kind !== "typing") announced.add(a.conversationId);
  });
  await client.connect();
  await client.query(`listen ${MESSAGE_CHANNEL}`);
  return { flush: () => client.query("select 1").then(() => undefined), close: () => client.end().catch(() => undefined) };
}

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
  const announced = new Set<string>();
  const listener = await listen(site.db, announced);
  const close = async () => {
    for (const label of STAFF) sockets[label].close();
    await listener.close();
  };
  return { sockets, barrier: { conversationId, senderId }, beats: 0, announced, flush: listener.flush, close };
}

/** Asks the socket to subscribe: true when the site answered "subscribed", false when it answered with an error. */
async function subscribe(socket: LiveSocket, conversationId: string): Promise<boolean> {
  return (await subscribeAll(socket, [conversationId]))[0]!;
}

/** Asks to subscribe to each at once (the socket answers in order): for each, whether the site answered "subscribed". */
async function subscribeAll(socket: LiveSocket, conversationIds: string[]): Promise<boolean[]> {
  const from = socket.events.length;
  const answer = (id: string) => (e: Record<string, unknown>) => e.conversationId === id && (e.type === "subscribed" || e.type === "error");
  for (const conversationId of conversationIds) socket.send({ type: "subscribe", conversationId });
  const last = conversationIds.at(-1);
  if (last) await socket.next(() => socket.events.slice(from).some(answer(last)));
  return conversationIds.map((id) => socket.events.slice(from).find(answer(id))?.type === "subscribed");
}

/**
 * Everything announced before now has reached every staff and family socket: each hears the model's next barrier
 * message (the staff's in their conversation with an adult, each family page's in its own). The model's own messages,
 * written and announced as a send would, in one statement and without the send rule (a minor's barrier has no
 * guardian in it: Safe Play would refuse every sender there; nobody reads them but the model).
 */
async function barrier(w: World, live: LiveStaff) {
  const words = `barrier ${++live.beats} ${w.run}`;
  const heard = (conversationId: string) => (e: Record<string, unknown>) => {
    const m = e.message as { content?: string; conversationId?: string } | undefined;
    return e.type === "message" && m?.content === words && m.conversationId === conversationId;
  };
  const pages = [...w.live.family.values()];
  const targets = [live.barrier.conversationId, ...pages.map((p) => p.barrier)];
  await w.db.execute(sql`
    with sent as (
      insert into messages (conversation_id, sender_id, content)
      select unnest(${`{${targets.join(",")}}`}::uuid[]), ${live.barrier.senderId}, ${words}
      returning id, conversation_id
    )
    select count(pg_notify(${MESSAGE_CHANNEL}, json_build_object('kind', 'message', 'conversationId', conversation_id, 'id', id)::text)) from sent`);
  await Promise.all([
    ...STAFF.map((l) => live.sockets[l].next(heard(live.barrier.conversationId))),
    ...pages.map((p) => p.socket.next(heard(p.barrier))),
  ]);
}

/** A conversation of the run with staff in it: who is in it. */
type RunConversation = { conversationId: string; ids: string[] };

/**
 * The open pages of the run's people with a login in these conversations (`candidates`): a session, a socket and a
 * barrier conversation each (once a run), subscribed to each conversation of theirs. A page leaves a conversation the person is
 * no longer in (the lead unlinked a guardian: the site took them out of the athlete's conversations).
 */
async function openFamilyPages(w: World, live: LiveStaff, withStaff: RunConversation[], candidates: string[]) {
  // A page whose socket the site closed (the person's account deleted, their sessions ended) acts and hears no more.
  for (const [id, page] of w.live.family) {
    if (page.socket.isOpen() && !w.byId.get(id)?.deleted) {
      for (const c of page.conversations) if (!withStaff.some((x) => x.conversationId === c && x.ids.includes(id))) page.conversations.delete(c);
      continue;
    }
    page.socket.close();
    w.live.family.delete(id);
  }
  const realtime = w.site.realtime;
  if (!realtime) return;
  for (const id of candidates) {
    let page = w.live.family.get(id);
    if (!page) {
      const token = crypto.randomBytes(16).toString("hex");
      const barrierId = crypto.randomUUID();
      await w.db.insert(sessions).values({ id: crypto.randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 3600_000) });
      await w.db.insert(conversations).values({ id: barrierId, title: "Safe Play model: family barrier", type: "group" });
      await w.db.insert(conversationParticipants).values([live.barrier.senderId, id].map((userId) => ({ conversationId: barrierId, userId })));
      page = { socket: await realtime.openSocket({ id, token }), conversations: new Set(), barrier: barrierId };
      w.live.family.set(id, page);
      await subscribe(page.socket, barrierId);
    }
    const wanted = withStaff.filter((c) => c.ids.includes(id) && !page.conversations.has(c.conversationId)).map((c) => c.conversationId);
    const answers = await subscribeAll(page.socket, wanted);
    wanted.forEach((c, i) => answers[i] && page.conversations.add(c));
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
      const refs = new Set<unknown>();
      for (const conversationId of page.conversations) {
        const ref = crypto.randomBytes(6).toString("hex");
        refs.add(ref);
        page.socket.send({ type: "typing", conversationId });
        page.socket.send({ type: "send", conversationId, content: "are you there?", ref });
      }
      // Answered in order: the last send's answer (an ack, or a refusal) means all were handled.
      const last = [...refs].at(-1);
      if (last) await page.socket.next((e) => e.ref === last);
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
export async function checkLive(w: World, options: { force?: boolean } = {}) {
  const live = w.site.shared?.live;
  if (!live || w.options.live === false) return;
  // Who of staff is in which conversation of the run, and who of the others has a login (one query for all of them,
  // the one the step's send checks read unless a start probe opened a conversation since).
  const pairs: Array<{ label: StaffLabel; conversationId: string; ids: string[] }> = [];
  const read = w.peopleThisCheck?.conversations === w.conversations.join(",") ? w.peopleThisCheck : await w.conversationPeople();
  for (const [conversationId, { ids }] of read.byConversation)
    for (const label of STAFF) if (ids.includes(w.people.get(label)!.id)) pairs.push({ label, conversationId, ids });
  if (pairs.length === 0 && w.live.subscribed.size === 0) return;
  const withStaff = [...new Map(pairs.map((p) => [p.conversationId, { conversationId: p.conversationId, ids: p.ids }])).values()];
  // The families' pages are opened and act in the conversations where a minor's page is told something (one with a
  // person the oracle holds a minor who has a login); in one sequence of four, in every conversation with staff.
  const others = [...new Set(withStaff.flatMap((c) => c.ids))].filter((id) => {
    const p = w.byId.get(id);
    return p && !p.staff && !p.deleted;
  });
  const logins = new Set([...read.byConversation.values()].flatMap((c) => c.logins));
  const withLogin = new Set(others.filter((id) => logins.has(id)));
  const heardBy = withStaff.filter((c) => w.live.everyPage || c.ids.some((id) => withLogin.has(id) && w.oracleMinor(w.byId.get(id)!)));
  const candidates = [...new Set(heardBy.flatMap((c) => c.ids))].filter((id) => withLogin.has(id));
  // Nothing the open pages judge changed since the last check, and the site announced nothing in the run's
  // conversations: the pages would act and be judged as they were then. Passed over (made at the sequence's end).
  await live.flush();
  const print = JSON.stringify([
    w.site.clock.now.getTime(),
    pairs.map((p) => [p.label, p.conversationId, p.ids, w.forbidden(w.people.get(p.label)!, p.ids)?.why ?? ""]),
    candidates.map((id) => [id, w.oracleMinor(w.byId.get(id)!)]),
  ]);
  const announced = w.conversations.some((c) => live.announced.has(c));
  if (!options.force && !announced && print === w.live.print) {
    w.live.stale = true;
    return;
  }
  await openFamilyPages(w, live, heardBy, candidates);
  await pagesAct(w, live, pairs);
  await barrier(w, live);
  // The pages' own messages are announced by now: what the next check asks is what the site announces after this.
  await live.flush();
  live.announced.clear();
  w.live.print = print;
  w.live.stale = false;
  const heard = Object.fromEntries(STAFF.map((l) => [l, live.sockets[l].events.splice(0)])) as Record<StaffLabel, Array<Record<string, unknown>>>;
  const familyHeard = new Map([...w.live.family].map(([id, page]) => [id, page.socket.events.splice(0)]));
  for (const [id, events] of familyHeard)
    for (const e of events) if (e.type === "removed" || e.type === "withheld") w.live.family.get(id)!.conversations.delete(String(e.conversationId));
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
  live.announced.clear();
  for (const k of w.live.subscribed) {
    const [label, conversationId] = k.split(" ") as [StaffLabel, string];
    live.sockets[label].send({ type: "unsubscribe", conversationId });
  }
  w.live.subscribed.clear();
}
