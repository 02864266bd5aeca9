import { describe, expect, it } from "vitest";
import { containsContactDetails, foldForReading, hasBidiControls, readingsOf } from "./public-words";
import { containsBlockedWord, passesPositivityGate } from "../testimonials/rules";
import { TestimonialSchema } from "../testimonials/schemas";

const ZWJ = "\u200D";
const ZWSP = "\u200B";

describe("foldForReading", () => {
  it("drops invisible characters and accents, folds wide and mathematical letters and look-alikes", () => {
    expect(foldForReading(`sh${ZWJ}i${ZWSP}t`)).toBe("shit");
    expect(foldForReading("ѕһіt")).toBe("shit"); // Cyrillic dze, shha, i
    expect(foldForReading("ｓｈｉｔ")).toBe("shit"); // fullwidth
    expect(foldForReading("𝐬𝐡𝐢𝐭")).toBe("shit"); // mathematical bold
    expect(foldForReading("shít")).toBe("shit");
    expect(foldForReading("Dαmn")).toBe("damn");
  });

  it("reads digits standing in for letters both ways", () => {
    expect(readingsOf("he11")).toContain("hell");
    expect(readingsOf("sh1t")).toContain("shit");
    expect(readingsOf("$h!t")).toContain("shit");
    expect(readingsOf("cr@p")).toContain("crap");
    expect(readingsOf("d4mn")).toContain("damn");
  });
});

describe("hasBidiControls", () => {
  it("finds the marks, embeddings, overrides and isolates that reorder text, and nothing else", () => {
    for (const code of [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(hasBidiControls(`Ava${String.fromCharCode(code)} Lee`)).toBe(true);
    }
    for (const name of ["Ava Lee", "مريم", "שרה כהן", "Zoë 🎾", `Jo${ZWJ}y`]) expect(hasBidiControls(name)).toBe(false);
  });
});

describe("the positivity gate sees through disguises", () => {
  it.each([`sh${ZWJ}it`, "ѕhit", "ｓｈｉｔ", "sh1t", "cr@p", "h3ll", "dámn", `d${ZWSP}a${ZWSP}m${ZWSP}n`])("refuses %j", (word) => {
    expect(containsBlockedWord(`What a ${word} good program`)).toBe(true);
    expect(passesPositivityGate({ rating: 5, content: `What a ${word} good program` })).toBe(false);
  });

  it("still lets ordinary words through", () => {
    for (const text of ["Hello! My shy son came out of his shell.", "A scrappy, hellenic 110% effort", "Five stars, 5/5!", "We love it!"]) {
      expect(containsBlockedWord(text)).toBe(false);
    }
  });
});

describe("containsContactDetails", () => {
  it.each([
    "Great coaches, see https://example.org/kids",
    "visit www.mytennis.example",
    "my page is bit.ly/abc123",
    "coachfan.com has more",
    "mysite dot com",
    "write to kid.player@gmail.com",
    "email me: kid.player [at] gmail",
    "kidplayer at gmail dot com",
    "Call 202-555-0147 anytime",
    "(202) 555 0147",
    "+1 202 555 0147",
    "DM me on snap @tennisgirl09",
    "follow @ace_player",
    "my insta is ace.player",
    "snap: acekid",
    "hmu after practice",
    "message me on discord",
    "ｗｗｗ.example.org", // fullwidth
    `https${ZWSP}://example.org`,
  ])("finds %j", (text) => {
    expect(containsContactDetails(text)).toBe(true);
  });

  it.each([
    "My son has played here since 2019 and loves it.",
    "Coach Maria texted us reminders before every match.",
    "The program runs 7 days a week, 9 to 5, for ages 5-18.",
    "We saw their instagram posts and signed up!",
    "Five stars at every level. Thank you NLTE!",
    "He went from 0 to 100 in a season, 10/10.",
  ])("lets %j through", (text) => {
    expect(containsContactDetails(text)).toBe(false);
  });
});

describe("TestimonialSchema refuses contact details beside the field", () => {
  it("names the rule for the content and for the name", () => {
    const result = TestimonialSchema.safeParse({ name: "@acekid", content: "DM me on snap @tennisgirl09 for lessons", rating: "5" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join("."), i.message]);
    const message = "Testimonials are public, so they can't include links, email addresses, phone numbers or social media handles.";
    expect(issues).toEqual(
      expect.arrayContaining([
        ["name", message],
        ["content", message],
      ]),
    );
  });
});
