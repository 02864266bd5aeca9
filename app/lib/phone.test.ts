import { describe, expect, it } from "vitest";
import { normalisePhone, telHref } from "./phone";

describe("a guardian's phone as the site keeps it (issue 39)", () => {
  it("keeps every spelling of a US number in one form", () => {
    for (const spelling of ["(202) 555-0123", "202-555-0123", "202.555.0123", "2025550123", "1 202 555 0123", "+1 (202) 555-0123", " 202 555 0123 "])
      expect(normalisePhone(spelling), spelling).toBe("(202) 555-0123");
  });

  it("keeps another country's number as + and its digits", () => {
    expect(normalisePhone("+52 55 1234 5678")).toBe("+525512345678");
    expect(normalisePhone("0052 55 1234 5678")).toBe("+525512345678");
  });

  it("refuses what a coach could not call", () => {
    for (const bad of [
      "555-0101",
      "123-456-7890",
      "(202) 155-0123",
      "202-555-012",
      "+++++++",
      "call me",
      "202-555-0123 ext 4",
      "+12345",
      "+1 202 555 012",
      "",
    ])
      expect(normalisePhone(bad), bad).toBeNull();
  });

  it("dials a kept number from its digits and a leading +", () => {
    expect(telHref("(202) 555-0123")).toBe("tel:2025550123");
    expect(telHref("+525512345678")).toBe("tel:+525512345678");
    expect(telHref("202-555-0188")).toBe("tel:2025550188");
  });
});
