import { describe, expect, it, onTestFinished } from "vitest";
import { ENDORSEMENTS } from "~/content/grants";
import { formatCancelledDays, formatSpan } from "~/calendar/event-format";
import { startingCancelledDays, startingScheduleTitle, startingSeason } from "~/calendar/starting-season";
import { FAQS } from "~/content/faq";
import { withPolicies } from "~/programs/policies";
import { PAGES, PROGRAM_PAGES } from "~/content/pages";
import { SITEMAP_PATHS } from "~/content/sitemap";
import { expectAccessible, setupBrowser } from "./support/browser";
import { setServerSettings, sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;
const open = setupBrowser(() => baseURL);
const PHONE = "(202) 555-0147";
const EMAIL = "info@nextleveltennis.example.org";

/**
 * The spec's cards start in the season running when the site is first started, or the next (migration 0040, issue
 * 39), named after it; the spec's cancelled days fall in it and those still to come are listed with their year.
 */
const TODAY = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const START = startingSeason(TODAY);
const FIRST_CARD = startingScheduleTitle(START.term);
const SEASON = `${START.term.charAt(0).toUpperCase()}${START.term.slice(1)} ${START.year} (${formatSpan(START.startsOn, START.endsOn, "en")})`;
const CANCELLED = formatCancelledDays(
  startingCancelledDays(START).filter((d) => d >= TODAY),
  "en",
);

describe("home page", () => {
  it("shows the hero, mission and vision, contact details and the event cards with Register on open cards only", async () => {
    const { page, visit } = await open();
    await visit("/");
    await page.getByRole("heading", { level: 1, name: "Next Level Tennis & Education" }).waitFor();
    await page.getByText("Fun For All Starts Here").first().waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Join Our Programs" }).getAttribute("href")).toBe("/programs");
    expect(await page.getByRole("main").getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("/about");
    await page.getByRole("heading", { name: "Our Mission" }).waitFor();
    await page.getByRole("heading", { name: "Our Vision" }).waitFor();

    const touch = page.getByRole("region", { name: "Get In Touch" });
    expect(await touch.getByRole("link", { name: PHONE }).getAttribute("href")).toBe("tel:2025550147");
    expect(await touch.getByRole("link", { name: EMAIL }).getAttribute("href")).toBe(`mailto:${EMAIL}`);
    for (const area of ["Washington DC", "Baltimore MD", "Atlanta GA", "Chesapeake VA"]) await touch.getByText(area).waitFor();

    const events = page.getByRole("region", { name: "Upcoming Events & Weekly Schedule" });
    const cards = events.getByRole("listitem");
    const expected = [
      [FIRST_CARD, "Sundays 8-10 AM", true],
      ["Monday-Thursday Clinics", "Monday-Thursday 4:30-6:00 PM", true],
      ["Level-5 Youth Clinic (Ages 8-12)", "Tuesday and Thursday 4:30-5:30 PM", true],
      ["Private Lessons", "Fridays by appointment", true],
      ["Saturday", "Closed for the Sabbath", false],
      ...(CANCELLED ? ([["Cancellations", CANCELLED, false]] as const) : []),
    ] as const;
    expect(await cards.count()).toBe(expected.length);
    for (const [i, [title, when, open]] of expected.entries()) {
      const card = cards.nth(i);
      expect(await card.getByRole("heading").textContent()).toBe(title);
      await card.getByText(when, { exact: true }).waitFor();
      const register = card.getByRole("link", { name: /^Register/ });
      expect(await register.count(), `Register button on "${title}"`).toBe(open ? 1 : 0);
      if (open) expect(await register.getAttribute("href")).toBe("/programs/registration");
    }
    await events.getByRole("link", { name: "View Full Calendar" }).click();
    await page.waitForURL((u) => u.pathname === "/calendar");
    await page.getByRole("heading", { level: 1, name: "Calendar" }).waitFor();
  });

  it("describes the organisation to search engines: canonical, Open Graph and JSON-LD", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/"/>`);
    expect(html).toContain(`<meta property="og:title" content="${PAGES.home.title.replace("&", "&amp;")}"/>`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(ld).not.toBeNull();
    const org = JSON.parse(ld![1]!);
    expect(org["@type"]).toEqual(["SportsOrganization", "NGO"]);
    expect(org.telephone).toBe(PHONE);
    expect(org.email).toBe(EMAIL);
    expect(org.areaServed.map((a: { name: string }) => a.name)).toEqual(["Washington DC", "Baltimore MD", "Atlanta GA", "Chesapeake VA"]);
  });
});

describe("search engines", () => {
  it("gives every public page a unique title, description and canonical address, all listed in sitemap.xml", async () => {
    const sitemap = await fetch(`${baseURL}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of SITEMAP_PATHS) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
      if (path === "/vlog") continue; // owned by the video pages
      const res = await fetch(`${baseURL}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const title = /<title>(.*?)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="(.*?)"\/>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(titles.has(title!), `duplicate title ${title}`).toBe(false);
      expect(descriptions.has(description!), `duplicate description on ${path}`).toBe(false);
      titles.add(title!);
      descriptions.add(description!);
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
      expect(html, path).toContain(`<meta property="og:description"`);
    }
    expect(titles.size).toBe(SITEMAP_PATHS.length - 1);
  });

  it("serves robots.txt that points to the sitemap and keeps private pages out", async () => {
    const res = await fetch(`${baseURL}/robots.txt`);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /appointments");
    expect(text).toContain("Disallow: /messages");
    expect(text).toContain("Disallow: /es/rosters");
    expect(text).toContain("Disallow: /programs/*/edit");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

describe("calendar", () => {
  it("shows the organisation's own schedule, never a stranger's calendar, when no CALENDAR_URL is set", async () => {
    const { page, visit } = await open();
    await visit("/calendar");
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Open Calendar in New Tab" }).count()).toBe(0);
    const schedule = page.getByRole("region", { name: `Weekly Schedule Overview: ${SEASON}` });
    await schedule.getByRole("row", { name: new RegExp(`Sunday 8-10 AM ${FIRST_CARD}`) }).waitFor();
    await schedule.getByRole("row", { name: /Saturday Closed Closed for the Sabbath/ }).waitFor();
    if (CANCELLED) await schedule.getByText(`Cancellations: ${CANCELLED}.`).waitFor();
    await schedule.getByRole("link", { name: PHONE }).waitFor();
    await schedule.getByRole("link", { name: EMAIL }).waitFor();
    const subscribe = page.getByRole("region", { name: "Add our schedule to your calendar" });
    expect(await subscribe.getByRole("link", { name: "Add to Google Calendar (opens in a new tab)" }).getAttribute("href")).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(`${baseURL.replace("http:", "webcal:")}/calendar.ics`)}`,
    );
  });

  it("embeds a configured calendar, opens it in a new tab, and alerts when the pop-up is blocked", async () => {
    // CALENDAR_URL, set on this file's shared server through the test hooks (decision 0034) and put back after.
    const server = sharedServer();
    await setServerSettings({ calendarUrl: "https://calendar.google.com/calendar/embed?src=club%40example.org" });
    onTestFinished(async () => {
      await setServerSettings({ calendarUrl: null });
    });
    const { page, context } = await open();
    const visit = async (p: string) => {
      await page.goto(`${server.url}${p}`);
      await expectAccessible(page);
    };
    await context.route("https://calendar.google.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><html lang=en><title>Calendar</title><p>Calendar</p></html>" }),
    );
    await visit("/calendar");
    const frame = page.getByTitle("Next Level Tennis & Education calendar");
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/embed/);
    const direct = page.getByRole("link", { name: /Direct link to the calendar/ });
    expect(await direct.getAttribute("href")).toBe(await frame.getAttribute("src"));
    expect(await direct.getAttribute("target")).toBe("_blank");

    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Open Calendar in New Tab" }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/embed/);
    await popup.close();

    // A pop-up blocker makes window.open return null.
    await page.evaluate(() => {
      window.open = () => null;
    });
    const dialog = new Promise<string>((resolve) =>
      page.once("dialog", (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await page.getByRole("button", { name: "Open Calendar in New Tab" }).click();
    const message = await dialog;
    expect(message).toContain("Please allow pop-ups for this site, or copy this link to open the calendar:");
    expect(message).toContain("https://calendar.google.com/calendar/embed");

    const schedule = page.getByRole("region", { name: `Weekly Schedule Overview: ${SEASON}` });
    await schedule.getByRole("row", { name: /Sunday 8-10 AM/ }).waitFor();
    await schedule.getByRole("row", { name: /Saturday Closed Closed for the Sabbath/ }).waitFor();
    await schedule.getByRole("link", { name: PHONE }).waitFor();
    await schedule.getByRole("link", { name: EMAIL }).waitFor();
  });
});

describe("gallery", () => {
  it("shows 18 photos with sizes, opens each full size and closes by button, Escape and backdrop", async () => {
    const { page, visit } = await open();
    await visit("/gallery");
    const buttons = page.getByRole("button", { name: /^View full size:/ });
    expect(await buttons.count()).toBe(18);
    const images = page.getByRole("main").locator("ul > li > button img");
    expect(await images.count()).toBe(18);
    expect(await images.first().getAttribute("width")).toBe("1200");
    expect(await images.first().getAttribute("height")).toBe("800");
    expect(await images.first().getAttribute("loading")).toBe("eager");
    expect(await images.nth(17).getAttribute("loading")).toBe("lazy");
    // Served from the build with a content hash in the name, so browsers keep it for a year.
    const photo = await page.request.get(new URL((await images.first().getAttribute("src"))!, page.url()).href);
    expect(photo.status()).toBe(200);
    expect(photo.url()).toMatch(/\/assets\/images\/gallery\/photo-01-[0-9a-f]{10}\.svg$/);
    expect(photo.headers()["content-type"]).toBe("image/svg+xml");
    expect(photo.headers()["cache-control"]).toContain("immutable");

    await buttons.nth(1).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("img", { name: "Illustration: a coach demonstrating a forehand to young players" }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await buttons.nth(1).and(page.locator(":focus")).waitFor(); // focus returns to the photo

    await buttons.nth(4).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    // Photo after photo: the buttons, the arrow keys and a swipe; one dialog open at a time.
    const shown = () => page.getByRole("dialog").getAttribute("aria-label");
    await buttons.nth(1).click();
    const second = await shown();
    await page.getByRole("dialog").getByRole("button", { name: "Next photo" }).click();
    await expect.poll(shown).not.toBe(second);
    expect(await page.getByRole("dialog").count()).toBe(1);
    const third = await shown();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(shown).toBe(second);
    await page.keyboard.press("ArrowRight");
    await expect.poll(shown).toBe(third);
    const box = (await page.getByRole("dialog").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(shown).not.toBe(third);
    expect(await page.getByRole("dialog").count()).toBe(1);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    await buttons.nth(7).click();
    await page.getByRole("dialog").waitFor();
    await page.mouse.click(5, 5);
    await page.getByRole("dialog").waitFor({ state: "hidden" });
  });

  it("shows a placeholder for a broken image", async () => {
    const { page, context, visit } = await open();
    await context.route("**/images/gallery/photo-03-*.svg", (route) => route.fulfill({ status: 404, body: "missing" }));
    await visit("/gallery");
    const broken = page.getByRole("button", {
      name: "View full size: Illustration: student-athletes doing homework after practice Image unavailable",
    });
    await broken.getByText("Image unavailable").waitFor();
    expect(await page.getByRole("main").locator("ul > li > button img:visible").count()).toBe(17);
    expect(await page.getByRole("button", { name: /^View full size:/ }).count()).toBe(18);
    await broken.click();
    await page.getByRole("dialog").getByText("Image unavailable").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
  });
});

describe("FAQ", () => {
  it("has 12 questions, one open at a time, collapsible, and quick links", async () => {
    const { page, visit } = await open();
    await visit("/faq");
    const items = page.locator("details");
    expect(await items.count()).toBe(12);
    expect(FAQS).toHaveLength(12);
    // The withdrawal notice is the organisation's one setting: 30 days until a coach changes it.
    const answer = (i: number) => page.getByText(withPolicies(FAQS[i]!.a, { withdrawalDays: 30 }));
    expect(await answer(0).isVisible()).toBe(false);
    await page.getByText(FAQS[0]!.q).click();
    await answer(0).waitFor();
    await page.getByText(FAQS[4]!.q).click();
    await answer(4).waitFor();
    await answer(0).waitFor({ state: "hidden" });
    await page.getByText("Cancel at least 7 days before the start for a full refund.", { exact: false }).waitFor();
    await page.getByText(FAQS[4]!.q).click();
    await answer(4).waitFor({ state: "hidden" });
    expect(await page.locator("details[open]").count()).toBe(0);
    // Keyboard: Enter on a question opens it.
    await page.locator("summary").nth(5).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Private lessons are on Fridays by appointment and need 24-hour notice", { exact: false }).waitFor();

    const quick = page.getByRole("navigation", { name: "Quick Links" });
    const hrefs = await quick.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/programs", "/calendar", "/lessons", "/contact", "/donate"]);
  });
});

describe("donate", () => {
  it("copies the Zelle details with a visible confirmation, and links to email and phone", async () => {
    const { page, context, visit } = await open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await visit("/donate");
    await page.getByRole("button", { name: `Copy Zelle email ${EMAIL}` }).click();
    await page.getByText("Zelle email copied to clipboard").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(EMAIL);
    await page.getByRole("button", { name: `Copy Zelle phone ${PHONE}` }).click();
    await page.getByText("Zelle phone copied to clipboard").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PHONE);
    await page.getByText("Memo suggestion:", { exact: false }).waitFor();

    await page.getByText("Community Federal Bank").waitFor();
    await page.getByText("Next Level Tennis & Education, Inc.").waitFor();
    await page.getByText("Routing and account numbers are shared on request.").waitFor();
    expect(await page.getByRole("link", { name: "Email us for transfer details" }).getAttribute("href")).toBe(
      `mailto:${EMAIL}?subject=Bank%20transfer%20details`,
    );
    expect(await page.getByRole("link", { name: "Email us", exact: true }).getAttribute("href")).toBe(`mailto:${EMAIL}?subject=donation%20inquiry`);
    expect(await page.getByRole("link", { name: "Call us" }).getAttribute("href")).toBe("tel:2025550147");

    const stats = page.getByRole("region", { name: "Our impact" });
    for (const [value, label] of [
      ["100%", "Tax Deductible"],
      ["5", "Program Levels"],
      ["4", "Cities"],
    ] as const) {
      await stats.getByText(value, { exact: true }).waitFor();
      await stats.getByText(label, { exact: true }).waitFor();
    }
  });
});

describe("scholarships", () => {
  it("lists two memorial scholarships and carries the radio choice to the Donate page", async () => {
    const { page, visit } = await open();
    await visit("/scholarships");
    await page.getByRole("heading", { name: "Memorial Educational Scholarship" }).waitFor();
    await page.getByRole("heading", { name: "Memorial Tennis Training & Equipment Scholarship" }).waitFor();
    await page.getByText("Coming soon.").waitFor();
    await page.getByRole("heading", { name: "Announcement Policy" }).waitFor();
    const group = page.getByRole("group", { name: "Step 1: Choose a scholarship" });
    expect(await group.getByRole("radio", { name: "Memorial Educational Scholarship" }).isChecked()).toBe(true);
    await group.getByRole("radio", { name: "Memorial Tennis Training & Equipment Scholarship" }).check();
    expect(await group.getByRole("radio", { name: "Memorial Educational Scholarship" }).isChecked()).toBe(false);
    await page.getByRole("button", { name: "Donate to This Scholarship" }).click();
    await page.waitForURL((u) => u.pathname === "/donate" && u.searchParams.get("scholarship") === "training");
    await page.getByText("You chose the Memorial Tennis Training & Equipment Scholarship: please add its name to your memo.").waitFor();
  });
});

describe("information pages", () => {
  it("shows programs with five levels, private lessons, registration policy, and each program page", async () => {
    const { page, visit } = await open();
    await visit("/programs");
    for (const name of ["National/International", "State/Regional", "Intermediate", "Recreational", "Beginner"]) {
      await page.getByRole("heading", { name, exact: true }).waitFor();
    }
    await page.getByText("Placement is by interview and evaluation.").waitFor();
    expect(await page.getByRole("link", { name: "Contact Us About Private Lessons" }).getAttribute("href")).toBe("/contact");
    await page.getByText("Monthly enrollment fees are due 15 days in advance.").waitFor();
    await page.getByText("Once enrolled, please give 30 days' notice to withdraw.").waitFor();
    await page
      .getByText("Once a program has started, monthly fees are not refunded, but payments can be reallocated to other clinics or lessons.", {
        exact: false,
      })
      .waitFor();

    for (const [slug, info] of Object.entries(PROGRAM_PAGES)) {
      await visit(`/programs/${slug}`);
      await page.getByRole("heading", { level: 1, name: info.heading }).waitFor();
      expect(await page.title()).toBe(info.title);
      // A program with no session running or next has no Register button (issue 39).
      const register = page.getByRole("link", { name: "Register for This Program" });
      if (await page.getByRole("region", { name: "Sessions" }).getByRole("listitem").count())
        expect(await register.getAttribute("href")).toBe(`/programs/registration?program=${slug}`);
      else expect(await register.count(), slug).toBe(0);
      if (slug !== "summer") continue;
      // Summer: registration, the photo release PDF and contact.
      const pdfHref = await page.getByRole("link", { name: "Photo Release Form (PDF)" }).getAttribute("href");
      const pdf = await fetch(`${baseURL}${pdfHref}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect((await pdf.text()).startsWith("%PDF-1.4")).toBe(true);
      expect(await page.getByRole("main").getByRole("link", { name: "Contact Us", exact: true }).getAttribute("href")).toBe("/contact");
    }
    expect(Object.keys(PROGRAM_PAGES)).toContain("summer");
  });

  it("shows the about page, grants, updates and terms", async () => {
    const { page, visit } = await open();
    await visit("/about");
    for (const h of [
      "Our Mission",
      "Our History",
      "Our System, Explained for Parents",
      "Core Values",
      "Our Founder's Story",
      "Our Staff",
      "A Student Success Story",
    ]) {
      await page.getByRole("heading", { name: h, exact: true }).waitFor();
    }
    await page.getByText("1998", { exact: true }).waitFor();
    await page.getByText("Staff profiles are coming soon.").waitFor();

    await visit("/awarded-grants");
    await page.getByText("$5,000", { exact: true }).waitFor();
    await page.getByText("$17,500", { exact: true }).waitFor();
    expect(await page.locator("figure blockquote").count()).toBe(6);
    for (const e of ENDORSEMENTS) await page.getByText(`— ${e.by}`).waitFor();
    expect(await page.getByRole("link", { name: "Email us about partnering" }).getAttribute("href")).toBe(
      `mailto:${EMAIL}?subject=Joining%20the%20mission`,
    );

    // The spec's posts are from 2024: more than a year old, they are in the archive (issue 39).
    await visit("/general?archive");
    await page.getByRole("heading", { name: "Fall weekly schedule starts September 7" }).waitFor();

    await visit("/terms");
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    await page.getByText("Effective September 3, 2018").waitFor();
    expect(await page.getByRole("article").getByRole("heading", { level: 2 }).count()).toBe(26);
    await page.getByRole("heading", { name: "23. Choice of Law" }).waitFor();
    await page.getByText("governed by the laws of ____________", { exact: false }).waitFor();
    await page.getByRole("heading", { name: "25. Statute of Limitations" }).waitFor();
  });

  it("shows contact details with Call Now and Email Us", async () => {
    const { page, visit } = await open();
    await visit("/contact");
    expect(await page.getByRole("link", { name: "Call Now" }).getAttribute("href")).toBe("tel:2025550147");
    expect(await page.getByRole("link", { name: "Email Us" }).getAttribute("href")).toBe(`mailto:${EMAIL}`);
    for (const l of ["Washington DC", "Maryland", "Virginia"]) await page.getByRole("main").getByText(l, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Send Us a Message" }).waitFor();
  });
});
