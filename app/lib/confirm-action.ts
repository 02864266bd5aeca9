// Asking once before an action that cannot be taken back (issue 39, decision 0049): cancelling a booking, declining
// or withdrawing a request, removing an athlete. The form's first post carries no confirmation: the server changes
// nothing and answers `{ confirm: key }`, and the page shows that form's question with a confirm button (the page
// without JavaScript); with JavaScript, app/components/ui/confirm-action.tsx asks in a dialog and posts confirmed at
// once. Pure: the route's action and the page's component share it, so both name the same form the same way.

/** The field a confirmed post carries, with the value CONFIRMED. */
export const CONFIRM_FIELD = "confirmed";
export const CONFIRMED = "yes";

/** The answer of a post that was not confirmed: which form to ask about. */
export type ConfirmAsk = { confirm: string };

/** A form's name for its question: its fields (but the confirmation), in a fixed order. */
export function confirmKey(fields: Iterable<[string, unknown]>): string {
  const pairs: string[] = [];
  for (const [name, value] of fields) if (name !== CONFIRM_FIELD && typeof value === "string") pairs.push(`${name}=${value}`);
  return pairs.sort().join("&");
}

/**
 * The server's one rule: null when the post carries the confirmation, otherwise the answer that asks for it (and the
 * action must change nothing). A post that is not confirmed is answered, never refused: it is the page's first step.
 */
export function askUnlessConfirmed(form: FormData): ConfirmAsk | null {
  return form.get(CONFIRM_FIELD) === CONFIRMED ? null : { confirm: confirmKey(form.entries()) };
}
