// Issue 28: seasons that stay true. An ended series is said to have ended, each season's overview has its own dates
// (never "Sep 7 - Feb 28" across two seasons), and every cancelled day is read with its year.
import { describe, expect, it } from "vitest";
import { formatCancelledDays, formatSpan, hasEnded, overviewGroups } from "./event-format";

const weekly = (fields: { startsOn?: string | null; endsOn?: string | null; seasonId?: string | null; title: string }) => ({
  kind: "weekly" as const,
  onDate: null,
  startsOn: fields.startsOn ?? null,
  endsOn: fields.endsOn ?? null,
  seasonId: fields.seasonId ?? null,
  title: fields.title,
});

describe("an ended series", () => {
  it("has ended the day after its last day, and a series with no last day never ends", () => {
    const fall = weekly({ title: "Fall", startsOn: "2025-09-07", endsOn: "2025-11-07" });
    expect(hasEnded(fall, "2025-11-07")).toBe(false);
    expect(hasEnded(fall, "2025-11-08")).toBe(true);
    expect(hasEnded(weekly({ title: "Private lessons" }), "2099-01-01")).toBe(false);
    expect(hasEnded({ kind: "date", onDate: "2026-11-24", endsOn: null }, "2026-11-25")).toBe(true);
    expect(hasEnded({ kind: "date", onDate: "2026-11-25", endsOn: null }, "2026-11-25")).toBe(false);
  });
});

describe("season dates", () => {
  it("carry the year, once when both days share it", () => {
    expect(formatSpan("2027-09-07", "2027-11-07", "en")).toBe("Sep 7 - Nov 7, 2027");
    expect(formatSpan("2026-12-01", "2027-02-28", "en")).toBe("Dec 1, 2026 - Feb 28, 2027");
    expect(formatSpan("2026-12-01", "2027-02-28", "es")).toBe("del 1 de diciembre de 2026 al 28 de febrero de 2027");
  });

  it("give each season its own overview, with the standing days in each", () => {
    const seasons = [
      { id: "fall", startsOn: "2026-09-07", endsOn: "2026-11-07" },
      { id: "winter", startsOn: "2026-12-01", endsOn: "2027-02-28" },
    ];
    const events = [
      weekly({ title: "Winter clinic", seasonId: "winter", startsOn: "2026-12-01", endsOn: "2027-02-28" }),
      weekly({ title: "Fall clinic", seasonId: "fall", startsOn: "2026-09-07", endsOn: "2026-11-07" }),
      weekly({ title: "Sabbath" }),
      { ...weekly({ title: "A gala" }), kind: "date" as const, onDate: "2026-12-05" },
    ];
    const groups = overviewGroups(events, seasons);
    expect(groups.map((g) => [g.span && formatSpan(g.span.startsOn, g.span.endsOn, "en"), g.events.map((e) => e.title)])).toEqual([
      ["Sep 7 - Nov 7, 2026", ["Fall clinic", "Sabbath"]],
      ["Dec 1, 2026 - Feb 28, 2027", ["Winter clinic", "Sabbath"]],
    ]);
  });

  it("group a series in no season by its own dates, and show standing days alone without dates", () => {
    const groups = overviewGroups([weekly({ title: "Camp", startsOn: "2027-06-20", endsOn: "2027-08-01" }), weekly({ title: "Lessons" })], []);
    expect(groups.map((g) => [g.span, g.events.map((e) => e.title)])).toEqual([
      [{ startsOn: "2027-06-20", endsOn: "2027-08-01" }, ["Camp", "Lessons"]],
    ]);
    expect(overviewGroups([weekly({ title: "Lessons" })], [])).toEqual([{ span: null, seasonId: null, events: [weekly({ title: "Lessons" })] }]);
  });
});

describe("cancelled days", () => {
  it("are each read with their year, the spec's words kept", () => {
    expect(formatCancelledDays(["2027-10-21", "2027-09-21", "2027-10-13"], "en")).toBe("9/21, 10/13 and 10/21, 2027");
    expect(formatCancelledDays(["2027-01-04", "2026-12-28"], "en")).toBe("12/28, 2026; 1/4, 2027");
    expect(formatCancelledDays(["2027-01-04", "2026-12-28"], "es")).toBe("28/12 de 2026; 4/1 de 2027");
  });
});
