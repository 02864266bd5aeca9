// The banner every page shows a signed-in coach who is not cleared (issue 37): what is missing or expired, what it
// keeps them from, and where to see who records it (/staff/profile's dates, with the administrators to ask). The
// root loader decides (getClearanceNotice); a plain region with a link, so it works without JavaScript.
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type ClearanceBannerNotice = { missing: Array<"training" | "background"> };

export function ClearanceBanner({ notice }: { notice: ClearanceBannerNotice }) {
  return (
    <div
      role="region"
      aria-label={m.staff_banner_region()}
      className="border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-slate-900"
      data-testid="clearance-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{m.staff_banner_not_cleared()}</span>
        {notice.missing.includes("training") ? <span>{m.staff_banner_missing_training()}</span> : null}
        {notice.missing.includes("background") ? <span>{m.staff_banner_missing_background()}</span> : null}
        <a href={localHref("/staff/profile#checks-heading")} className="min-h-6 font-semibold text-court-800 underline">
          {m.staff_banner_who()}
        </a>
      </div>
    </div>
  );
}
