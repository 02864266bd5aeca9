// The attendance sheet's days (issue 39, decision 0048): where it opens and which days it offers and accepts.
import { describe, expect, it } from "vitest";
import { markableDays, markDayProblem, openingDay, type MeetingRule } from "./attendance-days";

// Tuesdays and Thursdays from Tuesday 1 September to Thursday 26 November 2026.
const fall: MeetingRule = { kind: "weekly", weekdays: [2, 4], onDate: null, startsOn: "2026-09-01", endsOn: "2026-11-26" };

describe("the attendance sheet's days", () => {
  it("opens on today when the session meets today, else on its nearest past meeting day, else on its first day", () => {
    expect(openingDay(fall, "2026-11-24")).toBe("2026-11-24"); // a Tuesday
    expect(openingDay(fall, "2026-11-23")).toBe("2026-11-19"); // a Monday: the Thursday before
    expect(openingDay(fall, "2026-12-15")).toBe("2026-11-26"); // after the session: its last day
    expect(openingDay(fall, "2026-08-20")).toBe("2026-09-01"); // before it starts: its first day
    const oneOff: MeetingRule = { kind: "date", weekdays: [], onDate: "2026-10-10", startsOn: null, endsOn: null };
    expect(openingDay(oneOff, "2026-11-24")).toBe("2026-10-10");
  });

  it("offers the meeting days up to today, newest first, and refuses any other day with its reason", () => {
    expect(markableDays(fall, "2026-09-10")).toEqual(["2026-09-10", "2026-09-08", "2026-09-03", "2026-09-01"]);
    expect(markableDays(fall, "2026-08-20")).toEqual([]);
    expect(markDayProblem(fall, "2026-11-23", "2026-11-24")).toBe("not-meeting");
    expect(markDayProblem(fall, "2026-12-01", "2026-12-15")).toBe("not-meeting"); // a Tuesday after the last day
    expect(markDayProblem(fall, "2026-11-26", "2026-11-24")).toBe("not-yet");
    expect(markDayProblem(fall, "2026-11-19", "2026-11-24")).toBeNull();
  });

  it("a day the organisation cancelled is no meeting day: not offered, not opened on, refused as cancelled", () => {
    const cancelled: MeetingRule = { ...fall, cancelledDays: ["2026-09-01", "2026-09-10", "2026-11-24"] };
    expect(markableDays(cancelled, "2026-09-10")).toEqual(["2026-09-08", "2026-09-03"]);
    expect(openingDay(cancelled, "2026-11-24")).toBe("2026-11-19");
    expect(openingDay(cancelled, "2026-08-20")).toBe("2026-09-03"); // its first day was cancelled: the next
    expect(markDayProblem(cancelled, "2026-09-10", "2026-11-24")).toBe("cancelled");
    expect(markDayProblem(cancelled, "2026-09-09", "2026-11-24")).toBe("not-meeting");
  });
});
