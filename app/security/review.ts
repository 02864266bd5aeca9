// The security programme's yearly review (issue 40, docs/security-programme.md): when it is due and when the next one
// falls. Pure, so the page and the server ask the same rule; "today" is the organisation's day by the site's clock.
import { addDays } from "~/lib/datetime";

/** The reminder shows from this many days before the due date, and stays while the review is overdue. */
export const REVIEW_NOTICE_DAYS = 30;

/** True when a review is due on `dueOn` within REVIEW_NOTICE_DAYS of `today`, or was due before it. */
export function isReviewDue(dueOn: string | null, today: string): boolean {
  return dueOn !== null && dueOn <= addDays(today, REVIEW_NOTICE_DAYS);
}

/** The same day a year on (29 February falls on 28 February): the next review after one done on `day`. */
export function oneYearAfter(day: string): string {
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, mo - 1, d));
  // 29 February of a year without one rolled into March: the last day of February instead.
  if (next.getUTCMonth() !== mo - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}
