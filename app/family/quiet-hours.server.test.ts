// The quiet-hours rule for live signals (typing, reading), pure; over real sockets in server/realtime/quiet-hours.test.ts.
import { describe, expect, it } from "vitest";
import { activityMayBeWithheld, canSeeActivity, getActivityAudience } from "./quiet-hours.server";
import type { SafePlaySettings } from "../safe-play/safe-play.server";
import { parseQuietHours } from "~/safe-play/safe-play";

const quietHours = parseQuietHours("20:00-08:00")!;
const at = (iso: string): SafePlaySettings => ({ timeZone: "America/New_York", quietHours, clock: () => new Date(iso) });
const afternoon = at("2026-06-15T14:00:00-04:00");
const night = at("2026-06-15T21:00:00-04:00");
const earlyMorning = at("2026-06-16T07:59:00-04:00");

const coach = { role: "coach", kind: "guardian", dateOfBirth: null } as const;
const guardian = { role: "client", kind: "guardian", dateOfBirth: "1980-05-01" } as const;
const minor = { role: "client", kind: "athlete", dateOfBirth: "2011-03-04" } as const;
const adultAthlete = { role: "client", kind: "athlete", dateOfBirth: "2007-01-10" } as const;
const noBirthday = { role: "client", kind: "athlete", dateOfBirth: null } as const;

describe("canSeeActivity", () => {
  it("during quiet hours keeps a coach's activity from minors (an athlete with no date of birth counts as one), not from anyone else", () => {
    for (const settings of [night, earlyMorning]) {
      expect(canSeeActivity(coach, minor, settings)).toBe(false);
      expect(canSeeActivity(coach, noBirthday, settings)).toBe(false);
      expect(canSeeActivity(coach, guardian, settings)).toBe(true);
      expect(canSeeActivity(coach, adultAthlete, settings)).toBe(true);
      expect(canSeeActivity(coach, coach, settings)).toBe(true);
    }
  });
  it("never keeps the family's activity from anyone, and keeps nothing outside quiet hours", () => {
    expect(canSeeActivity(guardian, minor, night)).toBe(true);
    expect(canSeeActivity(minor, coach, night)).toBe(true);
    expect(canSeeActivity(coach, minor, afternoon)).toBe(true);
    expect(activityMayBeWithheld(afternoon)).toBe(false);
    expect(activityMayBeWithheld(night)).toBe(true);
  });
  it("tells a listener who is not a participant nothing, and treats an unknown actor as a coach", () => {
    expect(canSeeActivity(coach, undefined, afternoon)).toBe(false);
    expect(canSeeActivity(undefined, minor, night)).toBe(false);
    expect(canSeeActivity(undefined, guardian, night)).toBe(true);
  });
});

describe("getActivityAudience", () => {
  it("reads nothing outside quiet hours", async () => {
    const db = {
      execute: () => {
        throw new Error("no read expected");
      },
    };
    const audience = await getActivityAudience(db, ["c1"], afternoon);
    expect(audience("c1", "coach", "minor")).toBe(true);
  });
});
