// A gift's provider events (decision 0060), after the webhook checked their signature: a one-off gift's Checkout
// completed, a monthly gift's first month (its Checkout) and every month after (its invoice paid). Believed only for a
// Checkout we opened and the amount we asked; each event id and each payment (intent or invoice) is one gift at most
// (unique indexes), so duplicates, replays and a month told twice (Checkout and invoice) record one gift. The donor's
// receipt is mailed in the same transaction. Anything else changes nothing and is logged (never the donor's address).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ProviderEvent } from "~/payments/index.server";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { mailDonationReceipt, type DonationServices } from "./receipt.server";

export type DonationEvent = Extract<ProviderEvent, { type: "donation.completed" | "donation.invoice" }>;
export type DonationOutcome = "recorded" | "already-recorded" | "replay" | "not-paid" | "unknown-donation" | "amount-mismatch" | "no-email";

const CheckoutRow = z.object({
  id: z.string(),
  session_id: z.string(),
  gift_cents: z.number().int(),
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
});

export async function handleDonationEvent(db: Db, services: DonationServices, event: DonationEvent): Promise<DonationOutcome> {
  const outcome = await db.transaction(async (tx): Promise<DonationOutcome> => {
    const checkout = await maybeRow(
      tx,
      CheckoutRow,
      sql`select id, session_id, gift_cents, fee_cents, total_cents from donation_checkouts where id::text = ${event.donationId}`,
    );
    if (!checkout || (event.type === "donation.completed" && checkout.session_id !== event.sessionId)) return "unknown-donation";
    if (checkout.total_cents !== event.amountCents) return "amount-mismatch";
    if (!event.paid) return "not-paid";
    if (!event.email || !event.reference) return "no-email";
    // A monthly gift's subscription, kept from its first event so the donor can stop it (decision 0067).
    if (event.subscriptionId)
      await tx.execute(sql`update donation_checkouts set subscription_id = ${event.subscriptionId}
        where id = ${checkout.id} and kind = 'monthly' and subscription_id is null`);
    const seen = await tx.execute(sql`select 1 from donations where provider_event_id = ${event.id}`);
    if (seen.rows.length > 0) return "replay";
    const inserted = await maybeRow(
      tx,
      z.object({ id: z.string() }),
      sql`
      insert into donations (checkout_id, amount_cents, gift_cents, fee_cents, email, reference, provider_event_id)
      values (${checkout.id}, ${checkout.total_cents}, ${checkout.gift_cents}, ${checkout.fee_cents}, ${event.email}, ${event.reference}, ${event.id})
      on conflict do nothing returning id`,
    );
    const id = inserted?.id;
    if (!id) return "already-recorded";
    await mailDonationReceipt(tx, services, id);
    return "recorded";
  });
  if (outcome !== "recorded") console.warn(`donations: webhook event ${event.id}: ${outcome}`);
  return outcome;
}
