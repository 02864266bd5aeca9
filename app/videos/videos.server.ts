// Every query on the videos table.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema";
import type { VideoPlatform } from "~/videos/video-url";
import { isUuid } from "~/lib/uuid";
import { publishedAtFromDay, type VideoFormReading } from "~/videos/schemas";
import type { YouTubeDetails } from "~/videos/youtube-api.server";
import { m } from "~/paraglide/messages";

const listColumns = {
  id: videos.id,
  platform: videos.platform,
  youtubeId: videos.youtubeId,
  sourceUrl: videos.sourceUrl,
  title: videos.title,
  description: videos.description,
  category: videos.category,
  publishedAt: videos.publishedAt,
  embedAllowed: videos.embedAllowed,
  featured: videos.featured,
  thumbnailUrl: videos.thumbnailUrl,
};

const detailColumns = {
  ...listColumns,
  duration: videos.duration,
  viewCount: videos.viewCount,
  channelTitle: videos.channelTitle,
};

/** Featured first, then the newest published (undated last), then the newest added. */
const displayOrder = [desc(videos.featured), sql`${videos.publishedAt} desc nulls last`, desc(videos.createdAt)];

export async function getVideos(db: Db) {
  return db
    .select(listColumns)
    .from(videos)
    .orderBy(...displayOrder);
}

/** The video at /video/{videoId}: a YouTube id, or the row id of a video from another platform. */
export async function getVideoByRouteId(db: Db, videoId: string) {
  const [byYouTube] = await db
    .select(detailColumns)
    .from(videos)
    .where(and(eq(videos.platform, "youtube"), eq(videos.youtubeId, videoId)))
    .limit(1);
  if (byYouTube) return byYouTube;
  if (!isUuid(videoId)) return null;
  const [byId] = await db.select(detailColumns).from(videos).where(eq(videos.id, videoId)).limit(1);
  return byId ?? null;
}

/** A few other videos, picked at random. */
export async function getRandomOtherVideos(db: Db, excludeId: string, count = 3) {
  return db
    .select(listColumns)
    .from(videos)
    .where(ne(videos.id, excludeId))
    .orderBy(sql`random()`)
    .limit(count);
}

export async function getVideoIdBySource(db: Db, platform: VideoPlatform, sourceId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.platform, platform), eq(videos.sourceId, sourceId)))
    .limit(1);
  return row?.id ?? null;
}

export type NewVideo = {
  platform: VideoPlatform;
  youtubeId: string | null;
  sourceId: string;
  sourceUrl: string;
  title: string;
  description: string | null;
  category: string;
  publishedAt: Date;
  embedAllowed: boolean;
  thumbnailUrl?: string | null;
  duration?: string | null;
  viewCount?: number | null;
  channelTitle?: string | null;
};

export class DuplicateVideoError extends Error {
  constructor() {
    // Read when it is thrown: in the request's language, as the form shows it.
    super(m.calendar_video_duplicate());
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Adds a video; the same video (platform and source id) twice is a DuplicateVideoError. */
export async function createVideo(db: Db, input: NewVideo): Promise<{ id: string }> {
  try {
    const [row] = await db.insert(videos).values(input).returning({ id: videos.id });
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateVideoError();
    throw err;
  }
}

/** Sets whether a video plays inline in the list; false when no such video exists. */
export async function updateVideoEmbedAllowed(db: Db, id: string, embedAllowed: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.update(videos).set({ embedAllowed }).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}

/** What an edit may change; details from the YouTube Data API are replaced only when the video itself changed. */
/** A checked add or edit form as the row's fields (the title and description fall back to YouTube's). */
export function videoFieldsFromForm(
  reading: Extract<VideoFormReading, { ok: true }>,
  details: YouTubeDetails | null,
  timeZone: string,
): Omit<NewVideo, "thumbnailUrl" | "duration" | "viewCount" | "channelTitle"> {
  const { input, parsed } = reading;
  return {
    platform: parsed.platform,
    youtubeId: parsed.youtubeId,
    sourceId: parsed.sourceId,
    sourceUrl: parsed.sourceUrl,
    title: input.title || details?.title || "",
    description: input.description || details?.description || null,
    category: input.category,
    publishedAt: publishedAtFromDay(input.publishedOn, timeZone),
    embedAllowed: input.embedAllowed,
  };
}

/** What YouTube said about a video, as the row's fields (null where it said nothing or was not asked). */
export function videoDetailFields(details: YouTubeDetails | null) {
  return {
    thumbnailUrl: details?.thumbnailUrl ?? null,
    duration: details?.duration ?? null,
    viewCount: details?.viewCount ?? null,
    channelTitle: details?.channelTitle ?? null,
  };
}

export type VideoChanges = Omit<NewVideo, "thumbnailUrl" | "duration" | "viewCount" | "channelTitle"> &
  Partial<Pick<NewVideo, "thumbnailUrl" | "duration" | "viewCount" | "channelTitle">>;

/** The row id and source of a video, to compare an edit against. */
export async function getVideoSource(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: videos.id, platform: videos.platform, sourceId: videos.sourceId, youtubeId: videos.youtubeId })
    .from(videos)
    .where(eq(videos.id, id))
    .limit(1);
  return row ?? null;
}

/** Saves a coach's edit; false when no such video exists, a DuplicateVideoError when another row is that video. */
export async function updateVideo(db: Db, id: string, changes: VideoChanges): Promise<boolean> {
  if (!isUuid(id)) return false;
  try {
    const rows = await db.update(videos).set(changes).where(eq(videos.id, id)).returning({ id: videos.id });
    return rows.length > 0;
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateVideoError();
    throw err;
  }
}

/** Removes a video for good (a family may withdraw consent); false when no such video exists. */
export async function deleteVideo(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}
