// Which version of a coach's text a reader gets (issue 27): the Spanish for a Spanish reader when there is one, the
// English otherwise (marked as a fallback), and always the English for an English reader.
import { describe, expect, it } from "vitest";
import { inReaderLanguage, siteWords } from "./typed-content";

describe("inReaderLanguage", () => {
  it("gives a Spanish reader the Spanish when a coach wrote it", () => {
    expect(inReaderLanguage({ en: "Fall Clinic", es: "Clínica de otoño" }, "es")).toEqual({ text: "Clínica de otoño", lang: "es", fallback: false });
  });

  it("gives a Spanish reader the English, marked as a fallback, when there is no Spanish", () => {
    for (const es of [null, undefined, "", "   "])
      expect(inReaderLanguage({ en: "Fall Clinic", es }, "es")).toEqual({ text: "Fall Clinic", lang: "en", fallback: true });
  });

  it("always gives an English reader the English", () => {
    expect(inReaderLanguage({ en: "Fall Clinic", es: "Clínica de otoño" }, "en")).toEqual({ text: "Fall Clinic", lang: "en", fallback: false });
    expect(inReaderLanguage({ en: "Fall Clinic", es: null }, "en")).toEqual({ text: "Fall Clinic", lang: "en", fallback: false });
  });

  it("gives nothing when the reader's version and the English are both empty", () => {
    expect(inReaderLanguage({ en: null, es: null }, "es")).toBeNull();
    expect(inReaderLanguage({ en: null, es: null }, "en")).toBeNull();
    expect(inReaderLanguage({ en: "", es: "" }, "es")).toBeNull();
    // A note written only in Spanish: Spanish readers get it, English readers get no note.
    expect(inReaderLanguage({ en: null, es: "Traer agua" }, "es")).toEqual({ text: "Traer agua", lang: "es", fallback: false });
    expect(inReaderLanguage({ en: null, es: "Traer agua" }, "en")).toBeNull();
  });

  it("keeps the texts as they were typed", () => {
    expect(inReaderLanguage({ en: "**Bring** water", es: "**Traigan** agua\n\n- gorra" }, "es").text).toBe("**Traigan** agua\n\n- gorra");
  });
});

describe("siteWords", () => {
  it("is the site's own words, in the reader's language, never a fallback", () => {
    expect(siteWords("domingos de 8 a 10 a. m.", "es")).toEqual({ text: "domingos de 8 a 10 a. m.", lang: "es", fallback: false });
  });
});
