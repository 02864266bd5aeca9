import { beforeEach, describe, expect, it } from "vitest";
import { videos } from "../../db/schema";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  createVideo,
  DuplicateVideoError,
  getRandomOtherVideos,
  getVideoByRouteId,
  getVideoIdBySource,
  getVideos,
  deleteVideo,
  getVideoSource,
  updateVideo,
  updateVideoEmbedAllowed,
  type NewVideo,
} from "./videos.server";

const { db } = await createTestDatabase();

const yt = (id: string, extra: Partial<NewVideo> = {}): NewVideo => ({
  platform: "youtube",
  youtubeId: id,
  sourceId: id,
  sourceUrl: `https://www.youtube.com/watch?v=${id}`,
  title: `Video ${id}`,
  description: null,
  category: "general",
  publishedAt: new Date("2025-01-01T00:00:00Z"),
  embedAllowed: true,
  ...extra,
});

describe("videos model", () => {
  beforeEach(async () => {
    await db.delete(videos);
  });

  it("starts a new database with no videos: the made-up starters of migration 0001 are removed by 0005", async () => {
    const fresh = await createTestDatabase();
    expect(await getVideos(fresh.db)).toEqual([]);
  });

  it("orders featured first, then published newest first with undated last, then newest added", async () => {
    await db.insert(videos).values([
      { ...yt("AAAAAAAAAA1"), publishedAt: new Date("2024-05-01T00:00:00Z"), createdAt: new Date("2025-01-01T00:00:00Z") },
      { ...yt("AAAAAAAAAA2"), publishedAt: null, createdAt: new Date("2025-01-02T00:00:00Z") },
      { ...yt("AAAAAAAAAA3"), publishedAt: null, createdAt: new Date("2025-01-03T00:00:00Z") },
      { ...yt("AAAAAAAAAA4"), publishedAt: new Date("2025-05-01T00:00:00Z"), createdAt: new Date("2024-01-01T00:00:00Z") },
      { ...yt("AAAAAAAAAA5"), featured: true, publishedAt: new Date("2020-01-01T00:00:00Z") },
      { ...yt("AAAAAAAAAA6"), publishedAt: new Date("2025-05-01T00:00:00Z"), createdAt: new Date("2024-02-01T00:00:00Z") },
    ]);
    expect((await getVideos(db)).map((v) => v.youtubeId)).toEqual([
      "AAAAAAAAAA5",
      "AAAAAAAAAA6",
      "AAAAAAAAAA4",
      "AAAAAAAAAA1",
      "AAAAAAAAAA3",
      "AAAAAAAAAA2",
    ]);
  });

  it("finds a video by its YouTube id or, for other platforms, by its own id", async () => {
    const { id } = await createVideo(db, yt("BBBBBBBBBB1"));
    const fb = await createVideo(db, {
      ...yt("x"),
      platform: "facebook",
      youtubeId: null,
      sourceId: "123",
      sourceUrl: "https://www.facebook.com/watch/?v=123",
    });
    expect((await getVideoByRouteId(db, "BBBBBBBBBB1"))?.id).toBe(id);
    expect((await getVideoByRouteId(db, fb.id))?.platform).toBe("facebook");
    expect(await getVideoByRouteId(db, "CCCCCCCCCC1")).toBeNull();
    expect(await getVideoByRouteId(db, "not-a-uuid")).toBeNull();
    expect(await getVideoByRouteId(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("refuses the same video twice with a clear error, and keeps one row", async () => {
    await createVideo(db, yt("DDDDDDDDDD1"));
    await expect(createVideo(db, { ...yt("DDDDDDDDDD1"), title: "Again" })).rejects.toThrow(DuplicateVideoError);
    await expect(createVideo(db, yt("DDDDDDDDDD1"))).rejects.toThrow("This video has already been added.");
    expect(await getVideoIdBySource(db, "youtube", "DDDDDDDDDD1")).not.toBeNull();
    expect(await getVideos(db)).toHaveLength(1);
    // The same id on another platform is another video.
    await createVideo(db, { ...yt("DDDDDDDDDD1"), platform: "other", youtubeId: null });
    expect(await getVideos(db)).toHaveLength(2);
  });

  it("switches inline display, and reports an unknown id", async () => {
    const { id } = await createVideo(db, yt("EEEEEEEEEE1"));
    expect(await updateVideoEmbedAllowed(db, id, false)).toBe(true);
    expect((await getVideos(db))[0]!.embedAllowed).toBe(false);
    expect(await updateVideoEmbedAllowed(db, "00000000-0000-4000-8000-000000000000", true)).toBe(false);
    expect(await updateVideoEmbedAllowed(db, "nonsense", true)).toBe(false);
  });

  it("picks three other videos, never the current one", async () => {
    const ids = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push((await createVideo(db, yt(`FFFFFFFFFF${n}`))).id);
    for (let i = 0; i < 5; i++) {
      const others = await getRandomOtherVideos(db, ids[0]!, 3);
      expect(others).toHaveLength(3);
      expect(others.map((o) => o.id)).not.toContain(ids[0]);
      expect(new Set(others.map((o) => o.id)).size).toBe(3);
    }
  });

  it("edits a video, refuses turning it into another row's video, and deletes it", async () => {
    const { id } = await createVideo(db, { ...yt("GGGGGGGGGG1"), platform: "vimeo", youtubeId: null, sourceId: "https://youtu.be/GGGGGGGGGG1" });
    await createVideo(db, yt("GGGGGGGGGG2"));
    expect(await updateVideo(db, id, { ...yt("GGGGGGGGGG1"), title: "Fixed" })).toBe(true);
    expect(await getVideoSource(db, id)).toEqual({ id, platform: "youtube", sourceId: "GGGGGGGGGG1", youtubeId: "GGGGGGGGGG1" });
    expect((await getVideoByRouteId(db, "GGGGGGGGGG1"))?.title).toBe("Fixed");
    await expect(updateVideo(db, id, yt("GGGGGGGGGG2"))).rejects.toThrow(DuplicateVideoError);
    expect(await updateVideo(db, "00000000-0000-4000-8000-000000000000", yt("GGGGGGGGGG3"))).toBe(false);
    expect(await updateVideo(db, "nonsense", yt("GGGGGGGGGG3"))).toBe(false);
    expect(await deleteVideo(db, id)).toBe(true);
    expect(await getVideoByRouteId(db, "GGGGGGGGGG1")).toBeNull();
    expect(await getVideoSource(db, id)).toBeNull();
    expect(await deleteVideo(db, id)).toBe(false);
    expect(await deleteVideo(db, "nonsense")).toBe(false);
    expect((await getVideos(db)).map((v) => v.youtubeId)).toEqual(["GGGGGGGGGG2"]);
  });
});
