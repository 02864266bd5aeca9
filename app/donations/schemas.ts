// The "Give online" form (decision 0060): one-off or monthly, a preset amount or another typed in dollars, and whether
// the donor covers the card fee. Each problem is answered beside its field.
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { parseDollars } from "~/payments/money";
import { MAX_FEE_BASIS_POINTS, MAX_FEE_FIXED_CENTS, MAX_GIFT_CENTS, MIN_GIFT_CENTS, PRESET_DOLLARS } from "./gross-up";

export const GiveSchema = z
  .object({
    frequency: z.enum(["once", "monthly"], says(m.donations_error_frequency)),
    amount: z
      .string(says(m.donations_error_amount))
      .refine((v) => v === "other" || (PRESET_DOLLARS as readonly number[]).includes(Number(v)), says(m.donations_error_amount)),
    otherAmount: z.string().optional(),
    coverFee: z.literal("on").optional(),
  })
  .transform((v, ctx) => {
    const cents = v.amount === "other" ? parseDollars(v.otherAmount ?? "") : Number(v.amount) * 100;
    if (cents === null || cents < MIN_GIFT_CENTS || cents > MAX_GIFT_CENTS) {
      ctx.addIssue({ code: "custom", path: [v.amount === "other" ? "otherAmount" : "amount"], message: m.donations_error_other() });
      return z.NEVER;
    }
    return { monthly: v.frequency === "monthly", giftCents: cents, coverFee: v.coverFee === "on" };
  });
export type GiveInput = z.output<typeof GiveSchema>;

/** An EIN as the IRS writes it: two digits, a hyphen, seven digits; empty clears it. */
export const EinSchema = z.object({
  ein: z
    .string(says(m.donations_error_ein))
    .trim()
    .refine((v) => v === "" || /^\d{2}-\d{7}$/.test(v), says(m.donations_error_ein)),
});

/** The card fee donors cover (decision 0067): a percentage from 0 to 10 with at most two decimals, and 0 to $2. */
export const CardFeeSchema = z
  .object({
    feePercent: z
      .string(says(m.donations_error_fee_percent))
      .trim()
      .refine((v) => /^\d{1,2}(\.\d{1,2})?$/.test(v) && Math.round(Number(v) * 100) <= MAX_FEE_BASIS_POINTS, says(m.donations_error_fee_percent)),
    feeFixed: z.string(says(m.donations_error_fee_fixed)).refine((v) => {
      const cents = parseDollars(v);
      return cents !== null && cents <= MAX_FEE_FIXED_CENTS;
    }, says(m.donations_error_fee_fixed)),
  })
  .transform((v) => ({ basisPoints: Math.round(Number(v.feePercent) * 100), fixedCents: parseDollars(v.feeFixed)! }));
