// The footer's year, from the site's clock in the organisation's zone (issue 39). Read by the root's loader, on the
// server: what app/root.tsx imports goes into the script every page loads (scripts/shell-chunk.ts), and this keeps
// the date helpers (app/lib/datetime.ts, 0.8 KB gzip) out of it for pages that do not use them (decision 0023).
import { dayInZone } from "~/lib/datetime";

export const siteYear = (now: Date, timeZone: string) => Number(dayInZone(now, timeZone).slice(0, 4));
