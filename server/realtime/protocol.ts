// The socket's protocol: what a browser may ask (subscribe, send, read, typing, watch the unread count) and
// how each request is answered. Every request is checked against the same rules as the HTTP routes:
// membership through app/messaging/membership.server.ts, content through the messaging schemas, sending
// through createMessage (the per-person allowance). A socket's requests are handled one at a time, and at most
// MAX_PENDING_PER_SOCKET may wait: a client that sends faster than it is served is told so, not queued forever.
import diagnostics from "node:diagnostics_channel";
import { WebSocket } from "ws";
import type { Db } from "../../db/client";
import {
  getReadRefusal,
  isConversationMember,
  announce,
  createMessage,
  markConversationRead,
  type SendLimits,
  refusalAnswer,
  scheduleOfferFor,
  NOT_A_MEMBER,
} from "../../app/messaging/index.server";
import {
  busyMessage,
  eventLocale,
  ClientEventSchema,
  MessageContentSchema,
  rateLimitedMessage,
  sendFailedMessage,
  TYPING_THROTTLE_MS,
  type ClientEvent,
} from "../../app/messaging/schemas";
import { inLocale } from "../languages";
import type { Locale } from "../../app/i18n/language";
import { DEFAULT_SAFE_PLAY, type SafePlaySettings } from "../../app/safe-play/index.server";
import { errorSummary, type Client, type Hub } from "./hub";

export const MAX_PENDING_PER_SOCKET = 16;
export const TOO_BUSY_CLOSE_CODE = 4008;
/** A socket over its sender's allowance is not read for at most this long (a flooding one for this long). */
export const LONGEST_HOLD_SECONDS = 3;

/** What the flood costs, for a benchmark to watch (bench/server-probe.mjs): published only while someone listens. */
const floodChannel = diagnostics.channel("nlte.realtime.flood");
const tell = (what: "refused" | "held" | "resumed") => floodChannel.hasSubscribers && floodChannel.publish(what);

export function createProtocol(db: Db, hub: Hub, limits: SendLimits, safePlay: SafePlaySettings = DEFAULT_SAFE_PLAY) {
  // This process's view of each sender's allowance: it only ever counts sends made here, so when it says no,
  // the shared allowance in PostgreSQL would too. A flood is refused here without a database round trip.
  const local = new Map<string, { tokens: number; at: number }>();
  function spendLocally(userId: string): number {
    const now = Date.now();
    const b = local.get(userId) ?? { tokens: limits.burst, at: now };
    b.tokens = Math.min(limits.burst, b.tokens + ((now - b.at) / 1000) * limits.perSecond);
    b.at = now;
    local.set(userId, b);
    if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / limits.perSecond));
    b.tokens -= 1;
    return 0;
  }
  // Forget full allowances now and then, so the map holds only people who sent recently.
  const forget = setInterval(() => {
    const now = Date.now();
    for (const [id, b] of local) if (b.tokens + ((now - b.at) / 1000) * limits.perSecond >= limits.burst) local.delete(id);
  }, 60_000);
  forget.unref();

  // A socket whose sender is over their allowance is not read from until it refills (at most a few seconds): a
  // flood then waits in the sender's own connection, where TCP pushes back on them, instead of costing everyone
  // else the server's time. Whatever they sent meanwhile is read, and answered, after that.
  // A socket that brought more refused sends since it was last held than a page ever has waiting (a flood: each read
  // again hands over a few hundred, all refused) is held for the longest time, not until the next send's refill: the
  // same flood is then read a third as often: a third of the refusals and their garbage (about 2 KB each), half the
  // CPU (issue 43, decision 0089). A page's refused send is one of a few, and its socket is read again as soon as it may
  // send.
  const held = new WeakSet<Client>();
  const refusedSinceHeld = new WeakMap<Client, number>();
  function holdOff(c: Client, seconds: number) {
    const refused = (refusedSinceHeld.get(c) ?? 0) + 1;
    refusedSinceHeld.set(c, refused);
    if (held.has(c) || c.ws.readyState !== WebSocket.OPEN) return;
    held.add(c);
    refusedSinceHeld.set(c, 1);
    c.ws.pause();
    tell("held");
    setTimeout(() => readAgain(c), holdSeconds(refused, seconds) * 1000);
  }
  // Held sockets are read again one per turn of the event loop. A socket read again hands over at once all it has
  // waiting (up to 64 KB, a few hundred sends, each refused once the first has spent the refill), and a flooder's
  // sockets, held together, came due together: their backlogs were read in one turn, while everyone else's
  // deliveries waited behind it (issue 43, decision 0071).
  const due: Client[] = [];
  function readAgain(c: Client) {
    due.push(c);
    if (due.length === 1) setImmediate(readNextDue);
  }
  function readNextDue() {
    const c = due.shift()!;
    held.delete(c);
    if (c.ws.readyState === WebSocket.OPEN) {
      c.ws.resume();
      tell("resumed");
    }
    if (due.length > 0) setImmediate(readNextDue);
  }

  function onMessage(c: Client, raw: string) {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      data = undefined; // answered "Invalid request." in its turn
    }
    const ref = refOf(data);
    // The language of the page that sent it (English when it did not say): refusals are said in it.
    const locale = eventLocale(data);
    // A send spends the sender's allowance as it is read, before it waits its turn: a flood is refused here, at
    // once, and its socket held (above) without filling the queue.
    if ((data as { type?: unknown } | undefined)?.type === "send") {
      const wait = spendLocally(c.userId);
      if (wait > 0) {
        tell("refused");
        hub.send(c, { type: "error", error: rateLimitedMessage(wait, locale), ...(ref ? { ref } : {}) });
        return holdOff(c, wait);
      }
    }
    if (c.pending >= MAX_PENDING_PER_SOCKET) {
      // No page sends like this: the socket is told why and closed, so a flood costs its sender a reconnect
      // (and a place under the socket cap) instead of costing everyone else the server's time.
      if (c.ws.readyState !== WebSocket.OPEN) return;
      hub.send(c, { type: "error", error: busyMessage(locale), ...(ref ? { ref } : {}) });
      return c.ws.close(TOO_BUSY_CLOSE_CODE, "Too many requests");
    }
    c.pending++;
    c.queue = c.queue.then(() => inTurn(c, hub, locale, ref, () => handle(c, data)));
  }

  async function handle(c: Client, data: unknown) {
    const parsed = ClientEventSchema.safeParse(data);
    if (!parsed.success) return hub.send(c, { type: "error", error: "Invalid request." });
    const event: ClientEvent = parsed.data;
    switch (event.type) {
      case "subscribe": {
        if (c.subscriptions.has(event.conversationId)) return hub.send(c, { type: "subscribed", conversationId: event.conversationId });
        const since = hub.mark();
        if (!(await isConversationMember(db, event.conversationId, c.userId))) {
          return hub.send(c, { type: "error", error: NOT_A_MEMBER, conversationId: event.conversationId });
        }
        // Safe Play's read rule, as on the history page: a coach who may not read the conversation (an unconfirmed
        // family, an uncleared coach) does not hear it live either, not even the guardians' messages or typing.
        const refusal = await getReadRefusal(db, event.conversationId, c.userId, safePlay);
        if (refusal || !hub.subscribe(c, event.conversationId, since)) {
          return hub.send(c, { type: "error", error: NOT_A_MEMBER, conversationId: event.conversationId });
        }
        if (c.ws.readyState !== WebSocket.OPEN) return;
        return hub.send(c, { type: "subscribed", conversationId: event.conversationId });
      }
      case "unsubscribe":
        return hub.unsubscribe(c, event.conversationId);
      case "typing": {
        // Only a subscribed socket may type; the subscription was checked against the membership rule.
        if (!c.subscriptions.has(event.conversationId))
          return hub.send(c, { type: "error", error: NOT_A_MEMBER, conversationId: event.conversationId });
        const now = Date.now();
        if (now - (c.lastTyping.get(event.conversationId) ?? 0) < TYPING_THROTTLE_MS) return;
        c.lastTyping.set(event.conversationId, now);
        return announce(db, { kind: "typing", conversationId: event.conversationId, userId: c.userId });
      }
      case "read": {
        const moved = await markConversationRead(db, event.conversationId, c.userId, event.upTo);
        if (moved === null) hub.send(c, { type: "error", error: NOT_A_MEMBER, conversationId: event.conversationId });
        return;
      }
      case "watchUnread":
        return hub.watchUnread(c);
      case "send": {
        const content = MessageContentSchema.safeParse(event.content);
        if (!content.success) return hub.send(c, { type: "error", error: content.error.issues[0]!.message, ref: event.ref });
        const result = await createMessage(db, { conversationId: event.conversationId, senderId: c.userId, content: content.data }, limits);
        if (result.ok) return hub.send(c, { type: "ack", ref: event.ref, message: result.message });
        const answer = refusalAnswer(result);
        // A refusal about the conversation (not a member, Safe Play) names it; one about the sender's pace does not.
        const about = answer.status === 429 ? {} : { conversationId: event.conversationId };
        // Refused for quiet hours alone: the sender is offered to keep it for their end (issue 39).
        const offer = scheduleOfferFor(result, limits.safePlay ?? safePlay);
        return hub.send(c, { type: "error", error: answer.error, ...about, ref: event.ref, ...(offer ? { offer } : {}) });
      }
    }
  }

  return { onMessage, close: () => clearInterval(forget) };
}

/**
 * How long a socket is not read once its sender is over their allowance: until the next send's refill (`wait`, at most
 * a few seconds), or the longest time when it brought more refused sends since it was last held than a page ever has
 * waiting (`refused`, this one included): a flood.
 */
export function holdSeconds(refused: number, wait: number): number {
  return refused > MAX_PENDING_PER_SOCKET ? LONGEST_HOLD_SECONDS : Math.min(wait, LONGEST_HOLD_SECONDS);
}

/** The `ref` of a send, read without trusting the rest, so even a refused request is answered by name. */
function refOf(data: unknown): string | undefined {
  const ref = (data as { ref?: unknown } | null | undefined)?.ref;
  return typeof ref === "string" && ref.length <= 64 ? ref : undefined;
}

/**
 * One request in its socket's turn, in its page's language; a failure is logged and answered. One async function, where
 * then, catch and finally made three promises a request (each costs a hook while AsyncLocalStorage is on, issue 43).
 */
async function inTurn(c: Client, hub: Hub, locale: Locale, ref: string | undefined, handle: () => Promise<unknown>) {
  try {
    if (c.ws.readyState === WebSocket.OPEN) await inLocale(locale, handle);
  } catch (err) {
    console.error("realtime: request failed:", errorSummary(err));
    hub.send(c, { type: "error", error: sendFailedMessage(locale), ...(ref ? { ref } : {}) });
  } finally {
    c.pending--;
  }
}
