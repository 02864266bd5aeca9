// The public forms' trap for bots, apart from the forms' words (app/content/forms.ts): the field component reads it in
// the browser, and a constant imported from a module of messages brought those messages into every page with a field.

/** The name of the hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
