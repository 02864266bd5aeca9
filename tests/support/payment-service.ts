// A loopback payment service for tests (issue 41): answers the endpoints the site's Stripe SDK calls (Checkout Session
// create and retrieve, refunds, a subscription's cancel: payment-subscriptions.ts) in Stripe's shape, serves a hosted pay/decline page in Checkout's place, and sends
// webhook events signed as Stripe signs them (stripe.webhooks.generateTestHeaderString). No network beyond 127.0.0.1.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { cancelSubscription, subscriptionOf } from "./payment-subscriptions";

export type LoopbackSession = {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  locale: string | null;
  mode: "payment" | "subscription";
  payment_intent: string | null;
  /** A subscription-mode session (a monthly gift): its subscription and first invoice once paid. */
  subscription: string | null;
  invoice: string | null;
  /** What the payer typed on the pay page (Checkout asks for an email when none was given). */
  customer_details: { email: string } | null;
  /** subscription_data[metadata]: what each of the subscription's invoices carries. */
  subscription_metadata: Record<string, string>;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string;
  description: string;
};

export type LoopbackRefund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "succeeded" | "pending" | "failed";
  transfer_reversal: null;
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
    opts?: { eventId?: string; amount?: number; type?: string; email?: string },
  ): { body: string; signature: string; eventId: string };
  /** A signed `invoice.paid` for a subscription-mode session's month (the first unless another invoice id is given). */
  invoicePaidEvent(
    sessionId: string,
    opts?: { eventId?: string; invoiceId?: string; amount?: number; billingReason?: string; email?: string },
  ): { body: string; signature: string; eventId: string };
  /** Refunds made through the API, by id (Stripe's shape). */
  refunds: Map<string, LoopbackRefund>;
  /** A signed refund event (`refund.created` unless another type is given) for a refund made here, as Stripe sends it. */
  refundEvent(refundId: string, opts?: { eventId?: string; type?: string; status?: string }): { body: string; signature: string; eventId: string };
  /** Subscriptions cancelled through the API or `subscriptionDeletedEvent`, with when (seconds). */
  cancelled: Map<string, number>;
  /** A signed `customer.subscription.deleted` for a monthly session's subscription (cancelled now if it was not). */
  subscriptionDeletedEvent(sessionId: string, opts?: { eventId?: string }): { body: string; signature: string; eventId: string };
  /** A signed event of any type about any object, as Stripe sends it. */
  event(type: string, object: unknown, eventId?: string): { body: string; signature: string; eventId: string };
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

  const refunds = new Map<string, LoopbackRefund>();
  const cancelled = new Map<string, number>();
  /** Answers already given to an Idempotency-Key, given again as Stripe does. */
  const idempotent = new Map<string, { status: number; value: unknown }>();
  const sign = (body: string, secret = webhookSecret) => stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  const event: PaymentService["event"] = (type, object, eventId = id("evt")) => {
    const body = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { body, signature: sign(body), eventId };
  };
  const refundEvent: PaymentService["refundEvent"] = (refundId, opts = {}) => {
    const r = refunds.get(refundId);
    if (!r) throw new Error(`no refund ${refundId} was made here`);
    return event(opts.type ?? "refund.created", { ...r, status: opts.status ?? r.status }, opts.eventId);
  };
  /** Sends a signed event to the site's webhook, as Stripe does: after the API's answer, never inside it. */
  const deliverLater = (e: { body: string; signature: string }) => {
    if (!service.webhookUrl) return;
    const url = service.webhookUrl;
    setImmediate(() => {
      void fetch(url, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": e.signature }, body: e.body }).catch(
        () => undefined,
      );
    });
  };
  const completedEvent: PaymentService["completedEvent"] = (sessionId, opts = {}) => {
    const s = sessions.get(sessionId);
    const object = s
      ? {
          ...s,
          payment_status: "paid",
          status: "complete",
          payment_intent: s.mode === "subscription" ? null : (s.payment_intent ?? `pi_for_${s.id}`),
          subscription: s.mode === "subscription" ? (s.subscription ?? `sub_for_${s.id}`) : null,
          invoice: s.mode === "subscription" ? (s.invoice ?? `in_for_${s.id}`) : null,
          customer_details: { email: opts.email ?? s.customer_details?.email ?? s.customer_email ?? "donor@example.com" },
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

  const invoicePaidEvent: PaymentService["invoicePaidEvent"] = (sessionId, opts = {}) => {
    const s = sessions.get(sessionId);
    if (!s || s.mode !== "subscription") throw new Error(`no subscription-mode session ${sessionId} was made here`);
    const subscription = s.subscription ?? `sub_for_${s.id}`;
    return event(
      "invoice.paid",
      {
        id: opts.invoiceId ?? s.invoice ?? `in_for_${s.id}`,
        object: "invoice",
        amount_paid: opts.amount ?? s.amount_total,
        billing_reason: opts.billingReason ?? "subscription_create",
        currency: s.currency,
        customer_email: opts.email ?? s.customer_details?.email ?? "donor@example.com",
        status: "paid",
        parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: s.subscription_metadata, subscription } },
      },
      opts.eventId,
    );
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
        const subscriptionMetadata: Record<string, string> = {};
        for (const [k, v] of form) if (k.startsWith("subscription_data[metadata][")) subscriptionMetadata[k.slice(28, -1)] = v;
        const mode = form.get("mode") === "subscription" ? "subscription" : "payment";
        if (mode === "subscription" && form.get("line_items[0][price_data][recurring][interval]") !== "month")
          return json(400, {
            error: {
              type: "invalid_request_error",
              message: "You must provide at least one recurring price in `subscription` mode.",
              param: "line_items",
            },
          });
        const session: LoopbackSession = {
          id: sid,
          object: "checkout.session",
          amount_total: amount,
          currency: form.get("line_items[0][price_data][currency]") ?? "usd",
          client_reference_id: form.get("client_reference_id"),
          metadata,
          customer_email: form.get("customer_email"),
          locale: form.get("locale"),
          mode,
          payment_intent: null,
          subscription: null,
          invoice: null,
          customer_details: null,
          subscription_metadata: subscriptionMetadata,
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
        const key = req.headers["idempotency-key"];
        const seen = typeof key === "string" ? idempotent.get(key) : undefined;
        if (seen) return json(seen.status, seen.value);
        const answer = (status: number, value: unknown) => {
          if (typeof key === "string") idempotent.set(key, { status, value });
          return json(status, value);
        };
        const form = new URLSearchParams(await readBody(req));
        const intent = form.get("payment_intent") ?? "";
        const paid = [...sessions.values()].find((x) => (x.payment_intent ?? `pi_for_${x.id}`) === intent);
        if (!paid)
          return answer(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              param: "payment_intent",
              message: `No such payment_intent: '${intent}'`,
            },
          });
        const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
        const left = paid.amount_total - refunded;
        const amount = form.has("amount") ? Number(form.get("amount")) : left;
        if (left <= 0)
          return answer(400, {
            error: { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge for ${intent} has already been refunded.` },
          });
        if (!Number.isInteger(amount) || amount < 1 || amount > left)
          return answer(400, {
            error: {
              type: "invalid_request_error",
              code: "amount_too_large",
              param: "amount",
              message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            },
          });
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) if (k.startsWith("metadata[")) metadata[k.slice(9, -1)] = v;
        const refund: LoopbackRefund = {
          id: id("re"),
          object: "refund",
          amount,
          balance_transaction: id("txn"),
          charge: `ch_for_${intent}`,
          created: Math.floor(Date.now() / 1000),
          currency: paid.currency,
          metadata,
          payment_intent: intent,
          reason: form.get("reason"),
          receipt_number: null,
          source_transfer_reversal: null,
          status: "succeeded",
          transfer_reversal: null,
        };
        refunds.set(refund.id, refund);
        answer(200, refund);
        deliverLater(refundEvent(refund.id));
        return;
      }
      const cancel = cancelSubscription(req.method ?? "", url.pathname, sessions, cancelled);
      if (cancel) {
        json(cancel.status, cancel.value);
        if (cancel.deleted) deliverLater(event("customer.subscription.deleted", cancel.deleted));
        return;
      }
      const page = /^\/pay\/([\w-]+)(\/(pay|decline))?$/.exec(url.pathname);
      const s = page ? sessions.get(page[1]!) : undefined;
      if (page && s && req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        const amount = (s.amount_total / 100).toFixed(2);
        return res.end(`<!doctype html><html lang="${escape(s.locale ?? "en")}"><head><title>Loopback Checkout</title></head><body><main>
<h1>Loopback Checkout</h1><p>${escape(s.description)}: $${amount}</p>
<form method="post" action="/pay/${s.id}/pay">${s.customer_email ? "" : `<label>Email <input type="email" name="email" required autocomplete="email"></label>`}<button type="submit">Pay $${amount}${s.mode === "subscription" ? " a month" : ""}</button></form>
<form method="post" action="/pay/${s.id}/decline"><button type="submit">Decline</button></form></main></body></html>`);
      }
      if (page && s && req.method === "POST" && page[3] === "pay") {
        const paidForm = new URLSearchParams(await readBody(req));
        s.payment_status = "paid";
        s.status = "complete";
        s.customer_details = { email: paidForm.get("email") ?? s.customer_email ?? "" };
        if (s.mode === "subscription") {
          s.subscription = id("sub");
          s.invoice = id("in");
        } else s.payment_intent = id("pi");
        const events = [completedEvent(s.id), ...(s.mode === "subscription" ? [invoicePaidEvent(s.id)] : [])];
        for (const e of service.webhookUrl ? events : [])
          await fetch(service.webhookUrl!, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": e.signature },
            body: e.body,
          });
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
    refunds,
    webhookUrl: null,
    completedEvent,
    invoicePaidEvent,
    refundEvent,
    cancelled,
    subscriptionDeletedEvent: (sessionId, opts = {}) => {
      const s = sessions.get(sessionId);
      const subId = s?.subscription ?? `sub_for_${sessionId}`;
      if (!cancelled.has(subId)) cancelled.set(subId, Math.floor(Date.now() / 1000));
      const sub = subscriptionOf(sessions, cancelled, subId);
      if (!sub) throw new Error(`no subscription-mode session ${sessionId} was made here`);
      return event("customer.subscription.deleted", sub, opts.eventId);
    },
    event,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return service;
}
