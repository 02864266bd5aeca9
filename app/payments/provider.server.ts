// The site's own payment interface (decision 0044): what payments need from a card provider, and the one provider
// it has, Stripe's hosted Checkout through the official SDK. No card number ever reaches our server: the family pays
// on Stripe's page, and Stripe's signed webhook tells us. Without STRIPE_SECRET_KEY there is no provider (null), and
// the pages say how to pay in person instead.
import type Stripe from "stripe";

export type CheckoutInput = {
  accountId: string;
  amountCents: number;
  description: string;
  locale: "en" | "es";
  successUrl: string;
  cancelUrl: string;
  email: string;
};

export type CheckoutSession = { id: string; url: string };

/** A refund of part or all of a card payment (refunds.server.ts, decision 0060). */
export type RefundInput = { paymentReference: string; amountCents: number; idempotencyKey: string };
/** The provider's refund: "succeeded" or "pending" is money on its way back; anything else is not. */
export type ProviderRefund = { id: string; amountCents: number; status: string };

/** A Checkout for a gift (app/donations, decision 0060): one-off (mode payment) or monthly (mode subscription). */
export type DonationCheckoutInput = {
  donationId: string;
  monthly: boolean;
  amountCents: number;
  description: string;
  locale: "en" | "es";
  successUrl: string;
  cancelUrl: string;
};

/** What a gift's paid (or failed) Checkout or month says of it. */
type DonationPaid = {
  donationId: string;
  amountCents: number;
  reference: string;
  email: string;
  paid: boolean;
  /** A monthly gift's subscription; "" for a one-off gift. */
  subscriptionId: string;
};

/** A provider event the site acts on, after its signature was checked. */
export type ProviderEvent =
  | { id: string; type: "checkout.completed"; sessionId: string; amountCents: number; paymentReference: string; paid: boolean }
  | { id: string; type: "refund"; refundId: string; paymentReference: string; amountCents: number; status: string }
  /** A gift's Checkout completed (its first month, for a monthly gift: the invoice is its reference). */
  | ({ id: string; type: "donation.completed"; sessionId: string } & DonationPaid)
  /** A monthly gift's invoice was paid (each month's, the first too). */
  | ({ id: string; type: "donation.invoice" } & DonationPaid)
  /** A monthly gift's subscription ended (stopped on the site, or in the provider's dashboard). */
  | { id: string; type: "donation.stopped"; donationId: string; subscriptionId: string }
  | { id: string; type: "other"; name: string };

export interface PaymentProvider {
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** Refunds part or all of a card payment; the same idempotency key again answers the same refund. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  createDonationCheckout(input: DonationCheckoutInput): Promise<CheckoutSession>;
  /** Ends a monthly gift's subscription now: no month after is charged. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** The event in a webhook's body; refused (rejects) when its signature is not the provider's. */
  parseWebhook(rawBody: string, signature: string): Promise<ProviderEvent>;
}

export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl?: string | undefined };

/**
 * Stripe's SDK, loaded by the first request that needs it rather than with the server: about 0.1 s of processor time
 * at every start, on a site that may have no provider at all (issue 38).
 */
let sdk: Promise<typeof import("stripe")> | undefined;

async function clientFor(settings: StripeSettings): Promise<Stripe> {
  const { default: StripeClient } = await (sdk ??= import("stripe"));
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new StripeClient(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol === "https:" ? "https" : "http" }
      : {}),
  });
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const connect = () => (client ??= clientFor(settings));
  return {
    async createCheckout(input) {
      const stripe = await connect();
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: input.amountCents, product_data: { name: input.description } } }],
          client_reference_id: input.accountId,
          metadata: { accountId: input.accountId },
          customer_email: input.email,
          locale: input.locale,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // One Checkout per account and amount a minute: a double click opens one page, not two.
        { idempotencyKey: `checkout-${input.accountId}-${input.amountCents}-${Math.floor(Date.now() / 60_000)}` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a url");
      return { id: session.id, url: session.url };
    },
    async refund(input) {
      const stripe = await connect();
      const r = await stripe.refunds.create(
        { payment_intent: input.paymentReference, amount: input.amountCents },
        { idempotencyKey: `refund-${input.idempotencyKey}` },
      );
      return { id: r.id, amountCents: r.amount, status: r.status ?? "pending" };
    },
    async createDonationCheckout(input) {
      const metadata = { purpose: "donation", donationId: input.donationId };
      const price = { currency: "usd", unit_amount: input.amountCents, product_data: { name: input.description } };
      const stripe = await connect();
      const session = await stripe.checkout.sessions.create(
        {
          mode: input.monthly ? "subscription" : "payment",
          line_items: [{ quantity: 1, price_data: input.monthly ? { ...price, recurring: { interval: "month" } } : price }],
          client_reference_id: input.donationId,
          metadata,
          ...(input.monthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          locale: input.locale,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `donation-${input.donationId}` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a url");
      return { id: session.id, url: session.url };
    },
    async cancelSubscription(subscriptionId) {
      const stripe = await connect();
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async parseWebhook(rawBody, signature) {
      const stripe = await connect();
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      const donation = donationEvent(event);
      if (donation) return donation;
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
        const s = event.data.object;
        const intent = typeof s.payment_intent === "string" ? s.payment_intent : (s.payment_intent?.id ?? s.id);
        return {
          id: event.id,
          type: "checkout.completed",
          sessionId: s.id,
          amountCents: s.amount_total ?? 0,
          paymentReference: intent,
          paid: s.payment_status === "paid",
        };
      }
      if (event.type === "refund.created" || event.type === "refund.updated") {
        const r = event.data.object;
        const intent = typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? "");
        return { id: event.id, type: "refund", refundId: r.id, paymentReference: intent, amountCents: r.amount, status: r.status ?? "pending" };
      }
      return { id: event.id, type: "other", name: event.type };
    },
  };
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? ""));

/** A gift's events (their metadata says purpose "donation"): its Checkout completed, a month's invoice paid. */
function donationEvent(event: Stripe.Event): ProviderEvent | null {
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const s = event.data.object;
    if (s.metadata?.purpose !== "donation") return null;
    return {
      id: event.id,
      type: "donation.completed",
      sessionId: s.id,
      donationId: s.metadata.donationId ?? "",
      amountCents: s.amount_total ?? 0,
      reference: s.mode === "subscription" ? idOf(s.invoice) : idOf(s.payment_intent),
      email: s.customer_details?.email ?? s.customer_email ?? "",
      paid: s.payment_status === "paid",
      subscriptionId: s.mode === "subscription" ? idOf(s.subscription) : "",
    };
  }
  if (event.type === "customer.subscription.deleted") {
    const sub = event.data.object;
    if (sub.metadata?.purpose !== "donation") return null;
    return { id: event.id, type: "donation.stopped", donationId: sub.metadata.donationId ?? "", subscriptionId: sub.id };
  }
  if (event.type === "invoice.paid") {
    const inv = event.data.object;
    const metadata = inv.parent?.subscription_details?.metadata;
    if (metadata?.purpose !== "donation") return null;
    return {
      id: event.id,
      type: "donation.invoice",
      donationId: metadata.donationId ?? "",
      amountCents: inv.amount_paid,
      reference: inv.id ?? "",
      email: inv.customer_email ?? "",
      paid: inv.status === "paid",
      subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
    };
  }
  return null;
}

/** The site's provider: Stripe when configured, else none. */
export function paymentProviderFor(config: { stripe?: StripeSettings | undefined }): PaymentProvider | null {
  return config.stripe ? stripeProvider(config.stripe) : null;
}
