// Paying online (decision 0044): the family opens a hosted Checkout for what is due now; the provider's signed webhook
// records the payment. A webhook is believed only when its signature is good, its session is one we opened, and its
// amount is the one we asked; each event id and each payment reference counts once (unique indexes), so duplicates,
// replays and retries in any order record one payment. Anything else changes nothing and is logged (no personal data).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { getDue, recordPayment } from "./ledger.server";
import type { PaymentProvider, ProviderEvent } from "./provider.server";
import { mailReceipt, type ReceiptServices } from "./receipts.server";

/** Stripe's smallest card payment in dollars (50 cents): less than that is paid in person. */
export const MIN_CARD_CENTS = 50;

export type StartCheckoutResult =
  { ok: true; url: string } | { ok: false; reason: "no-provider" | "nothing-due" | "aid-pending" | "too-small" | "provider-failed" };

export type CheckoutRequest = {
  accountId: string;
  userId: string;
  email: string;
  locale: "en" | "es";
  description: string;
  successUrl: string;
  cancelUrl: string;
};

/** Opens a Checkout for exactly what the account owes now (never while a request for help waits). */
export async function startCheckout(db: Db, provider: PaymentProvider | null, req: CheckoutRequest): Promise<StartCheckoutResult> {
  if (!provider) return { ok: false, reason: "no-provider" };
  const due = await getDue(db, req.accountId);
  if (due.state === "aid-pending") return { ok: false, reason: "aid-pending" };
  if (due.state !== "due") return { ok: false, reason: "nothing-due" };
  if (due.cents < MIN_CARD_CENTS) return { ok: false, reason: "too-small" };
  let session;
  try {
    session = await provider.createCheckout({
      accountId: req.accountId,
      amountCents: due.cents,
      description: req.description,
      locale: req.locale,
      successUrl: req.successUrl,
      cancelUrl: req.cancelUrl,
      email: req.email,
    });
  } catch (err) {
    console.error("payments: opening a checkout failed:", err instanceof Error ? err.message : err);
    return { ok: false, reason: "provider-failed" };
  }
  await db.execute(sql`
    insert into payment_checkouts (id, account_id, amount_cents, opened_by) values (${session.id}, ${req.accountId}, ${due.cents}, ${req.userId})
    on conflict (id) do nothing`);
  return { ok: true, url: session.url };
}

export type WebhookOutcome = "recorded" | "already-recorded" | "replay" | "ignored" | "not-paid" | "unknown-session" | "amount-mismatch";

/**
 * Acts on one event whose signature was checked. An event for a session we do not know (yet) or an amount we did not
 * ask is not kept, so the provider's retry is looked at afresh; every other event id is kept, and a second delivery
 * of it is a replay that changes nothing.
 */
export async function handleProviderEvent(db: Db, services: ReceiptServices, event: ProviderEvent): Promise<WebhookOutcome> {
  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    let outcome: WebhookOutcome = "ignored";
    let accountId: string | null = null;
    if (event.type === "checkout.completed") {
      const checkout = await maybeRow(
        tx,
        z.object({ account_id: z.string(), amount_cents: z.number().int() }),
        sql`select account_id, amount_cents from payment_checkouts where id = ${event.sessionId}`,
      );
      if (!checkout) return "unknown-session";
      if (checkout.amount_cents !== event.amountCents) return "amount-mismatch";
      accountId = checkout.account_id;
      outcome = event.paid ? "recorded" : "not-paid";
    }
    const kept = await tx.execute(sql`
      insert into payment_provider_events (id, type, outcome) values (${event.id}, ${event.type === "other" ? event.name : event.type}, ${outcome})
      on conflict (id) do nothing returning id`);
    if (kept.rows.length === 0) return "replay";
    if (outcome !== "recorded" || event.type !== "checkout.completed" || !accountId) return outcome;
    const paymentId = await recordPayment(tx, {
      accountId,
      amountCents: event.amountCents,
      method: "card",
      reference: event.paymentReference,
      recordedBy: null,
      providerEventId: event.id,
    });
    if (!paymentId) return "already-recorded";
    await mailReceipt(tx, services, accountId, paymentId);
    return "recorded";
  });
  if (outcome !== "recorded") console.warn(`payments: webhook event ${event.id}: ${outcome}`);
  return outcome;
}
