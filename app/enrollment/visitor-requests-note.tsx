// The note itself (app/enrollment/visitor-requests-notice.tsx loads it where it shows): requests sent with the
// guardian's verified address wait for their answer (issue 37), pointing to where they answer (/account/enrollments).
import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export function VisitorRequestsNote({ count }: { count: number }) {
  return (
    <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-slate-900">
      <p className="font-semibold">{m.enroll_kept_notice({ count: String(count) })}</p>
      <Link
        to={localHref("/account/enrollments#visitor-requests")}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-court-800 underline"
      >
        {m.enroll_kept_notice_link()}
      </Link>
    </div>
  );
}
