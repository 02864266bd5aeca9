// How videos are shown and filtered: view counts, durations, dates, categories and search, in the page's language.
import { formatCalendarDate } from "../lib/datetime";
import { m } from "../paraglide/messages";

/** The tabs. A label is a function, read in the page's language; the keywords match the (English) stored words. */
export const VIDEO_CATEGORIES = [
  { value: "all", label: () => m.calendar_video_category_all(), keywords: [] },
  { value: "tournaments", label: () => m.calendar_video_category_tournaments(), keywords: ["tournament", "competition", "match", "travel team"] },
  { value: "training", label: () => m.calendar_video_category_training(), keywords: ["training", "practice", "drill", "lesson"] },
  { value: "education", label: () => m.calendar_video_category_education(), keywords: ["education", "learning", "instruction", "tutorial"] },
] as const;

export type VideoCategory = (typeof VIDEO_CATEGORIES)[number]["value"];

export function toVideoCategory(value: string | null | undefined): VideoCategory {
  return VIDEO_CATEGORIES.find((c) => c.value === value)?.value ?? "all";
}

export function categoryLabel(category: VideoCategory): string {
  return VIDEO_CATEGORIES.find((c) => c.value === category)!.label();
}

/**
 * The add and edit forms' categories: the stored value and its label, read in the page's language. Here, not beside
 * the form's zod schema (schemas.ts): the form is in the browser's bundle of /vlog and /video/:id, and importing the
 * list from the schema's module brought zod with it (about 23 KB gzip).
 */
export const VIDEO_FORM_CATEGORIES = [
  { value: "general", label: () => m.calendar_video_category_general() },
  { value: "tournaments", label: () => m.calendar_video_category_tournaments() },
  { value: "training", label: () => m.calendar_video_category_training() },
  { value: "education", label: () => m.calendar_video_category_education() },
] as const;

/** A stored category as a card shows it: the add form's categories by their label, any other as it was typed. */
export function videoCategoryName(category: string): string {
  return VIDEO_FORM_CATEGORIES.find((c) => c.value === category.toLowerCase())?.label() ?? category;
}

type Searchable = { title: string; description: string | null; category: string };

/** A tab matches when one of its keywords appears in the video's category, title or description. */
export function matchesCategory(video: Searchable, category: VideoCategory): boolean {
  if (category === "all") return true;
  const keywords: readonly string[] = VIDEO_CATEGORIES.find((c) => c.value === category)!.keywords;
  const haystack = `${video.category}\n${video.title}\n${video.description ?? ""}`.toLowerCase();
  return keywords.some((k) => haystack.includes(k));
}

/** Search is case-insensitive on title and description. */
export function matchesSearch(video: Searchable, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return video.title.toLowerCase().includes(needle) || (video.description ?? "").toLowerCase().includes(needle);
}

export function filterVideos<V extends Searchable>(videos: V[], term: string, category: VideoCategory): V[] {
  return videos.filter((v) => matchesCategory(v, category) && matchesSearch(v, term));
}

/** 'K views' from 1,000 and 'M views' from 1,000,000, with one decimal (Spanish: "1.5K visualizaciones"). */
export function formatViewCount(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count < 0) return null;
  const n = Math.floor(count);
  // 999,999 would round to "1000.0K": it reads as a million.
  if (n >= 1_000_000 || Number((n / 1000).toFixed(1)) >= 1000) return m.calendar_video_views({ count: `${(n / 1_000_000).toFixed(1)}M` });
  if (n >= 1000) return m.calendar_video_views({ count: `${(n / 1000).toFixed(1)}K` });
  return m.calendar_video_views_whole({ count: n });
}

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration such as PT1H2M3S as a clock: 1:02:03; PT4M5S is 4:05. Null when unreadable. */
export function formatDuration(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const m = ISO_DURATION.exec(iso.trim().toUpperCase());
  if (!m || iso.trim().toUpperCase() === "P" || iso.trim().toUpperCase().endsWith("T")) return null;
  const [, d, h, min, s] = m;
  const total = Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Math.floor(Number(s ?? 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** A published date as 'March 3, 2025'. Dates are stored as midnight UTC of the chosen day. */
export function formatPublishedDate(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return formatCalendarDate(value);
}

/** The message of an empty list, naming the search term and category when there are any. */
export function emptyVideosMessage(term: string, category: VideoCategory): string {
  const q = term.trim();
  if (q) return m.calendar_video_empty_search({ term: q, category: categoryLabel(category) });
  if (category !== "all") return m.calendar_video_empty_category({ category: categoryLabel(category) });
  return m.calendar_video_empty();
}
