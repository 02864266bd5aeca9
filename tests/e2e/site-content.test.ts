// Coaches run the site's content from the browser (forms without JavaScript too); visitors see each change on their
// next request, on pages that stay documents without the React runtime.
import ical from "node-ical";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, dayInZone, formatDayLong } from "../../app/lib/datetime";
import { expectAccessible, setupBrowser } from "./support/browser";
import { makePerson, useSession, type Person } from "./support/messaging";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const dataDir = sharedServer().dataDir;
const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
const open = setupBrowser(() => baseURL);

/**
 * A new coach (made by the role command) or client, signed in by hand-made request: these tests are about the content,
 * not about signing in.
 */
const makeCoach = () => makePerson(baseURL, "Coach Vega", { coach: true, uncleared: true, env });
const makeClient = () => makePerson(baseURL, "Client Rowe", { env });

/** A browser session signed in as `person` (without JavaScript when asked). */
async function openAs(person: Person, options: { javaScriptEnabled?: boolean } = {}) {
  const session = await open(options);
  await useSession(session.context, baseURL, person);
  return session;
}

async function scriptsOn(page: Page, path: string) {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("load");
  return scripts;
}

describe("announcements", () => {
  it("a coach without JavaScript publishes, is told why a <script> is refused, edits and deletes; a visitor sees each change", async () => {
    const coach = await openAs(await makeCoach(), { javaScriptEnabled: false });
    await coach.page.goto("/general");
    const form = coach.page.getByRole("form", { name: "New announcement" });
    const title = `Courts resurfaced ${Date.now()}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel(/^Text/).fill("New courts! <script>alert(1)</script>");
    await form.getByRole("button", { name: "Publish" }).click();
    await coach.page.getByText("Use Markdown, not HTML: remove <script> (links, lists and emphasis are written in Markdown).").waitFor();
    expect(await coach.page.getByRole("form", { name: "New announcement" }).getByLabel("Title").inputValue()).toBe(title);

    await coach.page
      .getByRole("form", { name: "New announcement" })
      .getByLabel(/^Text/)
      .fill("**New courts** at [Fort Stanton](https://example.org).\n\n- bring water\n- bring a friend");
    await coach.page.getByRole("form", { name: "New announcement" }).getByRole("button", { name: "Publish" }).click();
    await coach.page.waitForURL(/\/general\/[0-9a-f-]{36}$/);
    const postUrl = new URL(coach.page.url()).pathname;

    const visitor = await open();
    const scripts = await scriptsOn(visitor.page, "/general");
    expect(scripts.some((s) => s.includes("entry.client"))).toBe(false);
    const article = visitor.page.getByRole("article", { name: title });
    await article.getByText("New courts", { exact: true }).waitFor();
    expect(await article.locator("strong").textContent()).toBe("New courts");
    expect(await article.getByRole("link", { name: "Fort Stanton" }).getAttribute("href")).toBe("https://example.org");
    expect(await article.getByRole("listitem").allTextContents()).toEqual(["bring water", "bring a friend"]);

    await coach.page.goto(postUrl);
    const edit = coach.page.getByRole("form", { name: "Edit announcement" });
    await edit.getByLabel("Title").fill(`${title} (updated)`);
    await edit.getByLabel("Pin to the top").check();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await coach.page.getByRole("heading", { level: 1, name: `${title} (updated)` }).waitFor();

    await visitor.page.goto("/general");
    expect(await visitor.page.getByRole("main").getByRole("article").first().getAttribute("aria-labelledby")).toBe(
      `post-${postUrl.split("/").pop()}`,
    );
    const atom = await (await fetch(`${baseURL}/general/feed.xml`)).text();
    expect(atom).toContain(`<title>${title} (updated)</title>`);

    await coach.page.getByRole("button", { name: "Delete this announcement" }).click();
    await coach.page.waitForURL((u) => u.pathname === "/general");
    await visitor.page.goto("/general");
    expect(await visitor.page.getByRole("article", { name: `${title} (updated)` }).count()).toBe(0);
  });

  it("refuses a client: no editing form, and a hand-made post changes nothing", async () => {
    const client = await openAs(await makeClient());
    await client.page.goto("/general");
    expect(await client.page.getByRole("form", { name: "New announcement" }).count()).toBe(0);
    const res = await client.page.request.post("/general", {
      form: { intent: "create", title: "Client post", body: "x" },
      headers: { Origin: baseURL },
    });
    expect(res.status()).toBe(403);
    const events = await client.page.request.get("/calendar/events");
    expect(events.status()).toBe(403);
  });
});

describe("schedule", () => {
  it("a coach adds an event and a cancellation tomorrow: the home page shows the card and the banner, the feed has both", async () => {
    const coach = await openAs(await makeCoach(), { javaScriptEnabled: false });
    await coach.page.goto("/calendar");
    await coach.page.getByRole("link", { name: "Edit events and cancellations" }).click();
    const form = coach.page.getByRole("form", { name: "Add an event" });
    const title = `Winter Clinic ${Date.now()}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Wednesday").check();
    await form.getByLabel("Starts at").fill("17:00");
    await form.getByLabel("Ends at").fill("16:00");
    await form.getByLabel("Place (optional)").fill("Fort Stanton Recreation Center");
    await form.getByRole("button", { name: "Add event" }).click();
    await coach.page.getByText("The event must end after it starts").waitFor();
    await coach.page.getByRole("form", { name: "Add an event" }).getByLabel("Ends at").fill("18:30");
    await coach.page.getByRole("form", { name: "Add an event" }).getByRole("button", { name: "Add event" }).click();
    await coach.page.getByRole("main").getByRole("listitem").filter({ hasText: title }).getByText("Wednesdays 5:00-6:30 PM").waitFor();

    const tomorrow = addDays(dayInZone(new Date(), "America/New_York"), 1);
    const cancel = coach.page.getByRole("form", { name: "Cancel a date" });
    await cancel.getByLabel("Date").fill(tomorrow);
    await cancel.getByLabel("Note for families (optional)").fill("Courts flooded.");
    await cancel.getByRole("button", { name: "Cancel this date" }).click();
    await coach.page.getByRole("button", { name: `Remove the cancellation of ${formatDayLong(tomorrow)}`, exact: true }).waitFor();

    const visitor = await open();
    await visitor.visit("/");
    await visitor.page
      .getByRole("region", { name: "Cancelled sessions" })
      .getByText(`Cancelled: no sessions on ${formatDayLong(tomorrow)}. Courts flooded.`)
      .waitFor();
    const card = visitor.page
      .getByRole("region", { name: "Upcoming Events & Weekly Schedule" })
      .getByRole("listitem")
      .filter({ has: visitor.page.getByRole("heading", { name: title }) });
    await card.getByText("Wednesdays 5:00-6:30 PM").waitFor();
    expect(await card.getByRole("link", { name: `Register: ${title}` }).count()).toBe(1);

    await visitor.visit("/calendar");
    expect(await visitor.page.getByTitle("Next Level Tennis & Education calendar").count()).toBe(0);
    expect(await visitor.page.getByRole("link", { name: "Subscribe (Apple Calendar, Outlook)" }).getAttribute("href")).toBe(
      `${baseURL.replace("http:", "webcal:")}/calendar.ics`,
    );
    await visitor.page.getByText("Google Calendar every 12 to 24 hours").waitFor();

    const feed = await fetch(`${baseURL}/calendar.ics`);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const parsed = Object.values(ical.sync.parseICS(await feed.text())).filter((c): c is ical.VEvent => c?.type === "VEVENT");
    const winter = parsed.find((e) => e.summary === title)!;
    expect(winter.location).toBe("Fort Stanton Recreation Center");
    expect(winter.rrule!.toString()).toContain("BYDAY=WE");

    // Tidy up: the shared server's home page is used by other test files.
    await coach.page.getByRole("button", { name: `Remove the cancellation of ${formatDayLong(tomorrow)}`, exact: true }).click();
    await coach.page.getByRole("button", { name: `Remove ${title}` }).click();
    await coach.page
      .getByText("Event removed")
      .or(coach.page.getByRole("heading", { name: "Edit events and cancellations" }))
      .first()
      .waitFor();
    await visitor.page.goto("/");
    expect(await visitor.page.getByRole("region", { name: "Cancelled sessions" }).count()).toBe(0);
  });
});

describe("gallery", () => {
  it("a coach uploads a phone photo with alt text and consent; visitors see it upright, first in the gallery", async () => {
    const person = await makeCoach();
    const coach = await openAs(person, { javaScriptEnabled: false });
    await coach.page.goto("/gallery/photos");
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // The browser itself asks for the alt text and the consent first (required fields); the server's own messages
    // for a request without them are tested in app/routes/site-content.test.ts.
    const again = coach.page.getByRole("form", { name: "Upload a photo" });
    expect(await again.getByLabel("Describe the photo for people who cannot see it").getAttribute("required")).toBe("");
    await again.getByLabel(/^Photo/).setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
    const alt = `Players at the net ${Date.now()}`;
    await again.getByLabel("Describe the photo for people who cannot see it").fill(alt);
    await again.getByLabel("Everyone pictured (or their guardian) agreed to this photo being published").check();
    await again.getByRole("button", { name: "Upload photo" }).click();
    // Answered at once; the job queue makes the copies (issue 38). Without JavaScript, the coach looks again once
    // they are made (asked of the page as sent, without loading it in the browser each time).
    const { cookie } = person;
    await expect
      .poll(async () => (await (await fetch(`${baseURL}/gallery/photos`, { headers: { cookie } })).text()).includes(`alt="${alt}"`), {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(true);
    await coach.page.goto("/gallery/photos");
    expect(await coach.page.getByRole("img", { name: alt }).count()).toBe(1);

    const visitor = await open();
    await visitor.visit("/gallery");
    const first = visitor.page.getByRole("main").getByRole("listitem").first().getByRole("img", { name: alt });
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth > 0, img.naturalHeight > img.naturalWidth] : null)))
      .toEqual([true, true]);

    // A photo of the starting set: removed (no JavaScript), gone for the next visitor, put back where it was.
    const starting = "Illustration: a coach demonstrating a forehand to young players";
    await coach.page.getByRole("listitem").filter({ hasText: starting }).getByRole("button", { name: "Remove photo 3" }).click();
    const removed = coach.page.getByRole("region", { name: "Removed from the starting set" });
    await removed.getByText(starting, { exact: true }).waitFor();
    // axe runs in a page with JavaScript: the same coach's page, with the removed photo listed.
    const withScripts = await openAs(person);
    await withScripts.page.goto("/gallery/photos");
    await expectAccessible(withScripts.page);
    await visitor.visit("/gallery");
    expect(await visitor.page.getByRole("main").getByRole("img", { name: starting }).count()).toBe(0);
    await removed.getByRole("button", { name: `Put back: ${starting}` }).click();
    await removed.waitFor({ state: "detached" });
    await visitor.visit("/gallery");
    await visitor.page.getByRole("main").getByRole("listitem").nth(2).getByRole("img", { name: starting }).waitFor();

    await coach.page.getByRole("button", { name: "Delete photo 1" }).click();
    await coach.page.getByRole("img", { name: alt }).waitFor({ state: "detached" });
  });

  it("a coach with JavaScript uploads a photo of a phone's size (2 MB) and sees it listed", async () => {
    const coach = await openAs(await makeCoach());
    await coach.visit("/gallery/photos");
    // The size of a phone photo, far over the 256 KB other forms may send, yet quick to process: plain pixels and
    // 2 MB of JPEG comment segments (which the site discards with the rest of the metadata).
    const pixels = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(0xffff - 2, 0x20)]);
    const photo = Buffer.concat([pixels.subarray(0, 2), ...Array<Buffer>(32).fill(comment), pixels.subarray(2)]);
    expect(photo.length).toBeGreaterThan(2_000_000);
    const posts: Array<{ path: string; status: number }> = [];
    coach.page.on("response", (r) => {
      if (r.request().method() === "POST") posts.push({ path: new URL(r.url()).pathname, status: r.status() });
    });

    const form = coach.page.getByRole("form", { name: "Upload a photo" });
    await form.getByLabel(/^Photo/).setInputFiles({ name: "IMG_0002.jpg", mimeType: "image/jpeg", buffer: photo });
    const alt = `Doubles on court 2 ${Date.now()}`;
    await form.getByLabel("Describe the photo for people who cannot see it").fill(alt);
    await form.getByLabel("Everyone pictured (or their guardian) agreed to this photo being published").check();
    await form.getByRole("button", { name: "Upload photo" }).click();
    await coach.page.getByText("Photo added to the gallery").waitFor();
    await coach.page.getByRole("main").getByRole("listitem").first().getByRole("img", { name: alt }).waitFor();
    // Sent as the browser sends it with JavaScript: to the route's data URL, not as a whole-page form post.
    expect(posts).toEqual([{ path: "/gallery/photos.data", status: 202 }]);
    expect(await coach.page.getByText("Something went wrong").count()).toBe(0);

    await coach.page.getByRole("button", { name: "Delete photo 1" }).click();
    await coach.page.getByRole("img", { name: alt }).waitFor({ state: "detached" });
  });
});
