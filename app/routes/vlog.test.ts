// The list's loader and action with a real database and a stand-in for the YouTube Data API.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { videos } from "../../db/schema";
import { startFakeYouTube, youTubeItem } from "../../tests/support/fake-youtube";
import { call, contextFor, postForm, type Who } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { SAMPLE_VIDEOS_SQL } from "../../tests/support/sample-videos";
import { dayInZone } from "~/lib/datetime";
import type { Db } from "../../db/client";
import { action, loader } from "./vlog";
import { action as videoAction, loader as videoLoader } from "./video.$videoId";
import { createVideo } from "~/videos/videos.server";

const { db, pool } = await createTestDatabase();
await pool.query(SAMPLE_VIDEOS_SQL);
const fake = await startFakeYouTube();

async function runAction(who: Who, fields: Record<string, string>, options: { youtube?: boolean } = {}) {
  const { status, body } = await call(action, { request: postForm("/vlog", fields), context: contextFor(db, who, options.youtube ? fake.env : {}) });
  return { status, body };
}

const list = (search: string, who: Who, database: Db = db) =>
  call(loader, { request: new Request(`http://localhost/vlog${search}`), context: contextFor(database, who) });

const rowOf = async (sourceId: string) => (await db.select().from(videos).where(eq(videos.sourceId, sourceId)))[0];

describe("adding a video", () => {
  it("is refused to visitors and clients, and nothing changes", async () => {
    const before = await db.select().from(videos);
    for (const [who, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      const res = await runAction(who, { intent: "add", platform: "youtube", url: "https://youtu.be/NoNoNoNo001", embedAllowed: "on" });
      expect(res.status).toBe(status);
      const toggled = await runAction(who, { intent: "toggle-embed", id: before[0]!.id, embedAllowed: String(!before[0]!.embedAllowed) });
      expect(toggled.status).toBe(status);
    }
    expect(await db.select().from(videos)).toEqual(before);
  });

  it("saves what the coach typed with the defaults, and fills in details from the YouTube Data API", async () => {
    fake.answer({ status: 200, body: youTubeItem("ApiVideo001") });
    const res = await runAction(
      "coach",
      {
        intent: "add",
        platform: "youtube",
        url: "@ https://www.youtube.com/live/ApiVideo001 ",
        title: "",
        description: "",
        category: "",
        publishedOn: "",
        embedAllowed: "on",
      },
      { youtube: true },
    );
    expect(res).toEqual({ status: 200, body: { intent: "add", ok: true, message: "Video added" } });
    const row = await rowOf("ApiVideo001");
    expect(row).toMatchObject({
      platform: "youtube",
      youtubeId: "ApiVideo001",
      title: "Net Play Masterclass",
      description: "Volleys, overheads and poaching.",
      category: "general",
      embedAllowed: true,
      duration: "PT12M34S",
      viewCount: 45678,
      channelTitle: "NLTE Coaches",
      thumbnailUrl: "https://i.ytimg.com/vi/ApiVideo001/hqdefault.jpg",
    });
    // Today as it is in the organisation's zone, not in UTC (at 00:05 UTC it is still yesterday in New York).
    expect(row!.publishedAt!.toISOString()).toBe(`${dayInZone(new Date(), "America/New_York")}T00:00:00.000Z`);
  });

  it("still adds the video when the YouTube Data API fails, and keeps the coach's own title", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fake.answer({ status: 500, body: { error: "down" } });
    const res = await runAction(
      "coach",
      { intent: "add", platform: "youtube", url: "https://youtu.be/ApiVideo002", title: "Our Own Title", publishedOn: "2025-04-05" },
      { youtube: true },
    );
    expect(res.body).toMatchObject({ ok: true, message: "Video added" });
    expect(await rowOf("ApiVideo002")).toMatchObject({
      title: "Our Own Title",
      duration: null,
      viewCount: null,
      embedAllowed: false,
      publishedAt: new Date("2025-04-05T00:00:00Z"),
    });
    fake.answer("hang");
    const slow = await runAction(
      "coach",
      { intent: "add", platform: "youtube", url: "https://youtu.be/ApiVideo003", title: "Slow Service" },
      { youtube: true },
    );
    expect(slow.body).toMatchObject({ ok: true });
    quiet.mockRestore();
  });

  it("answers a bad URL, a bad date and a duplicate with their messages, keeping what was typed", async () => {
    const count = (await db.select().from(videos)).length;
    const bad = await runAction("coach", { intent: "add", platform: "youtube", url: "https://www.youtube.com/watch?v=short", title: "Kept" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      fieldErrors: { url: "Invalid YouTube URL" },
      values: { url: "https://www.youtube.com/watch?v=short", title: "Kept" },
    });
    const badDate = await runAction("coach", { intent: "add", platform: "youtube", url: "https://youtu.be/DateVideo01", publishedOn: "2025-13-45" });
    expect(badDate.body).toMatchObject({ ok: false, fieldErrors: { publishedOn: "Please enter a valid date" } });
    const badOther = await runAction("coach", { intent: "add", platform: "vimeo", url: "javascript:alert(1)" });
    expect(badOther.body).toMatchObject({ ok: false, fieldErrors: { url: "Please enter a valid video URL" } });
    await runAction("coach", { intent: "add", platform: "youtube", url: "https://youtu.be/DupVideo001" });
    const dup = await runAction("coach", { intent: "add", platform: "youtube", url: "https://www.youtube.com/watch?v=DupVideo001" });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ ok: false, formError: "This video has already been added." });
    expect((await db.select().from(videos)).length).toBe(count + 1);
  });
});

describe("the list", () => {
  it("shows 'Error Loading Videos' when the database fails", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error("connection refused");
        },
      },
    ) as unknown as Db;
    const res = await list("?q=x", "visitor", broken);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ loadError: true, videos: [] });
    quiet.mockRestore();
  });

  it("filters by the search term and the tab, and tells coaches apart", async () => {
    const res = (await list("?q=SERVE&category=training", "coach")).body as {
      videos: Array<{ title: string }>;
      canEdit: boolean;
      category: string;
    };
    expect(res.videos.map((v) => v.title)).toEqual(["Serve Lesson for Beginners"]);
    expect(res.canEdit).toBe(true);
    const visitor = (await list("?category=bogus", "visitor")).body as { canEdit: boolean; category: string };
    expect(visitor).toMatchObject({ canEdit: false, category: "all" });
  });
});

describe("editing and deleting a video on its page", () => {
  async function runVideoAction(who: Who, videoId: string, fields: Record<string, string>) {
    const res = await call(videoAction, { request: postForm(`/video/${videoId}`, fields), context: contextFor(db, who), params: { videoId } });
    return { ...res, location: res.headers.get("Location") };
  }

  const videoPage = (who: Who, videoId: string) =>
    call(videoLoader, { request: new Request(`http://localhost/video/${videoId}`), context: contextFor(db, who), params: { videoId } });

  async function addWrongVimeo() {
    // A youtu.be link saved as Vimeo: the mistake issue 26 describes.
    const { id } = await createVideo(db, {
      platform: "vimeo",
      youtubeId: null,
      sourceId: "https://youtu.be/FixMe000001",
      sourceUrl: "https://youtu.be/FixMe000001",
      title: "Wrong Platform Clinic",
      description: "Saved as Vimeo by mistake.",
      category: "training",
      publishedAt: new Date("2025-03-01T00:00:00Z"),
      embedAllowed: true,
    });
    return id;
  }
  const edit = {
    intent: "edit",
    platform: "youtube",
    url: "https://youtu.be/FixMe000001",
    title: "Fixed Clinic",
    description: "Now on YouTube.",
    category: "training",
    publishedOn: "2025-03-01",
    embedAllowed: "true",
  };

  it("lets a coach fix the platform; the page moves to the YouTube id", async () => {
    const id = await addWrongVimeo();
    const res = await runVideoAction("coach", id, edit);
    expect(res).toMatchObject({ status: 302, location: "/video/FixMe000001" });
    expect((await db.select().from(videos).where(eq(videos.id, id)))[0]).toMatchObject({
      platform: "youtube",
      youtubeId: "FixMe000001",
      sourceId: "FixMe000001",
      sourceUrl: "https://www.youtube.com/watch?v=FixMe000001",
      title: "Fixed Clinic",
      description: "Now on YouTube.",
      embedAllowed: true,
    });
    const page = (await videoPage("coach", "FixMe000001")).body as { video: { id: string }; edit: { saved: Record<string, unknown> } | null };
    expect(page.video.id).toBe(id);
    expect(page.edit?.saved).toMatchObject({ platform: "youtube", url: "https://www.youtube.com/watch?v=FixMe000001", title: "Fixed Clinic" });
    expect(((await videoPage("visitor", "FixMe000001")).body as { edit: unknown }).edit).toBeNull();
  });

  it("refuses a visitor and a client, by hand-made requests, and changes nothing", async () => {
    const id = await addWrongVimeo();
    const before = await db.select().from(videos);
    for (const [who, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      expect((await runVideoAction(who, id, edit)).status).toBe(status);
      expect((await runVideoAction(who, id, { intent: "delete" })).status).toBe(status);
    }
    expect(await db.select().from(videos)).toEqual(before);
    await db.delete(videos).where(eq(videos.id, id));
  });

  it("answers a bad URL and a taken video beside the URL field, keeping what was typed, never a 500", async () => {
    const id = await addWrongVimeo();
    const before = await db.select().from(videos).where(eq(videos.id, id));
    const bad = await runVideoAction("coach", id, { ...edit, url: "https://www.youtube.com/watch?v=short", title: "Kept" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ intent: "edit", ok: false, fieldErrors: { url: "Invalid YouTube URL" }, values: { title: "Kept" } });
    const badOther = await runVideoAction("coach", id, { ...edit, platform: "vimeo", url: "javascript:alert(1)" });
    expect(badOther.body).toMatchObject({ fieldErrors: { url: "Please enter a valid video URL" } });
    const badDate = await runVideoAction("coach", id, { ...edit, publishedOn: "2025-13-45" });
    expect(badDate.body).toMatchObject({ fieldErrors: { publishedOn: "Please enter a valid date" } });
    const badPlatform = await runVideoAction("coach", id, { ...edit, platform: "myspace" });
    expect(badPlatform.status).toBe(400);
    expect(badPlatform.body).toMatchObject({ fieldErrors: { platform: "Choose a platform" } });
    // Another row already is this video (the Footwork sample).
    const taken = await runVideoAction("coach", id, { ...edit, url: "https://youtu.be/Rw8nB4cYh1E" });
    expect(taken).toMatchObject({ status: 409, body: { fieldErrors: { url: "This video has already been added." } } });
    expect(await db.select().from(videos).where(eq(videos.id, id))).toEqual(before);
    await db.delete(videos).where(eq(videos.id, id));
  });

  it("lets a coach delete a video: gone from the list, and its page is a 404", async () => {
    const id = await addWrongVimeo();
    const res = await runVideoAction("coach", id, { intent: "delete" });
    expect(res).toMatchObject({ status: 302, location: "/vlog" });
    expect(await db.select().from(videos).where(eq(videos.id, id))).toEqual([]);
    const listed = (await list("", "visitor")).body as {
      videos: Array<{ id: string }>;
    };
    expect(listed.videos.map((v) => v.id)).not.toContain(id);
    expect(await videoPage("visitor", id)).toMatchObject({ status: 404 });
    expect((await runVideoAction("coach", id, { intent: "delete" })).status).toBe(404);
  });
});
