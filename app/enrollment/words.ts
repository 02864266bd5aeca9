// How a status reads, in the reader's language: the family page, the roster and the mails say it the same way.
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import type { EnrollmentStatus } from "./status";

export function statusWords(status: EnrollmentStatus, locale?: Locale): string {
  const o = locale ? { locale } : {};
  switch (status) {
    case "requested":
      return m.enroll_status_requested({}, o);
    case "evaluation":
      return m.enroll_status_evaluation({}, o);
    case "placed":
      return m.enroll_status_placed({}, o);
    case "enrolled":
      return m.enroll_status_enrolled({}, o);
    case "waitlisted":
      return m.enroll_status_waitlisted({}, o);
    case "offered":
      return m.enroll_status_offered({}, o);
    case "withdrawn":
      return m.enroll_status_withdrawn({}, o);
    case "declined":
      return m.enroll_status_declined({}, o);
  }
}
