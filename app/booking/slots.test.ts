// Free slots from weekly windows: lengths, buffers, days off, cancelled dates, bookings in the way, and the Sundays the
// clocks change in New York (2026-03-08 forward, 2026-11-01 back), where wall-clock windows must stay wall-clock.
import { describe, expect, it } from "vitest";
import { computeSlots, offeringWindow, type AvailabilityWindow, type CoachRules, type SlotQuery } from "./slots";

const TZ = "America/New_York";
const friday = (startTime: string, endTime: string, coachId = "coach-a"): AvailabilityWindow => ({
  coachId,
  kind: "lesson",
  weekday: 5,
  startTime,
  endTime,
  place: "Fort Stanton Park",
});
const rules = (r: Partial<CoachRules> = {}): CoachRules => ({ lessonMinutes: [30, 60], bufferMinutes: 0, daysOff: new Set(), ...r });

function query(q: Partial<SlotQuery>): SlotQuery {
  return {
    windows: [friday("15:00", "19:00")],
    rules: new Map([["coach-a", rules()]]),
    busy: [],
    cancelledDays: new Set(),
    from: "2026-11-27", // a Friday
    days: 1,
    timeZone: TZ,
    kind: "lesson",
    minutes: 60,
    notBefore: 0,
    ...q,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => new Date(s).getTime();

describe("computeSlots", () => {
  it("walks a window in lessons of the asked length, in the organisation's zone", () => {
    const slots = computeSlots(query({}));
    expect(slots.map((s) => iso(s.start))).toEqual([
      "2026-11-27T20:00:00.000Z",
      "2026-11-27T21:00:00.000Z",
      "2026-11-27T22:00:00.000Z",
      "2026-11-27T23:00:00.000Z",
    ]);
    expect(slots[0]).toMatchObject({ coachId: "coach-a", minutes: 60, place: "Fort Stanton Park" });
    expect(computeSlots(query({ minutes: 30 }))).toHaveLength(8);
  });

  it("keeps the buffer after each lesson, and a lesson never runs past the window", () => {
    const slots = computeSlots(query({ rules: new Map([["coach-a", rules({ bufferMinutes: 15 })]]) }));
    // 15:00, 16:15, 17:30; 18:45 would end at 19:45.
    expect(slots.map((s) => iso(s.start))).toEqual(["2026-11-27T20:00:00.000Z", "2026-11-27T21:15:00.000Z", "2026-11-27T22:30:00.000Z"]);
  });

  it("offers only the lengths the coach offers; evaluations are 30 minutes from evaluation windows", () => {
    expect(computeSlots(query({ rules: new Map([["coach-a", rules({ lessonMinutes: [60] })]]), minutes: 30 }))).toEqual([]);
    const evaluation = { ...friday("10:00", "11:00"), kind: "evaluation" as const };
    const slots = computeSlots(query({ windows: [friday("15:00", "19:00"), evaluation], kind: "evaluation", minutes: 60 }));
    expect(slots.map((s) => [iso(s.start), s.minutes])).toEqual([
      ["2026-11-27T15:00:00.000Z", 30],
      ["2026-11-27T15:30:00.000Z", 30],
    ]);
  });

  it("offers nothing on a coach's day off or the organisation's cancelled dates, and only that day", () => {
    expect(computeSlots(query({ rules: new Map([["coach-a", rules({ daysOff: new Set(["2026-11-27"]) })]]) }))).toEqual([]);
    expect(computeSlots(query({ cancelledDays: new Set(["2026-11-27"]) }))).toEqual([]);
    expect(computeSlots(query({ cancelledDays: new Set(["2026-11-27"]), days: 8 }))).toHaveLength(4); // the next Friday
  });

  it("walks around a booking and its buffer, and nothing starts before the notice", () => {
    const busy = [{ coachId: "coach-a", start: at("2026-11-27T20:30:00Z"), end: at("2026-11-27T21:15:00Z") }];
    const slots = computeSlots(query({ busy }));
    expect(slots.map((s) => iso(s.start))).toEqual(["2026-11-27T21:15:00.000Z", "2026-11-27T22:15:00.000Z"]);
    expect(computeSlots(query({ busy: [{ ...busy[0]!, coachId: "coach-b" }] }))).toHaveLength(4);
    expect(computeSlots(query({ notBefore: at("2026-11-27T21:30:00Z") })).map((s) => iso(s.start))).toEqual([
      "2026-11-27T22:00:00.000Z",
      "2026-11-27T23:00:00.000Z",
    ]);
  });

  it("lists every coach's slots by time, for 'any coach'", () => {
    const slots = computeSlots(
      query({
        windows: [friday("15:00", "16:00"), friday("15:00", "16:00", "coach-b")],
        rules: new Map([
          ["coach-a", rules()],
          ["coach-b", rules()],
        ]),
      }),
    );
    expect(slots.map((s) => s.coachId)).toEqual(["coach-a", "coach-b"]);
  });
});

describe("daylight-saving Sundays", () => {
  const sunday = (startTime: string, endTime: string): AvailabilityWindow => ({ ...friday(startTime, endTime), weekday: 0 });
  const sundays = (from: string, startTime: string, endTime: string) =>
    computeSlots(query({ windows: [sunday(startTime, endTime)], from, days: 1 })).map((s) => iso(s.start));

  it("keeps 15:00 at 15:00 on the Sunday the clocks go forward (2026-03-08) and the Sunday before", () => {
    expect(sundays("2026-03-01", "15:00", "17:00")).toEqual(["2026-03-01T20:00:00.000Z", "2026-03-01T21:00:00.000Z"]);
    expect(sundays("2026-03-08", "15:00", "17:00")).toEqual(["2026-03-08T19:00:00.000Z", "2026-03-08T20:00:00.000Z"]);
  });

  it("counts real hours across the missing hour: 01:00-04:00 on 2026-03-08 holds two lessons, 01:00 EST and 03:00 EDT", () => {
    expect(sundays("2026-03-08", "01:00", "04:00")).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"]);
  });

  it("keeps 15:00 at 15:00 on the Sunday the clocks go back (2026-11-01)", () => {
    expect(sundays("2026-10-25", "15:00", "17:00")).toEqual(["2026-10-25T19:00:00.000Z", "2026-10-25T20:00:00.000Z"]);
    expect(sundays("2026-11-01", "15:00", "17:00")).toEqual(["2026-11-01T20:00:00.000Z", "2026-11-01T21:00:00.000Z"]);
  });

  it("counts real hours across the repeated hour: 00:30-02:30 on 2026-11-01 holds three lessons", () => {
    expect(sundays("2026-11-01", "00:30", "02:30")).toEqual(["2026-11-01T04:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]);
  });
});

describe("offeringWindow", () => {
  const r = rules();
  const offered = (start: string, minutes = 60) =>
    offeringWindow({ coachId: "coach-a", kind: "lesson", start: at(start), minutes }, "2026-11-27", [friday("15:00", "19:00")], r, new Set(), TZ);
  it("accepts a slot inside a window on the step, and nothing else", () => {
    expect(offered("2026-11-27T20:00:00Z")?.place).toBe("Fort Stanton Park");
    expect(offered("2026-11-27T23:30:00Z", 30)).not.toBeNull();
    expect(offered("2026-11-27T23:30:00Z", 60)).toBeNull(); // runs past 19:00
    expect(offered("2026-11-27T19:30:00Z")).toBeNull(); // before the window
    expect(offered("2026-11-27T20:07:00Z")).toBeNull(); // not on the 5-minute step
    expect(offered("2026-11-27T20:00:00Z", 45)).toBeNull(); // a length not offered
  });
});
