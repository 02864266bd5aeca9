// The quiet-hours rule for live signals (typing, reading), pure; over real sockets in server/realtime/quiet-hours.test.ts.
import { describe, expect, it } from "vitest";
import { activityMayBeWithheld, canSeeActivity, createActivityAudiences } from "./quiet-hours.server";

const getActivityAudience = (db: never, ids: string[], settings: SafePlaySettings) => createActivityAudiences(db, settings).audience(ids);
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
  // A conversation of a coach, a 15-year-old and her guardian, staff-confirmed: the participants as the rule reads them.
  const C1 = "00000000-0000-4000-8000-000000000001";
  const person = (id: string, role: "client" | "coach", kind: "guardian" | "athlete", dob: string | null, extra: object = {}) => ({
    conversation_id: C1,
    id,
    role,
    kind,
    dob,
    guardians: null,
    confirmed_guardians: null,
    confirmed: true,
    suspended: false,
    kind_answered: true,
    trained_on: null,
    background_on: null,
    ...extra,
  });
  const participants = (trainedOn: string | null) => [
    person("coach", "coach", "guardian", null, { confirmed: null, trained_on: trainedOn, background_on: "2026-01-10" }),
    person("parent", "client", "guardian", "1980-05-01"),
    person("minor", "client", "athlete", "2011-03-04", { guardians: ["parent"], confirmed_guardians: ["parent"] }),
  ];
  /** A database whose named statements (db/rows.ts namedRows) answer by `execute`. */
  const named = (execute: () => Promise<{ rows: object[] }>) => ({ _: { session: { prepareQuery: () => ({ execute }) } } });
  const dbWith = (rows: object[]) => named(async () => ({ rows })) as never;

  it("outside quiet hours lets everyone see a cleared coach's activity and the family's", async () => {
    const audience = await getActivityAudience(dbWith(participants("2026-01-10")), [C1], afternoon);
    expect(audience(C1, "coach", "minor")).toBe(true);
    expect(audience(C1, "coach", "parent")).toBe(true);
    expect(audience(C1, "minor", "coach")).toBe(true);
  });

  it("shows nobody the activity of a coach the read rule keeps from the conversation (not cleared), at any hour", async () => {
    for (const settings of [afternoon, night]) {
      const audience = await getActivityAudience(dbWith(participants(null)), [C1], settings);
      expect(audience(C1, "coach", "minor")).toBe(false);
      expect(audience(C1, "coach", "parent")).toBe(false);
      // The family's own activity is not the coach's: the guardian still sees the minor's, and the minor the guardian's.
      expect(audience(C1, "minor", "parent")).toBe(true);
      expect(audience(C1, "parent", "minor")).toBe(true);
    }
  });

  it("during quiet hours keeps a cleared coach's activity from the minor only", async () => {
    const audience = await getActivityAudience(dbWith(participants("2026-01-10")), [C1], night);
    expect(audience(C1, "coach", "minor")).toBe(false);
    expect(audience(C1, "coach", "parent")).toBe(true);
  });

  describe("remembered by a process (createActivityAudiences)", () => {
    /** A database answering with `rows` (changeable) and counting the statements it was asked. */
    function countingDb(rows: object[]) {
      const db: { rows: object[]; asked: number } = { rows, asked: 0 };
      return Object.assign(
        db,
        named(async () => (db.asked++, { rows: db.rows })),
      );
    }

    it("asks the database once per conversation until its safety version moves, then again", async () => {
      const db = countingDb(participants("2026-01-10"));
      const audiences = createActivityAudiences(db as never, afternoon);
      expect((await audiences.audience([C1]))(C1, "coach", "minor")).toBe(true);
      expect((await audiences.audience([C1, C1]))(C1, "coach", "minor")).toBe(true);
      expect(db.asked).toBe(1);
      db.rows = participants(null);
      audiences.forget(C1);
      expect((await audiences.audience([C1]))(C1, "coach", "minor")).toBe(false);
      expect(db.asked).toBe(2);
      db.rows = participants("2026-01-10");
      audiences.forgetAll();
      expect((await audiences.audience([C1]))(C1, "coach", "minor")).toBe(true);
      expect(db.asked).toBe(3);
    });

    it("reads the clock on every batch: a training that lapses at midnight counts without asking again", async () => {
      const db = countingDb(participants("2025-06-16"));
      let now = "2026-06-15T14:00:00-04:00";
      const audiences = createActivityAudiences(db as never, { ...afternoon, clock: () => new Date(now) });
      expect((await audiences.audience([C1]))(C1, "coach", "minor")).toBe(true);
      now = "2026-06-16T09:00:00-04:00";
      expect((await audiences.audience([C1]))(C1, "coach", "minor")).toBe(false);
      expect(db.asked).toBe(1);
    });

    it("does not remember what was read before a forgetting that came while it was read", async () => {
      let release = () => {};
      const db: { asked: number } = { asked: 0 };
      Object.assign(
        db,
        named(async () => {
          db.asked++;
          await new Promise<void>((r) => (release = r));
          return { rows: participants("2026-01-10") };
        }),
      );
      const audiences = createActivityAudiences(db as never, afternoon);
      const first = audiences.audience([C1]);
      await Promise.resolve();
      audiences.forget(C1);
      release();
      expect((await first)(C1, "coach", "minor")).toBe(true);
      expect(audiences.size).toBe(0);
    });

    it("forgets the oldest conversations beyond its limit", async () => {
      const db = countingDb([]);
      const audiences = createActivityAudiences(db as never, afternoon, 2);
      const ids = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000001${n}`);
      for (const id of ids) await audiences.audience([id]);
      expect(audiences.size).toBe(2);
      await audiences.audience([ids[0]!]);
      expect(db.asked).toBe(4);
    });
  });
});
