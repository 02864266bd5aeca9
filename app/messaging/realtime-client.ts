// The browser's one WebSocket to the server (/ws), shared by the header, the widget and the conversation page.
// The socket only announces: after a reconnect, listeners hear "reconnected" and reload what they missed
// from the server; merging by message id means nothing is shown twice.
import { useEffect, useRef } from "react";
import type { ClientEvent } from "./schemas";
import { SESSION_ENDED_CLOSE_CODE } from "./close-codes";
import type { MessageView, ScheduleOfferView, ServerEvent } from "./core";
import { getLocale } from "~/i18n/language";

export type RealtimeEvent = ServerEvent | { type: "reconnected" } | { type: "open" } | { type: "sessionEnded" };
/**
 * A send's outcome: the stored message, or the server's words of why not (in the page's language), or what went wrong
 * on the way, which the page says in its own words: `lost` (no answer came), `failed` (not this person's
 * conversation any more), `offline` (nothing was sent: post the form instead).
 */
export type SendOutcome =
  | { ok: true; message: MessageView }
  | { ok: false; error: string; offer?: ScheduleOfferView }
  | { ok: false; problem: "lost" | "failed" | "offline" };
const SEND_TIMEOUT_MS = 15_000;
type Listener = (e: RealtimeEvent) => void;

class RealtimeConnection {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private subscriptions = new Map<string, number>();
  private watchingUnread = 0;
  private attempts = 0;
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private users = 0;
  private sends = new Map<string, { resolve: (o: SendOutcome) => void; timer: ReturnType<typeof setTimeout> }>();
  private ended = false;

  acquire() {
    this.users++;
    if (!this.ws && !this.retryTimer && !this.ended) this.connect();
  }

  release() {
    this.users--;
    if (this.users <= 0) {
      this.users = 0;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      const ws = this.ws;
      this.ws = null;
      ws?.close();
    }
  }

  private connect() {
    this.retryTimer = null;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      for (const id of this.subscriptions.keys()) this.sendNow({ type: "subscribe", conversationId: id });
      if (this.watchingUnread > 0) this.sendNow({ type: "watchUnread" });
      this.emit({ type: "open" });
      if (this.everOpened) this.emit({ type: "reconnected" });
      this.everOpened = true;
    };
    ws.onmessage = (e) => {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(e.data)) as ServerEvent;
      } catch {
        return;
      }
      if ((event.type === "ack" || event.type === "error") && event.ref) {
        this.settle(
          event.ref,
          event.type === "ack"
            ? { ok: true, message: event.message }
            : event.error === "forbidden"
              ? { ok: false, problem: "failed" }
              : { ok: false, error: event.error, ...(event.offer ? { offer: event.offer } : {}) },
        );
      }
      this.emit(event);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const ref of [...this.sends.keys()]) this.settle(ref, { ok: false, problem: "lost" });
      // The session ended (signed out here or elsewhere, or expired): coming back would only be refused.
      if (e.code === SESSION_ENDED_CLOSE_CODE) {
        this.ended = true;
        this.emit({ type: "sessionEnded" });
        return;
      }
      if (this.users <= 0) return;
      // Back off up to 10 s, with jitter so many browsers do not return at once after a server restart.
      const delay = Math.min(10_000, 250 * 2 ** this.attempts++) * (0.5 + Math.random() / 2);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private emit(e: RealtimeEvent) {
    for (const l of [...this.listeners]) l(e);
  }

  private sendNow(e: ClientEvent) {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(e));
      return true;
    }
    return false;
  }

  send(e: ClientEvent) {
    return this.sendNow(e);
  }

  private settle(ref: string, outcome: SendOutcome) {
    const pending = this.sends.get(ref);
    if (!pending) return;
    this.sends.delete(ref);
    clearTimeout(pending.timer);
    pending.resolve(outcome);
  }

  /**
   * Sends a message over the socket and waits for the server's answer (the stored message, or why not, in the page's
   * language). `offline` means nothing was sent: the caller posts the form instead.
   */
  sendMessage(conversationId: string, content: string): Promise<SendOutcome> {
    const ref = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    if (!this.sendNow({ type: "send", conversationId, content, ref, locale: getLocale() })) return Promise.resolve({ ok: false, problem: "offline" });
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(ref, { ok: false, problem: "lost" }), SEND_TIMEOUT_MS);
      this.sends.set(ref, { resolve, timer });
    });
  }

  get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  listen(l: Listener) {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }

  subscribe(conversationId: string) {
    const n = this.subscriptions.get(conversationId) ?? 0;
    this.subscriptions.set(conversationId, n + 1);
    if (n === 0) this.sendNow({ type: "subscribe", conversationId });
    return () => {
      const left = (this.subscriptions.get(conversationId) ?? 1) - 1;
      if (left > 0) this.subscriptions.set(conversationId, left);
      else {
        this.subscriptions.delete(conversationId);
        this.sendNow({ type: "unsubscribe", conversationId });
      }
    };
  }

  watchUnread() {
    if (this.watchingUnread++ === 0) this.sendNow({ type: "watchUnread" });
    return () => void this.watchingUnread--;
  }
}

let connection: RealtimeConnection | null = null;

export function getRealtime(): RealtimeConnection {
  connection ??= new RealtimeConnection();
  return connection;
}

/** Keeps the socket open while the component is mounted and passes every event to `onEvent` (latest version). */
export function useRealtime(onEvent: Listener, options: { enabled?: boolean; conversationId?: string; watchUnread?: boolean } = {}) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const { enabled = true, conversationId, watchUnread } = options;
  useEffect(() => {
    if (!enabled) return;
    const rt = getRealtime();
    const stopListening = rt.listen((e) => handler.current(e));
    rt.acquire();
    const unsubscribe = conversationId ? rt.subscribe(conversationId) : undefined;
    const unwatch = watchUnread ? rt.watchUnread() : undefined;
    return () => {
      unsubscribe?.();
      unwatch?.();
      stopListening();
      rt.release();
    };
  }, [enabled, conversationId, watchUnread]);
}
