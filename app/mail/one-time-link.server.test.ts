import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { openLink, SEALED_LINK_PLACEHOLDER, sealLink, withLink, withoutLink } from "./one-time-link.server";

const secret = "a-secret-of-forty-three-characters-xxxxxxx";
const url = "http://localhost:3000/reset-password?token=abc&x=1";

describe("sealed one-time links", () => {
  it("opens only with the site's secret, for its own row, unchanged", () => {
    const sealed = sealLink(secret, "row-1", url);
    expect(sealed).not.toContain("abc");
    expect(openLink(secret, "row-1", sealed)).toBe(url);
    expect(openLink("another-secret-of-forty-three-characters-x", "row-1", sealed)).toBeNull();
    expect(openLink(secret, "row-2", sealed)).toBeNull();
    const [format, iv, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0]! ^= 1;
    expect(openLink(secret, "row-1", `${format}.${iv}.${flipped.toString("base64url")}`)).toBeNull();
    expect(openLink(secret, "row-1", "not sealed")).toBeNull();
    // Two seals of the same link differ (a fresh nonce each time).
    expect(sealLink(secret, "row-1", url)).not.toBe(sealed);
  });

  it("takes the link out of the text and the HTML (escaped there) and puts it back", () => {
    const bodies = {
      text: `Choose a new password: ${url}`,
      html: `<a href="${url.replace("&", "&amp;")}">Choose</a> Or open this address: ${url.replace("&", "&amp;")}`,
    };
    const stored = withoutLink(bodies, url);
    expect(stored.text).toBe(`Choose a new password: ${SEALED_LINK_PLACEHOLDER}`);
    expect(stored.html).not.toContain("token=abc");
    expect(withLink(stored, url)).toEqual(bodies);
  });

  it("uses the placeholder migration 0016 writes into older outbox rows", () => {
    const migration = fs.readFileSync(new URL("../../db/migrations/0016_one_time_links_sealed.sql", import.meta.url), "utf8");
    expect(migration).toContain(`'${SEALED_LINK_PLACEHOLDER}'`);
  });
});
