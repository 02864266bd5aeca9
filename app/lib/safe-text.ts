// Text that can be stored and shown as typed. A NUL character cannot be stored in PostgreSQL text (it used to
// end in a 500), a lone surrogate is not Unicode, and U+FFFD is what a decoder leaves where the bytes were not
// valid UTF-8. Other control characters (a vertical tab pasted from Word) can be stored, but XML cannot hold them
// (one in an announcement broke /general/feed.xml for every subscriber) and they are errors in HTML; U+FFFE and
// U+FFFF are not characters at all. Every form goes through `parseForm` (app/lib/forms.ts), which applies this to
// every field before the form's own schema; the messaging schemas apply it too, for the WebSocket path.

import { m } from "~/paraglide/messages";

/** What a field with such characters says, in the reader's language. */
export const unsafeTextMessage = () => m.site_unsafe_text();

// C0 and C1 controls and DEL, apart from tab, newline and carriage return, which typed text holds.
const UNSAFE_SOURCE =
  "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uFFFD\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
// Marked pure: a page that imports this module (or app/lib/forms.ts, which imports it) without using it must not
// keep it, and zod with it, in its scripts for these constructors' sake (decision 0023, "Fourth round").
const UNSAFE = /* @__PURE__ */ new RegExp(UNSAFE_SOURCE);
const UNSAFE_ALL = /* @__PURE__ */ new RegExp(UNSAFE_SOURCE, "g");

/** True when the text holds a control character, a lone surrogate, a non-character or the mark of invalid UTF-8. */
export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

/** The text without those characters: for writing out text stored before they were refused (the Atom feed). */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_ALL, "");
}

/** The first field of a form (or any record of strings) whose text is unsafe, with the message to show beside it. */
export function unsafeFields(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string" && hasUnsafeCharacters(value)) errors[key] = unsafeTextMessage();
    else if (typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" && hasUnsafeCharacters(value.name)) {
      errors[key] = unsafeTextMessage();
    }
  }
  return errors;
}
