// Giving online (decision 0060): a visitor's gift opens the provider's hosted Checkout for exactly the gift, or the
// gift grossed up by the organisation's card fee setting when they cover the fee, one-off or monthly. What was asked is kept (donation_checkouts) so that
// only events for a Checkout we opened, for that amount, record a gift. No account, no card number on our server.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { PaymentProvider } from "~/payments/index.server";
import type { Db } from "../../db/client";
import { grossUp } from "./gross-up";
import type { GiveInput } from "./schemas";
import { getCardFee } from "./settings.server";

export type GiveResult = { ok: true; url: string } | { ok: false; reason: "no-provider" | "provider-failed" };

export async function startDonation(
  db: Db,
  provider: PaymentProvider | null,
  input: GiveInput,
  opts: { locale: "en" | "es"; description: string; successUrl: string; cancelUrl: string },
): Promise<GiveResult> {
  if (!provider) return { ok: false, reason: "no-provider" };
  const { totalCents, feeCents } = input.coverFee ? grossUp(input.giftCents, await getCardFee(db)) : { totalCents: input.giftCents, feeCents: 0 };
  const donationId = crypto.randomUUID();
  let session;
  try {
    session = await provider.createDonationCheckout({
      donationId,
      monthly: input.monthly,
      amountCents: totalCents,
      description: opts.description,
      locale: opts.locale,
      successUrl: opts.successUrl,
      cancelUrl: opts.cancelUrl,
    });
  } catch (err) {
    console.error("donations: opening a checkout failed:", err instanceof Error ? err.message : err);
    return { ok: false, reason: "provider-failed" };
  }
  await db.execute(sql`
    insert into donation_checkouts (id, session_id, kind, gift_cents, fee_cents, total_cents, locale)
    values (${donationId}, ${session.id}, ${input.monthly ? "monthly" : "once"}, ${input.giftCents}, ${feeCents}, ${totalCents}, ${opts.locale})`);
  return { ok: true, url: session.url };
}
