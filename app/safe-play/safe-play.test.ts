import { describe, expect, it } from "vitest";
import { dayInZone } from "../lib/datetime";
import {
  ageOn,
  dateOfBirthProblem,
  inQuietHours,
  isMinor,
  kindLabel,
  lowersProtection,
  msUntilSafePlayClockChanges,
  parseQuietHours,
  quietHoursMessage,
  safePlayMessage,
} from "./safe-play";

const NY = "America/New_York";

describe("ageOn and isMinor", () => {
  it("reads the date in the organisation's time zone, not UTC", () => {
    // 03:30 UTC on 23 November is still 22 November in New York.
    const now = new Date("2026-11-23T03:30:00Z");
    expect(dayInZone(now, NY)).toBe("2026-11-22");
    expect(ageOn("2008-11-23", now, NY)).toBe(17);
    expect(isMinor("2008-11-23", now, NY)).toBe(true);
    expect(isMinor("2008-11-23", new Date("2026-11-23T05:00:00Z"), NY)).toBe(false);
  });

  it("turns a minor into an adult on the 18th birthday, with no manual step", () => {
    expect(isMinor("2008-06-15", new Date("2026-06-14T16:00:00Z"), NY)).toBe(true);
    expect(isMinor("2008-06-15", new Date("2026-06-15T16:00:00Z"), NY)).toBe(false);
  });

  it("gives someone born on 29 February their birthday on 1 March in other years", () => {
    expect(ageOn("2008-02-29", new Date("2026-02-28T16:00:00Z"), NY)).toBe(17);
    expect(ageOn("2008-02-29", new Date("2026-03-01T16:00:00Z"), NY)).toBe(18);
  });
});

describe("quiet hours", () => {
  const quiet = parseQuietHours("20:00-08:00")!;

  it("parses the setting and refuses what is not two different 24-hour times", () => {
    expect(quiet).toEqual({ start: 20 * 60, end: 8 * 60 });
    for (const bad of ["", "20:00", "8pm-8am", "24:00-08:00", "20:00-20:00", "20:00-08:00-09:00"]) expect(parseQuietHours(bad)).toBeNull();
  });

  it("runs past midnight in the organisation's time zone", () => {
    // 21:00 and 07:59 in New York (EST, UTC-5) are quiet; 08:00 and 19:59 are not.
    expect(inQuietHours(new Date("2026-11-24T02:00:00Z"), NY, quiet)).toBe(true);
    expect(inQuietHours(new Date("2026-11-24T12:59:00Z"), NY, quiet)).toBe(true);
    expect(inQuietHours(new Date("2026-11-24T13:00:00Z"), NY, quiet)).toBe(false);
    expect(inQuietHours(new Date("2026-11-24T00:59:00Z"), NY, quiet)).toBe(false);
    // The same instant is not quiet in Los Angeles (18:00 there).
    expect(inQuietHours(new Date("2026-11-24T02:00:00Z"), "America/Los_Angeles", quiet)).toBe(false);
  });

  it("handles a window within one day and says when a message can be sent", () => {
    const midday = parseQuietHours("12:00-13:30")!;
    expect(inQuietHours(new Date("2026-11-24T17:15:00Z"), NY, midday)).toBe(true);
    expect(inQuietHours(new Date("2026-11-24T18:30:00Z"), NY, midday)).toBe(false);
    expect(quietHoursMessage(quiet)).toBe(
      "Quiet hours: coaches can't message student-athletes under 18 between 8:00 PM and 8:00 AM. You can send this after 8:00 AM.",
    );
  });

  it("says the same in Spanish, with the times as Spanish writes them (and no time ending a sentence on its own period)", () => {
    expect(quietHoursMessage(quiet, "es")).toBe(
      "Horario de descanso: entre las 8:00 p. m. y las 8:00 a. m., los entrenadores no pueden escribirles a estudiantes-atletas menores de 18 años. Después de las 8:00 a. m. podrá enviar este mensaje.",
    );
    expect(quietHoursMessage(parseQuietHours("12:00-13:30")!, "es")).toContain("entre las 12:00 p. m. y la 1:30 p. m.,");
    expect(quietHoursMessage(parseQuietHours("00:30-06:00")!, "es")).toContain("entre las 12:30 a. m. y las 6:00 a. m.,");
  });
});

describe("Safe Play's refusals in both languages", () => {
  it("says why and what to do, word for word in English as the issue fixes it, and in Spanish", () => {
    expect(safePlayMessage({ code: "no-guardian" }, "en")).toBe(
      "This athlete has no parent or guardian linked yet. Messages to minors must include a guardian.",
    );
    expect(safePlayMessage({ code: "no-guardian" }, "es")).toBe(
      "Este estudiante-atleta todavía no tiene a su madre, padre o tutor legal vinculado en el sitio. Los mensajes a menores de edad deben incluir a su madre, padre o tutor legal.",
    );
    expect(safePlayMessage({ code: "paused", reason: "Revisión" }, "es")).toBe(
      "La persona responsable de la protección de menores pausó esta conversación: Revisión. Nadie puede enviar mensajes en ella hasta que se reanude.",
    );
    expect(safePlayMessage({ code: "quiet-hours", quiet: parseQuietHours("20:00-08:00")! }, "es")).toBe(
      quietHoursMessage(parseQuietHours("20:00-08:00")!, "es"),
    );
    const codes = [
      "no-guardian",
      "needs-guardian",
      "confirmation-needed",
      "awaiting-confirmation",
      "coach-suspended",
      "coach-unavailable",
      "kind-question",
      "kind-unanswered",
    ] as const;
    for (const code of codes) expect(safePlayMessage({ code }, "es")).not.toBe(safePlayMessage({ code }, "en"));
    expect(kindLabel("guardian", "es")).toBe("Madre, padre o tutor legal");
    expect(kindLabel("athlete", "en")).toBe("Student-athlete");
  });
});

describe("dateOfBirthProblem", () => {
  const now = new Date("2026-06-15T16:00:00Z");
  it("accepts a real past day and refuses the rest with a message for the field", () => {
    expect(dateOfBirthProblem("2011-03-04", now, NY)).toBeNull();
    expect(dateOfBirthProblem("", now, NY)).toBe("Please enter a date of birth.");
    expect(dateOfBirthProblem("2011-02-30", now, NY)).toBe("Please enter a real date.");
    expect(dateOfBirthProblem("2027-01-01", now, NY)).toBe("The date of birth cannot be in the future.");
    expect(dateOfBirthProblem("1901-01-01", now, NY)).toBe("Please check the year of birth.");
    expect(dateOfBirthProblem("2027-01-01", now, NY, "es")).toBe("La fecha de nacimiento no puede estar en el futuro.");
  });
});

describe("how long a Safe Play answer is remembered", () => {
  const quiet = parseQuietHours("20:00-08:00")!;
  const NY = "America/New_York";
  it("is under a minute, and never past the start of quiet hours or midnight", () => {
    const afternoon = msUntilSafePlayClockChanges(new Date("2026-06-15T14:00:00-04:00"), NY, quiet);
    expect(afternoon).toBeGreaterThanOrEqual(45_000);
    expect(afternoon).toBeLessThanOrEqual(60_000);
    expect(msUntilSafePlayClockChanges(new Date("2026-06-15T19:59:30-04:00"), NY, quiet)).toBe(30_000);
    expect(msUntilSafePlayClockChanges(new Date("2026-06-15T07:59:50-04:00"), NY, quiet)).toBe(10_000);
    expect(msUntilSafePlayClockChanges(new Date("2026-06-15T23:59:59.500-04:00"), NY, quiet)).toBe(500);
  });
});

describe("lowersProtection", () => {
  const now = new Date("2026-11-29T15:00:00Z");
  it("is any change that makes a minor older, even one that keeps them a minor today (18 tomorrow)", () => {
    // Found by the model-based search: a guardian's correction from 15 to 17-turning-18-tomorrow, then midnight.
    expect(lowersProtection("2011-03-04", "2008-11-30", now, NY)).toBe(true);
    expect(lowersProtection("2011-03-04", "2011-03-02", now, NY)).toBe(true);
    expect(lowersProtection("2014-01-01", "2013-11-30", now, NY)).toBe(true);
    expect(lowersProtection("2011-03-04", "2007-05-01", now, NY)).toBe(true);
  });
  it("is not a change that makes a minor younger, nor any change to an adult's date", () => {
    expect(lowersProtection("2011-03-04", "2011-04-04", now, NY)).toBe(false);
    expect(lowersProtection("1980-01-01", "1970-01-01", now, NY)).toBe(false);
    expect(lowersProtection("1980-01-01", "2011-01-01", now, NY)).toBe(false);
  });
  it("gives a person with no date an adult's only through staff", () => {
    expect(lowersProtection(null, "2000-01-01", now, NY)).toBe(true);
    expect(lowersProtection(null, "2011-03-04", now, NY)).toBe(false);
  });
});
