import { describe, expect, it } from "vitest";
import {
  emptyVideosMessage,
  filterVideos,
  formatDuration,
  formatPublishedDate,
  formatViewCount,
  matchesCategory,
  matchesSearch,
  toVideoCategory,
} from "./video-format";

const video = (title: string, description: string | null = null, category = "general") => ({ title, description, category });

describe("category tabs (keyword matching on category, title and description)", () => {
  it.each([
    ["tournaments", video("Regional Tournament Highlights")],
    ["tournaments", video("Saturday at the club", "A tough competition against Baltimore")],
    ["tournaments", video("Finals", null, "Tournaments")],
    ["tournaments", video("Doubles MATCH point")],
    ["tournaments", video("On the road", "Our travel team in Atlanta")],
    ["training", video("Footwork", "Ladder practice for juniors")],
    ["training", video("Serve drill")],
    ["training", video("Private Lesson recap")],
    ["training", video("Anything", null, "training")],
    ["education", video("Homework club", "Learning together after school")],
    ["education", video("Backhand tutorial")],
    ["education", video("Coach instruction", null)],
    ["education", video("Study hall", null, "education")],
  ] as const)("%s matches %o", (category, v) => {
    expect(matchesCategory(v, category)).toBe(true);
  });

  it("does not match a video without any of the tab's keywords", () => {
    expect(matchesCategory(video("Summer Camp Day One", "Fun for all"), "tournaments")).toBe(false);
    expect(matchesCategory(video("Summer Camp Day One", "Fun for all"), "training")).toBe(false);
    expect(matchesCategory(video("Summer Camp Day One", "Fun for all"), "education")).toBe(false);
    expect(matchesCategory(video("travel", "team"), "tournaments")).toBe(false);
    expect(matchesCategory(video("Summer Camp Day One"), "all")).toBe(true);
  });

  it("reads an unknown tab as All Videos", () => {
    expect(toVideoCategory("training")).toBe("training");
    expect(toVideoCategory("nonsense")).toBe("all");
    expect(toVideoCategory(null)).toBe("all");
  });
});

describe("search", () => {
  it("is case-insensitive on title and description, not category", () => {
    expect(matchesSearch(video("Serve Drill"), "serve")).toBe(true);
    expect(matchesSearch(video("Clinic", "Working on the SERVE"), "Serve")).toBe(true);
    expect(matchesSearch(video("Clinic", null, "serve"), "serve")).toBe(false);
    expect(matchesSearch(video("Clinic"), "  ")).toBe(true);
  });

  it("combines with the tab", () => {
    const list = [video("Serve drill"), video("Serve at the tournament"), video("Volley drill")];
    expect(filterVideos(list, "serve", "training").map((v) => v.title)).toEqual(["Serve drill"]);
    expect(filterVideos(list, "", "training").map((v) => v.title)).toEqual(["Serve drill", "Volley drill"]);
  });
});

describe("formatViewCount", () => {
  it.each([
    [0, "0 views"],
    [1, "1 view"],
    [999, "999 views"],
    [1000, "1.0K views"],
    [1500, "1.5K views"],
    [12_345, "12.3K views"],
    [999_949, "999.9K views"],
    [999_999, "1.0M views"],
    [1_000_000, "1.0M views"],
    [2_560_000, "2.6M views"],
    [1_234_567_890, "1234.6M views"],
  ])("%d is %s", (n, text) => {
    expect(formatViewCount(n)).toBe(text);
  });

  it("shows nothing for an unknown count", () => {
    expect(formatViewCount(null)).toBeNull();
    expect(formatViewCount(undefined)).toBeNull();
    expect(formatViewCount(-5)).toBeNull();
  });
});

describe("formatDuration", () => {
  it.each([
    ["PT1H2M3S", "1:02:03"],
    ["PT4M5S", "4:05"],
    ["PT45S", "0:45"],
    ["PT10M", "10:00"],
    ["PT2H", "2:00:00"],
    ["PT1H0M9S", "1:00:09"],
    ["P1DT2H3M4S", "26:03:04"],
    ["pt3m20s", "3:20"],
    ["PT0S", "0:00"],
  ])("%s is %s", (iso, text) => {
    expect(formatDuration(iso)).toBe(text);
  });

  it.each([null, "", "P", "PT", "1:02:03", "PT1X", "three minutes"])("%o is unreadable", (iso) => {
    expect(formatDuration(iso)).toBeNull();
  });
});

describe("dates and empty states", () => {
  it("shows the chosen day whatever the time zone", () => {
    expect(formatPublishedDate(new Date("2025-03-03T00:00:00Z"))).toBe("March 3, 2025");
    expect(formatPublishedDate("2024-11-30T00:00:00.000Z")).toBe("November 30, 2024");
    expect(formatPublishedDate(null)).toBeNull();
  });

  it("names the search term and the category", () => {
    expect(emptyVideosMessage("", "all")).toBe("No videos available at the moment.");
    expect(emptyVideosMessage(" lob ", "training")).toBe('No videos match "lob" in Training.');
    expect(emptyVideosMessage("lob", "all")).toBe('No videos match "lob" in All Videos.');
    expect(emptyVideosMessage("", "education")).toBe("No videos in Education at the moment.");
  });
});
