// What the forms' zod schemas share: a message in the reader's language (read when the error is made, so in the
// request's language), a whole number in a range, and a day as YYYY-MM-DD, each answered with one message beside its
// field. The capabilities' schemas (booking, enrollment, programs) build on these.
import { z } from "zod";
import { isIsoDay } from "~/lib/datetime";

export const says = (message: () => string) => ({ error: () => message() });

/** A whole number from `min` to `max` (typed in a form, so coerced); anything else gets `message`. */
export const wholeNumber = (min: number, max: number, message: () => string) =>
  z.coerce.number(says(message)).int(says(message)).min(min, says(message)).max(max, says(message));

/** A day written YYYY-MM-DD that exists; anything else gets `message`. */
export const isoDay = (message: () => string) => z.string(says(message)).refine(isIsoDay, says(message));
