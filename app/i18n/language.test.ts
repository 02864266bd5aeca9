import { describe, expect, it } from "vitest";
import { localeOfCookie, localeOfPath, localizePath, pathWithoutLocale } from "./language";

describe("a page's language is its address", () => {
  it("reads Spanish from /es and /es/..., English from everything else", () => {
    expect(["/es", "/es/", "/es/about", "/es.data", "/es/about.data"].map(localeOfPath)).toEqual(["es", "es", "es", "es", "es"]);
    expect(["/", "/about", "/espanol", "/est/x", "/about/es", "/_root.data"].map(localeOfPath)).toEqual(["en", "en", "en", "en", "en", "en"]);
  });

  it("gives the same page's address in each language, keeping the query and the fragment", () => {
    expect(localizePath("/", "es")).toBe("/es");
    expect(localizePath("/about?x=1#top", "es")).toBe("/es/about?x=1#top");
    expect(localizePath("/es/about?x=1", "en")).toBe("/about?x=1");
    expect(localizePath("/es", "en")).toBe("/");
    expect(localizePath("/es/about", "es")).toBe("/es/about");
    expect(pathWithoutLocale("/es/programs/fall")).toBe("/programs/fall");
  });

  it("leaves other sites' and protocol-relative addresses alone", () => {
    expect(localizePath("https://example.org/a", "es")).toBe("https://example.org/a");
    expect(localizePath("//evil.example/a", "es")).toBe("//evil.example/a");
    expect(localizePath("mailto:info@example.org", "es")).toBe("mailto:info@example.org");
  });

  it("believes only a known language in the cookie", () => {
    expect(localeOfCookie("a=1; nlte-lang=es")).toBe("es");
    expect(localeOfCookie("nlte-lang=fr")).toBeNull();
    expect(localeOfCookie(undefined)).toBeNull();
  });
});
