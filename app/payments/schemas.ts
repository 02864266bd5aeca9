// What the payments forms may send, checked at the boundary (migration 0034's CHECK constraints say the same again).
// Money is typed in dollars ("120" or "120.50") and kept as integer cents; each message is shown beside its field.
import { z } from "zod";
import { isoDay, says, wholeNumber } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { INCOME_BANDS, PAYMENT_METHODS, SCHOOL_LUNCH } from "../../db/schema-payments";
import { parseDollars } from "./money";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Dollars typed in a form, as cents from `min` to `max`; anything else gets `message`. */
export const cents = (min: number, max: number, message: () => string) =>
  z.string(says(message)).transform((v, ctx) => {
    const c = parseDollars(v);
    if (c === null || c < min || c > max) {
      ctx.addIssue({ code: "custom", message: message() });
      return z.NEVER;
    }
    return c;
  });

export const AidRequestSchema = z.object({
  wantsHelp: z.literal("on", says(m.pay_error_tick)),
  householdSize: z.preprocess(blankToUndefined, wholeNumber(1, 20, m.pay_error_household_size).optional()),
  schoolLunch: z.preprocess(blankToUndefined, z.enum(SCHOOL_LUNCH, says(m.pay_error_choice)).optional()),
  incomeBand: z.preprocess(blankToUndefined, z.enum(INCOME_BANDS, says(m.pay_error_choice)).optional()),
  note: z.string().trim().max(1000, says(m.pay_error_note_long)).default(""),
});
export type AidAnswers = Omit<z.output<typeof AidRequestSchema>, "wantsHelp">;

const MAX_CENTS = 10_000_000;

/** The last day a grant may run to, from `today`: a season or a school year ahead, never a typing slip (2099). */
export function lastAidDay(today: string): string {
  return `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
}

const requestId = z.uuid(says(m.pay_error_unknown));

/**
 * Staff's answer on /aid: decline, or a grant whose terms are checked per kind (a floor only for a percentage or an
 * amount), running until a day from `today` to two years on.
 */
export function aidDecisionSchema(today: string) {
  const validUntil = isoDay(m.pay_error_day).refine((d) => d >= today && d <= lastAidDay(today), says(m.pay_error_valid_until));
  const floorCents = z.preprocess(blankToUndefined, cents(0, MAX_CENTS, m.pay_error_amount).optional());
  return z.discriminatedUnion("decision", [
    z.object({ decision: z.literal("decline"), requestId }),
    z.object({ decision: z.literal("waiver"), requestId, validUntil }),
    z.object({ decision: z.literal("percent"), requestId, percent: wholeNumber(1, 100, m.pay_error_percent), floorCents, validUntil }),
    z.object({ decision: z.literal("amount"), requestId, amountCents: cents(1, MAX_CENTS, m.pay_error_amount), floorCents, validUntil }),
  ]);
}
export type AidDecisionInput = z.output<ReturnType<typeof aidDecisionSchema>>;

/** A payment staff record by hand: cash, check or Zelle, with its reference (a receipt, check or confirmation number). */
export const ManualPaymentSchema = z.object({
  accountId: z.uuid(says(m.pay_error_unknown)),
  amountCents: cents(1, MAX_CENTS, m.pay_error_amount),
  method: z.enum(
    PAYMENT_METHODS.filter((p) => p !== "card"),
    says(m.pay_error_method),
  ),
  reference: z.string(says(m.pay_error_reference)).trim().min(1, says(m.pay_error_reference)).max(120, says(m.pay_error_reference)),
});
export type ManualPaymentInput = z.output<typeof ManualPaymentSchema>;

/** A correction staff add on /aid: an amount the family owes more or less, and why (shown to the family as typed). */
export const CorrectionSchema = z.object({
  accountId: z.uuid(says(m.pay_error_unknown)),
  direction: z.enum(["more", "less"], says(m.pay_error_choice)),
  amountCents: cents(1, MAX_CENTS, m.pay_error_amount),
  reason: z.string(says(m.aid_error_reason)).trim().min(1, says(m.aid_error_reason)).max(300, says(m.aid_error_reason)),
});
export type CorrectionInput = z.output<typeof CorrectionSchema>;
