import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./page-cache";

describe("inlineScriptHashes", () => {
  it("hashes inline scripts that run, and leaves out external scripts and data blocks", () => {
    const code = "console.log(1)";
    const html = `<script type="module" src="/assets/a.js"></script><script type="application/ld+json">{"@type":"Organization"}</script><script>${code}</script>`;
    const expected = `'sha256-${crypto.createHash("sha256").update(code).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});
