// Declined and withdrawn requests under their own heading (issue 39): on a session's roster and on a child's card of
// /account/enrollments, a request that ended stays listed with its status and the day it ended, instead of vanishing.
// One ended because the organisation cancelled its session says so instead of its status (issue 41).
import { formatDateIn } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import type { EnrollmentStatus } from "./status";
import { statusWords } from "./words";

type Closed = { id: string; name: string; status: EnrollmentStatus; changedAt: string | null; sessionCancelled?: boolean };

export function ClosedRequests({ requests, level = 2, id }: { requests: Closed[]; level?: 2 | 4; id: string }) {
  const zone = useOrgTimeZone();
  if (requests.length === 0) return null;
  const Heading = level === 2 ? "h2" : "h4";
  return (
    <section aria-labelledby={id} className={level === 2 ? "rounded-xl border border-slate-200 bg-slate-50 p-4" : "mt-3"}>
      <Heading id={id} className={level === 2 ? "text-lg font-semibold text-slate-900" : "font-semibold text-slate-900"}>
        {m.actions_closed_heading()}
      </Heading>
      <ul className="mt-2 flex flex-col gap-1 text-slate-800">
        {requests.map((r) => {
          const status = r.sessionCancelled ? m.payments_status_session_cancelled() : statusWords(r.status);
          return (
            <li key={r.id} data-closed={r.status}>
              <span className="font-medium">{r.name}</span> ·{" "}
              {r.changedAt ? m.actions_closed_line({ status, date: formatDateIn(r.changedAt, zone) }) : status}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
