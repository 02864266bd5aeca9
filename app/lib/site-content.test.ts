// Markdown, the event rules' wording, days in the organisation's zone and the coaches' form rules.
import { describe, expect, it } from "vitest";
import { formatCancelledDays, formatTimeRange, formatWhen, occurrences } from "../calendar/event-format";
import { markdownToPlainText, renderMarkdown } from "../announcements/markdown";
import { findHtmlTag } from "./find-html-tag";

import { dayInZone } from "./datetime";
import { instantOf } from "./datetime";
import { AnnouncementSchema, CancelledDateSchema, EventSchema, eventFormValues } from "./site-content-schemas";

describe("Markdown in announcements", () => {
  it("renders links, lists and emphasis", () => {
    const html = renderMarkdown("**Bring water** and *sunscreen*.\n\n- rackets\n- shoes\n\n[Register](/programs/registration)");
    expect(html).toContain("<strong>Bring water</strong>");
    expect(html).toContain("<em>sunscreen</em>");
    expect(html).toContain("<li>rackets</li>");
    expect(html).toContain('<a href="/programs/registration">Register</a>');
  });

  it("never lets HTML or script links through, even when stored", () => {
    const html = renderMarkdown("<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![p](https://evil.example/p.png)");
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
    expect(renderMarkdown("[site](https://example.org)")).toContain('rel="nofollow noopener"');
  });

  it("refuses raw HTML when a coach saves, naming the tag, and allows tags shown as code", () => {
    expect(findHtmlTag("Hi <script>alert(1)</script>")).toBe("<script>");
    expect(findHtmlTag("Use `<br>` for nothing")).toBeNull();
    expect(findHtmlTag("Ages 8 < 12 and 5 > 3")).toBeNull();
    const parsed = AnnouncementSchema.safeParse({ title: "Hello", body: "Hi <script>alert(1)</script>" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe("Use Markdown, not HTML: remove <script> (links, lists and emphasis are written in Markdown).");
  });
});

describe("event wording", () => {
  const rule = { kind: "weekly" as const, weekdays: [0], onDate: null, startTime: "08:00:00", endTime: "10:00:00", timeNote: null, closed: false };
  it("reads like today's cards", () => {
    expect(formatWhen(rule)).toBe("Sundays 8-10 AM");
    expect(formatWhen({ ...rule, weekdays: [1, 2, 3, 4], startTime: "16:30", endTime: "18:00" })).toBe("Monday-Thursday 4:30-6:00 PM");
    expect(formatWhen({ ...rule, weekdays: [2, 4], startTime: "16:30", endTime: "17:30" })).toBe("Tuesday and Thursday 4:30-5:30 PM");
    expect(formatWhen({ ...rule, weekdays: [5], startTime: null, endTime: null, timeNote: "by appointment" })).toBe("Fridays by appointment");
    expect(formatWhen({ ...rule, weekdays: [6], startTime: null, endTime: null, timeNote: "Closed for the Sabbath", closed: true })).toBe(
      "Closed for the Sabbath",
    );
    expect(formatWhen({ ...rule, kind: "date", weekdays: [], onDate: "2025-12-05", startTime: "18:00", endTime: "20:00" })).toBe(
      "Friday, December 5 6-8 PM",
    );
    expect(formatTimeRange("11:00", "13:00")).toBe("11 AM-1 PM");
    expect(formatCancelledDays(["2025-10-21", "2025-09-21", "2025-10-13"])).toBe("9/21, 10/13 and 10/21, 2025");
  });

  it("lists the sessions of the coming days with cancelled ones marked, within the season", () => {
    const e = { ...rule, id: "a", title: "Sunday training", startsOn: "2025-09-07", endsOn: "2025-11-07", place: null };
    const list = occurrences([e], ["2025-09-21"], "2025-09-01", 30);
    expect(list.map((o) => [o.day, o.cancelled])).toEqual([
      ["2025-09-07", false],
      ["2025-09-14", false],
      ["2025-09-21", true],
      ["2025-09-28", false],
    ]);
  });
});

describe("days and times in the organisation's zone", () => {
  it("knows which day it is there, and when a wall-clock time happens", () => {
    // 02:00 UTC on Sep 22 is still Sep 21 in New York.
    expect(dayInZone(new Date("2025-09-22T02:00:00Z"), "America/New_York")).toBe("2025-09-21");
    expect(instantOf("2025-09-21", "08:00", "America/New_York").toISOString()).toBe("2025-09-21T12:00:00.000Z");
    expect(instantOf("2025-12-21", "08:00", "America/New_York").toISOString()).toBe("2025-12-21T13:00:00.000Z");
  });
});

describe("the coaches' forms", () => {
  const form = (fields: Record<string, string | string[]>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
    return eventFormValues(f);
  };
  it("refuses an event that ends before it starts, with the message beside the end time", () => {
    const parsed = EventSchema.safeParse(form({ title: "Clinic", kind: "weekly", weekdays: ["1"], startTime: "18:00", endTime: "16:30" }));
    expect(parsed.error!.issues[0]).toMatchObject({ path: ["endTime"], message: "The event must end after it starts" });
  });
  it("needs a day for a weekly event and a date for a one-off event", () => {
    expect(EventSchema.safeParse(form({ title: "Clinic", kind: "weekly" })).error!.issues[0]).toMatchObject({
      path: ["weekdays"],
      message: "Choose at least one day",
    });
    expect(EventSchema.safeParse(form({ title: "Gala", kind: "date", onDate: "" })).error!.issues[0]).toMatchObject({
      path: ["onDate"],
      message: "Please enter the date",
    });
    const ok = EventSchema.parse(
      form({ title: "Clinic", kind: "weekly", weekdays: ["4", "1", "1"], startTime: "16:30", endTime: "18:00", onDate: "2025-01-01" }),
    );
    expect(ok).toMatchObject({ weekdays: [1, 4], onDate: null, hasRegister: false, closed: false });
  });
  it("needs a real date to cancel", () => {
    expect(CancelledDateSchema.safeParse({ day: "2025-02-30" }).error!.issues[0]!.message).toBe("Please enter a valid date");
  });
});

describe("HTML in Markdown, found by markdown-it's tokens", () => {
  it("finds tags and comments wherever markdown-it reads HTML, and nothing in code or in plain comparisons", () => {
    expect(findHtmlTag("<div>\nA block of HTML\n</div>")).toBe("<div>");
    expect(findHtmlTag("Text with a <b>bold</b> word")).toBe("<b>");
    expect(findHtmlTag("A comment <!-- hidden --> here")).toBe("<!-- -->");
    expect(findHtmlTag("```\n<script>alert(1)</script>\n```")).toBeNull();
    expect(findHtmlTag("    <script>indented code</script>")).toBeNull();
    expect(findHtmlTag("Bring water <https://example.org/water> and a racket")).toBeNull();
  });

  it("gives plain text of headings, lists, links and code", () => {
    expect(markdownToPlainText("# Summer camp\n\n- **Ages** 8-12\n- [Register](https://example.org)\n\nUse `code` <b>")).toBe(
      "Summer camp Ages 8-12 Register Use code <b>",
    );
  });
});
