// What a form that cancels a session may send (issue 41, decisions 0059 and 0068): the session, and why, in English
// and, if staff write it, in Spanish (300 characters each, as the table's check). /aid/sessions' form adds its tick;
// the programs editor and the roster ask their question instead (app/lib/confirm-action.ts). Each message beside its
// field.
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** The reason's limit, the same as session_cancellations' check (migration 0050). */
export const CANCEL_REASON_MAX = 300;

export const SessionCancelSchema = z.object({
  eventId: z.uuid(says(m.pay_error_unknown)),
  reason: z
    .string(says(m.seasonfees_error_reason))
    .trim()
    .min(1, says(m.seasonfees_error_reason))
    .max(CANCEL_REASON_MAX, says(m.seasonfees_error_reason)),
  reasonEs: z.preprocess(
    blankToNull,
    z.string(says(m.seasonfees_error_reason)).trim().max(CANCEL_REASON_MAX, says(m.seasonfees_error_reason)).nullable(),
  ),
});
export type SessionCancelInput = z.output<typeof SessionCancelSchema>;
