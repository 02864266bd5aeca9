// What /aid/sessions' form may send (issue 41, decision 0059): a session to cancel, why (English, and Spanish if staff
// write it), and the tick that says they know every enrolled family is credited. Each message beside its field.
import { z } from "zod";
import { says } from "~/lib/schema-words";
import { m } from "~/paraglide/messages";

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

export const CancelSessionSchema = z.object({
  eventId: z.uuid(says(m.pay_error_unknown)),
  reason: z.string(says(m.seasonfees_error_reason)).trim().min(1, says(m.seasonfees_error_reason)).max(300, says(m.seasonfees_error_reason)),
  reasonEs: z.preprocess(blankToNull, z.string(says(m.seasonfees_error_reason)).trim().max(300, says(m.seasonfees_error_reason)).nullable()),
  understood: z.literal("on", says(m.seasonfees_error_understood)),
});
export type CancelSessionInput = z.output<typeof CancelSessionSchema>;
