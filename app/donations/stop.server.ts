// Stopping a monthly gift (issue 41, decision 0067). A donor needs no account, so the way in is the link in every
// monthly gift's receipt: the gift's id and a key only the site can make (an HMAC of the id with the site's secret),
// never the donor's address. A signed-in donor also finds the monthly gifts whose receipts come to their verified
// address on /account/donations. Either way the one step is stopMonthlyGift: the provider ends the subscription first
// (through the site's payment interface), then the gift's row says when; the provider's customer.subscription.deleted
// (ours arriving after, or one stopped in its dashboard) sets the same stamp once, so the record stays true.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { localizePath, type Locale } from "~/i18n/language";
import type { PaymentProvider, ProviderEvent } from "~/payments/index.server";
import type { Db } from "../../db/client";
import { maybeRow, rows } from "../../db/rows";

/** The key in a gift's stop link: the gift's id signed with the site's secret. */
export const stopKey = (secret: string, donationId: string) =>
  crypto.createHmac("sha256", secret).update(`donation-stop:${donationId}`).digest("base64url").slice(0, 32);

/** Whether `key` is the gift's own (compared in constant time). */
export function isStopKey(secret: string, donationId: string, key: string): boolean {
  const want = Buffer.from(stopKey(secret, donationId));
  const got = Buffer.from(key);
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

/** The stop link a monthly gift's receipt carries, in the donor's language. */
export const stopUrl = (publicUrl: string, secret: string, donationId: string, locale: Locale) =>
  `${publicUrl}${localizePath(`/donate/monthly/${donationId}/${stopKey(secret, donationId)}`, locale)}`;

const GiftRow = z.object({
  id: z.string(),
  total_cents: z.number(),
  subscription_id: z.string().nullable(),
  started_at: z.string(),
  stopped_at: z.string().nullable(),
});

export type MonthlyGift = { id: string; totalCents: number; startedAt: string; stoppedAt: string | null; started: boolean };

const toGift = (r: z.output<typeof GiftRow>): MonthlyGift => ({
  id: r.id,
  totalCents: r.total_cents,
  startedAt: r.started_at,
  stoppedAt: r.stopped_at,
  started: r.subscription_id !== null,
});

/** A monthly gift by its id, or null (a one-off gift, or none). */
export async function getMonthlyGift(db: Db, donationId: string): Promise<MonthlyGift | null> {
  if (!/^[0-9a-f-]{36}$/.test(donationId)) return null;
  const r = await maybeRow(
    db,
    GiftRow,
    sql`select id, total_cents, subscription_id, to_json(created_at) #>> '{}' as started_at, to_json(stopped_at) #>> '{}' as stopped_at
      from donation_checkouts where id = ${donationId} and kind = 'monthly'`,
  );
  return r ? toGift(r) : null;
}

/** The monthly gifts whose receipts go to the person's address, once they verified it; newest first. */
export async function getMonthlyGiftsFor(db: Db, userId: string): Promise<MonthlyGift[]> {
  const found = await rows(
    db,
    GiftRow,
    sql`select c.id, c.total_cents, c.subscription_id, to_json(c.created_at) #>> '{}' as started_at, to_json(c.stopped_at) #>> '{}' as stopped_at
      from donation_checkouts c
      where c.kind = 'monthly' and exists (
        select 1 from donations d join users u on lower(u.email) = lower(d.email)
        where d.checkout_id = c.id and u.id = ${userId} and u.email_verified and u.deleted_at is null)
      order by c.created_at desc`,
  );
  return found.map(toGift);
}

export type StopResult = { ok: true } | { ok: false; reason: "not-found" | "not-started" | "no-provider" | "provider-failed" };

/**
 * Stops a monthly gift: the provider ends its subscription, then the row is stamped. The row is locked for the step,
 * so two taps at once ask the provider once; a gift already stopped is answered as stopped, asking nothing.
 */
export async function stopMonthlyGift(db: Db, provider: PaymentProvider | null, donationId: string): Promise<StopResult> {
  if (!provider) return { ok: false, reason: "no-provider" };
  return db.transaction(async (tx): Promise<StopResult> => {
    const gift = await maybeRow(
      tx,
      z.object({ subscription_id: z.string().nullable(), stopped: z.boolean() }),
      sql`select subscription_id, stopped_at is not null as stopped from donation_checkouts
        where id = ${donationId} and kind = 'monthly' for update`,
    );
    if (!gift) return { ok: false, reason: "not-found" };
    if (gift.stopped) return { ok: true };
    if (!gift.subscription_id) return { ok: false, reason: "not-started" };
    try {
      await provider.cancelSubscription(gift.subscription_id);
    } catch (err) {
      console.error("donations: stopping a monthly gift at the provider failed:", err instanceof Error ? err.message : err);
      return { ok: false, reason: "provider-failed" };
    }
    await tx.execute(sql`update donation_checkouts set stopped_at = now() where id = ${donationId}`);
    return { ok: true };
  });
}

/** The provider's word that a monthly gift's subscription ended: the row is stamped once; anything else changes nothing. */
export async function handleGiftStopped(db: Db, event: Extract<ProviderEvent, { type: "donation.stopped" }>) {
  const stamped = await rows(
    db,
    z.object({ stopped: z.boolean() }),
    sql`update donation_checkouts set stopped_at = coalesce(stopped_at, now()), subscription_id = coalesce(subscription_id, ${event.subscriptionId})
      where id::text = ${event.donationId} and kind = 'monthly' and (subscription_id is null or subscription_id = ${event.subscriptionId})
      returning true as stopped`,
  );
  if (stamped.length === 0) console.warn(`donations: webhook event ${event.id}: a stopped subscription of no gift we know`);
  return stamped.length > 0 ? ("stopped" as const) : ("unknown-donation" as const);
}
