// The answer a page's action gives to its cancel form (issue 41, decision 0068), shared by the server step and the
// form: the question asked once before the session is cancelled, or why not beside the fields or for the form.
import type { ActionResult } from "~/lib/form-errors";

export const CANCEL_SESSION_INTENT = "cancel-session";

/** What was typed in a cancel form, with the session it is about. */
type CancelTyped = { eventId: string; reason: string; reasonEs: string };

/**
 * One ActionResult (decision 0077): a post not yet confirmed is a success that changed nothing and carries the
 * question's key (`confirm`), with what was typed to send again with the confirmation; a refusal carries the same
 * among what was sent (`values`: the session is the one whose card shows it), its messages beside the fields or the
 * form's own (`formError`). A cancellation made redirects, its words written on the session's card.
 */
export type SessionCancelAnswer = ActionResult<{ confirm: string; values: CancelTyped }, CancelTyped>;

/** Whether an action's answer is this form's (a page's other forms answer other shapes). */
export function isSessionCancelAnswer(value: unknown): value is SessionCancelAnswer {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === CANCEL_SESSION_INTENT;
}
