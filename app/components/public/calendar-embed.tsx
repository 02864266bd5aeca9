import { ExternalLink } from "lucide-react";
import { Button } from "~/components/ui/button";
import { CALENDAR_TEXT } from "~/content/calendar";
import { popup } from "~/lib/page-behaviours-contract";

/** The embedded calendar, a button that opens it in a new tab (with an alert when a pop-up blocker stops it) and a direct link. */
export function CalendarEmbed({ url }: { url: string }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-4">
        {/* Opening it, and the alert when a pop-up blocker stops it, is app/lib/page-behaviours.js (`popup`). */}
        <Button {...popup.button({ url, blocked: CALENDAR_TEXT.popupBlocked })}>
          <ExternalLink aria-hidden className="size-4" /> {CALENDAR_TEXT.openButton}
        </Button>
        <a href={url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-court-800 underline">
          {CALENDAR_TEXT.directLink}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <iframe title={CALENDAR_TEXT.embedTitle} src={url} width={800} height={600} loading="lazy" className="block h-[600px] w-full" />
      </div>
    </div>
  );
}
