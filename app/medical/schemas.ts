// The medical form's schema (issue 39, decision 0048): three optional notes of at most 500 characters and the courtside
// alert tick. The server checks with it; a note too long is said beside its field.
import { z } from "zod";
import { says } from "~/lib/forms";
import { m } from "~/paraglide/messages";

const note = z.string().trim().max(500, says(m.attendance_medical_error_long)).default("");

export const MedicalSchema = z.object({
  athleteId: z.string().min(1).max(100),
  allergies: note,
  conditions: note,
  medication: note,
  courtsideAlert: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
