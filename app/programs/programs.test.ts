// Issue 28: programs, sessions, seasons and the withdrawal notice, edited by coaches and administrators from the site.
// Clients and visitors are refused and change nothing; bad input gets its message beside the field and stores
// nothing (and the database refuses it too); what a coach changes is what the next visitor reads, in both languages.
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { appSettings, events, programSections, programs, seasons, users } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm, type Who } from "../../tests/support/route-context";
import { startingScheduleTitle, startingSeason } from "~/calendar/starting-season";
import { createTestDatabase } from "../../tests/support/test-db";
import { inLocale } from "../../server/languages";
import { addDays, dayInZone } from "~/lib/datetime";
import * as calendarEvents from "~/routes/calendar.events";
import * as calendar from "~/routes/calendar";
import * as ics from "~/routes/calendar.ics";
import * as faq from "~/routes/faq";
import * as home from "~/routes/home";
import * as programPage from "~/routes/programs.$program";
import * as programEditor from "~/routes/programs.$program.edit";
import * as overview from "~/routes/programs";
import * as editor from "~/routes/programs.edit";
import * as registration from "~/routes/programs.registration";

const { db, url } = await createTestDatabase();
const today = dayInZone(new Date(), "America/New_York");

beforeAll(async () => {
  await createRouteUsers(db);
  // An office manager: an administrator who is not a coach.
  await db
    .insert(users)
    .values({ id: "admin-1", email: "admin@example.com", fullName: "Ada Office", role: "client", admin: true })
    .onConflictDoNothing();
});

type As = Who | "admin";
const ctx = (who: As) => {
  if (who !== "admin") return contextFor(db, who);
  const context = contextFor(db, "client");
  return {
    ...context,
    auth: { api: { getSession: async () => ({ user: { id: "admin-1", email: "admin@example.com", name: "admin", role: "client" } }) } },
  } as typeof context;
};
const get = (who: As, url: string, fn: (args: never) => unknown, params: Record<string, string> = {}, locale: "en" | "es" = "en") =>
  inLocale(locale, () => call(fn, { request: new Request(`http://localhost${url}`), context: ctx(who), params }));
type Fields = { [field: string]: string | readonly string[] | undefined };
const post = (who: As, url: string, fn: (args: never) => unknown, fields: Fields, params: Record<string, string> = {}) =>
  inLocale("en", () =>
    call(fn, {
      request: postForm(url, Object.fromEntries(Object.entries(fields).filter((e): e is [string, string | string[]] => e[1] !== undefined))),
      context: ctx(who),
      params,
    }),
  );

/** Everything the programs editor can change, to compare before and after a refused request. */
const snapshot = async () => [
  await db.select().from(programs),
  await db.select().from(programSections),
  await db.select().from(seasons),
  await db.select().from(appSettings).where(eq(appSettings.key, "policy.withdrawal_notice_days")),
  await db.select().from(events),
];
const eventCount = async () => Number((await db.select({ n: count() }).from(events))[0]!.n);

const session = (fields: Fields) => ({
  intent: "create-event",
  title: "Winter Clinic",
  kind: "weekly",
  weekdays: ["2", "4"],
  startTime: "17:00",
  endTime: "18:30",
  place: "Fort Dupont Ice Arena courts",
  streetAddress: "3779 Ely Pl SE, Washington, DC 20019",
  programSlug: "winter",
  fee: "120",
  feePer: "month",
  capacity: "16",
  agesFrom: "8",
  agesTo: "12",
  levels: ["4", "5"],
  ...fields,
});

describe("the guard", () => {
  it("refuses visitors (sign in) and clients (403) on every editor loader and action, and nothing changes", async () => {
    const before = await snapshot();
    const season = { term: "winter", year: "2031", startsOn: "2031-12-01", endsOn: "2032-02-28" };
    for (const [who, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      expect((await get(who, "/programs/edit", editor.loader)).status).toBe(who === "visitor" ? 302 : 403);
      expect((await get(who, "/programs/fall/edit", programEditor.loader, { program: "fall" })).status).toBe(who === "visitor" ? 302 : 403);
      for (const fields of [
        { intent: "add-season", ...season },
        { intent: "save-season", id: "00000000-0000-4000-8000-000000000000", ...season },
        { intent: "remove-season", id: "00000000-0000-4000-8000-000000000000" },
        { intent: "save-policy", days: "1" },
      ])
        expect((await post(who, "/programs/edit", editor.action, fields)).status).toBe(status);
      for (const fields of [
        { intent: "save-summary", summary: "Hacked" },
        { intent: "add-section", title: "Hacked", body: "x" },
        { intent: "remove-section", id: "00000000-0000-4000-8000-000000000000" },
      ])
        expect((await post(who, "/programs/fall/edit", programEditor.action, fields, { program: "fall" })).status).toBe(status);
      expect((await post(who, "/calendar/events", calendarEvents.action, session({}))).status).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets a coach and an administrator who is not a coach in", async () => {
    expect((await get("coach", "/programs/edit", editor.loader)).status).toBe(200);
    expect((await get("admin", "/programs/edit", editor.loader)).status).toBe(200);
    expect((await get("admin", "/programs/fall/edit", programEditor.loader, { program: "fall" })).status).toBe(200);
    expect((await get("coach", "/programs/nope/edit", programEditor.loader, { program: "nope" })).status).toBe(404);
  });
});

describe("the withdrawal notice", () => {
  const shown = async (locale: "en" | "es") => {
    const prefix = locale === "es" ? "/es" : "";
    const faqBody = JSON.stringify((await get("visitor", `${prefix}/faq`, faq.loader, {}, locale)).body);
    const programsBody = JSON.stringify((await get("visitor", `${prefix}/programs`, overview.loader, {}, locale)).body);
    const registrationBody = JSON.stringify((await get("visitor", `${prefix}/programs/registration`, registration.loader, {}, locale)).body);
    return [faqBody, programsBody, registrationBody];
  };

  it("is one number the FAQ, /programs and the registration page all show, in both languages", async () => {
    for (const body of await shown("en")) {
      expect(body).toContain("please give 30 days' notice to withdraw");
      expect(body).not.toContain("7 days' notice");
    }
    for (const body of await shown("es")) expect(body).toContain("avísenos con 30 días de anticipación");
    // The refund rule says it is about cancelling before a program starts, and the registration rule about fees once enrolled.
    const [faqBody, programsBody] = await shown("en");
    expect(faqBody).toContain("This is for cancelling a registration before a program starts.");
    expect(programsBody).toContain("Once a program has started, monthly fees are not refunded");
  });

  it("sits beside the FAQ's fall schedule, which gives the current or next fall season with its year", async () => {
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const year = Number(today.slice(0, 4)) + (today.slice(5) > "11-07" ? 1 : 0);
    const [en] = await shown("en");
    const [es] = await shown("es");
    expect(en).toContain(`Sep 7 - Nov 7, ${year}: Sundays 8-10 AM`);
    expect(es).toContain(`Del 7 de septiembre al 7 de noviembre de ${year}: domingos de 8 a 10`);
    expect(en).not.toContain("{fallSeason}");
  });

  it("is changed by a coach or an administrator, and every page follows", async () => {
    expect((await post("admin", "/programs/edit", editor.action, { intent: "save-policy", days: "14" })).status).toBe(302);
    for (const body of await shown("en")) expect(body).toContain("please give 14 days' notice to withdraw");
    for (const body of await shown("es")) expect(body).toContain("avísenos con 14 días de anticipación");
    expect((await post("coach", "/programs/edit", editor.action, { intent: "save-policy", days: "30" })).status).toBe(302);
  });

  it("refuses -1, 1000 and words beside the field, storing nothing; the database refuses them too", async () => {
    for (const days of ["-1", "1000", "thirty", ""]) {
      const res = await post("coach", "/programs/edit", editor.action, { intent: "save-policy", days });
      expect(res.status).toBe(400);
      expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors.days).toBe("Enter a whole number of days from 0 to 365.");
    }
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "policy.withdrawal_notice_days"));
    expect(row!.value).toBe("30");
    await expect(db.update(appSettings).set({ value: "-1" }).where(eq(appSettings.key, "policy.withdrawal_notice_days"))).rejects.toThrow();
  });
});

describe("seasons", () => {
  it("refuse a last day before the first, beside the field, storing nothing; the database too", async () => {
    const before = await db.select().from(seasons);
    const res = await post("coach", "/programs/edit", editor.action, {
      intent: "add-season",
      term: "winter",
      year: "2031",
      startsOn: "2031-12-01",
      endsOn: "2031-11-30",
    });
    expect(res.status).toBe(400);
    expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors.endsOn).toBe("The last day must be on or after the first day.");
    expect(await db.select().from(seasons)).toEqual(before);
    await expect(db.insert(seasons).values({ term: "winter", year: 2031, startsOn: "2031-12-01", endsOn: "2031-11-30" })).rejects.toThrow();
  });

  it("are added once a term and year; a session placed in one without dates takes the season's", async () => {
    const start = addDays(today, 7);
    const end = addDays(today, 90);
    const fields = { intent: "add-season", term: "winter", year: "2031", startsOn: start, endsOn: end };
    expect((await post("coach", "/programs/edit", editor.action, fields)).status).toBe(302);
    const again = await post("coach", "/programs/edit", editor.action, fields);
    expect((again.body as { fieldErrors: Record<string, string> }).fieldErrors.term).toBe("That season is already there: edit it instead.");
    const [winter] = await db.select().from(seasons).where(eq(seasons.year, 2031));
    expect((await post("coach", "/calendar/events", calendarEvents.action, session({ seasonId: winter!.id }))).status).toBe(302);
    const [row] = await db.select().from(events).where(eq(events.title, "Winter Clinic"));
    expect([row!.startsOn, row!.endsOn, row!.seasonId, row!.feeCents, row!.capacity, row!.levels]).toEqual([
      start,
      end,
      winter!.id,
      12000,
      16,
      [4, 5],
    ]);
    // /calendar shows the new season's overview with its own dates, beside the fall's.
    const page = (await get("visitor", "/calendar", calendar.loader)).body as { overviews: Array<{ season: string | null }> };
    expect(page.overviews.length).toBeGreaterThanOrEqual(2);
    expect(new Set(page.overviews.map((o) => o.season)).size).toBe(page.overviews.length);
  });
});

describe("a season's new dates", () => {
  it("move the sessions that followed them, and families hear of each", async () => {
    const [winter] = await db.select().from(seasons).where(eq(seasons.year, 2031));
    const [clinic] = await db.select().from(events).where(eq(events.title, "Winter Clinic"));
    const jobs = async () =>
      Number(
        (await db.execute<{ n: string }>(sql`select count(*) as n from graphile_worker._private_jobs where key like ${`%event:${clinic!.id}:%`}`))
          .rows[0]!.n,
      );
    const before = await jobs();
    const endsOn = addDays(winter!.endsOn, 14);
    const res = await post("coach", "/programs/edit", editor.action, {
      intent: "save-season",
      id: winter!.id,
      term: "winter",
      year: "2031",
      startsOn: winter!.startsOn,
      endsOn,
    });
    expect(res.status).toBe(302);
    const [moved] = await db.select().from(events).where(eq(events.id, clinic!.id));
    expect([moved!.startsOn, moved!.endsOn]).toEqual([winter!.startsOn, endsOn]);
    expect(await jobs()).toBeGreaterThan(before);
  });
});

describe("a session's bad input", () => {
  for (const [name, fields, field, message] of [
    ["an end before a start", { startsOn: "2031-03-01", endsOn: "2031-02-01" }, "endsOn", "The last day must be on or after the first."],
    ["a negative fee", { fee: "-5" }, "fee", "Enter a fee of 0 or more in dollars, such as 120 or 120.50."],
    ["a street address of 5,000 characters", { streetAddress: "1".repeat(5000) }, "streetAddress", "Keep the street address under 200 characters."],
    ["capacity -1", { capacity: "-1" }, "capacity", "Enter a number of players from 1 to 10,000."],
    ["an oldest age below the youngest", { agesFrom: "12", agesTo: "8" }, "agesTo", "The oldest age must be the youngest or more."],
    ["a level 6", { levels: ["6"] }, "levels", "Choose levels from 1 to 5."],
  ] as const) {
    it(`refuses ${name} beside the field and stores nothing`, async () => {
      const before = await eventCount();
      const res = await post("coach", "/calendar/events", calendarEvents.action, session({ title: `Bad ${name}`, ...fields }));
      expect(res.status).toBe(400);
      const { fieldErrors } = res.body as { fieldErrors: Record<string, string> };
      expect(fieldErrors[field]).toContain(message.slice(0, 20));
      expect(await eventCount()).toBe(before);
    });
  }

  it("is refused by the database too", async () => {
    const row = { title: "Direct", kind: "weekly" as const, weekdays: [1] };
    for (const bad of [
      { capacity: -1 },
      { feeCents: -1 },
      { streetAddress: "1".repeat(5000) },
      { startsOn: "2031-03-01", endsOn: "2031-02-01" },
      { levels: [6] },
    ])
      await expect(db.insert(events).values({ ...row, ...bad })).rejects.toThrow();
  });
});

describe("program pages", () => {
  it("never say TBD: a fact no session answers is 'Ask us', in every program, in both languages", async () => {
    for (const slug of ["spring", "summer", "fall", "winter", "after-school", "school-without-walls"])
      for (const locale of ["en", "es"] as const) {
        const res = await get("visitor", `/programs/${slug}`, programPage.loader, { program: slug }, locale);
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toMatch(/TBD|Por definir/);
      }
    // A seasonal program the starting sessions are not in (migration 0040 places them in the season running or next).
    const other = startingSeason(today).term === "spring" ? "summer" : "spring";
    const spring = (await get("visitor", `/programs/${other}`, programPage.loader, { program: other })).body as {
      facts: Array<{ value: string | null }>;
    };
    expect(spring.facts.map((f) => f.value)).toEqual([null, null, null, null]);
  });

  it("show a session's fee, place, map link, ages, levels and dates with the year, in English and Spanish", async () => {
    const en = (await get("visitor", "/programs/winter", programPage.loader, { program: "winter" })).body as {
      program: { sessions: Array<Record<string, unknown>> };
      facts: Array<{ key: string; value: string | null }>;
    };
    const s = en.program.sessions.find((x) => (x.title as { text: string }).text === "Winter Clinic")!;
    expect(s).toMatchObject({
      fee: "$120 a month",
      ages: "8-12",
      levels: "Levels 4 and 5",
      capacity: "Up to 16 players",
      place: "Fort Dupont Ice Arena courts",
      mapHref: "https://www.google.com/maps/search/?api=1&query=3779%20Ely%20Pl%20SE%2C%20Washington%2C%20DC%2020019",
    });
    expect(s.dates).toMatch(/, 20\d\d$/);
    // The starting sessions may share the page (migration 0040 places them in the season running or next).
    expect(Object.fromEntries(en.facts.map((f) => [f.key, f.value]))).toMatchObject({
      price: expect.stringContaining("$120 a month"),
      who: expect.stringContaining("Levels 4 and 5, 8-12"),
    });
    // The same session is in the calendar feed, with its street address for directions.
    const feed = (await get("visitor", "/calendar.ics", ics.loader)).body as string;
    expect(feed.replace(/\r\n /g, "")).toContain("LOCATION:Fort Dupont Ice Arena courts\\, 3779 Ely Pl SE\\, Washington\\, DC 20019");
    const es = (await get("visitor", "/es/programs/winter", programPage.loader, { program: "winter" }, "es")).body as typeof en;
    expect(es.program.sessions.find((x) => (x.title as { text: string }).text === "Winter Clinic")).toMatchObject({
      fee: "$120 al mes",
      ages: "de 8 a 12 años",
      levels: "Niveles 4 y 5",
    });
  });

  it("show the starting season's seeded sessions, and the cancelled days each with its year", async () => {
    const { term } = startingSeason(today);
    const fall = (await get("visitor", `/programs/${term}`, programPage.loader, { program: term })).body as {
      program: { sessions: Array<{ title: { text: string } }>; cancelled: string | null };
      facts: Array<{ key: string; value: string | null }>;
    };
    expect(fall.program.sessions.map((s) => s.title.text).filter((t) => t !== "Winter Clinic")).toEqual([
      startingScheduleTitle(term),
      "Monday-Thursday Clinics",
      "Level-5 Youth Clinic (Ages 8-12)",
    ]);
    expect(fall.facts.find((f) => f.key === "when")!.value).toContain("Sundays 8-10 AM");
    if (fall.program.cancelled) expect(fall.program.cancelled).toMatch(/, 20\d\d$/);
  });

  it("take a coach's summary and sections, refusing an empty summary beside the field", async () => {
    const bad = await post("coach", "/programs/spring/edit", programEditor.action, { intent: "save-summary", summary: "  " }, { program: "spring" });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.summary).toBe("Write a summary.");
    const ok = await post(
      "coach",
      "/programs/spring/edit",
      programEditor.action,
      { intent: "save-summary", summary: "Spring: tournaments.", summaryEs: "Primavera: torneos." },
      { program: "spring" },
    );
    expect(ok.status).toBe(302);
    await post(
      "coach",
      "/programs/spring/edit",
      programEditor.action,
      { intent: "add-section", title: "Gear", body: "Bring water.", items: "Racquet\n\nShoes" },
      { program: "spring" },
    );
    const en = (await get("visitor", "/programs/spring", programPage.loader, { program: "spring" })).body as {
      program: { summary: { text: string }; sections: Array<{ id: string; title: { text: string }; items: { text: string } | null }> };
    };
    expect(en.program.summary.text).toBe("Spring: tournaments.");
    const gear = en.program.sections.at(-1)!;
    expect([gear.title.text, gear.items?.text]).toEqual(["Gear", "Racquet\nShoes"]);
    const es = (await get("visitor", "/es/programs/spring", programPage.loader, { program: "spring" }, "es")).body as typeof en;
    expect(es.program.summary).toEqual({ text: "Primavera: torneos.", lang: "es", fallback: false });
    expect(es.program.sections.at(-1)!.title).toEqual({ text: "Gear", lang: "en", fallback: true });
    expect(
      (await post("coach", "/programs/spring/edit", programEditor.action, { intent: "remove-section", id: gear.id }, { program: "spring" })).status,
    ).toBe(302);
    expect((await db.select().from(programSections).where(eq(programSections.id, gear.id))).length).toBe(0);
  });
});

describe("an ended series", () => {
  it("drops off the home cards, /calendar and its program page by itself, and the editor says it ended", async () => {
    const ended = session({ title: "Old Autumn Series", programSlug: "fall", startsOn: addDays(today, -60), endsOn: addDays(today, -1) });
    expect((await post("coach", "/calendar/events", calendarEvents.action, ended)).status).toBe(302);
    const cards = (await get("visitor", "/", home.loader)).body as { events: Array<{ title: { text: string } }> };
    expect(cards.events.map((c) => c.title.text)).not.toContain("Old Autumn Series");
    const cal = JSON.stringify((await get("visitor", "/calendar", calendar.loader)).body);
    expect(cal).not.toContain("Old Autumn Series");
    const fall = JSON.stringify((await get("visitor", "/programs/fall", programPage.loader, { program: "fall" })).body);
    expect(fall).not.toContain("Old Autumn Series");
    const list = (await get("coach", "/calendar/events", calendarEvents.loader)).body as { events: Array<{ title: string; ended: string | null }> };
    expect(list.events.find((e) => e.title === "Old Autumn Series")!.ended).toBe("series");
    const editorList = (await get("coach", "/programs/fall/edit", programEditor.loader, { program: "fall" })).body as {
      sessions: Array<{ title: string; ended: boolean }>;
    };
    expect(editorList.sessions.find((e) => e.title === "Old Autumn Series")!.ended).toBe(true);
  });
});

describe("the visitor page cache", () => {
  it("is emptied when a program, a section, a season or the withdrawal notice changes, not when the job queue writes", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (n) => heard.push(n.payload ?? ""));
    await listener.query("listen content_changed");
    await db.update(programs).set({ summary: "Winter keeps players moving." }).where(eq(programs.slug, "winter"));
    await db
      .update(programSections)
      .set({ body: sql`body` })
      .where(eq(programSections.programSlug, "winter"));
    await db.update(seasons).set({ updatedAt: new Date() });
    await db.update(appSettings).set({ value: "30" }).where(eq(appSettings.key, "policy.withdrawal_notice_days"));
    await db.insert(appSettings).values({ key: "queue-pool:test", value: "x" }).onConflictDoNothing();
    await new Promise((r) => setTimeout(r, 200));
    await listener.query("unlisten content_changed");
    await listener.end();
    expect(heard).toEqual(["programs", "program_sections", "seasons", "app_settings"]);
  });
});
