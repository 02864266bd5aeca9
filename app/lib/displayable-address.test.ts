import { describe, expect, it } from "vitest";
import { conversationHeading } from "~/messaging/core";
import { displayableEmail, isDisplayableEmail, personName } from "./displayable-address";

describe("the displayable-address rule (issue 39)", () => {
  it("never shows the placeholder of an athlete without a login, nor any other address under .invalid", () => {
    for (const internal of [
      "athlete-67f2c0de-1111-4222-8333-944455556666@no-login.invalid",
      "ATHLETE-x@No-Login.Invalid",
      "deleted-1@deleted.invalid",
      "x@invalid",
      "x@no-login.invalid.",
    ]) {
      expect(isDisplayableEmail(internal), internal).toBe(false);
      expect(displayableEmail(internal)).toBeNull();
    }
  });

  it("shows a real address, and nothing for none", () => {
    expect(displayableEmail("marisol@example.com")).toBe("marisol@example.com");
    expect(displayableEmail("someone@invalid-domain.org")).toBe("someone@invalid-domain.org");
    expect(displayableEmail(null)).toBeNull();
    expect(displayableEmail("")).toBeNull();
    expect(displayableEmail("no-at-sign")).toBeNull();
  });

  it("names a person by their name, never by an internal address", () => {
    expect(personName({ fullName: "Sofía Gómez", email: "athlete-1@no-login.invalid" })).toBe("Sofía Gómez");
    expect(personName({ fullName: "", email: "athlete-1@no-login.invalid" })).toBe("");
    expect(personName({ fullName: null, email: "coach@example.com" })).toBe("coach@example.com");
  });

  it("keeps the placeholder out of a conversation's heading", () => {
    const heading = conversationHeading([{ fullName: null, email: "athlete-1@no-login.invalid" }], "en");
    expect(heading.title).not.toContain("no-login");
  });
});
