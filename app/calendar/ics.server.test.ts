// The calendar feed read back by a real iCalendar parser (node-ical), as a calendar app would read it.
import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { buildCalendarFeed, type FeedEvent } from "./ics.server";

const base: Omit<FeedEvent, "id" | "title"> = {
  kind: "weekly",
  weekdays: [0],
  onDate: null,
  startsOn: "2025-09-07",
  endsOn: "2025-11-07",
  startTime: "08:00:00",
  endTime: "10:00:00",
  place: "Fort Stanton Park, Washington DC",
  note: "Group training, all levels; bring water",
  closed: false,
  createdAt: new Date("2025-08-01T00:00:00Z"),
  updatedAt: new Date("2025-08-02T00:00:00Z"),
};

const feedEvents: FeedEvent[] = [
  { ...base, id: "11111111-1111-4111-8111-111111111111", title: "Fall Weekly Schedule" },
  {
    ...base,
    id: "22222222-2222-4222-8222-222222222222",
    title: "Monday-Thursday Clinics",
    weekdays: [1, 2, 3, 4],
    startTime: "16:30:00",
    endTime: "18:00:00",
    place: null,
    note: null,
  },
  { ...base, id: "33333333-3333-4333-8333-333333333333", title: "Private Lessons", weekdays: [5], startTime: null, endTime: null },
  { ...base, id: "44444444-4444-4444-8444-444444444444", title: "Saturday", weekdays: [6], closed: true, startTime: null, endTime: null },
  {
    ...base,
    id: "55555555-5555-4555-8555-555555555555",
    title: "Awards Night",
    kind: "date",
    weekdays: [],
    onDate: "2025-12-05",
    startsOn: null,
    endsOn: null,
    startTime: "18:00:00",
    endTime: "20:00:00",
  },
];

function feed(
  cancelledDays = [
    { day: "2025-09-21", note: null },
    { day: "2025-10-13", note: null },
    { day: "2025-10-21", note: null },
  ],
) {
  return buildCalendarFeed({
    events: feedEvents,
    cancelledDays,
    timeZone: "America/New_York",
    calendarName: "Next Level Tennis & Education",
    publicUrl: "https://tennis.example.org",
    now: new Date("2025-09-01T12:00:00Z"),
  });
}

type VEvent = ical.VEvent;
// node-ical keys each EXDATE more than one way: the distinct instants are what a calendar skips.
const exdates = (e: VEvent) => [...new Set(Object.values(e.exdate ?? {}).map((d) => (d as Date).toISOString()))].sort();
const vevents = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

describe("the calendar feed", () => {
  it("is RFC 5545 text: CRLF lines of at most 75 octets, one VCALENDAR with a VTIMEZONE", () => {
    const text = feed();
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
  });

  it("has the weekly events as RRULE with the cancelled days as EXDATE, at the right local times", () => {
    const events = vevents(feed());
    expect(events.map((e) => e.summary).sort()).toEqual(["Awards Night", "Fall Weekly Schedule", "Monday-Thursday Clinics"]);
    const sunday = events.find((e) => e.summary === "Fall Weekly Schedule")!;
    // 8 AM in New York in September is 12:00 UTC (daylight saving time).
    expect(sunday.start.toISOString()).toBe("2025-09-07T12:00:00.000Z");
    expect(sunday.end!.toISOString()).toBe("2025-09-07T14:00:00.000Z");
    expect(sunday.location).toBe("Fort Stanton Park, Washington DC");
    expect(sunday.description).toBe("Group training, all levels; bring water");
    const sundays = sunday.rrule!.all().map((d) => d.toISOString().slice(0, 10));
    expect(sundays[0]).toBe("2025-09-07");
    expect(sundays.at(-1)).toBe("2025-11-02");
    expect(sundays).toHaveLength(9);
    expect(exdates(sunday)).toEqual(["2025-09-21T12:00:00.000Z"]);

    const clinics = events.find((e) => e.summary === "Monday-Thursday Clinics")!;
    const excluded = exdates(clinics);
    // 4:30 PM EDT = 20:30 UTC.
    expect(excluded).toEqual(["2025-10-13T20:30:00.000Z", "2025-10-21T20:30:00.000Z"]);
    expect(clinics.start.toISOString()).toBe("2025-09-08T20:30:00.000Z");
  });

  it("keeps each event's UID the same from one fetch to the next, and leaves out closed and by-appointment events", () => {
    const first = vevents(feed())
      .map((e) => e.uid)
      .sort();
    const second = vevents(feed([]))
      .map((e) => e.uid)
      .sort();
    expect(first).toEqual(second);
    expect(first).toContain("event-11111111-1111-4111-8111-111111111111@tennis.example.org");
    expect(feed()).not.toContain("Private Lessons");
    expect(feed()).not.toContain("SUMMARY:Saturday");
  });

  it("marks a cancelled one-off event as cancelled, in winter time", () => {
    const awards = vevents(feed([{ day: "2025-12-05", note: null }])).find((e) => e.summary === "Awards Night")!;
    expect(awards.status).toBe("CANCELLED");
    // 6 PM EST = 23:00 UTC.
    expect(awards.start.toISOString()).toBe("2025-12-05T23:00:00.000Z");
  });

  it("folds long lines without splitting a character, and escapes text", () => {
    const text = buildCalendarFeed({
      events: [{ ...feedEvents[0]!, title: "Drills, games; fun\nfor all", note: "é".repeat(60) }],
      cancelledDays: [],
      timeZone: "UTC",
      calendarName: "Club",
      publicUrl: "http://localhost:3000",
      now: new Date("2025-09-01T00:00:00Z"),
    });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toContain("\uFFFD");
    expect(text).toContain("SUMMARY:Drills\\, games\\; fun\\nfor all");
    const [event] = vevents(text);
    expect(event!.summary).toBe("Drills, games; fun\nfor all");
    expect(event!.description).toBe("é".repeat(60));
    expect(text).toContain("TZOFFSETFROM:+0000");
  });

  it("writes a coach's Spanish title and note into the Spanish feed, and the English as it is where there is none", () => {
    const build = (locale: "en" | "es") =>
      vevents(
        buildCalendarFeed({
          events: [
            { ...feedEvents[0]!, titleEs: "Horario semanal de otoño", noteEs: "Entrenamiento en grupo; traigan agua" },
            { ...feedEvents[1]!, note: "Drills and match play", titleEs: null, noteEs: "" },
          ],
          cancelledDays: [],
          timeZone: "America/New_York",
          calendarName: "Club",
          publicUrl: "https://tennis.example.org",
          locale,
          now: new Date("2025-09-01T12:00:00Z"),
        }),
      ).map((e) => [e.summary, e.description]);
    expect(build("es")).toEqual([
      ["Horario semanal de otoño", "Entrenamiento en grupo; traigan agua"],
      ["Monday-Thursday Clinics", "Drills and match play"],
    ]);
    expect(build("en")).toEqual([
      ["Fall Weekly Schedule", "Group training, all levels; bring water"],
      ["Monday-Thursday Clinics", "Drills and match play"],
    ]);
  });

  it("writes the zone's rules from the time zone database, for any zone the organisation is in", () => {
    const text = buildCalendarFeed({
      events: [feedEvents[0]!],
      cancelledDays: [],
      timeZone: "Europe/Berlin",
      calendarName: "Club",
      publicUrl: "http://localhost:3000",
      now: new Date("2025-09-01T00:00:00Z"),
    });
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    // 8 AM in Berlin in September is 06:00 UTC (summer time).
    expect(vevents(text)[0]!.start.toISOString()).toBe("2025-09-07T06:00:00.000Z");
  });
});
