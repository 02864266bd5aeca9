// Optional: with a YouTube Data API key, a newly added video gets its duration, views, channel and thumbnail.
// Without a key, or when the service is slow or fails, the video is added without them.
import { z } from "zod";

export type YouTubeApiConfig = { apiKey: string; baseUrl: string; timeoutMs: number } | undefined;

export type YouTubeDetails = {
  title: string | null;
  description: string | null;
  duration: string | null;
  viewCount: number | null;
  channelTitle: string | null;
  thumbnailUrl: string | null;
};

const thumb = z.object({ url: z.string() }).optional();

const ResponseSchema = z.object({
  items: z
    .array(
      z.object({
        snippet: z
          .object({
            title: z.string().optional(),
            description: z.string().optional(),
            channelTitle: z.string().optional(),
            thumbnails: z.object({ maxres: thumb, high: thumb, medium: thumb, default: thumb }).partial().optional(),
          })
          .optional(),
        contentDetails: z.object({ duration: z.string().optional() }).optional(),
        statistics: z.object({ viewCount: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});

/** Only the video host's own image servers: the Content-Security-Policy allows no others. */
function trustedThumbnail(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" && (u.hostname === "i.ytimg.com" || u.hostname === "img.youtube.com") ? u.toString() : null;
  } catch {
    return null;
  }
}

export async function fetchYouTubeDetails(config: YouTubeApiConfig, youtubeId: string): Promise<YouTubeDetails | null> {
  if (!config) return null;
  const url = new URL(`${config.baseUrl.replace(/\/$/, "")}/videos`);
  url.search = new URLSearchParams({ part: "snippet,contentDetails,statistics", id: youtubeId, key: config.apiKey }).toString();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(config.timeoutMs), headers: { accept: "application/json" } });
    if (!res.ok) {
      console.error(`YouTube Data API answered ${res.status} for ${youtubeId}; adding the video without its details`);
      return null;
    }
    const parsed = ResponseSchema.safeParse(await res.json());
    if (!parsed.success) {
      console.error(`YouTube Data API sent an unexpected answer for ${youtubeId}; adding the video without its details`);
      return null;
    }
    const item = parsed.data.items[0];
    if (!item) return null;
    const views = Number(item.statistics?.viewCount);
    const t = item.snippet?.thumbnails;
    const duration = item.contentDetails?.duration;
    return {
      title: item.snippet?.title?.slice(0, 200) || null,
      description: item.snippet?.description?.slice(0, 5000) || null,
      duration: duration && /^P[0-9DTHMS.]+$/.test(duration) ? duration : null,
      viewCount: Number.isSafeInteger(views) && views >= 0 ? views : null,
      channelTitle: item.snippet?.channelTitle?.slice(0, 200) || null,
      thumbnailUrl: trustedThumbnail(t?.high?.url ?? t?.medium?.url ?? t?.default?.url),
    };
  } catch (err) {
    console.error(
      `YouTube Data API unreachable for ${youtubeId} (${err instanceof Error ? err.message : String(err)}); adding the video without its details`,
    );
    return null;
  }
}
