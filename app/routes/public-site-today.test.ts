// Issue 39: the public site true today. On 29 Nov 2026 (the site's clock), with a fall just ended, a winter about to
// start and a spring and a fall after it: home, /calendar, the program pages and the registration form lead with the
// current season, then the next, and show nothing of the ended or the later ones; /general pages its posts and keeps
// those older than a year under the archive.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcements, events, seasons } from "../../db/schema";
import { call, contextFor, createRouteUsers } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { inLocale } from "../../server/languages";
import * as calendar from "./calendar";
import * as general from "./general";
import * as home from "./home";
import * as programPage from "./programs.$program";
import * as programs from "./programs";
import * as registration from "./programs.registration";
import * as signin from "./signin";

const { db } = await createTestDatabase();
const NOW = "2026-11-29T15:00:00-05:00";
const ctx = (now = NOW) => contextFor(db, "visitor", { SAFE_PLAY_NOW: now });
const get = (url: string) => new Request(`http://localhost${url}`);

beforeAll(async () => {
  await createRouteUsers(db);
  // The starting content depends on the day the database was made: this file brings its own.
  await db.execute(sql`delete from events; delete from seasons; delete from cancelled_dates; delete from announcements`);
  const made = await db
    .insert(seasons)
    .values([
      { term: "fall", year: 2026, startsOn: "2026-09-07", endsOn: "2026-11-07" },
      { term: "winter", year: 2026, startsOn: "2026-12-01", endsOn: "2027-02-28" },
      { term: "spring", year: 2027, startsOn: "2027-03-01", endsOn: "2027-05-31" },
      { term: "fall", year: 2027, startsOn: "2027-09-07", endsOn: "2027-11-07" },
    ])
    .returning({ id: seasons.id, term: seasons.term, year: seasons.year, startsOn: seasons.startsOn, endsOn: seasons.endsOn });
  const season = (term: string, year: number) => made.find((s) => s.term === term && s.year === year)!;
  const session = (title: string, s: (typeof made)[number], position: number, weekdays = [1]) => ({
    title,
    kind: "weekly" as const,
    weekdays,
    startsOn: s.startsOn,
    endsOn: s.endsOn,
    startTime: "16:30",
    endTime: "18:00",
    seasonId: s.id,
    programSlug: s.term,
    position,
  });
  await db
    .insert(events)
    .values([
      session("Tdy Fall 2027 Clinic", season("fall", 2027), 1),
      session("Tdy Old Fall Clinic", season("fall", 2026), 2),
      session("Tdy Spring Match Play", season("spring", 2027), 3),
      session("Tdy Winter Clinic", season("winter", 2026), 4),
      { title: "Tdy Private Lessons", kind: "weekly" as const, weekdays: [5], timeNote: "by appointment", position: 5 },
    ]);
});

describe("the seasons families see on 29 Nov 2026", () => {
  it("home: winter's session (with its season and year) and the standing ones; no ended or later season", async () => {
    const body = (await call(home.loader, { request: get("/"), context: ctx() })).body as {
      events: Array<{ title: { text: string }; season: string | null; hasRegister: boolean }>;
    };
    expect(body.events.map((e) => [e.title.text, e.season, e.hasRegister])).toEqual([
      ["Tdy Winter Clinic", "Winter 2026: Dec 1, 2026 - Feb 28, 2027", true],
      ["Tdy Private Lessons", null, true],
    ]);
  });

  it("once winter runs, it leads and spring follows; the fall a year away still waits", async () => {
    const body = (await call(home.loader, { request: get("/"), context: ctx("2026-12-10T15:00:00-05:00") })).body as {
      events: Array<{ title: { text: string } }>;
    };
    expect(body.events.map((e) => e.title.text)).toEqual(["Tdy Winter Clinic", "Tdy Spring Match Play", "Tdy Private Lessons"]);
    const page = (await call(calendar.loader, { request: get("/calendar"), context: ctx("2026-12-10T15:00:00-05:00") })).body as {
      overviews: Array<{ season: string | null }>;
    };
    expect(page.overviews.map((o) => o.season)).toEqual(["Winter 2026 (Dec 1, 2026 - Feb 28, 2027)", "Spring 2027 (Mar 1 - May 31, 2027)"]);
  });

  it("/calendar: one overview, winter's, named with its year", async () => {
    const page = (await call(calendar.loader, { request: get("/calendar"), context: ctx() })).body as {
      overviews: Array<{ season: string | null; rows: Array<{ day: string; entries: Array<{ title: { text: string } }> }> }>;
    };
    expect(page.overviews.map((o) => o.season)).toEqual(["Winter 2026 (Dec 1, 2026 - Feb 28, 2027)"]);
    const monday = page.overviews[0]!.rows.find((r) => r.day === "Monday")!;
    expect(monday.entries.map((e) => e.title.text)).toEqual(["Tdy Winter Clinic"]);
  });

  it("program pages: fall's ended and next year's sessions are gone (its page offers no Register button), winter's is there", async () => {
    const fall = (await call(programPage.loader, { request: get("/programs/fall"), context: ctx(), params: { program: "fall" } })).body as {
      program: { sessions: unknown[] };
    };
    expect(fall.program.sessions).toEqual([]);
    const winter = (await call(programPage.loader, { request: get("/programs/winter"), context: ctx(), params: { program: "winter" } })).body as {
      program: { sessions: Array<{ title: { text: string }; register: boolean }> };
    };
    expect(winter.program.sessions.map((s) => [s.title.text, s.register])).toEqual([["Tdy Winter Clinic", true]]);
  });

  it("/programs says which program runs next, with its year, and nothing of an ended or later season", async () => {
    const body = (await call(programs.loader, { request: get("/programs"), context: ctx() })).body as { when: Record<string, string> };
    expect(body.when).toEqual({ winter: "Next: Winter 2026, Dec 1, 2026 - Feb 28, 2027" });
    const inWinter = (await call(programs.loader, { request: get("/programs"), context: ctx("2026-12-10T15:00:00-05:00") })).body as typeof body;
    expect(inWinter.when).toEqual({ winter: "Now: Winter 2026, Dec 1, 2026 - Feb 28, 2027", spring: "Next: Spring 2027, Mar 1 - May 31, 2027" });
  });

  it("the registration form offers winter's session only, with its season and year", async () => {
    const body = (await call(registration.loader, { request: get("/programs/registration"), context: ctx() })).body as {
      sessionGroups: Array<{ program: string; sessions: Array<{ label: string }> }>;
    };
    expect(body.sessionGroups.map((g) => [g.program, g.sessions.map((s) => s.label)])).toEqual([
      ["Winter Programs", ["Tdy Winter Clinic (Winter 2026): Mondays 4:30-6:00 PM"]],
    ]);
  });
});

describe("/general", () => {
  type Page = { posts: Array<{ title: { text: string } }>; links: Record<"newer" | "older" | "archive" | "latest", string | null> };
  const page = async (url: string) => (await call(general.loader, { request: get(url), context: ctx() })).body as Page;

  it("shows the newest ten, pages the rest with plain links, and archives what is older than a year", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, 28 - n, 12));
    await db
      .insert(announcements)
      .values([
        ...Array.from({ length: 23 }, (_, n) => ({ title: `Tdy recent ${n + 1}`, body: "Recent.", publishedAt: day(n) })),
        { title: "Tdy last year", body: "Old.", publishedAt: new Date("2025-11-01T12:00:00Z") },
        { title: "Tdy pinned old", body: "Pinned.", publishedAt: new Date("2024-05-01T12:00:00Z"), pinned: true },
      ]);
    const first = await page("/general");
    expect(first.posts.map((p) => p.title.text)).toEqual(["Tdy pinned old", ...Array.from({ length: 9 }, (_, n) => `Tdy recent ${n + 1}`)]);
    expect(first.links).toEqual({ newer: null, older: "/general?page=2", archive: null, latest: null });
    const third = await page("/general?page=3");
    expect(third.posts.map((p) => p.title.text)).toEqual(["Tdy recent 20", "Tdy recent 21", "Tdy recent 22", "Tdy recent 23"]);
    expect(third.links).toEqual({ newer: "/general?page=2", older: null, archive: "/general?archive", latest: null });
    const archive = await page("/general?archive");
    expect(archive.posts.map((p) => p.title.text)).toEqual(["Tdy last year"]);
    expect(archive.links).toEqual({ newer: null, older: null, archive: null, latest: "/general" });
  });

  it("reads a page number that is not one as the first page, and a page past the last is not found", async () => {
    expect((await page("/general?page=abc")).links.newer).toBeNull();
    expect((await page("/general?page=-2")).posts[0]!.title.text).toBe("Tdy pinned old");
    expect((await call(general.loader, { request: get("/general?page=40"), context: ctx() })).status).toBe(404);
  });
});

describe("signed out, 'Ask for a place online'", () => {
  it("leads to a sign-in page that names the session, in English and Spanish, and to a sign-up that returns there", async () => {
    const [winter] = await db
      .select({ id: events.id })
      .from(events)
      .where(sql`title = 'Tdy Winter Clinic'`);
    const enroll = `/enroll/${winter!.id}`;
    const reason = async (redirectTo: string, locale: "en" | "es") =>
      inLocale(locale, async () => {
        const res = await call(signin.loader, { request: get(`/signin?${new URLSearchParams({ redirectTo })}`), context: ctx() });
        return (res.body as { reason: string | null }).reason;
      });
    expect(await reason(enroll, "en")).toBe("Sign in or create an account to ask for a place in Tdy Winter Clinic.");
    expect(await reason(`/es${enroll}`, "es")).toBe("Inicie sesión o cree una cuenta para pedir un lugar en Tdy Winter Clinic.");
    expect(await reason("/account", "en")).toBeNull();
    expect(await reason("/enroll/not-a-session", "en")).toBeNull();
  });
});
