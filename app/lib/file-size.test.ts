// File sizes in each language: a decimal point in English, a decimal comma in Spanish ("1,5 MB").
import { describe, expect, it } from "vitest";
import { fileSizeText } from "./file-size";

describe("fileSizeText", () => {
  it("writes sizes the English way and the Spanish way", () => {
    expect(fileSizeText(1.5 * 1024 * 1024, { locale: "en" })).toBe("1.5 MB");
    expect(fileSizeText(1.5 * 1024 * 1024, { locale: "es" })).toBe("1,5 MB");
    expect(fileSizeText(2048, { locale: "en" })).toBe("2.0 KB");
    expect(fileSizeText(2560, { locale: "es" })).toBe("2,5 KB");
    expect(fileSizeText(500, { locale: "es" })).toBe("500 B");
    expect(fileSizeText(1200 * 1024 * 1024, { locale: "es" })).toBe("1200,0 MB");
  });

  it("rounds kilobytes to a whole number when asked, never below 1", () => {
    expect(fileSizeText(300, { locale: "en", wholeKilobytes: true })).toBe("1 KB");
    expect(fileSizeText(120 * 1024 + 300, { locale: "es", wholeKilobytes: true })).toBe("120 KB");
    expect(fileSizeText(2.4 * 1024 * 1024, { locale: "es", wholeKilobytes: true })).toBe("2,4 MB");
  });
});
