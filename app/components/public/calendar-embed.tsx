import { ExternalLink } from "lucide-react";
import { Button } from "~/components/ui/button";
import { popup } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";

/**
 * The embedded calendar, a button that opens it in a new tab (with an alert when a pop-up blocker stops it) and a
 * direct link. The frame's title and the alert's words come with the page (app/content/calendar.server.ts).
 */
export function CalendarEmbed({ url, title, popupBlocked }: { url: string; title: string; popupBlocked: string }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-4">
        {/* Opening it, and the alert when a pop-up blocker stops it, is app/lib/page-behaviours.js (`popup`). */}
        <Button {...popup.button({ url, blocked: popupBlocked })}>
          <ExternalLink aria-hidden className="size-4" /> {m.calendar_embed_open()}
        </Button>
        <a href={url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-court-800 underline">
          {m.calendar_embed_link()}
          <span className="sr-only"> {m.calendar_page_new_tab()}</span>
        </a>
      </div>
      <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <iframe title={title} src={url} width={800} height={600} loading="lazy" className="block h-[600px] w-full" />
      </div>
    </div>
  );
}
