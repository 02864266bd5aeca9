// Removing a cancelled date names the day in a hidden field: a day that is not a date is refused with a message
// (it reached PostgreSQL and ended in a 500), and nothing changes.
import { count, eq } from "drizzle-orm";
import nodeIcal from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelledDates, events } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { inLocale } from "../../server/languages";
import { addDays, dayInZone } from "~/lib/datetime";
import { unsafeTextMessage } from "~/lib/safe-text";
import { UNREADABLE_DAY } from "~/lib/site-content-schemas";
import * as calendar from "./calendar";
import * as calendarIcs from "./calendar.ics";
import * as calendarEvents from "./calendar.events";
import * as editEvent from "./calendar.events.$eventId";
import * as home from "./home";

const { db } = await createTestDatabase();
beforeAll(async () => {
  await createRouteUsers(db);
  await db.insert(cancelledDates).values({ day: "2031-05-06", note: "Courts resurfaced", createdBy: "coach-1" });
});

const rows = async () => Number((await db.select({ n: count() }).from(cancelledDates))[0]!.n);
const remove = (fields: Record<string, string>) =>
  call(calendarEvents.action, {
    request: postForm("/calendar/events", { intent: "remove-cancellation", ...fields }),
    context: contextFor(db, "coach"),
  });

describe("removing a cancelled date", () => {
  it.each([["not-a-date"], ["2031-02-30"], ["2031-5-6"], ["0000-01-01"], ["20310506"], [""]])("refuses the day %j with a message", async (day) => {
    const before = await rows();
    const res = await remove({ day });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, form: "remove-cancellation", fieldErrors: { day: UNREADABLE_DAY } });
    expect(await rows()).toBe(before);
  });

  it("refuses a request without a day", async () => {
    const res = await remove({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { day: UNREADABLE_DAY } });
  });

  it("removes a cancelled date, and says when it is not there", async () => {
    expect((await remove({ day: "2031-05-07" })).status).toBe(404);
    const before = await rows();
    const res = await remove({ day: "2031-05-06" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/calendar/events");
    expect(await rows()).toBe(before - 1);
  });

  it("refuses year 0000 when a date is cancelled too (PostgreSQL has no year 0)", async () => {
    const before = await rows();
    const res = await call(calendarEvents.action, {
      request: postForm("/calendar/events", { intent: "add-cancellation", day: "0000-01-01", note: "" }),
      context: contextFor(db, "coach"),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { day: "Please enter a valid date" } });
    expect(await rows()).toBe(before);
  });
});

// Spanish versions of what coaches type on the schedule (issue 27): an event's title, time note and note, and a
// cancelled day's note. They follow the English fields' rules and a refusal stores nothing; a Spanish reader gets
// them on the home page, /calendar and the Spanish calendar file, and the English, marked, where there are none.
describe("Spanish versions of events and cancellations", () => {
  const tz = "America/New_York";
  const everyDay = ["0", "1", "2", "3", "4", "5", "6"];
  const post = (fields: Record<string, string | string[]>, who: "visitor" | "client" | "coach" = "coach") =>
    call(calendarEvents.action, { request: postForm("/calendar/events", fields), context: contextFor(db, who) });
  const eventCount = async () => Number((await db.select({ n: count() }).from(events))[0]!.n);
  const eventNamed = async (title: string) => (await db.select().from(events).where(eq(events.title, title)))[0];
  const spanishEvent = {
    intent: "create-event",
    title: "Saturday Open Court",
    kind: "weekly",
    weekdays: everyDay,
    startTime: "",
    endTime: "",
    timeNote: "by appointment",
    timeNoteEs: " con cita previa ",
    note: "All levels",
    noteEs: "Todos los niveles",
    titleEs: "Cancha abierta del sábado",
    hasRegister: "on",
  };

  it("stores the Spanish a coach writes beside the English, and an empty one as none", async () => {
    expect((await post(spanishEvent)).status).toBe(302);
    expect(await eventNamed("Saturday Open Court")).toMatchObject({
      titleEs: "Cancha abierta del sábado",
      timeNoteEs: "con cita previa",
      noteEs: "Todos los niveles",
    });
    const englishOnly = {
      ...spanishEvent,
      title: "Evening Drills",
      titleEs: " ",
      timeNote: "after school",
      timeNoteEs: "",
      note: "Ages 10-14",
      noteEs: "",
    };
    expect((await post(englishOnly)).status).toBe(302);
    expect(await eventNamed("Evening Drills")).toMatchObject({ titleEs: null, timeNoteEs: null, noteEs: null });
  });

  it.each([
    ["a Spanish title that is too long", { titleEs: "a".repeat(121) }, "titleEs", "Title must be at most 120 characters"],
    ["a Spanish time note that is too long", { timeNoteEs: "a".repeat(81) }, "timeNoteEs", "The time note must be at most 80 characters"],
    ["a hidden character in the Spanish note", { noteEs: "Todos\u0007 los niveles" }, "noteEs", unsafeTextMessage()],
  ])("refuses %s beside the field, keeps what was typed, and stores nothing", async (_, bad, field, message) => {
    const before = await eventCount();
    const fields = { ...spanishEvent, title: "Refused event", ...bad };
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      form: "event",
      fieldErrors: { [field]: message },
      values: { [field]: bad[field as keyof typeof bad] },
    });
    expect(Object.keys((res.body as { fieldErrors: object }).fieldErrors)).toEqual([field]);
    expect(await eventCount()).toBe(before);
  });

  it("says so in Spanish on the Spanish page", async () => {
    const res = await inLocale("es", () => post({ ...spanishEvent, title: "Refused", titleEs: "a".repeat(121) }));
    expect(res.body).toMatchObject({ fieldErrors: { titleEs: "El título puede tener como máximo 120 caracteres" } });
  });

  it("lets a coach change an event's Spanish on its own page, refusing bad input with nothing changed", async () => {
    const row = (await eventNamed("Evening Drills"))!;
    const params = { eventId: row.id };
    const form = { ...spanishEvent, intent: "update", title: "Evening Drills", timeNote: "after school", note: "Ages 10-14", noteEs: "" };
    const edit = (fields: Record<string, string | string[]>, who: "client" | "coach" = "coach") =>
      call(editEvent.action, { request: postForm(`/calendar/events/${row.id}`, fields), context: contextFor(db, who), params });

    const refused = await edit({ ...form, titleEs: "Prácticas de la tarde", timeNoteEs: "x".repeat(81) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { timeNoteEs: "The time note must be at most 80 characters" } });
    expect((await edit({ ...form, titleEs: "De un cliente" }, "client")).status).toBe(403);
    expect(await eventNamed("Evening Drills")).toMatchObject({ titleEs: null, timeNoteEs: null, noteEs: null });

    expect((await edit({ ...form, titleEs: "Prácticas de la tarde", timeNoteEs: "" })).status).toBe(302);
    expect(await eventNamed("Evening Drills")).toMatchObject({ titleEs: "Prácticas de la tarde", timeNoteEs: null });
    const loaded = await call(editEvent.loader, {
      request: new Request(`http://localhost/calendar/events/${row.id}`),
      context: contextFor(db, "coach"),
      params,
    });
    expect(loaded.body).toMatchObject({ values: { title: "Evening Drills", titleEs: "Prácticas de la tarde", timeNoteEs: "", noteEs: "" } });
    // Back to English only, for the reading tests below.
    expect((await edit({ ...form, titleEs: "", timeNoteEs: "" })).status).toBe(302);
  });

  it("stores a cancelled day's Spanish note, and refuses a bad one beside the field with nothing stored", async () => {
    const cancel = (fields: Record<string, string>, who: "client" | "coach" = "coach") => post({ intent: "add-cancellation", ...fields }, who);
    const before = await rows();
    const refused = await cancel({ day: "2020-03-02", note: "Courts flooded.", noteEs: "a".repeat(201) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      form: "cancellation",
      fieldErrors: { noteEs: "The note must be at most 200 characters" },
      values: { day: "2020-03-02", note: "Courts flooded.", noteEs: "a".repeat(201) },
    });
    expect((await cancel({ day: "2020-03-02", note: "Courts flooded.", noteEs: "Canchas inundadas." }, "client")).status).toBe(403);
    expect(await rows()).toBe(before);

    // A day already past: families are told of nothing (app/calendar/cancellations.server.ts), the note is kept.
    expect((await cancel({ day: "2020-03-02", note: "Courts flooded.", noteEs: " Canchas inundadas. " })).status).toBe(302);
    const [row] = await db.select().from(cancelledDates).where(eq(cancelledDates.day, "2020-03-02"));
    expect(row).toMatchObject({ note: "Courts flooded.", noteEs: "Canchas inundadas." });
    await db.delete(cancelledDates).where(eq(cancelledDates.day, "2020-03-02"));
  });

  it("lets neither a family nor a visitor add an event", async () => {
    const before = await eventCount();
    expect((await post({ ...spanishEvent, title: "From a client" }, "client")).status).toBe(403);
    expect((await post({ ...spanishEvent, title: "From a visitor" }, "visitor")).status).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  describe("read by a Spanish reader", () => {
    const tomorrow = addDays(dayInZone(new Date(), tz), 1);
    const dayAfter = addDays(tomorrow, 1);
    beforeAll(async () => {
      await db.insert(cancelledDates).values([
        { day: tomorrow, note: "Courts flooded.", noteEs: "Canchas inundadas.", createdBy: "coach-1" },
        { day: dayAfter, note: "Staff training.", createdBy: "coach-1" },
      ]);
    });
    const load = (fn: (args: never) => unknown, path: string, locale: "en" | "es") =>
      inLocale(locale, () => call(fn, { request: new Request(`http://localhost${path}`), context: contextFor(db, "visitor") }));
    const english = (text: string) => ({ text, lang: "en", fallback: true });
    const spanish = (text: string) => ({ text, lang: "es", fallback: false });

    it("shows the home page's cards and banner in Spanish, and the English marked where there is no Spanish", async () => {
      const { body } = await load(home.loader, "/es", "es");
      const { events: cards, cancellations } = body as {
        events: Array<{ title: { text: string }; when: unknown[]; details: unknown }>;
        cancellations: Array<{ day: string; note: unknown }>;
      };
      const open = cards.find((c) => c.title.text === "Cancha abierta del sábado")!;
      expect(open).toMatchObject({ title: spanish("Cancha abierta del sábado"), details: spanish("Todos los niveles") });
      expect(open.when.at(-1)).toEqual(spanish("con cita previa"));
      const drills = cards.find((c) => c.title.text === "Evening Drills")!;
      expect(drills).toMatchObject({ title: english("Evening Drills"), details: english("Ages 10-14") });
      // The site's own words ("lunes", "domingos"...) are Spanish; the coach's time note is the English, marked.
      expect(drills.when[0]).toMatchObject({ lang: "es", fallback: false });
      expect(drills.when.at(-1)).toEqual(english("after school"));
      expect(cancellations.find((c) => c.day === tomorrow)!.note).toEqual(spanish("Canchas inundadas."));
      expect(cancellations.find((c) => c.day === dayAfter)!.note).toEqual(english("Staff training."));
    });

    it("gives an English reader the English, never marked", async () => {
      const { body } = await load(home.loader, "/", "en");
      const { events: cards, cancellations } = body as {
        events: Array<{ title: { text: string; fallback: boolean }; when: Array<{ fallback: boolean }> }>;
        cancellations: Array<{ day: string; note: unknown }>;
      };
      expect(cards.map((c) => c.title.text)).toEqual(expect.arrayContaining(["Saturday Open Court", "Evening Drills"]));
      expect(cards.some((c) => c.title.fallback || c.when.some((p) => p.fallback))).toBe(false);
      expect(cancellations.find((c) => c.day === tomorrow)!.note).toEqual({ text: "Courts flooded.", lang: "en", fallback: false });
    });

    it("shows /calendar's weekly overview and next two weeks in Spanish, the English marked", async () => {
      const { body } = await load(calendar.loader, "/es/calendar", "es");
      const { overviews, upcoming } = body as {
        overviews: Array<{ rows: Array<{ entries: Array<{ title: { text: string }; time: unknown }> }> }>;
        upcoming: Array<{ title: { text: string }; time: unknown }>;
      };
      const overview = overviews.at(-1)!.rows;
      const monday = overview[1]!.entries;
      expect(monday.find((e) => e.title.text === "Cancha abierta del sábado")).toEqual({
        title: spanish("Cancha abierta del sábado"),
        time: spanish("con cita previa"),
        closed: false,
      });
      expect(monday.find((e) => e.title.text === "Evening Drills")).toEqual({
        title: english("Evening Drills"),
        time: english("after school"),
        closed: false,
      });
      expect(upcoming.find((o) => o.title.text === "Evening Drills")).toMatchObject({
        title: english("Evening Drills"),
        time: english("after school"),
      });
      expect(upcoming.find((o) => o.title.text === "Cancha abierta del sábado")).toMatchObject({ time: spanish("con cita previa") });
    });

    it("writes the Spanish into the Spanish calendar file, and the English as it is where there is none", async () => {
      await post({
        ...spanishEvent,
        title: "Match Play",
        titleEs: "Partidos",
        startTime: "17:00",
        endTime: "18:30",
        note: "Bring water",
        noteEs: "",
      });
      const ics = async (locale: "en" | "es") =>
        String((await load(calendarIcs.loader, locale === "es" ? "/es/calendar.ics" : "/calendar.ics", locale)).body);
      const summaries = (text: string) =>
        Object.values(nodeIcal.sync.parseICS(text)).flatMap((c) => (c?.type === "VEVENT" ? [[c.summary, c.description]] : []));
      expect(summaries(await ics("es"))).toContainEqual(["Partidos", "Bring water"]);
      expect(summaries(await ics("en"))).toContainEqual(["Match Play", "Bring water"]);
    });
  });
});
