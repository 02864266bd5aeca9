// Text that can be stored and shown as typed. A NUL character cannot be stored in PostgreSQL text (it used to
// end in a 500), a lone surrogate is not Unicode, and U+FFFD is what a decoder leaves where the bytes were not
// valid UTF-8. Every form goes through `parseForm` (auth-schemas.ts), which applies this to every field before
// the form's own schema; the messaging schemas apply it too, for the WebSocket path.

export const UNSAFE_TEXT_MESSAGE = "This contains characters that cannot be stored. Please retype it.";

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what must be found
const UNSAFE = /\u0000|\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a NUL, a lone surrogate or a replacement character left by invalid UTF-8. */
export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

/** The first field of a form (or any record of strings) whose text is unsafe, with the message to show beside it. */
export function unsafeFields(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string" && hasUnsafeCharacters(value)) errors[key] = UNSAFE_TEXT_MESSAGE;
    else if (typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" && hasUnsafeCharacters(value.name)) {
      errors[key] = UNSAFE_TEXT_MESSAGE;
    }
  }
  return errors;
}
