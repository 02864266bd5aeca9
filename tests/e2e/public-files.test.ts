// The build's files outside assets/ (public/ as the build copied it) are answered from a list made when the server
// starts (server/assets.ts publicFiles, decision 0088): what a browser asks for by name still arrives, and a page's
// address still reaches the page.
import { describe, expect, it } from "vitest";
import { sharedServer } from "./support/shared-server";

const baseURL = sharedServer().url;

describe("the site's own files", () => {
  it("sends the web manifest, the service worker, an icon and the photo release form, each cached for an hour", async () => {
    for (const [file, type] of [
      ["/manifest.webmanifest", "application/manifest+json"],
      ["/sw.js", "javascript"],
      ["/icons/icon-192.png", "image/png"],
      ["/documents/photo-release-form.pdf", "application/pdf"],
    ]) {
      const res = await fetch(`${baseURL}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type"), file).toContain(type);
      expect(res.headers.get("cache-control"), file).toBe("public, max-age=3600");
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(0);
    }
  });

  it("answers a page's address with the page, and a folder's or a missing file's with the site's not-found page", async () => {
    const faq = await fetch(`${baseURL}/faq`);
    expect(faq.status).toBe(200);
    expect(await faq.text()).toContain("<h1");
    for (const address of ["/icons", "/documents/no-such-form.pdf"]) {
      const res = await fetch(`${baseURL}${address}`);
      expect(res.status, address).toBe(404);
      expect(res.headers.get("content-type"), address).toContain("text/html");
    }
  });
});
