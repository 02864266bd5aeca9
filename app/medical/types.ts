// What the browser holds of an athlete's medical information (issue 39, decision 0048): the guardian's own form values,
// the coach's flag, and the details a coach opened (in the page's memory only, never kept on the phone).
import type { ActionResult } from "~/lib/forms";
export type MedicalInfo = { allergies: string; conditions: string; medication: string; courtsideAlert: boolean };

/** On the sheet: "alert" when the family ticked the courtside alert, "notes" when something is written, else none. */
export type MedicalFlag = "alert" | "notes";

/**
 * The answer to a coach's tap on a flag (the sheet's and /staff/medical's action, ActionResult, decision 0077): a
 * success naming the athlete (`athleteId`) with their details, or a refusal whose words (`formError`) are for the
 * athlete among what was sent (`values.athleteId`). A flag reads it with answerTo (ui/card-section), as the family
 * page's sections read theirs.
 */
export type MedicalReadAnswer = ActionResult<{ athleteId?: string; details?: MedicalInfo | null }, { athleteId?: string }>;

/** The family page's medical forms post to /account/family with this intent. */
export const MEDICAL_INTENT = "medical";
