// "I would like financial help" is one set of fields wherever it is asked (AidFields): /lessons' booking form has the
// same questions as the request for a place, its note named `aidNote` (the booking has a note of its own) and each
// problem beside its field.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LessonHelpFields } from "./lesson-fees-booking";
import { RequestAidSection } from "./season-fees-aid-fields";

const names = (html: string) => [...html.matchAll(/<(?:input|select|textarea)[^>]* name="([^"]+)"/g)].map((m) => m[1]);

describe("the financial help fields", () => {
  it("ask the same questions on /lessons as in the request for a place, the note named aidNote there", () => {
    expect(names(renderToString(<LessonHelpFields errors={{}} />))).toEqual(["wantsHelp", "householdSize", "schoolLunch", "incomeBand", "aidNote"]);
    expect(names(renderToString(<RequestAidSection state="none" fieldErrors={{}} />))).toEqual([
      "wantsHelp",
      "householdSize",
      "schoolLunch",
      "incomeBand",
      "note",
    ]);
  });

  it("say the note's problem beside it on /lessons, and show nothing to one who does not hold the family's purse", () => {
    const html = renderToString(<LessonHelpFields errors={{ aidNote: "Keep the note under 1,000 characters." }} />);
    expect(html).toMatch(
      /<textarea(?=[^>]*name="aidNote")[^>]*aria-describedby="([^"]+)"[\s\S]*<p id="\1"[^>]*>Keep the note under 1,000 characters\.<\/p>/,
    );
    expect(renderToString(<RequestAidSection state="not-holder" fieldErrors={{}} />)).toBe("");
  });
});
