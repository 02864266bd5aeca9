// How a session's places read (issue 39, decision 0046): "3 places left", "Full: join the waitlist", on its card, the
// enroll form and /calendar, and what a family's request holds and until when. The number itself is the database's
// one rule (session_places_left, migration 0036, which the capacity trigger shares); these only word it. Pure: the
// browser may show them too.
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import type { EnrollmentStatus } from "./status";

/** Whether a request in `status` holds one of its session's places (the database's enrollment_holding_statuses). */
export function holdsPlace(status: EnrollmentStatus, requestsHold: boolean): boolean {
  return status === "requested" ? requestsHold : HOLDING.has(status);
}
const HOLDING: ReadonlySet<EnrollmentStatus> = new Set(["evaluation", "placed", "enrolled", "offered"]);

/** Places left in words; null for a session with no set number of places. */
export function placesWords(left: number | null, locale?: Locale): string | null {
  const o = locale ? { locale } : {};
  if (left === null) return null;
  if (left <= 0) return m.enroll_places_full({}, o);
  if (left === 1) return m.enroll_places_one({}, o);
  return m.enroll_places_many({ count: String(left) }, o);
}

/**
 * What a request holds, in words, for the family (their page and the enroll form's answer): whether it holds a place
 * and until when. `requestsHold` is the organisation's setting; an offer's deadline is said with its own words.
 */
export function holdWords(status: EnrollmentStatus, requestsHold: boolean, locale?: Locale): string | null {
  const o = locale ? { locale } : {};
  switch (status) {
    case "requested":
      return requestsHold ? m.enroll_holds_requested({}, o) : m.enroll_holds_nothing_yet({}, o);
    case "evaluation":
      return m.enroll_holds_evaluation({}, o);
    case "placed":
      return m.enroll_holds_placed({}, o);
    case "waitlisted":
      return m.enroll_holds_waitlisted({}, o);
    default:
      return null;
  }
}
