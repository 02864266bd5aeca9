// The answer a page's action gives to its cancel form (issue 41, decision 0068), shared by the server step and the
// form: which session, the question's key when the post was not yet confirmed (and what was typed, to send again
// with the confirmation), or the messages beside the fields.
export const CANCEL_SESSION_INTENT = "cancel-session";

export type SessionCancelAnswer = {
  intent: typeof CANCEL_SESSION_INTENT;
  eventId: string;
  /** Set when the post was not confirmed: the page asks its question in place of the form. */
  confirm?: string;
  values: { reason: string; reasonEs: string };
  fieldErrors?: Partial<Record<string, string>>;
  error?: string;
};

/** Whether an action's answer is this form's (a page's other forms answer other shapes). */
export function isSessionCancelAnswer(value: unknown): value is SessionCancelAnswer {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === CANCEL_SESSION_INTENT;
}
