import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectEmbeddedPostgres } from "../../server/embedded-postgres";
import { expectAccessible, setupBrowser } from "./support/browser";
import { makePerson, useSession } from "./support/messaging";
import { SAMPLE_VIDEOS_SQL } from "../support/sample-videos";
import { dayInZone } from "~/lib/datetime";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const open = setupBrowser(() => baseURL);

// The sample videos this file adds (tests/support/sample-videos.sql), in display order.
const STARTERS = [
  "Junior Tournament Highlights: Fall Classic", // featured
  "Footwork Drill: Split Step and Recovery",
  "Serve Lesson for Beginners",
  "Study Hall and SAT Prep at the After School Program",
  "Travel Team Weekend in Atlanta",
  "How College Tennis Scholarships Work",
];

let db: pg.Client;
let stopDb: () => Promise<void>;
beforeAll(async () => {
  const database = await connectEmbeddedPostgres(dataDir);
  stopDb = database.stop;
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query(SAMPLE_VIDEOS_SQL);
});
afterAll(async () => {
  await db?.end();
  await stopDb?.();
});

async function videoRows() {
  const { rows } = await db.query("select id, platform, source_id, title, embed_allowed from videos order by id");
  return rows;
}

const cardTitles = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

/** A new client or coach (made by the role command), signed in by hand-made request: these tests are not about signing in. */
async function signInAs(context: BrowserContext, role: "client" | "coach") {
  const person = await makePerson(baseURL, role === "coach" ? "Coach Vega" : "Client Rowe", {
    coach: role === "coach",
    uncleared: true,
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  await useSession(context, baseURL, person);
}

function cookieHeader(cookies: Array<{ name: string; value: string }>) {
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

describe("video library", () => {
  it("lists the starter videos, featured first then newest, with offline thumbnails, at /vlog and /blog", async () => {
    const { page, visit } = await open();
    await visit("/vlog");
    await page.getByRole("heading", { level: 1, name: "Vlog" }).waitFor();
    const titles = await cardTitles(page);
    expect(titles[0]).toBe(STARTERS[0]);
    expect(titles.filter((t) => STARTERS.includes(t))).toEqual(STARTERS);
    // No internet here: every thumbnail falls back from the video host to the local placeholder.
    const firstImage = card(page, STARTERS[1]!).locator("img");
    await expect.poll(() => firstImage.getAttribute("src")).toBe("/video-placeholder.svg");
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Visitors get neither the add form nor the embed toggle.
    expect(await page.getByRole("heading", { name: "Add a Video" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Make skinny|Allow inline)$/ }).count()).toBe(0);
    // A card links to /video/{youtube_id}.
    expect(
      await card(page, "Travel Team Weekend in Atlanta").getByRole("link", { name: "Travel Team Weekend in Atlanta" }).getAttribute("href"),
    ).toBe("/video/Pb7gT1wQe6M");

    await visit("/blog");
    expect((await cardTitles(page)).filter((t) => STARTERS.includes(t))).toEqual(STARTERS);
  });

  it("searches title and description case-insensitively and filters by the category tabs", async () => {
    const { page, visit } = await open();
    await visit("/vlog");
    const search = page.getByRole("searchbox", { name: "Search videos" });
    await search.fill("BEGINNERS");
    await search.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "BEGINNERS");
    await expect.poll(() => cardTitles(page)).toEqual(["Serve Lesson for Beginners"]);
    // Description only: "ladder work" is in the footwork video's description.
    await search.fill("ladder WORK");
    await search.press("Enter");
    await expect.poll(() => cardTitles(page)).toEqual(["Footwork Drill: Split Step and Recovery"]);
    await search.fill("");
    await search.press("Enter");
    await page.waitForURL((u) => !u.searchParams.get("q"));

    const tabs = page.getByRole("navigation", { name: "Video categories" });
    await tabs.getByRole("link", { name: "Tournaments" }).click();
    await page.waitForURL((u) => u.searchParams.get("category") === "tournaments");
    await expect.poll(() => cardTitles(page)).toEqual(["Junior Tournament Highlights: Fall Classic", "Travel Team Weekend in Atlanta"]);
    expect(await tabs.getByRole("link", { name: "Tournaments" }).getAttribute("aria-current")).toBe("page");
    await tabs.getByRole("link", { name: "Training" }).click();
    await expect.poll(() => cardTitles(page)).toEqual(["Footwork Drill: Split Step and Recovery", "Serve Lesson for Beginners"]);
    await tabs.getByRole("link", { name: "Education" }).click();
    await expect
      .poll(() => cardTitles(page))
      .toEqual(["Study Hall and SAT Prep at the After School Program", "How College Tennis Scholarships Work"]);
    await expectAccessible(page);

    // The tab is kept while searching, and an empty result names the term and the category.
    await search.fill("serve");
    await search.press("Enter");
    await page.getByRole("heading", { name: "No Videos Found" }).waitFor();
    await page.getByText('No videos match "serve" in Education.').waitFor();
    expect(await page.getByRole("article").count()).toBe(0);
    await tabs.getByRole("link", { name: "All Videos" }).click();
    // "Big serves" is in the tournament video's description.
    await expect.poll(() => cardTitles(page)).toEqual(["Junior Tournament Highlights: Fall Classic", "Serve Lesson for Beginners"]);

    // Once the page runs its script, typing searches by itself after a pause.
    await page.waitForFunction(() => Object.keys(document.querySelector("#video-search") ?? {}).some((k) => k.startsWith("__reactProps")));
    await search.fill("drill");
    await page.waitForURL((u) => u.searchParams.get("q") === "drill");
    await expect.poll(() => cardTitles(page)).toEqual(["Footwork Drill: Split Step and Recovery"]);
  });

  it("shows a video's page: player, views, date, duration, description, three others and the way back", async () => {
    const { page, visit } = await open();
    await visit("/vlog");
    // Hold the page's data to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (u) => u.pathname.startsWith("/video/") && u.pathname.endsWith(".data"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await card(page, "Travel Team Weekend in Atlanta").getByRole("link", { name: "Travel Team Weekend in Atlanta" }).click();
    await page.getByRole("status").filter({ hasText: "Loading video..." }).waitFor({ state: "attached" });
    expect(await page.getByRole("heading", { level: 1, name: "Vlog" }).count()).toBe(0);
    release();
    await page.waitForURL((u) => u.pathname === "/video/Pb7gT1wQe6M");
    await page.unroute(() => true);
    await page.getByRole("heading", { level: 1, name: "Travel Team Weekend in Atlanta" }).waitFor();
    expect(await page.title()).toBe("Travel Team Weekend in Atlanta | NLTE");
    const player = page.locator('iframe[title="Travel Team Weekend in Atlanta video player"]');
    expect(await player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/Pb7gT1wQe6M?rel=0&autoplay=1");
    const main = page.getByRole("main");
    await main.getByText("1.3M views").waitFor();
    await main.getByText("July 13, 2025").waitFor();
    await main.getByText("1:02:03").waitFor();
    await main.getByText("The travel team takes on regional competition in Atlanta").waitFor();
    const more = page.getByRole("region", { name: "More Videos" });
    const others = await more.getByRole("article").getByRole("heading").allTextContents();
    expect(others).toHaveLength(3);
    expect(new Set(others).size).toBe(3);
    expect(others).not.toContain("Travel Team Weekend in Atlanta");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back to Videos" }).click();
    await page.waitForURL((u) => u.pathname === "/blog");
    await page.getByRole("heading", { level: 1, name: "Vlog" }).waitFor();
  });

  it("answers an unknown video with 404 and 'Video Not Found', naming the id", async () => {
    const { page } = await open();
    const res = await page.goto("/video/nOsUcHv1d30");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Video Not Found" }).waitFor();
    expect(await page.title()).toBe("Video Not Found | NLTE");
    await page.getByText("Video ID: nOsUcHv1d30").waitFor();
    await page.getByText("This video does not exist or has been removed.").waitFor();
    await page.getByRole("link", { name: "Back to Videos" }).waitFor();
  });

  it("plays a full card inline, and hovering with a mouse starts a muted looping preview", async () => {
    const { page, visit } = await open();
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await visit("/vlog");
    const serve = card(page, "Serve Lesson for Beginners");
    await serve.getByRole("button", { name: "Play Serve Lesson for Beginners" }).hover();
    const preview = serve.locator('iframe[title="Preview of Serve Lesson for Beginners"]');
    await preview.waitFor();
    const src = new URL((await preview.getAttribute("src"))!);
    expect(src.origin + src.pathname).toBe("https://www.youtube-nocookie.com/embed/Hm2sLq9ZpW4");
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ mute: "1", loop: "1", playlist: "Hm2sLq9ZpW4", controls: "0", autoplay: "1" });
    await page.getByRole("heading", { level: 1 }).hover();
    await preview.waitFor({ state: "detached" });

    await serve.getByRole("button", { name: "Play Serve Lesson for Beginners" }).click();
    const player = serve.locator('iframe[title="Serve Lesson for Beginners video player"]');
    expect(await player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/Hm2sLq9ZpW4?rel=0&autoplay=1");
    // Skinny cards (embedding not allowed) have no inline player.
    expect(await card(page, "How College Tennis Scholarships Work").getByRole("button", { name: /^Play/ }).count()).toBe(0);
  });
});

describe("curating videos", () => {
  it("lets a coach add videos: 'Saving...', 'Invalid YouTube URL' with nothing saved, 'Video added', and a clear error for a duplicate", async () => {
    const { page, context, visit } = await open();
    await signInAs(context, "coach");
    await visit("/vlog");
    const form = page.getByRole("region", { name: "Add a Video" });
    const before = await videoRows();

    await form.getByLabel("Video URL").fill("https://www.youtube.com/watch?v=tooShort");
    await form.getByLabel("Title").fill("Coach Vega's Volley Clinic");
    await form.getByRole("button", { name: "Add Video" }).click();
    await form.getByRole("alert").filter({ hasText: "Invalid YouTube URL" }).waitFor();
    expect(await form.getByLabel("Video URL").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Video URL").inputValue()).toBe("https://www.youtube.com/watch?v=tooShort");
    expect(await form.getByLabel("Title").inputValue()).toBe("Coach Vega's Volley Clinic");
    expect(await videoRows()).toEqual(before);
    await expectAccessible(page);

    // Defaults: category general, today's date (in the organisation's zone, not UTC's), inline playback allowed.
    expect(await form.getByLabel("Category").inputValue()).toBe("general");
    expect(await form.getByLabel("Date").inputValue()).toBe(dayInZone(new Date(), "America/New_York"));
    expect(await form.getByLabel("Allow inline playback (full card with player)").isChecked()).toBe(true);

    await form.getByLabel("Video URL").fill("  @https://youtu.be/VgA1cL1n1c5?si=share ");
    await form.getByLabel("Description").fill("Punch volleys and split steps at the net.");
    await form.getByLabel("Date").fill("2025-11-01");
    // Hold the request so the saving state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (u) => u.pathname === "/vlog" || u.pathname === "/vlog.data",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await form.getByRole("button", { name: "Add Video" }).click();
    const saving = form.getByRole("button", { name: "Saving..." });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();
    await form.getByRole("status").filter({ hasText: "Video added" }).waitFor();
    await page.unroute(() => true);
    expect(await form.getByLabel("Video URL").inputValue()).toBe("");

    const added = card(page, "Coach Vega's Volley Clinic");
    await added.waitFor();
    expect(await added.getByRole("link", { name: "Coach Vega's Volley Clinic", exact: true }).getAttribute("href")).toBe("/video/VgA1cL1n1c5");
    const { rows } = await db.query(
      "select platform, youtube_id, source_id, source_url, category, published_at, embed_allowed from videos where source_id = 'VgA1cL1n1c5'",
    );
    expect(rows).toEqual([
      {
        platform: "youtube",
        youtube_id: "VgA1cL1n1c5",
        source_id: "VgA1cL1n1c5",
        source_url: "https://www.youtube.com/watch?v=VgA1cL1n1c5",
        category: "general",
        published_at: new Date("2025-11-01T00:00:00Z"),
        embed_allowed: true,
      },
    ]);

    // The same video again, in another link form.
    const count = (await videoRows()).length;
    await form.getByLabel("Video URL").fill("https://www.youtube.com/shorts/VgA1cL1n1c5");
    await form.getByRole("button", { name: "Add Video" }).click();
    await form.getByRole("alert").filter({ hasText: "This video has already been added." }).waitFor();
    expect((await videoRows()).length).toBe(count);

    // A Facebook video: the id comes from the path, and it has its own page with the Facebook player.
    await form.getByLabel("Platform").selectOption("facebook");
    await form.getByLabel("Video URL").fill("https://www.facebook.com/nextleveltennis/videos/1029384756102938/");
    await form.getByLabel("Title").fill("Summer Camp Closing Day");
    await form.getByRole("button", { name: "Add Video" }).click();
    await form.getByRole("status").filter({ hasText: "Video added" }).waitFor();
    const fb = card(page, "Summer Camp Closing Day");
    await fb.getByRole("link", { name: "Summer Camp Closing Day", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Summer Camp Closing Day" }).waitFor();
    const player = new URL((await page.locator("iframe").getAttribute("src"))!);
    expect(player.origin + player.pathname).toBe("https://www.facebook.com/plugins/video.php");
    expect(player.searchParams.get("href")).toBe("https://www.facebook.com/nextleveltennis/videos/1029384756102938/");
    const { rows: fbRows } = await db.query("select source_id, youtube_id from videos where title = 'Summer Camp Closing Day'");
    expect(fbRows).toEqual([{ source_id: "1029384756102938", youtube_id: null }]);
  });

  it("lets a coach switch a card between inline and skinny, and the list keeps it", async () => {
    const { page, visit, context } = await open();
    await signInAs(context, "coach");
    await visit("/vlog");
    const footwork = card(page, "Footwork Drill: Split Step and Recovery");
    expect(await footwork.getAttribute("data-layout")).toBe("full");
    await footwork.getByRole("button", { name: "Make skinny" }).click();
    await footwork.getByRole("button", { name: "Allow inline" }).waitFor();
    expect(await footwork.getAttribute("data-layout")).toBe("skinny");
    expect(await footwork.getByRole("button", { name: /^Play/ }).count()).toBe(0);
    await expect
      .poll(async () => (await db.query("select embed_allowed from videos where source_id = 'Rw8nB4cYh1E'")).rows[0].embed_allowed)
      .toBe(false);

    await page.reload();
    await card(page, "Footwork Drill: Split Step and Recovery").getByRole("button", { name: "Allow inline" }).click();
    await card(page, "Footwork Drill: Split Step and Recovery").getByRole("button", { name: "Make skinny" }).waitFor();
    await expect
      .poll(async () => (await db.query("select embed_allowed from videos where source_id = 'Rw8nB4cYh1E'")).rows[0].embed_allowed)
      .toBe(true);
    expect(await card(page, "Footwork Drill: Split Step and Recovery").getAttribute("data-layout")).toBe("full");

    // Without JavaScript the form posts to the page, which answers with the message and what was typed.
    const res = await fetch(`${baseURL}/blog`, {
      method: "POST",
      headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", cookie: cookieHeader(await context.cookies()) },
      body: new URLSearchParams({ intent: "add", platform: "youtube", url: "youtube.com/watch?v=nope", title: "No Script Title" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Invalid YouTube URL");
    expect(html).toContain('value="youtube.com/watch?v=nope"');
    expect(html).toContain('value="No Script Title"');
  });

  it("lets a coach fix a video saved on the wrong platform, then delete it; every player has a 'Watch on ...' link", async () => {
    await db.query(
      `insert into videos (platform, source_id, source_url, title, description, category, published_at, embed_allowed)
       values ('vimeo', 'https://youtu.be/FixE2e00001', 'https://youtu.be/FixE2e00001', 'Wrong Platform Clinic', 'Saved as Vimeo by mistake.', 'training', '2025-03-01', true)`,
    );
    const { page, context, visit } = await open();
    await signInAs(context, "coach");
    await visit("/vlog");
    // A full card with a player links to the video on its platform too, as a plain link.
    const footwork = card(page, "Footwork Drill: Split Step and Recovery");
    expect(await footwork.getByRole("link", { name: "Watch on YouTube" }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=Rw8nB4cYh1E");

    await card(page, "Wrong Platform Clinic").getByRole("link", { name: "Edit or delete Wrong Platform Clinic" }).click();
    await page.getByRole("heading", { level: 1, name: "Wrong Platform Clinic" }).waitFor();
    const form = page.getByRole("region", { name: "Edit this Video" });
    expect(await form.getByLabel("Platform").inputValue()).toBe("vimeo");
    expect(await form.getByLabel("Video URL").inputValue()).toBe("https://youtu.be/FixE2e00001");
    expect(await form.getByLabel("Category").inputValue()).toBe("training");
    expect(await form.getByLabel("Date").inputValue()).toBe("2025-03-01");
    await expectAccessible(page);

    // Bad input: the message stands beside the field, what was typed stays, nothing is saved.
    const before = await videoRows();
    await form.getByLabel("Platform").selectOption("youtube");
    await form.getByLabel("Video URL").fill("https://youtu.be/short");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await form.getByRole("alert").filter({ hasText: "Invalid YouTube URL" }).waitFor();
    expect(await form.getByLabel("Video URL").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Video URL").inputValue()).toBe("https://youtu.be/short");
    expect(await videoRows()).toEqual(before);

    await form.getByLabel("Video URL").fill("https://youtu.be/FixE2e00001");
    await form.getByLabel("Title").fill("Fixed Platform Clinic");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("heading", { level: 1, name: "Fixed Platform Clinic" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/video/FixE2e00001");
    const player = new URL((await page.locator("iframe").getAttribute("src"))!);
    expect(player.origin + player.pathname).toBe("https://www.youtube-nocookie.com/embed/FixE2e00001");
    expect(await page.getByRole("main").getByRole("link", { name: "Watch on YouTube" }).getAttribute("href")).toBe(
      "https://www.youtube.com/watch?v=FixE2e00001",
    );
    const { rows } = await db.query("select platform, youtube_id, source_id, title from videos where title = 'Fixed Platform Clinic'");
    expect(rows).toEqual([{ platform: "youtube", youtube_id: "FixE2e00001", source_id: "FixE2e00001", title: "Fixed Platform Clinic" }]);

    // The watch link is in the page as sent, for a family whose browser runs no JavaScript.
    const html = await (await fetch(`${baseURL}/video/FixE2e00001`)).text();
    expect(html).toContain('href="https://www.youtube.com/watch?v=FixE2e00001"');
    expect(html).toContain("Watch on YouTube");

    // Deleting asks first.
    await page.getByText("Delete this video", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, delete this video" }).click();
    await page.getByRole("heading", { level: 1, name: "Vlog" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/vlog");
    expect(await card(page, "Fixed Platform Clinic").count()).toBe(0);
    expect((await db.query("select 1 from videos where source_id = 'FixE2e00001'")).rows).toEqual([]);
    const gone = await page.goto("/video/FixE2e00001");
    expect(gone?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Video Not Found" }).waitFor();
  });

  it("refuses editing and deleting by hand-made requests from a visitor and a client, and changes nothing", async () => {
    const { page, context } = await open();
    await signInAs(context, "client");
    await page.goto("/video/Hm2sLq9ZpW4");
    expect(await page.getByRole("region", { name: "Edit this Video" }).count()).toBe(0);
    const clientCookie = cookieHeader(await context.cookies());
    const before = await videoRows();
    const attempts = [
      new URLSearchParams({ intent: "edit", platform: "vimeo", url: "https://vimeo.com/1", title: "Sneaky" }),
      new URLSearchParams({ intent: "delete" }),
    ];
    for (const [who, cookie, status] of [
      ["visitor", "", 401],
      ["client", clientCookie, 403],
    ] as const) {
      for (const body of attempts) {
        for (const path of ["/video/Hm2sLq9ZpW4", "/video/Hm2sLq9ZpW4.data"]) {
          const res = await fetch(`${baseURL}${path}`, {
            method: "POST",
            headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", cookie },
            body,
            redirect: "manual",
          });
          expect(res.status, `${who} ${body.get("intent")} on ${path}`).toBe(status);
        }
      }
    }
    expect(await videoRows()).toEqual(before);
  });

  it("refuses adding and toggling by hand-made requests from a visitor and a client, and changes nothing", async () => {
    const { page, context } = await open();
    await signInAs(context, "client");
    await page.goto("/vlog");
    expect(await page.getByRole("heading", { name: "Add a Video" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Make skinny|Allow inline)$/ }).count()).toBe(0);

    const clientCookie = cookieHeader(await context.cookies());
    const { rows: target } = await db.query("select id from videos where source_id = 'Hm2sLq9ZpW4'");
    const before = await videoRows();
    const attempts = [
      new URLSearchParams({ intent: "add", platform: "youtube", url: "https://youtu.be/hAnDmAdE001", title: "Sneaky", embedAllowed: "on" }),
      new URLSearchParams({ intent: "toggle-embed", id: target[0].id, embedAllowed: "false" }),
    ];
    for (const [who, cookie, status] of [
      ["visitor", "", 401],
      ["client", clientCookie, 403],
    ] as const) {
      for (const body of attempts) {
        for (const path of ["/vlog", "/blog", "/vlog.data"]) {
          const res = await fetch(`${baseURL}${path}`, {
            method: "POST",
            headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", cookie },
            body,
            redirect: "manual",
          });
          expect(res.status, `${who} ${body.get("intent")} on ${path}`).toBe(status);
        }
      }
    }
    expect(await videoRows()).toEqual(before);
  });
});
