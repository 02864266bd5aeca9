// A loopback payment service for tests (issue 41): answers the endpoints the site's Stripe SDK calls (Checkout Session
// create and retrieve, refunds) in Stripe's shape, serves a hosted pay/decline page in Checkout's place, and sends
// webhook events signed as Stripe signs them (stripe.webhooks.generateTestHeaderString). No network beyond 127.0.0.1.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type LoopbackSession = {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  locale: string | null;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string;
  description: string;
};

export type PaymentService = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, LoopbackSession>;
  /** Creates and retrieves seen by the service, for assertions. */
  requests: Array<{ method: string; path: string }>;
  /** Where webhooks go (the site's /payments/webhook); set before a pay page is used. */
  webhookUrl: string | null;
  /** A signed `checkout.session.completed` for the session (paid), as Stripe would send it. */
  completedEvent(
    sessionId: string,
    opts?: { eventId?: string; amount?: number; type?: string },
  ): { body: string; signature: string; eventId: string };
  /** Signs any body with the webhook secret (or another secret, to forge one). */
  sign(body: string, secret?: string): string;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString("hex")}`;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPaymentService(): Promise<PaymentService> {
  const stripe = new Stripe("sk_test_loopback");
  const secretKey = "sk_test_loopback";
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString("hex")}`;
  const sessions = new Map<string, LoopbackSession>();
  const requests: PaymentService["requests"] = [];
  let base = "";

  const sign = (body: string, secret = webhookSecret) => stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  const completedEvent: PaymentService["completedEvent"] = (sessionId, opts = {}) => {
    const s = sessions.get(sessionId);
    const object = s
      ? {
          ...s,
          payment_status: "paid",
          status: "complete",
          payment_intent: s.payment_intent ?? `pi_for_${s.id}`,
          amount_total: opts.amount ?? s.amount_total,
        }
      : {
          id: sessionId,
          object: "checkout.session",
          amount_total: opts.amount ?? 100,
          payment_status: "paid",
          status: "complete",
          payment_intent: `pi_for_${sessionId}`,
        };
    const eventId = opts.eventId ?? id("evt");
    const body = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      type: opts.type ?? "checkout.session.completed",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { body, signature: sign(body), eventId };
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(value));
      };
      requests.push({ method: req.method ?? "GET", path: url.pathname });
      if (url.pathname.startsWith("/v1/") && req.headers.authorization !== `Bearer ${secretKey}`)
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const form = new URLSearchParams(await readBody(req));
        const amount = Number(form.get("line_items[0][price_data][unit_amount]"));
        if (!Number.isInteger(amount) || amount < 50)
          return json(400, { error: { type: "invalid_request_error", message: "amount must be at least 50 cents", param: "line_items" } });
        const sid = id("cs");
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) if (k.startsWith("metadata[")) metadata[k.slice(9, -1)] = v;
        const session: LoopbackSession = {
          id: sid,
          object: "checkout.session",
          amount_total: amount,
          currency: form.get("line_items[0][price_data][currency]") ?? "usd",
          client_reference_id: form.get("client_reference_id"),
          metadata,
          customer_email: form.get("customer_email"),
          locale: form.get("locale"),
          mode: "payment",
          payment_intent: null,
          payment_status: "unpaid",
          status: "open",
          success_url: form.get("success_url") ?? "",
          cancel_url: form.get("cancel_url") ?? "",
          url: `${base}/pay/${sid}`,
          description: form.get("line_items[0][price_data][product_data][name]") ?? "",
        };
        sessions.set(sid, session);
        return json(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && retrieve) {
        const s = sessions.get(retrieve[1]!);
        return s ? json(200, s) : json(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const form = new URLSearchParams(await readBody(req));
        return json(200, {
          id: id("re"),
          object: "refund",
          amount: Number(form.get("amount")),
          payment_intent: form.get("payment_intent"),
          status: "succeeded",
        });
      }
      const page = /^\/pay\/([\w-]+)(\/(pay|decline))?$/.exec(url.pathname);
      const s = page ? sessions.get(page[1]!) : undefined;
      if (page && s && req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        const amount = (s.amount_total / 100).toFixed(2);
        return res.end(`<!doctype html><html lang="${escape(s.locale ?? "en")}"><head><title>Loopback Checkout</title></head><body><main>
<h1>Loopback Checkout</h1><p>${escape(s.description)}: $${amount}</p>
<form method="post" action="/pay/${s.id}/pay"><button type="submit">Pay $${amount}</button></form>
<form method="post" action="/pay/${s.id}/decline"><button type="submit">Decline</button></form></main></body></html>`);
      }
      if (page && s && req.method === "POST" && page[3] === "pay") {
        s.payment_status = "paid";
        s.status = "complete";
        s.payment_intent = id("pi");
        if (service.webhookUrl) {
          const event = completedEvent(s.id);
          await fetch(service.webhookUrl, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": event.signature },
            body: event.body,
          });
        }
        res.writeHead(303, { location: s.success_url });
        return res.end();
      }
      if (page && s && req.method === "POST" && page[3] === "decline") {
        res.writeHead(303, { location: s.cancel_url });
        return res.end();
      }
      json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service: PaymentService = {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    webhookUrl: null,
    completedEvent,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return service;
}
