// The calendar feed's own words in Spanish (issue 27): /es/calendar.ics describes itself and a cancelled event in
// Spanish. (A cancellation's notices in each family's language: app/notifications/changes.server.test.ts.)
import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { buildCalendarFeed, type FeedEvent } from "./ics.server";

describe("the calendar feed in Spanish", () => {
  const awards: FeedEvent = {
    id: "55555555-5555-4555-8555-555555555555",
    title: "Awards Night",
    kind: "date",
    weekdays: [],
    onDate: "2025-12-05",
    startsOn: null,
    endsOn: null,
    startTime: "18:00:00",
    endTime: "20:00:00",
    place: null,
    note: "Bring the family",
    closed: false,
    createdAt: new Date("2025-08-01T00:00:00Z"),
    updatedAt: new Date("2025-08-02T00:00:00Z"),
  };
  const feed = (locale: "en" | "es") =>
    buildCalendarFeed({
      events: [awards],
      cancelledDays: [{ day: "2025-12-05", note: null }],
      timeZone: "America/New_York",
      calendarName: "Next Level Tennis & Education",
      publicUrl: "https://tennis.example.org",
      locale,
      now: new Date("2025-09-01T12:00:00Z"),
    });

  it("describes itself and a cancelled event in Spanish, and links to the Spanish calendar page", () => {
    const text = feed("es");
    const calendar = Object.values(ical.sync.parseICS(text));
    const event = calendar.find((c): c is ical.VEvent => c?.type === "VEVENT")!;
    expect(event.summary).toBe("Awards Night");
    expect(event.status).toBe("CANCELLED");
    expect(event.description).toBe("Cancelado\n\nBring the family");
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("URL;VALUE=URI:https://tennis.example.org/es/calendar\r\n");
    expect(unfolded).toContain("X-WR-CALDESC:El horario de Next Level Tennis & Education: sesiones, eventos y fechas canceladas.");
    expect(unfolded).toContain("PRODID:-//Next Level Tennis & Education//Schedule//ES");
  });

  it("says the same in English at /calendar.ics", () => {
    const text = feed("en").replace(/\r\n /g, "");
    expect(text).toContain("X-WR-CALDESC:The schedule of Next Level Tennis & Education: sessions, events and cancelled dates.");
    expect(text).toContain("DESCRIPTION:Cancelled\\n\\nBring the family");
    expect(text).toContain("URL;VALUE=URI:https://tennis.example.org/calendar\r\n");
  });
});
