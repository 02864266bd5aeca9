// What the refund form may send (decision 0060), checked at the boundary: which payment, how much (typed in dollars,
// kept as cents), why (the family reads it), how the money goes back, and the confirmed form's key (made by the server
// when it asks, so the same confirmed form sent twice is one refund).
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { PAYMENT_METHODS } from "../../db/schema-payments";
import { cents } from "./schemas";

export const REFUND_INTENT = "refund";

export const RefundFormSchema = z.object({
  paymentId: z.uuid(says(m.refunds_error_payment)),
  amountCents: cents(1, 10_000_000, m.refunds_error_amount),
  reason: z.string(says(m.refunds_error_reason)).trim().min(3, says(m.refunds_error_reason)).max(300, says(m.refunds_error_reason)),
  method: z.enum(PAYMENT_METHODS, says(m.refunds_error_method)),
  key: z.uuid(says(m.refunds_error_payment)).optional(),
});

export type RefundInput = Omit<z.output<typeof RefundFormSchema>, "key"> & { accountId: string; key: string };
