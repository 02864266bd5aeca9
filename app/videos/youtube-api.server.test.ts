import { describe, expect, it, vi } from "vitest";
import { startFakeYouTube, youTubeItem } from "../../tests/support/fake-youtube";
import { fetchYouTubeDetails } from "./youtube-api.server";

const fake = await startFakeYouTube();
const config = { apiKey: "test-key", baseUrl: fake.baseUrl, timeoutMs: 500 };

describe("fetchYouTubeDetails", () => {
  it("asks for the video's snippet, details and statistics, and reads them", async () => {
    fake.answer({ status: 200, body: youTubeItem("NetPlay0001") });
    expect(await fetchYouTubeDetails(config, "NetPlay0001")).toEqual({
      title: "Net Play Masterclass",
      description: "Volleys, overheads and poaching.",
      duration: "PT12M34S",
      viewCount: 45678,
      channelTitle: "NLTE Coaches",
      thumbnailUrl: "https://i.ytimg.com/vi/NetPlay0001/hqdefault.jpg",
    });
    const asked = fake.requests.at(-1)!;
    expect(asked.pathname).toBe("/youtube/v3/videos");
    expect(Object.fromEntries(asked.searchParams)).toEqual({ part: "snippet,contentDetails,statistics", id: "NetPlay0001", key: "test-key" });
  });

  it("drops a thumbnail from a host the site does not load images from", async () => {
    fake.answer({ status: 200, body: youTubeItem("NetPlay0002", { thumbnail: "https://evil.example/x.jpg" }) });
    expect((await fetchYouTubeDetails(config, "NetPlay0002"))?.thumbnailUrl).toBeNull();
  });

  it("gives nothing, without failing, when there is no key, no such video, an error, nonsense or no answer", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const before = fake.requests.length;
    expect(await fetchYouTubeDetails(undefined, "NetPlay0003")).toBeNull();
    expect(fake.requests.length).toBe(before);

    fake.answer({ status: 200, body: { items: [] } });
    expect(await fetchYouTubeDetails(config, "NetPlay0003")).toBeNull();
    fake.answer({ status: 403, body: { error: { message: "quota exceeded" } } });
    expect(await fetchYouTubeDetails(config, "NetPlay0003")).toBeNull();
    fake.answer({ status: 200, body: "<html>not json" });
    expect(await fetchYouTubeDetails(config, "NetPlay0003")).toBeNull();
    fake.answer({ status: 200, body: { items: "wrong shape" } });
    expect(await fetchYouTubeDetails(config, "NetPlay0003")).toBeNull();
    fake.answer("hang");
    expect(await fetchYouTubeDetails({ ...config, timeoutMs: 200 }, "NetPlay0003")).toBeNull();
    expect(await fetchYouTubeDetails({ ...config, baseUrl: "http://127.0.0.1:1/youtube/v3" }, "NetPlay0003")).toBeNull();
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });
});
