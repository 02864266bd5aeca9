// The CSV opens in a spreadsheet as the page shows it, and never runs a formula someone typed (issue 29).
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("toCsv", () => {
  it("starts with the UTF-8 byte-order mark, quotes every field and ends lines with CRLF", () => {
    expect(
      toCsv([
        ["Año", 12],
        ['Say "hi", then', "two\nlines"],
      ]),
    ).toBe('\uFEFF"Año","12"\r\n"Say ""hi"", then","two\nlines"\r\n');
  });

  it("puts an apostrophe before a text that would start a formula", () => {
    expect(["=SUM(A1)", "+1", "-2+3", "@cmd", "\tx", "plain"].map(csvCell)).toEqual([
      `"'=SUM(A1)"`,
      `"'+1"`,
      `"'-2+3"`,
      `"'@cmd"`,
      `"'\tx"`,
      `"plain"`,
    ]);
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("leaves numbers as they are", () => {
    expect(csvCell(62.5)).toBe('"62.5"');
  });
});
