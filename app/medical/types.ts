// What the browser holds of an athlete's medical information (issue 39, decision 0048): the guardian's own form values,
// the coach's flag, and the details a coach opened (in the page's memory only, never kept on the phone).
import type { ActionResult } from "~/lib/forms";
export type MedicalInfo = { allergies: string; conditions: string; medication: string; courtsideAlert: boolean };

/** On the sheet: "alert" when the family ticked the courtside alert, "notes" when something is written, else none. */
export type MedicalFlag = "alert" | "notes";

/** The answer to a coach's tap on the flag: the details, or why not. */
export type MedicalAnswer = { athleteId: string; details: MedicalInfo | null; error?: string };

/**
 * The sheet's action answer, as a flag reads it (ActionResult, decision 0077): a success carrying the details
 * (`medical`), or a refusal whose words (`formError`) are for the athlete among what was sent (`values.athleteId`).
 */
export type MedicalReadAnswer = ActionResult<{ medical?: { athleteId: string; details: MedicalInfo | null } }, { athleteId?: string }>;

/** What one athlete's flag shows of an answer: their details, or why not; nothing when it was about someone else. */
export function medicalAnswerFor(answer: MedicalReadAnswer | null | undefined, athleteId: string): MedicalAnswer | undefined {
  if (!answer) return undefined;
  if (answer.ok) return answer.medical?.athleteId === athleteId ? answer.medical : undefined;
  const mine = answer.intent === MEDICAL_INTENT && answer.values?.athleteId === athleteId && answer.formError;
  return mine ? { athleteId, details: null, error: mine } : undefined;
}

/** The family page's medical forms post to /account/family with this intent. */
export const MEDICAL_INTENT = "medical";
