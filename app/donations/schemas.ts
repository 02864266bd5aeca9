// The "Give online" form (decision 0060): one-off or monthly, a preset amount or another typed in dollars, and whether
// the donor covers the card fee. Each problem is answered beside its field.
import { z } from "zod";
import { says } from "~/lib/schema-words";
import { m } from "~/paraglide/messages";
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS, PRESET_DOLLARS } from "./gross-up";

/** "25", "25.50", "$1,000" as cents; null for anything else. The same reading as payments' dollars. */
function dollarsToCents(typed: string): number | null {
  const v = typed
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

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
    const cents = v.amount === "other" ? dollarsToCents(v.otherAmount ?? "") : Number(v.amount) * 100;
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
