// What forms share without zod, so the site's chrome (the header's sign-in dialog) does not ship zod to every page.
// The rest of the forms module (parseForm, the schema words, the answers an action gives) is app/lib/forms.ts, which
// re-exports these types: import them from there unless the importer must stay free of zod.

/** The hidden field that says a sign-in or sign-up came from the header's document dialog. */
export const DOCUMENT_DIALOG = "document-dialog";

/** A message for each field that was refused, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** What a refused form typed, given back so the page shows it again (a form that works without JavaScript). */
export type FormValues = Record<string, string>;

/**
 * The one shape every action answers with (decision 0077). `intent` says which of a page's forms answered, when it has
 * several; a refusal carries a message beside each refused field, perhaps one for the form as a whole (`formError`,
 * shown by ui/FormError), what was typed and what the page offers instead (`Offer`: the next free times when the one
 * chosen was taken); a success perhaps a message for a confirmation or toast, the moment it was saved (the key that
 * shows a confirmation again for a second save) and what the page needs to show next (`Done`).
 */
export type ActionResult<Done extends object = {}, Values = FormValues, Offer extends object = {}> = ActionDone<Done> | ActionRefusal<Values, Offer>;

export type ActionDone<Done extends object = {}> = { ok: true; intent?: string; message?: string; savedAt?: number } & Done;

export type ActionRefusal<Values = FormValues, Offer extends object = {}> = {
  ok: false;
  intent?: string;
  fieldErrors: FieldErrors;
  formError?: string;
  values?: Values;
} & Offer;

/** The refusal in an answer, if it is one: `refusalOf(actionData)?.fieldErrors.email`. */
export function refusalOf<Answer extends { ok: boolean }>(answer: Answer | null | undefined): Extract<Answer, { ok: false }> | null {
  return answer && !answer.ok ? (answer as Extract<Answer, { ok: false }>) : null;
}
