// What the browser holds of an athlete's medical information (issue 39, decision 0048): the guardian's own form values,
// the coach's flag, and the details a coach opened (in the page's memory only, never kept on the phone).
export type MedicalInfo = { allergies: string; conditions: string; medication: string; courtsideAlert: boolean };

/** On the sheet: "alert" when the family ticked the courtside alert, "notes" when something is written, else none. */
export type MedicalFlag = "alert" | "notes";

/** The answer to a coach's tap on the flag: the details, or why not. */
export type MedicalAnswer = { athleteId: string; details: MedicalInfo | null; error?: string };

/** The family page's medical forms post to /account/family with this intent. */
export const MEDICAL_INTENT = "medical";
