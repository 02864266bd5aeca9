// The child-data forms' schemas (issue 40, decision 0056): the family's request names an athlete; an administrator's
// answer names a request, and a refusal says why (at most 500 characters, said beside the field).
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";

export { CHILD_DATA_INTENT } from "./intents";

export const AskDeleteSchema = z.object({ athleteId: z.string().min(1).max(100) });

export const CarryOutSchema = z.object({ requestId: z.string().uuid() });

export const RefuseSchema = z.object({
  requestId: z.string().uuid(),
  reason: z.string().trim().min(1, says(m.childdata_staff_reason_needed)).max(500, says(m.childdata_staff_reason_long)),
});
