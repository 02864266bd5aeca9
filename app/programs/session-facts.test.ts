// How a session's facts read (issue 28): in both languages, and nothing at all (never "TBD") for a fact left empty.
import { describe, expect, it } from "vitest";
import { agesText, capacityText, distinct, feeText, levelsText, mapHref } from "./session-facts";
import { withPolicies } from "./policies";

describe("a session's facts", () => {
  it("read ages, levels, fees and places in English and Spanish", () => {
    expect([agesText(8, 12, "en"), agesText(4, null, "en"), agesText(null, 12, "es")]).toEqual(["8-12", "4 and up", "hasta los 12 años"]);
    expect([levelsText([5], "en"), levelsText([3, 1, 2], "en"), levelsText([2, 4], "es"), levelsText([1, 2, 3, 4, 5], "es")]).toEqual([
      "Level 5",
      "Levels 1-3",
      "Niveles 2 y 4",
      "los cinco niveles",
    ]);
    expect([feeText(12000, "month", "en"), feeText(12050, "session", "en"), feeText(30000, "season", "es"), feeText(0, "month", "en")]).toEqual([
      "$120 a month",
      "$120.50 a session",
      "$300 por la temporada",
      "Free",
    ]);
    expect(capacityText(16, "es")).toBe("Hasta 16 jugadores");
  });

  it("say nothing for a fact left empty, so the page leaves it out or says 'ask us'", () => {
    expect([agesText(null, null, "en"), levelsText([], "en"), feeText(null, null, "en"), capacityText(null, "en"), mapHref(null)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(distinct([null, "a", "a", "b"])).toBe("a; b");
    expect(distinct([null])).toBeNull();
  });

  it("link the street address to a map search", () => {
    expect(mapHref("1800 Anacostia Dr SE, Washington, DC")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1800%20Anacostia%20Dr%20SE%2C%20Washington%2C%20DC",
    );
  });
});

describe("the policies", () => {
  it("put the organisation's one withdrawal notice into the standing words", () => {
    expect(withPolicies("Please give {withdrawalDays} days' notice.", { withdrawalDays: 21 })).toBe("Please give 21 days' notice.");
  });
});
