// What the forms' zod schemas share: a message in the reader's language (read when the error is made, so in the
// request's language), a whole number in a range, and a day as YYYY-MM-DD, each answered with one message beside its
// field. The capabilities' schemas (booking, enrollment, programs) build on these.
import { z } from "zod";
import { isIsoDay } from "~/lib/datetime";
import { m } from "~/paraglide/messages";

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
