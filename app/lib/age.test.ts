// The age rule's pieces that the rest of the site shares (app/lib/age.ts): one reading of a YYYY-MM-DD day, used by
// the age itself and by Safe Play's date-of-birth check, so the two cannot read a date differently.
import { describe, expect, it } from "vitest";
import { ageOn, DAY_PARTS } from "./age";
import { dateOfBirthProblem } from "~/safe-play/safe-play";

describe("a day written YYYY-MM-DD", () => {
  it("is read into its year, month and day, and nothing else is", () => {
    expect(DAY_PARTS.exec("2011-04-04")?.slice(1)).toEqual(["2011", "04", "04"]);
    for (const wrong of ["2011-4-4", "04/04/2011", "2011-04-04T00:00", " 2011-04-04", "20110-04-04"]) expect(DAY_PARTS.exec(wrong), wrong).toBeNull();
  });

  it("is read the same by the age and by the date-of-birth check", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(ageOn("2011-04-04", now, "America/New_York")).toBe(15);
    expect(dateOfBirthProblem("2011-04-04", now, "America/New_York", "en")).toBeNull();
    expect(dateOfBirthProblem("2011-4-4", now, "America/New_York", "en")).not.toBeNull();
  });
});
