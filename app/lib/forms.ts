// The forms module (decision 0077): a form is read at the trust boundary by `parseForm`, which checks every field's
// text and then the form's zod schema, and answers each refused field with one message in the reader's language; the
// schema words below are what the capabilities' schemas (app/<capability>/schemas.ts) build those messages from; an
// action answers with one shape, ActionResult (app/lib/form-errors.ts, free of zod for the site's chrome), made by
// `refused` and `done`; the page shows each message beside its field (ui/Field) and the form's own in ui/FormError.
import { data } from "react-router";
import { z } from "zod";
import { isIsoDay } from "~/lib/datetime";
import { unsafeFields } from "~/lib/safe-text";
import { m } from "~/paraglide/messages";
import type { ActionDone, ActionRefusal, FieldErrors, FormValues } from "./form-errors";

export type { ActionDone, ActionRefusal, ActionResult, FieldErrors, FormValues } from "./form-errors";
export { refusalOf } from "./form-errors";

/**
 * Reads a form (or a record already read) into `schema`: `{ data }` when it holds, else `{ data: null, fieldErrors }`
 * with the first message for each field (a refinement with no path answers under "form").
 */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData | Record<string, unknown>) {
  const raw = form instanceof FormData ? Object.fromEntries(form) : form;
  // Checked before the schema, for every field of every form: NUL and invalid Unicode get a message beside
  // the field instead of reaching the database (see safe-text.ts).
  const unsafe = unsafeFields(raw);
  if (Object.keys(unsafe).length > 0) return { data: null, fieldErrors: unsafe as FieldErrors };
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data as z.output<S>, fieldErrors: null };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { data: null, fieldErrors };
}

/** What a form's fields held as text, to give back with a refusal (files and repeated fields left out). */
export function formValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}

/**
 * An action's refusal, answered 400 unless told (bad input changes nothing and is said beside its field). What it offers
 * instead is named: `refused<FormValues, { nextFree: Slot[] }>({ formError, nextFree }, 409)`.
 */
export function refused<Values = FormValues, Offer extends object = {}>(
  refusal: Omit<ActionRefusal<Values>, "ok" | "fieldErrors"> & { fieldErrors?: FieldErrors | null } & NoInfer<Offer>,
  init: number | ResponseInit = 400,
) {
  const body = { ok: false, ...refusal, fieldErrors: refusal.fieldErrors ?? {} } as ActionRefusal<Values, Offer>;
  return data(body, typeof init === "number" ? { status: init } : { status: 400, ...init });
}

/** An action's success (200), with what the page shows next. */
export function done<Done extends object = {}>(answer: Omit<ActionDone<Done>, "ok"> = {} as Omit<ActionDone<Done>, "ok">, init?: ResponseInit) {
  return data({ ok: true as const, ...answer } as ActionDone<Done>, init);
}

// The schema words: a message in the reader's language (read when the error is made, so in the request's language),
// a whole number in a range, and a day as YYYY-MM-DD, each answered with one message beside its field.

/** zod's `{ error }` option answering `message` in the request's language. */
export const says = (message: () => string) => ({ error: () => message() });

/** A whole number from `min` to `max` (typed in a form, so coerced); anything else gets `message`. */
export const wholeNumber = (min: number, max: number, message: () => string) =>
  z.coerce.number(says(message)).int(says(message)).min(min, says(message)).max(max, says(message));

/**
 * The last year a form's date may be in. Further dates are typing slips (9999), and the database and the calendar
 * code are not built for years of five digits: refused beside the field rather than answered with an error page.
 */
export const LAST_YEAR = 2100;

/** Whether a YYYY-MM-DD day or an ISO instant is in LAST_YEAR or before (a day of five-digit year is not). */
export const withinLastYear = (value: string) => {
  const year = /^\d{4}-/.test(value) ? Number(value.slice(0, 4)) : new Date(value).getUTCFullYear();
  return year <= LAST_YEAR;
};

/** A day written YYYY-MM-DD that exists; anything else gets `message`, a year past LAST_YEAR its own message. */
export const isoDay = (message: () => string) =>
  z.string(says(message)).refine(isIsoDay, says(message)).refine(withinLastYear, says(m.form_error_year_too_far));

/** An instant written ISO 8601 with its offset; anything else gets `message`, a year past LAST_YEAR its own message. */
export const isoInstant = (message: () => string) =>
  z.iso.datetime({ offset: true, ...says(message) }).refine(withinLastYear, says(m.form_error_year_too_far));
