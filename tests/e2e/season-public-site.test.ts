// Issue 39: the public site true today, on a phone, in English and Spanish. On 15 Jan 2031 (the shared server's clock)
// with a fall just ended, a winter running, a spring next and a fall a year away: home and /calendar lead with the
// winter, then the spring, and show nothing of the two falls; the registration form offers those two with their
// years; /general pages its posts without JavaScript and keeps the older than a year under its archive; the footer
// says 2031; 'Message Your Coach' covers nothing; signed out, "Ask for a place online" says why it asks to sign in and
// comes back to the form.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { makePerson, openDatabase, type Person } from "./support/messaging";
import { sharedServer, useServerSettings } from "./support/shared-server";
import { endEventsItMakes } from "./support/leftovers";

const server = sharedServer();
// Its sessions end with the file: later files on this server list only their own (the home page's cards, /calendar).
endEventsItMakes(server);
const open = setupBrowser(() => server.url);
const PHONE = { viewport: { width: 390, height: 844 } };
useServerSettings({ now: "2031-01-15T10:00:00-05:00" });

let db: Awaited<ReturnType<typeof openDatabase>>;
let winterId = "";
let family: Person;

beforeAll(async () => {
  db = await openDatabase(server.dataDir);
  const season = async (term: string, year: number, startsOn: string, endsOn: string) =>
    (
      await db.query<{ id: string }>(
        `insert into seasons (term, year, starts_on, ends_on) values ($1, $2, $3, $4)
         on conflict (term, year) do update set starts_on = excluded.starts_on returning id`,
        [term, year, startsOn, endsOn],
      )
    ).rows[0]!.id;
  const session = async (title: string, titleEs: string, seasonId: string, term: string, weekday: number) =>
    (
      await db.query<{ id: string }>(
        `insert into events (title, title_es, kind, weekdays, start_time, end_time, season_id, program_slug, starts_on, ends_on, position, capacity)
         select $1, $2, 'weekly', array[$5::smallint], '16:30', '18:00', s.id, $4, s.starts_on, s.ends_on, 0, 12 from seasons s where s.id = $3
         returning id`,
        [title, titleEs, seasonId, term, weekday],
      )
    ).rows[0]!.id;
  await session("SPS Fall Drills", "SPS Ejercicios de otoño", await season("fall", 2030, "2030-09-07", "2030-11-07"), "fall", 1);
  winterId = await session("SPS Winter Clinic", "SPS Clínica de invierno", await season("winter", 2030, "2030-12-01", "2031-02-28"), "winter", 1);
  await session("SPS Spring Match Play", "SPS Partidos de primavera", await season("spring", 2031, "2031-03-01", "2031-05-31"), "spring", 3);
  await session("SPS Far Fall Clinic", "SPS Clínica de otoño lejana", await season("fall", 2031, "2031-09-07", "2031-11-07"), "fall", 1);
  // Twelve posts this past year (SPS post 1 the newest) and one from 2030's first days: over a year old.
  for (let n = 1; n <= 12; n++)
    await db.query("insert into announcements (title, body, published_at) values ($1, 'News.', $2)", [
      `SPS post ${n}`,
      new Date(Date.UTC(2031, 0, 14 - n, 15)),
    ]);
  await db.query("insert into announcements (title, body, published_at) values ('SPS old news', 'Old.', '2030-01-10T15:00:00Z')");
  family = await makePerson(server.url, "Sps Parent", { env: server.env });
});

afterAll(async () => {
  await db?.close();
});

/** Whether every point across an element's box, once scrolled to the window's bottom edge, is the element's own. */
async function uncovered(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    window.scrollTo(0, el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 2);
    const box = el.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [0.1, 0.5, 0.9].every((f) => el.contains(document.elementFromPoint(box.left + box.width * f, y)));
  }, selector);
}

describe("the seasons a family sees on 15 Jan 2031", () => {
  it("home and /calendar lead with the winter, then the spring; the falls and their Register buttons are gone", async () => {
    const { page, visit } = await open(PHONE);
    await visit("/");
    const cards = page.getByRole("region", { name: "Upcoming Events & Weekly Schedule" }).getByRole("listitem");
    const titles = await cards.getByRole("heading").allInnerTexts();
    expect(titles[0]).toBe("SPS Winter Clinic");
    expect(titles.filter((t) => t.startsWith("SPS"))).toEqual(["SPS Winter Clinic", "SPS Spring Match Play"]);
    await cards.first().getByText("Winter 2030: Dec 1, 2030 - Feb 28, 2031").waitFor();
    await page.getByRole("contentinfo").getByText("© 2031 Next Level Tennis & Education. All rights reserved.").waitFor();
    await visit("/programs");
    await page.getByRole("listitem").filter({ hasText: "Winter Programs" }).getByText("Now: Winter 2030, Dec 1, 2030 - Feb 28, 2031").waitFor();
    await page.getByRole("listitem").filter({ hasText: "Spring Programs" }).getByText("Next: Spring 2031, Mar 1 - May 31, 2031").waitFor();
    expect(
      await page
        .getByRole("listitem")
        .filter({ hasText: "Fall Programs" })
        .getByText(/^(Now|Next):/)
        .count(),
    ).toBe(0);

    await visit("/calendar");
    const overviews = await page
      .getByRole("region", { name: /^Weekly Schedule Overview/ })
      .getByRole("heading", { level: 2 })
      .allInnerTexts();
    expect(overviews.slice(0, 2)).toEqual([
      "Weekly Schedule Overview: Winter 2030 (Dec 1, 2030 - Feb 28, 2031)",
      "Weekly Schedule Overview: Spring 2031 (Mar 1 - May 31, 2031)",
    ]);
    expect(overviews.join(" ")).not.toContain("Fall");
    // 'Message Your Coach' covers nothing: the Monday row at the window's bottom edge is all its own.
    const monday = page.locator("section[aria-labelledby=schedule-heading] tbody tr").nth(1);
    expect(await monday.innerText()).toContain("SPS Winter Clinic");
    await monday.evaluate((el) => el.setAttribute("data-monday", ""));
    await page.getByRole("button", { name: "Message Your Coach" }).waitFor();
    expect(await uncovered(page, "[data-monday]")).toBe(true);
  });

  it("in Spanish: each season with its name and year", async () => {
    const { page, visit } = await open(PHONE);
    await visit("/es/calendar");
    await page
      .getByRole("region", { name: "Resumen del horario semanal: Invierno de 2030 (del 1 de diciembre de 2030 al 28 de febrero de 2031)" })
      .waitFor();
    expect(await page.getByRole("main").innerText()).not.toContain("SPS Ejercicios de otoño");
    await visit("/es");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "SPS Clínica de invierno" }) });
    await card.getByText("Invierno de 2030: del 1 de diciembre de 2030 al 28 de febrero de 2031").waitFor();
    await page.getByRole("contentinfo").getByText("© 2031 Next Level Tennis & Education. Todos los derechos reservados.").waitFor();
  });

  it("the registration form offers the winter and the spring with their years and places left, and no fall", async () => {
    const { page, visit } = await open(PHONE);
    await visit("/programs/registration");
    const options = await page.getByRole("main").locator("select option").allInnerTexts();
    expect(options.filter((o) => o.startsWith("SPS"))).toEqual([
      "SPS Spring Match Play (Spring 2031): Wednesdays 4:30-6:00 PM · 12 places left",
      "SPS Winter Clinic (Winter 2030): Mondays 4:30-6:00 PM · 12 places left",
    ]);
  });
});

describe("/general", () => {
  it("pages the newest posts without JavaScript and keeps the older than a year under the archive, in English and Spanish", async () => {
    const { page, visit } = await open({ ...PHONE, javaScriptEnabled: false });
    await visit("/general");
    const news = page.getByRole("region", { name: "Latest News" });
    await news.getByRole("heading", { name: "SPS post 1", exact: true }).waitFor();
    expect(await news.getByRole("heading", { name: "SPS post 12" }).count()).toBe(0);
    await page.getByRole("link", { name: "Older posts" }).click();
    await page.waitForURL((u) => u.search === "?page=2");
    await page.getByRole("heading", { name: "SPS post 12" }).waitFor();
    await page.getByRole("link", { name: "Older announcements (more than a year ago)" }).click();
    await page.waitForURL((u) => u.search === "?archive");
    const archive = page.getByRole("region", { name: "Archive: posts from more than a year ago" });
    expect((await archive.getByRole("heading", { level: 3 }).allInnerTexts())[0]).toBe("SPS old news");
    await visit("/es/general");
    await page.getByRole("link", { name: "Publicaciones anteriores" }).click();
    await page.waitForURL((u) => u.pathname === "/es/general" && u.search === "?page=2");
    await page.getByRole("link", { name: "Publicaciones más recientes" }).waitFor();
  });
});

describe("signed out, 'Ask for a place online'", () => {
  it("says why it asks to sign in, and signing in comes back to the form (English, then Spanish)", async () => {
    const { page, visit } = await open(PHONE);
    await visit("/programs/winter");
    // The session's card, at the window's bottom edge, is not covered by 'Message Your Coach' either.
    const card = page.getByRole("region", { name: "Sessions" }).getByRole("listitem").filter({ hasText: "SPS Winter Clinic" });
    await card.evaluate((el) => el.setAttribute("data-session-card", ""));
    expect(await uncovered(page, "[data-session-card]")).toBe(true);
    await page.getByRole("link", { name: "Ask for a place online SPS Winter Clinic" }).click();
    await page.getByText("Sign in or create an account to ask for a place in SPS Winter Clinic.").waitFor();
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Sign up", exact: true }).getAttribute("href")).toContain(encodeURIComponent(`/enroll/${winterId}`));
    await main.getByLabel("Email").fill(family.email);
    await main.getByLabel("Password").fill(family.password);
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/enroll/${winterId}`);

    const es = await open(PHONE);
    await es.visit("/es/programs/winter");
    await es.page.getByRole("link", { name: "Pedir un lugar en línea SPS Clínica de invierno" }).click();
    await es.page.getByText("Inicie sesión o cree una cuenta para pedir un lugar en SPS Clínica de invierno.").waitFor();
  });
});
