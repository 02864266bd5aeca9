// Issue 39: the public site true today. One rule says which seasons families plan by (the current one, then the next),
// and a fresh site's starting sessions fall in the current or next season, with its year, whatever day it starts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { addDays, dayInZone } from "~/lib/datetime";
import { forFamilies, isShownToFamilies, seasonStandings } from "./season-standing";
import { startingCancelledDays, startingScheduleTitle, startingSeason } from "./starting-season";

const seasons = [
  { id: "fall-2026", startsOn: "2026-09-07", endsOn: "2026-11-07" },
  { id: "winter-2026", startsOn: "2026-12-01", endsOn: "2027-02-28" },
  { id: "spring-2027", startsOn: "2027-03-01", endsOn: "2027-05-31" },
  { id: "fall-2027", startsOn: "2027-09-07", endsOn: "2027-11-07" },
];
const session = (title: string, seasonId: string | null, startsOn: string | null = null, endsOn: string | null = null) => ({
  title,
  kind: "weekly" as const,
  onDate: null,
  seasonId,
  startsOn: startsOn ?? seasons.find((s) => s.id === seasonId)?.startsOn ?? null,
  endsOn: endsOn ?? seasons.find((s) => s.id === seasonId)?.endsOn ?? null,
});

describe("a season's standing", () => {
  it("on 29 Nov 2026: fall has ended, winter is next, spring and the fall after wait", () => {
    expect(Object.fromEntries(seasonStandings(seasons, "2026-11-29"))).toEqual({
      "fall-2026": "ended",
      "winter-2026": "next",
      "spring-2027": "later",
      "fall-2027": "later",
    });
  });

  it("is current from its first day to its last, and the next is the one after it", () => {
    expect(seasonStandings(seasons, "2026-12-01").get("winter-2026")).toBe("current");
    expect(seasonStandings(seasons, "2026-12-01").get("spring-2027")).toBe("next");
    expect(seasonStandings(seasons, "2027-02-28").get("winter-2026")).toBe("current");
    expect(seasonStandings(seasons, "2027-03-01").get("winter-2026")).toBe("ended");
    expect(seasonStandings(seasons, "2027-03-01").get("fall-2027")).toBe("next");
  });

  it("counts a season starting before the next one ends as next too, and none after it", () => {
    const sideBySide = [...seasons, { id: "winter-league", startsOn: "2026-12-06", endsOn: "2027-02-27" }];
    const standings = seasonStandings(sideBySide, "2026-11-29");
    expect([standings.get("winter-2026"), standings.get("winter-league"), standings.get("spring-2027")]).toEqual(["next", "next", "later"]);
  });
});

describe("what families see", () => {
  const all = [
    session("Fall 2027 clinic", "fall-2027"),
    session("Private lessons", null),
    session("Spring clinic", "spring-2027"),
    session("Winter clinic", "winter-2026"),
    session("Old fall clinic", "fall-2026"),
    { ...session("Awards night", null), kind: "date" as const, onDate: "2026-12-12" },
  ];

  it("the current season first, then the next; ended and later seasons are gone", () => {
    const inWinter = forFamilies(all, seasonStandings(seasons, "2026-12-10"), "2026-12-10");
    expect(inWinter.map((e) => e.title)).toEqual(["Winter clinic", "Spring clinic", "Private lessons", "Awards night"]);
    const beforeWinter = forFamilies(all, seasonStandings(seasons, "2026-11-29"), "2026-11-29");
    expect(beforeWinter.map((e) => e.title)).toEqual(["Winter clinic", "Private lessons", "Awards night"]);
  });

  it("a session of the current season that has ended on its own days is gone too", () => {
    const standings = seasonStandings(seasons, "2027-01-20");
    expect(isShownToFamilies(session("Short winter clinic", "winter-2026", "2026-12-01", "2027-01-15"), standings, "2027-01-20")).toBe(false);
    expect(isShownToFamilies(session("Winter clinic", "winter-2026"), standings, "2027-01-20")).toBe(true);
  });
});

describe("a fresh site's starting season", () => {
  it("is the running season with four weeks left, otherwise the next, with its year", () => {
    expect(startingSeason("2026-11-29")).toEqual({ term: "winter", year: 2026, startsOn: "2026-12-01", endsOn: "2027-02-28" });
    expect(startingSeason("2027-01-15")).toMatchObject({ term: "winter", year: 2026 });
    expect(startingSeason("2027-02-10")).toMatchObject({ term: "spring", year: 2027 });
    expect(startingSeason("2027-10-01")).toMatchObject({ term: "fall", year: 2027, startsOn: "2027-09-07", endsOn: "2027-11-07" });
    expect(startingSeason("2027-10-20")).toMatchObject({ term: "winter", year: 2027, endsOn: "2028-02-29" });
    expect(startingScheduleTitle("winter")).toBe("Winter Weekly Schedule");
    expect(startingScheduleTitle("winter", "es")).toBe("Horario semanal de invierno");
    expect(startingCancelledDays(startingSeason("2027-08-01"))).toEqual(["2027-09-21", "2027-10-13", "2027-10-21"]);
  });

  it("is never over by the day the site starts, and the migration's SQL agrees on every day of three years", async () => {
    const { db } = await createTestDatabase();
    const { rows } = await db.execute<{ day: string; term: string; year: number; starts_on: string; ends_on: string }>(sql`
      select d::date::text as day, s.term, s.year, s.starts_on::text, s.ends_on::text
      from generate_series('2026-01-01'::date, '2028-12-31'::date, '1 day') d, lateral starting_season(d::date) s order by d`);
    expect(rows).toHaveLength(1096);
    for (const r of rows) {
      const rule = startingSeason(r.day);
      expect([r.day, r.term, r.year, r.starts_on, r.ends_on]).toEqual([r.day, rule.term, rule.year, rule.startsOn, rule.endsOn]);
      expect(rule.endsOn >= addDays(r.day, 28)).toBe(true);
    }
  });

  it("holds the starting sessions, titled by it, the standing days beside them", async () => {
    const { db } = await createTestDatabase();
    const start = startingSeason(dayInZone(new Date(), "America/New_York"));
    const { rows } = await db.execute<{ title: string; program_slug: string | null; starts_on: string | null; term: string | null }>(sql`
      select e.title, e.program_slug, e.starts_on::text, s.term from events e left join seasons s on s.id = e.season_id order by e.position`);
    expect(rows.map((r) => [r.title, r.program_slug, r.starts_on, r.term])).toEqual([
      [startingScheduleTitle(start.term), start.term, start.startsOn, start.term],
      ["Monday-Thursday Clinics", start.term, start.startsOn, start.term],
      ["Level-5 Youth Clinic (Ages 8-12)", start.term, start.startsOn, start.term],
      ["Private Lessons", null, null, null],
      ["Saturday", null, null, null],
    ]);
    const days = await db.execute<{ day: string }>(sql`select day::text from cancelled_dates order by day`);
    expect(days.rows.map((r) => r.day)).toEqual(startingCancelledDays(start));
    const spring = await db.execute<{ title: string }>(sql`select title from program_sections where program_slug = 'spring' order by position`);
    expect(spring.rows.map((r) => r.title)).toEqual(["What we do", "Education"]);
  });
});
