// Control characters in announcements: a new one is refused beside its field, and one stored before that rule
// still gives a feed that every XML reader can read.
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcements } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text";
import * as general from "./general";
import * as feed from "./general.feed.xml";

const { db } = await createTestDatabase();
beforeAll(() => createRouteUsers(db));

const rows = async () => Number((await db.select({ n: count() }).from(announcements))[0]!.n);
// XML 1.0's characters (https://www.w3.org/TR/xml/#charsets), without the C1 controls it discourages.
const XML_TEXT = /^[\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

describe("control characters in announcements", () => {
  it("refuses a vertical tab pasted from Word beside the field, and stores nothing", async () => {
    const before = await rows();
    const res = await call(general.action, {
      request: postForm("/general", { intent: "create", title: "Courts\u000Bclosed", body: "See you **Monday**.\u0085" }),
      context: contextFor(db, "coach"),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, fieldErrors: { title: UNSAFE_TEXT_MESSAGE, body: UNSAFE_TEXT_MESSAGE } });
    expect(await rows()).toBe(before);
  });

  it("still gives a well-formed feed for one stored before they were refused", async () => {
    await db.insert(announcements).values({ title: "Rain\u000B delay\u0007", body: "Courts\u000C closed\u0001 today.\u009F" });
    const res = await call(feed.loader, { request: new Request("http://localhost/general/feed.xml"), context: contextFor(db, "visitor") });
    expect(res.status).toBe(200);
    const xml = res.body as string;
    expect(xml).toMatch(XML_TEXT);
    expect(xml).toContain("<title>Rain delay</title>");
    expect(xml).toContain("Courts closed today.");
  });
});
