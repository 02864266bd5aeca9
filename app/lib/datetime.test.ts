import { describe, expect, it } from "vitest";
import {
  dayInZone,
  formatCalendarDate,
  formatClock,
  formatDateIn,
  formatDateTime,
  formatDayLong,
  formatMonthDay,
  isTimeZone,
  weekdayName,
  zoneName,
} from "./datetime";

// 2026-11-23 04:14 UTC is 23:14 on Nov 22 in New York: the case the issue reports.
const lateEvening = "2026-11-23T04:14:00.000Z";
const olderMessage = "2026-11-22T09:09:00.000Z"; // 04:09 in New York

describe("times in the organisation's zone, whatever the server's or browser's zone", () => {
  it("shows message times as HH:mm in the zone", () => {
    expect(formatClock(lateEvening, "America/New_York")).toBe("23:14");
    expect(formatClock(olderMessage, "America/New_York")).toBe("04:09");
    expect(formatClock(lateEvening, "UTC")).toBe("04:14");
    expect(formatClock("2026-11-22T05:00:00.000Z", "America/New_York")).toBe("00:00");
  });

  it("shows list dates as MMM d of the zone's day (still Nov 22 in New York)", () => {
    expect(formatMonthDay(lateEvening, "America/New_York")).toBe("Nov 22");
    expect(formatMonthDay(lateEvening, "UTC")).toBe("Nov 23");
  });

  it("names the zone where a moment could mislead, with summer and winter names", () => {
    expect(formatDateTime(lateEvening, "America/New_York")).toBe("Nov 22, 2026, 11:14 PM EST");
    expect(formatDateTime("2026-07-04T16:05:00.000Z", "America/New_York")).toBe("Jul 4, 2026, 12:05 PM EDT");
    expect(formatDateTime("2026-07-04T16:05:00.000Z", "America/Los_Angeles")).toBe("Jul 4, 2026, 9:05 AM PDT");
    expect(zoneName(lateEvening, "America/Chicago")).toBe("CST");
  });

  it("gives the zone's calendar day (a form's 'today' at 23:14 in New York is still the 22nd)", () => {
    expect(dayInZone(lateEvening, "America/New_York")).toBe("2026-11-22");
    expect(dayInZone(lateEvening, "Asia/Tokyo")).toBe("2026-11-23");
  });

  it("shows a stored calendar date as that day everywhere", () => {
    expect(formatCalendarDate("2025-03-03T00:00:00.000Z")).toBe("March 3, 2025");
    expect(formatCalendarDate("nonsense")).toBeNull();
  });

  it("accepts Date objects and numbers as well as ISO strings", () => {
    expect(formatClock(new Date(lateEvening), "America/New_York")).toBe("23:14");
    expect(formatClock(Date.parse(lateEvening), "America/New_York")).toBe("23:14");
  });

  it("knows real zone names and refuses made-up ones", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("dates in Spanish (issue 27)", () => {
  it("names days and months in Spanish, in Spanish order", () => {
    expect(formatDayLong("2026-09-21", "es")).toBe("lunes, 21 de septiembre");
    expect(formatDayLong("2026-09-21", "en")).toBe("Monday, September 21");
    expect(formatMonthDay("2026-11-22T15:00:00Z", "America/New_York", "es")).toBe("22 nov");
    expect(formatCalendarDate("2025-03-03T00:00:00Z", "es")).toBe("3 de marzo de 2025");
    expect(formatDateIn("2024-09-02T15:00:00Z", "America/New_York", "es")).toBe("2 de septiembre de 2024");
    expect(weekdayName(3, "es")).toBe("miércoles");
  });
});
