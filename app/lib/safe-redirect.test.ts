import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("follows paths on this site, with their query and fragment", () => {
    expect(safeRedirect("/faq")).toBe("/faq");
    expect(safeRedirect("/vlog?q=serve#list")).toBe("/vlog?q=serve#list");
    expect(safeRedirect("/messages/abc-123")).toBe("/messages/abc-123");
  });

  it.each([
    ["another host", "//evil.example"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a tab browsers strip", "/\t/evil.example"],
    ["a newline browsers strip", "/\n/evil.example"],
    ["an absolute address", "https://evil.example/"],
    ["a script address", "javascript:alert(1)"],
    ["a relative path", "faq"],
    ["nothing", ""],
  ])("falls back for %s", (_, to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/messages")).toBe("/messages");
  });

  it("always gives an address a Location header can carry (a NUL or a character beyond Latin-1 ended in a 500)", () => {
    for (const to of ["/vlog\u0000", "/caf\u00e9", "/vlog?q=\u65e5\u672c#\u2028", "/\u0085", "/a b"]) {
      const location = safeRedirect(to, "/account");
      expect(() => new Headers({ location })).not.toThrow();
      expect(location).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
    }
    expect(safeRedirect("/vlog\u0000", "/account")).toBe("/account");
    expect(safeRedirect("/caf\u00e9")).toBe("/caf%C3%A9");
  });

  it("falls back for a missing value or a file", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });
});
