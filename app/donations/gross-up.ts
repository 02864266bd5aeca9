// "Cover the fee" (decision 0060): the total asked so that, after the card processor's fee of FEE_PERCENT of the total
// plus FEE_FIXED_CENTS, the organisation receives the whole gift. Solving total - (total * p + f) >= gift for the
// smallest whole cent: total = ceil((gift + f) / (1 - p)). Pure: the page's words and the server's Checkout share it.

/** Stripe's standard US card rate: 2.9% + 30 cents (its non-profit rate is lower: see the decision record). */
export const FEE_PERMILLE = 29;
export const FEE_FIXED_CENTS = 30;

/** A gift's total with the fee covered, and the fee part of it, in cents. */
export function grossUp(giftCents: number): { totalCents: number; feeCents: number } {
  const totalCents = Math.ceil(((giftCents + FEE_FIXED_CENTS) * 1000) / (1000 - FEE_PERMILLE));
  return { totalCents, feeCents: totalCents - giftCents };
}

/** The gift amounts offered as one tap each, in dollars; "Other" takes any from MIN to MAX. */
export const PRESET_DOLLARS = [25, 50, 100, 250] as const;
export const MIN_GIFT_CENTS = 100;
export const MAX_GIFT_CENTS = 2_500_000;
