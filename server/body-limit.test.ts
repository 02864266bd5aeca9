// The body limit follows the route, whichever URL reaches it: the page itself (a form without JavaScript) or React
// Router's data URL (the same form with JavaScript, the way coaches use it).
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../app/lib/file-type.server";
import { PHOTO_MAX_BYTES } from "../app/lib/site-content-schemas";
import { bodyLimit, bodyLimitFor, DEFAULT_BODY_LIMIT, routePathOf } from "./body-limit";

describe("the route a path is limited as", () => {
  it("is the page a single-fetch data URL names, without a trailing slash", () => {
    expect(routePathOf("/gallery/photos")).toBe("/gallery/photos");
    expect(routePathOf("/gallery/photos.data")).toBe("/gallery/photos");
    expect(routePathOf("/gallery/photos/")).toBe("/gallery/photos");
    expect(routePathOf("/_root.data")).toBe("/");
    expect(routePathOf("/")).toBe("/");
    expect(routePathOf("/calendar.ics")).toBe("/calendar.ics");
  });

  it("gives an upload route the same limit through its page and its data URL", () => {
    for (const path of ["/gallery/photos", "/gallery/photos/", "/gallery/photos.data", "/staff/profile", "/es/staff/profile.data"])
      expect(bodyLimitFor(path), path).toBe(2 * PHOTO_MAX_BYTES);
    for (const path of ["/messages/4f1c", "/messages/4f1c/", "/messages/4f1c.data"])
      expect(bodyLimitFor(path), path).toBe(ATTACHMENT_MAX_BYTES + 64 * 1024);
  });

  it("keeps the small limit everywhere else, the routes next to the upload routes too", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/contact.data",
      "/gallery",
      "/gallery.data",
      "/gallery/photos/a.jpg",
      "/messages.data",
      "/messages/4f1c/attachments/9",
      "/staff",
      "/staff/photos/a.webp",
    ])
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT);
  });
});

describe("the middleware", () => {
  let base = "";
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit());
    app.post("*splat", (req, res) => {
      let n = 0;
      req.on("data", (c: Buffer) => (n += c.length));
      req.on("end", () => res.type("text/plain").send(String(n)));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it("lets a 1 MB photo through to the upload route's data URL and refuses it elsewhere with 413", async () => {
    const body = new Uint8Array(1024 * 1024);
    const upload = await fetch(`${base}/gallery/photos.data`, { method: "POST", body });
    expect(upload.status).toBe(200);
    expect(await upload.text()).toBe(String(body.length));
    const elsewhere = await fetch(`${base}/contact.data`, { method: "POST", body });
    expect(elsewhere.status).toBe(413);
  });
});
