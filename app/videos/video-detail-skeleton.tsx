import { m } from "~/paraglide/messages";

/** The detail page's loading state, shown while the next video's page is on its way. */
export function VideoDetailSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" aria-busy="true">
      <p role="status" className="sr-only">
        {m.calendar_video_loading()}
      </p>
      <div aria-hidden className="animate-pulse">
        <div className="h-9 w-40 rounded-md bg-slate-200" />
        <div className="mt-6 aspect-video w-full rounded-lg bg-slate-300" />
        <div className="mt-6 h-8 w-3/4 rounded bg-slate-200" />
        <div className="mt-3 h-4 w-1/2 rounded bg-slate-200" />
        <div className="mt-6 space-y-2">
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
