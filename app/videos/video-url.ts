// The add-video form's URL rules: which id a pasted link stands for, per platform.
// Shared by the browser and the server; the server decides. Its words are in the page's language.
import { m } from "../paraglide/messages";

export const VIDEO_PLATFORMS = ["youtube", "facebook", "vimeo", "tiktok", "other"] as const;
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];

const PLATFORM_NAMES: Record<Exclude<VideoPlatform, "other">, string> = {
  youtube: "YouTube",
  facebook: "Facebook",
  vimeo: "Vimeo",
  tiktok: "TikTok",
};

/** A platform's name: "YouTube"; "Other" in the page's language. */
export function platformLabel(platform: VideoPlatform): string {
  return platform === "other" ? m.calendar_video_platform_other() : PLATFORM_NAMES[platform];
}

/** The URL messages in English (parseVideoUrl says them in the page's language). */
export const INVALID_YOUTUBE_URL = m.calendar_video_invalid_youtube({}, { locale: "en" });
export const INVALID_VIDEO_URL = m.calendar_video_invalid_url({}, { locale: "en" });

export type ParsedVideoUrl =
  { ok: true; platform: VideoPlatform; sourceId: string; youtubeId: string | null; sourceUrl: string } | { ok: false; error: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;
/** Path segments after which YouTube puts the video id. */
const YOUTUBE_PATH_MARKERS = ["embed", "shorts", "live", "v", "e"];
const FACEBOOK_PATH_MARKERS = ["videos", "reel", "reels", "posts"];

/** Spaces around the URL and a leading @ (as pasted from some chat apps) are not part of it. */
export function cleanVideoUrl(raw: string): string {
  return raw.trim().replace(/^@+/, "").trim();
}

/** The URL as an http(s) address, adding https:// when the scheme was left off; null when it is not one. */
function toHttpUrl(cleaned: string): URL | null {
  if (!cleaned || /\s/.test(cleaned)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(cleaned) ? cleaned : `https://${cleaned}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (!url.hostname.includes(".")) return null;
    return url;
  } catch {
    return null;
  }
}

/** The 11-character id of a YouTube link: after v=, youtu.be/, embed/, shorts/ or live/. */
export function parseYouTubeId(raw: string): string | null {
  const url = toHttpUrl(cleanVideoUrl(raw));
  if (!url || !YOUTUBE_HOSTS.test(url.hostname)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | null | undefined;
  if (/(^|\.)youtu\.be$/i.test(url.hostname)) {
    candidate = segments[0];
  } else {
    candidate = url.searchParams.get("v");
    if (!candidate) {
      const at = segments.findIndex((s) => YOUTUBE_PATH_MARKERS.includes(s.toLowerCase()));
      if (at >= 0) candidate = segments[at + 1];
    }
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The Facebook id: the numeric v parameter, or the segment after videos, reel or posts; else the whole URL. */
export function parseFacebookId(url: URL): string {
  const v = url.searchParams.get("v");
  if (v && /^\d+$/.test(v)) return v;
  const segments = url.pathname.split("/").filter(Boolean);
  const at = segments.findIndex((s) => FACEBOOK_PATH_MARKERS.includes(s.toLowerCase()));
  const next = at >= 0 ? segments[at + 1] : undefined;
  return next ? decodeURIComponent(next) : url.toString();
}

export function parseVideoUrl(platform: VideoPlatform, raw: string): ParsedVideoUrl {
  const cleaned = cleanVideoUrl(raw);
  if (platform === "youtube") {
    const id = parseYouTubeId(cleaned);
    if (!id) return { ok: false, error: m.calendar_video_invalid_youtube() };
    return { ok: true, platform, sourceId: id, youtubeId: id, sourceUrl: `https://www.youtube.com/watch?v=${id}` };
  }
  // Only web addresses are stored: the detail page links to them.
  const url = toHttpUrl(cleaned);
  if (!url) return { ok: false, error: m.calendar_video_invalid_url() };
  const sourceUrl = url.toString();
  if (platform === "facebook") return { ok: true, platform, sourceId: parseFacebookId(url), youtubeId: null, sourceUrl };
  return { ok: true, platform, sourceId: sourceUrl, youtubeId: null, sourceUrl };
}

/** Where a video's detail page lives: /video/{youtube_id}, or its own id for other platforms. */
export function videoPath(video: { id: string; youtubeId: string | null }): string {
  return `/video/${encodeURIComponent(video.youtubeId ?? video.id)}`;
}

export function youTubeThumbnails(youtubeId: string): string[] {
  return [`https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`, `https://i.ytimg.com/vi/${youtubeId}/mqdefault.jpg`];
}

export const THUMBNAIL_PLACEHOLDER = "/video-placeholder.svg";

/** The player address for a video, or null when the platform has no embedded player here. */
export function embedUrl(
  video: { platform: VideoPlatform; youtubeId: string | null; sourceUrl: string | null },
  options: { autoplay?: boolean } = {},
): string | null {
  if (video.platform === "youtube" && video.youtubeId) {
    const params = new URLSearchParams({ rel: "0" });
    if (options.autoplay) params.set("autoplay", "1");
    return `https://www.youtube-nocookie.com/embed/${video.youtubeId}?${params}`;
  }
  if (video.platform === "facebook" && video.sourceUrl) {
    const params = new URLSearchParams({ href: video.sourceUrl, show_text: "false" });
    if (options.autoplay) params.set("autoplay", "true");
    return `https://www.facebook.com/plugins/video.php?${params}`;
  }
  return null;
}

/** A muted, looping, control-less preview of a YouTube video, for hovering a card. */
export function previewUrl(youtubeId: string): string {
  const params = new URLSearchParams({
    autoplay: "1",
    mute: "1",
    loop: "1",
    playlist: youtubeId,
    controls: "0",
    modestbranding: "1",
    rel: "0",
    playsinline: "1",
  });
  return `https://www.youtube-nocookie.com/embed/${youtubeId}?${params}`;
}

/**
 * The video's own page on its platform, for a plain link beside the player (school networks often block the embedded
 * player). Only http(s) addresses; null when there is none.
 */
export function watchUrl(video: { platform: VideoPlatform; youtubeId: string | null; sourceUrl: string | null }): string | null {
  if (video.platform === "youtube" && video.youtubeId) return `https://www.youtube.com/watch?v=${encodeURIComponent(video.youtubeId)}`;
  return video.sourceUrl && /^https?:\/\//i.test(video.sourceUrl) ? video.sourceUrl : null;
}

/** "Watch on YouTube", or the platform's name; "Watch on the video's site" for other platforms. */
export function watchLabel(platform: VideoPlatform): string {
  return platform === "other" ? m.calendar_video_watch_site() : m.calendar_video_watch_on({ platform: PLATFORM_NAMES[platform] });
}
