// What forms share without zod, so the site's chrome (the header's sign-in dialog) does not ship zod to every page.

/** The hidden field that says a sign-in or sign-up came from the header's document dialog. */
export const DOCUMENT_DIALOG = "document-dialog";

/** A message for each field that was refused, by field name. */
export type FieldErrors = Partial<Record<string, string>>;
