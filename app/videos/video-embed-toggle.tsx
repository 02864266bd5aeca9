import { useFetcher } from "react-router";
import { m } from "~/paraglide/messages";

/**
 * A coach's switch between the full card with an inline player and the compact 'skinny' card. The label says
 * what pressing it does. The list shows the new state at once and refreshes when the server has saved it.
 */
export function useEmbedToggle(video: { id: string; embedAllowed: boolean }) {
  const fetcher = useFetcher({ key: `embed-${video.id}` });
  const pending = fetcher.formData?.get("embedAllowed");
  const embedAllowed = typeof pending === "string" ? pending === "true" : video.embedAllowed;
  return { fetcher, embedAllowed };
}

export function VideoEmbedToggle({ video, toggle }: { video: { id: string; title: string }; toggle: ReturnType<typeof useEmbedToggle> }) {
  const { fetcher, embedAllowed } = toggle;
  return (
    <fetcher.Form method="post" className="shrink-0">
      <input type="hidden" name="intent" value="toggle-embed" />
      <input type="hidden" name="id" value={video.id} />
      <input type="hidden" name="embedAllowed" value={embedAllowed ? "false" : "true"} />
      <button
        type="submit"
        className="rounded-md border border-slate-400 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100"
      >
        {embedAllowed ? m.calendar_video_make_skinny() : m.calendar_video_allow_inline()}
      </button>
    </fetcher.Form>
  );
}
