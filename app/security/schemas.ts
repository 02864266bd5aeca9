// The security programme's form on /staff (issue 40): who coordinates the programme and when its next yearly review is
// due. The server parses the form with this; each message is a function, read when the issue is raised, so it is in
// the language of the page.
import { z } from "zod";
import { formatCalendarDate, isIsoDay } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import { oneYearAfter } from "./review";
import { says } from "~/lib/forms";

/** The earliest due date the form takes: anything before is a typing slip (a year of 0205). */
const EARLIEST_DUE = "2000-01-01";

/**
 * The coordinator (a staff account's id, checked against the staff list by the server) and the next review's date: a
 * day no later than a year after `today` (the organisation's day by the site's clock), as the review is yearly.
 */
export function securitySettingsSchema(today: string) {
  const latest = oneYearAfter(today);
  return z.object({
    coordinatorId: z
      .string(says(m.security_error_coordinator))
      .trim()
      .min(1, says(m.security_error_coordinator))
      .max(200, says(m.security_error_coordinator)),
    reviewDueOn: z
      .string(says(m.security_error_date))
      .trim()
      .refine((v) => isIsoDay(v) && v >= EARLIEST_DUE, says(m.security_error_date))
      .refine(
        (v) => !isIsoDay(v) || v <= latest,
        says(() => m.security_error_date_too_late({ date: formatCalendarDate(`${latest}T00:00:00Z`) ?? latest })),
      ),
  });
}
export type SecuritySettingsInput = z.output<ReturnType<typeof securitySettingsSchema>>;
