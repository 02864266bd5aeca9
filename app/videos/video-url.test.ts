import { describe, expect, it } from "vitest";
import {
  cleanVideoUrl,
  embedUrl,
  INVALID_VIDEO_URL,
  INVALID_YOUTUBE_URL,
  parseVideoUrl,
  parseYouTubeId,
  previewUrl,
  videoPath,
  watchLabel,
  watchUrl,
} from "./video-url";

const ID = "dQw4w9WgXcQ";

describe("parseYouTubeId: links that name a video", () => {
  it.each([
    ["watch link", `https://www.youtube.com/watch?v=${ID}`],
    ["watch link with more parameters before v", `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ["watch link without www", `https://youtube.com/watch?v=${ID}`],
    ["mobile site", `https://m.youtube.com/watch?v=${ID}`],
    ["music site", `https://music.youtube.com/watch?v=${ID}&list=RD${ID}`],
    ["http link", `http://www.youtube.com/watch?v=${ID}`],
    ["no scheme", `www.youtube.com/watch?v=${ID}`],
    ["no scheme, no www", `youtube.com/watch?v=${ID}`],
    ["short link", `https://youtu.be/${ID}`],
    ["short link with share parameters", `https://youtu.be/${ID}?si=AbCdEf123&t=10`],
    ["short link without scheme", `youtu.be/${ID}`],
    ["embed link", `https://www.youtube.com/embed/${ID}`],
    ["privacy-enhanced embed link", `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`],
    ["shorts link", `https://www.youtube.com/shorts/${ID}`],
    ["live link", `https://www.youtube.com/live/${ID}?feature=shared`],
    ["leading @", `@https://www.youtube.com/watch?v=${ID}`],
    ["spaces around", `   https://youtu.be/${ID}   `],
    ["leading @ and spaces", `  @https://youtu.be/${ID} `],
    ["id with - and _", "https://youtu.be/a-B_c1D2e3F"],
    ["upper-case host", `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ])("%s", (_name, url) => {
    const expected = url.includes("a-B_c1D2e3F") ? "a-B_c1D2e3F" : ID;
    expect(parseYouTubeId(url)).toBe(expected);
  });
});

describe("parseYouTubeId: links that do not", () => {
  it.each([
    ["empty", ""],
    ["only spaces", "   "],
    ["a bare word", "tennis"],
    ["an id that is too short", "https://www.youtube.com/watch?v=dQw4w9WgXc"],
    ["an id that is too long", "https://www.youtube.com/watch?v=dQw4w9WgXcQQ"],
    ["an id with a bad character", "https://youtu.be/dQw4w9WgX!Q"],
    ["a channel page", "https://www.youtube.com/@nextleveltennis"],
    ["a playlist", "https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs"],
    ["youtu.be without an id", "https://youtu.be/"],
    ["embed without an id", "https://www.youtube.com/embed/"],
    ["another site with v=", `https://example.com/watch?v=${ID}`],
    ["a look-alike host", `https://notyoutube.com/watch?v=${ID}`],
    ["a javascript: address", `javascript:alert('${ID}')`],
    ["a url with spaces inside", `https://youtu.be/ ${ID}`],
  ])("%s", (_name, url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });
});

describe("parseVideoUrl", () => {
  it("keeps a YouTube video's id and a canonical watch address", () => {
    expect(parseVideoUrl("youtube", ` @https://youtu.be/${ID}?si=x `)).toEqual({
      ok: true,
      platform: "youtube",
      sourceId: ID,
      youtubeId: ID,
      sourceUrl: `https://www.youtube.com/watch?v=${ID}`,
    });
  });

  it("refuses a YouTube link without a recognisable id with 'Invalid YouTube URL'", () => {
    expect(parseVideoUrl("youtube", "https://www.youtube.com/feed/trending")).toEqual({ ok: false, error: INVALID_YOUTUBE_URL });
    expect(parseVideoUrl("youtube", "")).toEqual({ ok: false, error: INVALID_YOUTUBE_URL });
  });

  it.each([
    ["the numeric v parameter", "https://www.facebook.com/watch/?v=1234567890123", "1234567890123"],
    ["the segment after videos", "https://www.facebook.com/nextleveltennis/videos/987654321098765/", "987654321098765"],
    ["the segment after reel", "https://www.facebook.com/reel/555444333222111", "555444333222111"],
    ["the segment after posts", "https://www.facebook.com/nextleveltennis/posts/pfbid02AbCdEf", "pfbid02AbCdEf"],
  ])("takes a Facebook id from %s", (_name, url, id) => {
    const parsed = parseVideoUrl("facebook", url);
    expect(parsed).toMatchObject({ ok: true, platform: "facebook", sourceId: id, youtubeId: null });
  });

  it("uses the whole Facebook URL when no id can be found, and ignores a non-numeric v", () => {
    expect(parseVideoUrl("facebook", "https://fb.watch/abc123/")).toMatchObject({ ok: true, sourceId: "https://fb.watch/abc123/" });
    expect(parseVideoUrl("facebook", "https://www.facebook.com/watch/?v=abc")).toMatchObject({
      ok: true,
      sourceId: "https://www.facebook.com/watch/?v=abc",
    });
  });

  it("uses the URL as the id on other platforms", () => {
    expect(parseVideoUrl("vimeo", " @https://vimeo.com/76979871 ")).toEqual({
      ok: true,
      platform: "vimeo",
      sourceId: "https://vimeo.com/76979871",
      youtubeId: null,
      sourceUrl: "https://vimeo.com/76979871",
    });
    expect(parseVideoUrl("tiktok", "https://www.tiktok.com/@coach/video/7234567890123456789")).toMatchObject({
      ok: true,
      sourceId: "https://www.tiktok.com/@coach/video/7234567890123456789",
    });
    expect(parseVideoUrl("other", "example.org/clip.mp4")).toMatchObject({ ok: true, sourceId: "https://example.org/clip.mp4" });
  });

  it("refuses what is not a web address on other platforms", () => {
    expect(parseVideoUrl("vimeo", "")).toEqual({ ok: false, error: INVALID_VIDEO_URL });
    expect(parseVideoUrl("other", "javascript:alert(1)")).toEqual({ ok: false, error: INVALID_VIDEO_URL });
    expect(parseVideoUrl("facebook", "not a url")).toEqual({ ok: false, error: INVALID_VIDEO_URL });
    expect(parseVideoUrl("other", "ftp://example.org/clip.mp4")).toEqual({ ok: false, error: INVALID_VIDEO_URL });
  });
});

describe("addresses built from a video", () => {
  it("trims a leading @ and spaces", () => {
    expect(cleanVideoUrl("  @@https://youtu.be/x  ")).toBe("https://youtu.be/x");
  });

  it("links YouTube videos by their YouTube id and others by their own id", () => {
    expect(videoPath({ id: "0b6c2f0e-1111-4222-8333-444455556666", youtubeId: ID })).toBe(`/video/${ID}`);
    expect(videoPath({ id: "0b6c2f0e-1111-4222-8333-444455556666", youtubeId: null })).toBe("/video/0b6c2f0e-1111-4222-8333-444455556666");
  });

  it("embeds YouTube without cookies and Facebook through its video plugin", () => {
    expect(embedUrl({ platform: "youtube", youtubeId: ID, sourceUrl: null }, { autoplay: true })).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?rel=0&autoplay=1`,
    );
    const fb = embedUrl({ platform: "facebook", youtubeId: null, sourceUrl: "https://www.facebook.com/watch/?v=123" }, { autoplay: true })!;
    expect(fb.startsWith("https://www.facebook.com/plugins/video.php?")).toBe(true);
    expect(new URL(fb).searchParams.get("href")).toBe("https://www.facebook.com/watch/?v=123");
    expect(new URL(fb).searchParams.get("autoplay")).toBe("true");
    expect(embedUrl({ platform: "vimeo", youtubeId: null, sourceUrl: "https://vimeo.com/1" })).toBeNull();
  });

  it("previews muted and looping", () => {
    const u = new URL(previewUrl(ID));
    expect(u.searchParams.get("mute")).toBe("1");
    expect(u.searchParams.get("loop")).toBe("1");
    expect(u.searchParams.get("playlist")).toBe(ID);
    expect(u.searchParams.get("controls")).toBe("0");
  });
});

describe("the link to a video on its platform", () => {
  it("points at the platform's own page, only over http(s), and names the platform", () => {
    expect(watchUrl({ platform: "youtube", youtubeId: ID, sourceUrl: null })).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(watchUrl({ platform: "vimeo", youtubeId: null, sourceUrl: "https://vimeo.com/1" })).toBe("https://vimeo.com/1");
    expect(watchUrl({ platform: "other", youtubeId: null, sourceUrl: "javascript:alert(1)" })).toBeNull();
    expect(watchUrl({ platform: "facebook", youtubeId: null, sourceUrl: null })).toBeNull();
    expect(watchLabel("youtube")).toBe("Watch on YouTube");
    expect(watchLabel("vimeo")).toBe("Watch on Vimeo");
    expect(watchLabel("other")).toBe("Watch on the video's site");
  });
});
