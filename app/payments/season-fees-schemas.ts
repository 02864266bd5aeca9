// What /aid/sessions' form may send (issue 41, decision 0059): a session to cancel, why (English, and Spanish if staff
// write it), and the tick that says they know every enrolled family is credited. Each message beside its field.
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import { SessionCancelSchema } from "~/programs/session-cancel-schemas";

// The session and the reasons are the one schema every cancel form shares (app/programs/session-cancel-schemas.ts).
export const CancelSessionSchema = SessionCancelSchema.extend({
  understood: z.literal("on", says(m.seasonfees_error_understood)),
});
export type CancelSessionInput = z.output<typeof CancelSessionSchema>;
