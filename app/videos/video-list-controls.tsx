import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { VIDEO_CATEGORIES, type VideoCategory } from "~/videos/video-format";
import { m } from "~/paraglide/messages";
import { SearchBox } from "~/components/ui/search-box";

const SEARCH_DELAY_MS = 300;

function categoryHref(q: string, category: VideoCategory) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category !== "all") params.set("category", category);
  const s = params.toString();
  return s ? `?${s}` : ".";
}

/** The search box and the category tabs. Both live in the address, so a filtered list can be shared or reloaded. */
export function VideoListControls({ q, category }: { q: string; category: VideoCategory }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Going back or following a tab changes the term from outside the box.
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = q;
  }, [q]);

  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        role="search"
        className="flex gap-2"
        onSubmit={() => clearTimeout(timer.current)}
        onChange={(e) => {
          const form = e.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), SEARCH_DELAY_MS);
        }}
      >
        <label htmlFor="video-search" className="sr-only">
          {m.calendar_video_search_label()}
        </label>
        <SearchBox
          ref={inputRef}
          id="video-search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={m.calendar_video_search_placeholder()}
          className="flex-1"
        />
        {category !== "all" ? <input type="hidden" name="category" value={category} /> : null}
        <button type="submit" className="rounded-md bg-court-700 px-4 py-2 text-sm font-semibold text-white hover:bg-court-800">
          {m.calendar_video_search()}
        </button>
      </Form>
      <nav aria-label={m.calendar_video_categories()}>
        <ul className="flex flex-wrap gap-2">
          {VIDEO_CATEGORIES.map((c) => {
            const current = c.value === category;
            return (
              <li key={c.value}>
                <Link
                  to={categoryHref(q, c.value)}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${current ? "border-court-700 bg-court-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-court-700"}`}
                >
                  {c.label()}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
