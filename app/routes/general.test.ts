// Control characters in announcements: a new one is refused beside its field, and one stored before that rule
// still gives a feed that every XML reader can read.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcements } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { unsafeTextMessage } from "~/lib/safe-text";
import { inLocale } from "../../server/languages";
import * as general from "./general";
import * as post from "./general.$postId";
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
    expect(res.body).toMatchObject({ ok: false, fieldErrors: { title: unsafeTextMessage(), body: unsafeTextMessage() } });
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

// Spanish versions of announcements (issue 27): a coach writes them beside the English; they follow the English's
// rules (length, hidden characters, no HTML) and a refusal stores nothing; a Spanish reader gets them, and gets the
// English, marked, where there are none; an English reader always gets the English.
describe("Spanish versions of announcements", () => {
  const spanishAnnouncement = {
    intent: "create",
    title: "Courts reopen",
    body: "Bring **water**.",
    titleEs: "  Reabren las canchas  ",
    bodyEs: "Traigan **agua**.\n\n- gorra\n- raqueta",
  };
  const create = (fields: Record<string, string>, who: "visitor" | "client" | "coach" = "coach") =>
    call(general.action, { request: postForm("/general", fields), context: contextFor(db, who) });
  const byTitle = async (title: string) => (await db.select().from(announcements).where(eq(announcements.title, title)))[0];

  it("stores the Spanish a coach writes, trimmed, and an empty one as none", async () => {
    const res = await create(spanishAnnouncement);
    expect(res.status).toBe(302);
    const row = await byTitle("Courts reopen");
    expect(row?.titleEs).toBe("Reabren las canchas");
    // Lines end as a form sends them (CRLF), as in the English text.
    expect(row?.bodyEs?.replace(/\r\n/g, "\n")).toBe("Traigan **agua**.\n\n- gorra\n- raqueta");

    expect((await create({ intent: "create", title: "English only", body: "Only in English.", titleEs: "   ", bodyEs: "" })).status).toBe(302);
    expect(await byTitle("English only")).toMatchObject({ titleEs: null, bodyEs: null });
  });

  it.each([
    [
      "HTML in the Spanish text",
      { bodyEs: "Hola <script>alert(1)</script>" },
      "bodyEs",
      "Use Markdown, not HTML: remove <script> (links, lists and emphasis are written in Markdown).",
    ],
    ["a Spanish title that is too long", { titleEs: "a".repeat(201) }, "titleEs", "Title must be at most 200 characters"],
    ["a hidden character in the Spanish title", { titleEs: "Canchas\u000Bcerradas" }, "titleEs", unsafeTextMessage()],
    ["a Spanish text that is too long", { bodyEs: "a".repeat(20_001) }, "bodyEs", "The announcement must be at most 20,000 characters"],
  ])("refuses %s beside the field, keeps what was typed, and stores nothing", async (_, bad, field, message) => {
    const before = await rows();
    const fields = { intent: "create", title: "Refused post", body: "Fine.", titleEs: "Bien", bodyEs: "Bien.", ...bad };
    const res = await create(fields);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, fieldErrors: { [field]: message }, values: { titleEs: fields.titleEs, bodyEs: fields.bodyEs } });
    expect(Object.keys((res.body as { fieldErrors: object }).fieldErrors)).toEqual([field]);
    expect(await rows()).toBe(before);
  });

  it("says so in Spanish beside the Spanish field on the Spanish page", async () => {
    const res = await inLocale("es", () => create({ intent: "create", title: "Refused", body: "Fine.", bodyEs: "<b>Hola</b>" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: { bodyEs: "Use Markdown, no HTML: quite <b> (los enlaces, las listas y el énfasis se escriben en Markdown)." },
    });
  });

  it("lets neither a family nor a visitor post an announcement in either language", async () => {
    const before = await rows();
    expect((await create({ ...spanishAnnouncement, title: "From a client" }, "client")).status).toBe(403);
    expect((await create({ ...spanishAnnouncement, title: "From a visitor" }, "visitor")).status).toBe(401);
    expect(await rows()).toBe(before);
  });

  it("gives a Spanish reader the Spanish, and the English marked where there is none", async () => {
    const list = await inLocale("es", () =>
      call(general.loader, { request: new Request("http://localhost/es/general"), context: contextFor(db, "visitor") }),
    );
    type Post = { id: string; title: { text: string; lang: string; fallback: boolean }; body: { html: string; lang: string; fallback: boolean } };
    const posts = (list.body as { posts: Post[] }).posts;
    const spanish = posts.find((p) => p.title.text === "Reabren las canchas")!;
    expect(spanish.title).toEqual({ text: "Reabren las canchas", lang: "es", fallback: false });
    expect(spanish.body).toMatchObject({ lang: "es", fallback: false });
    expect(spanish.body.html).toContain("Traigan <strong>agua</strong>.");
    expect(spanish.body.html).toContain("<li>gorra</li>");
    const english = posts.find((p) => p.title.text === "English only")!;
    expect(english.title).toEqual({ text: "English only", lang: "en", fallback: true });
    expect(english.body).toEqual({ html: "<p>Only in English.</p>\n", lang: "en", fallback: true });

    const page = await inLocale("es", () =>
      call(post.loader, {
        request: new Request(`http://localhost/es/general/${spanish.id}`),
        context: contextFor(db, "visitor"),
        params: { postId: spanish.id },
      }),
    );
    expect(page.body).toMatchObject({
      title: { text: "Reabren las canchas", lang: "es", fallback: false },
      body: { lang: "es", fallback: false },
      summary: "Traigan agua. gorra raqueta",
      values: null,
    });
  });

  it("always gives an English reader the English", async () => {
    const list = await call(general.loader, { request: new Request("http://localhost/general"), context: contextFor(db, "visitor") });
    const posts = (list.body as { posts: Array<{ title: { text: string; fallback: boolean }; body: { html: string } }> }).posts;
    const reopen = posts.find((p) => p.title.text === "Courts reopen")!;
    expect(reopen.title).toEqual({ text: "Courts reopen", lang: "en", fallback: false });
    expect(reopen.body.html).toContain("Bring <strong>water</strong>.");
  });

  it("lets a coach change the Spanish on the post's page, with both versions in the form, and refuses HTML there too", async () => {
    const row = (await byTitle("English only"))!;
    const edit = (fields: Record<string, string>, who: "client" | "coach" = "coach") =>
      call(post.action, { request: postForm(`/general/${row.id}`, fields), context: contextFor(db, who), params: { postId: row.id } });
    const form = { intent: "update", title: "English only", body: "Only in English." };

    const refused = await edit({ ...form, titleEs: "Solo en inglés", bodyEs: "<iframe src=x></iframe>" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { bodyEs: expect.stringContaining("<iframe>") } });
    expect(await byTitle("English only")).toMatchObject({ titleEs: null, bodyEs: null });
    expect((await edit({ ...form, titleEs: "De un cliente", bodyEs: "No." }, "client")).status).toBe(403);
    expect(await byTitle("English only")).toMatchObject({ titleEs: null, bodyEs: null });

    expect((await edit({ ...form, titleEs: "Ahora en español", bodyEs: "Ya *no* solo en inglés." })).status).toBe(302);
    expect(await byTitle("English only")).toMatchObject({ titleEs: "Ahora en español", bodyEs: "Ya *no* solo en inglés." });
    const page = await call(post.loader, {
      request: new Request(`http://localhost/general/${row.id}`),
      context: contextFor(db, "coach"),
      params: { postId: row.id },
    });
    expect(page.body).toMatchObject({
      title: { text: "English only", fallback: false },
      values: { title: "English only", body: "Only in English.", titleEs: "Ahora en español", bodyEs: "Ya *no* solo en inglés.", pinned: false },
    });
  });

  it("writes the Spanish in the Spanish feed, and the English as it is (xml:lang=en) where there is none", async () => {
    await db.insert(announcements).values({ title: "Picture day", body: "Wear the **team shirt**." });
    const res = await inLocale("es", () =>
      call(feed.loader, { request: new Request("http://localhost/es/general/feed.xml"), context: contextFor(db, "visitor") }),
    );
    const xml = res.body as string;
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">');
    expect(xml).toContain("<title>Ahora en español</title>");
    expect(xml).toContain("Ya &#60;em&#62;no&#60;/em&#62; solo en inglés.");
    expect(xml).toContain('<title xml:lang="en">Picture day</title>');
    expect(xml).toContain('<content type="html" xml:lang="en">&#60;p&#62;Wear the &#60;strong&#62;team shirt&#60;/strong&#62;.&#60;/p&#62;');
    const english = (await call(feed.loader, { request: new Request("http://localhost/general/feed.xml"), context: contextFor(db, "visitor") }))
      .body as string;
    expect(english).toContain("<title>English only</title>");
    expect(english).toContain("<title>Picture day</title>");
    expect(english).not.toContain("xml:lang");
  });
});
