// The event rules' wording in Spanish (issue 27): the home page's cards, /calendar's schedule and the cancellation
// list read naturally in Spanish ("domingos de 8 a 10 a. m.", dates day first), and each function takes the
// request's language when none is given. The English wording is tested in app/lib/site-content.test.ts.
import { describe, expect, it } from "vitest";
import { localeStore } from "../../tests/support/locale-store";
import {
  formatCancelledDays,
  formatSpan,
  formatTimeRange,
  formatWeekdays,
  formatWhen,
  occurrences,
  weeklyOverview,
  type EventRule,
  type OccurrenceEvent,
} from "./event-format";

const rule: EventRule = { kind: "weekly", weekdays: [0], onDate: null, startTime: "08:00:00", endTime: "10:00:00", timeNote: null, closed: false };
const event = (fields: Partial<EventRule> & { title: string }): OccurrenceEvent => ({
  ...rule,
  id: fields.title,
  startsOn: null,
  endsOn: null,
  place: null,
  ...fields,
});

describe("event wording in Spanish", () => {
  it("reads a weekly rule: the days in the plural, a run of days from first to last, a list with y", () => {
    expect(formatWhen(rule, "es")).toBe("domingos de 8 a 10 a. m.");
    expect(formatWhen({ ...rule, weekdays: [1, 2, 3, 4], startTime: "16:30", endTime: "18:00" }, "es")).toBe(
      "de lunes a jueves de 4:30 a 6:00 p. m.",
    );
    expect(formatWhen({ ...rule, weekdays: [2, 4], startTime: "16:30", endTime: "17:30" }, "es")).toBe("martes y jueves de 4:30 a 5:30 p. m.");
    expect(formatWeekdays([5, 1, 3], "es")).toBe("lunes, miércoles y viernes");
    expect(formatWeekdays([6], "es")).toBe("sábados");
    expect(formatWhen({ ...rule, weekdays: [5], startTime: null, endTime: null, timeNote: "con cita previa" }, "es")).toBe("viernes con cita previa");
    expect(formatWhen({ ...rule, weekdays: [6], startTime: null, endTime: null, closed: true }, "es")).toBe("Cerrado");
    expect(formatWhen({ ...rule, kind: "date", weekdays: [], onDate: "2025-12-05", startTime: "18:00", endTime: "20:00" }, "es")).toBe(
      "viernes, 5 de diciembre, de 6 a 8 p. m.",
    );
  });

  it("reads a time range with a. m. and p. m., and a single time with a las", () => {
    expect(formatTimeRange("08:00", "10:00", "es")).toBe("de 8 a 10 a. m.");
    expect(formatTimeRange("16:30", "18:00", "es")).toBe("de 4:30 a 6:00 p. m.");
    expect(formatTimeRange("11:00", "13:00", "es")).toBe("de 11 a. m. a 1 p. m.");
    expect(formatTimeRange("09:30", null, "es")).toBe("a las 9:30 a. m.");
    expect(formatTimeRange("13:00", null, "es")).toBe("a la 1 p. m.");
  });

  it("lists cancelled days day first, joined with y", () => {
    expect(formatCancelledDays(["2025-10-21", "2025-09-21", "2025-10-13"], "es")).toBe("21/9, 13/10 y 21/10 de 2025");
    expect(formatCancelledDays(["2025-12-05"], "es")).toBe("5/12 de 2025");
  });

  it("names the season, and each day of the weekly overview, in Spanish", () => {
    expect(formatSpan("2025-09-07", "2025-11-07", "es")).toBe("del 7 de septiembre al 7 de noviembre de 2025");
    const overview = weeklyOverview(
      [event({ title: "Entrenamiento" }), event({ title: "Sábado", weekdays: [6], startTime: null, endTime: null, closed: true })],
      "es",
    );
    expect(overview.map((d) => d.day)).toEqual(["Domingo", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"]);
    expect(overview[0]!.entries).toEqual([{ title: "Entrenamiento", time: "de 8 a 10 a. m.", closed: false }]);
    expect(overview[6]!.entries).toEqual([{ title: "Sábado", time: "Cerrado", closed: true }]);
    const sessions = occurrences([event({ title: "Entrenamiento" })], ["2025-09-14"], "2025-09-01", 14, "es");
    expect(sessions.map((o) => [o.day, o.time, o.cancelled])).toEqual([
      ["2025-09-07", "de 8 a 10 a. m.", false],
      ["2025-09-14", "de 8 a 10 a. m.", true],
    ]);
  });
});

describe("the language of the request", () => {
  // What server/languages.ts keeps for each request: the functions read it when no language is given.
  const store = localeStore();

  it("is Spanish under /es and English elsewhere, the English keeping the spec's words, each day with its year", () => {
    expect(store.run("es", () => [formatWhen(rule), formatCancelledDays(["2025-09-21", "2025-10-13"])])).toEqual([
      "domingos de 8 a 10 a. m.",
      "21/9 y 13/10 de 2025",
    ]);
    expect(store.run("en", () => [formatWhen(rule), formatCancelledDays(["2025-09-21", "2025-10-13", "2025-10-21"])])).toEqual([
      "Sundays 8-10 AM",
      "9/21, 10/13 and 10/21, 2025",
    ]);
    expect(store.run("en", () => formatSpan("2025-09-07", "2025-11-07"))).toBe("Sep 7 - Nov 7, 2025");
  });
});
