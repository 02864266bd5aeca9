import { describe, expect, it } from "vitest";
import { conversationHeading } from "./core";

describe("conversationHeading", () => {
  it("names the other participant, not the viewer (the stored title is the starter's side)", () => {
    expect(conversationHeading([{ fullName: "Carla Coach", email: "carla@example.org" }])).toEqual({
      title: "Carla Coach",
      subtitle: "Chat with Carla Coach",
    });
  });
  it("names every other participant, by email when there is no name", () => {
    expect(
      conversationHeading([
        { fullName: null, email: "sam@example.org" },
        { fullName: "Ana Guardian", email: "ana@example.org" },
      ]).subtitle,
    ).toBe("Chat with sam@example.org and Ana Guardian");
  });
  it("has no subtitle when nobody else is there", () => {
    expect(conversationHeading([])).toEqual({ title: "Conversation", subtitle: null });
  });
});
