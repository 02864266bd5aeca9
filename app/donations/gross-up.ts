// "Cover the fee" (decision 0060): the total asked so that, after the card processor's fee of a percentage of the total
// plus a fixed part, the organisation receives the whole gift. Solving total - (total * p + f) >= gift for the
// smallest whole cent: total = ceil((gift + f) / (1 - p)). Pure: the page's words and the server's Checkout share it.
// The rate is the organisation's setting (decision 0067: set by administrators on /staff), Stripe's standard US card
// rate unless they say otherwise.

/** The card processor's fee: basis points of the total (290 = 2.9%) plus whole cents. */
export type CardFee = { basisPoints: number; fixedCents: number };

/** Stripe's standard US card rate, 2.9% + 30 cents: the setting's default (its non-profit rate is lower). */
export const DEFAULT_CARD_FEE: CardFee = { basisPoints: 290, fixedCents: 30 };
/** The setting's bounds (the database's check holds them too): up to 10% and $2. */
export const MAX_FEE_BASIS_POINTS = 1000;
export const MAX_FEE_FIXED_CENTS = 200;

/** A gift's total with the fee covered, and the fee part of it, in cents. */
export function grossUp(giftCents: number, fee: CardFee = DEFAULT_CARD_FEE): { totalCents: number; feeCents: number } {
  const totalCents = Math.ceil(((giftCents + fee.fixedCents) * 10_000) / (10_000 - fee.basisPoints));
  return { totalCents, feeCents: totalCents - giftCents };
}

/** "2.9" for 290 basis points: the percentage as a person types it. */
export const feePercentText = (basisPoints: number) => String(basisPoints / 100);

/** The gift amounts offered as one tap each, in dollars; "Other" takes any from MIN to MAX. */
export const PRESET_DOLLARS = [25, 50, 100, 250] as const;
export const MIN_GIFT_CENTS = 100;
export const MAX_GIFT_CENTS = 2_500_000;
