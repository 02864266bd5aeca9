// /staff's notice of families' open data requests (issue 40): the count and the earliest deadline, with the link.
import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { formatDateIn } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";

export function DataRequestsNotice({ notice }: { notice: { count: number; oldestDue: string } | null }) {
  const zone = useOrgTimeZone();
  if (!notice) return null;
  const due = formatDateIn(notice.oldestDue, zone);
  return (
    <p role="note" className="rounded-md border border-ball-300 bg-ball-50 px-4 py-3 text-slate-900">
      {notice.count === 1 ? m.disclosures_staff_requests_one({ due }) : m.disclosures_staff_requests_many({ count: String(notice.count), due })}{" "}
      <Link to={localHref("/staff/data-requests")} className="font-semibold text-court-800 underline">
        {m.disclosures_staff_requests_link()}
      </Link>
    </p>
  );
}
