// The server's refusals for POST /testimonials, against a real database and real Better Auth sessions.
import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { testimonials } from "../../db/schema";
import { call, contextWithAuth, postForm, signedInUser } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { FALLBACK_TESTIMONIALS, isFallbackId } from "~/testimonials/rules";
import { NAME_BIDI_MESSAGE, NAME_BLOCKED_WORD_MESSAGE } from "~/testimonials/schemas";
import { loadTestimonialsSection } from "~/testimonials/testimonials.server";
import { TESTIMONIAL_LIMIT, action } from "./testimonials";

const { db } = await createTestDatabase();
const context = contextWithAuth(db);

// Each test signs up its own people: the per-person limit of one test never reaches another.
const signUp = (name: string, role: "client" | "coach" = "client") => signedInUser(context, name, role);

type Post = { cookie?: string; fields: Record<string, string>; via?: "fetcher" | null };

const post = ({ cookie, fields, via = "fetcher" }: Post) =>
  call(action, { request: postForm("/testimonials", { ...fields, ...(via ? { via } : {}) }, cookie ? { cookie } : {}), context });

const good = { intent: "create", name: "Happy Parent", content: "The coaches are wonderful and patient.", rating: "5" };
const rowCount = async () => (await db.select({ n: count() }).from(testimonials))[0]!.n;
const insertReal = async (name: string) =>
  (await db.insert(testimonials).values({ name, content: "A lovely season with the team", rating: 5 }).returning())[0]!;

describe("the home page's testimonials from the database (newest three, padded with fallbacks)", () => {
  it("mixes 0, 1, 2 and 3 real testimonials with the samples, newest first", async () => {
    const visitor = () => new Request("http://localhost:3999/");
    const shown = async () => (await loadTestimonialsSection(visitor(), context)).testimonials.map((t) => t.name);
    expect(await shown()).toEqual(FALLBACK_TESTIMONIALS.map((t) => t.name));
    const [s1, s2] = FALLBACK_TESTIMONIALS.map((t) => t.name);
    const at = (name: string, iso: string) =>
      db.insert(testimonials).values({ name, content: "A lovely season with the team", createdAt: new Date(iso) });
    await at("Older", "2025-01-01T00:00:00Z");
    expect(await shown()).toEqual([s1, "Older", s2]);
    await at("Newer", "2025-02-01T00:00:00Z");
    expect(await shown()).toEqual(["Newer", s1, "Older"]);
    await at("Newest", "2025-03-01T00:00:00Z");
    await at("Oldest", "2024-01-01T00:00:00Z");
    expect(await shown()).toEqual(["Newest", "Newer", "Older"]);
    // Not approved: never shown. A missing rating reads as 5.
    await db.insert(testimonials).values({ name: "Hidden", content: "Not approved for display", approved: false, createdAt: new Date() });
    const section = await loadTestimonialsSection(visitor(), context);
    expect(section.testimonials.map((t) => t.name)).toEqual(["Newest", "Newer", "Older"]);
    expect(section.testimonials.every((t) => t.rating === 5)).toBe(true);
    await db.delete(testimonials);
  });
});

describe("POST /testimonials intent=create", () => {
  it("adds the signed-in user's testimonial, approved, with created_by set by the server", async () => {
    const client = await signUp("Creating Client");
    const res = await post({ cookie: client.cookie, fields: { ...good, created_by: "someone-else", approved: "false" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      intent: "create",
      toast: { type: "success", title: "Testimonial Added!", description: "Thank you for sharing your experience." },
    });
    const [row] = await db.select().from(testimonials).where(eq(testimonials.createdBy, client.id));
    expect(row).toMatchObject({
      name: "Happy Parent",
      content: "The coaches are wonderful and patient.",
      rating: 5,
      approved: true,
      createdBy: client.id,
    });
  });

  it("refuses a visitor and stores nothing", async () => {
    const before = await rowCount();
    const res = await post({ fields: good });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, intent: "create", fieldErrors: {}, formError: "Please sign in to do that." });
    expect(await rowCount()).toBe(before);
  });

  it("refuses bad input with the spec's messages and stores nothing", async () => {
    const client = await signUp("Bad Input");
    const before = await rowCount();
    const res = await post({ cookie: client.cookie, fields: { intent: "create", name: "A", content: "too short", rating: "9" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ok: false,
      intent: "create",
      fieldErrors: {
        name: "Name must be at least 2 characters",
        content: "Testimonial must be at least 10 characters",
        rating: "Rating must be 5 or less",
      },
    });
    const zero = await post({ cookie: client.cookie, fields: { ...good, rating: "0" } });
    expect(zero.body).toMatchObject({ fieldErrors: { rating: "Rating must be at least 1" } });
    expect(await rowCount()).toBe(before);
  });

  it.each([
    ["three stars", { rating: "3" }],
    ["a listed word", { content: "Damn, what a great program this is!" }],
  ])("refuses %s through the positivity gate", async (_label, change) => {
    const client = await signUp("Gate Client");
    const before = await rowCount();
    const res = await post({ cookie: client.cookie, fields: { ...good, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, intent: "create", fieldErrors: { form: "Rating should be 4–5 and content should be positive." } });
    expect(await rowCount()).toBe(before);
  });

  it("refuses a word disguised with a zero-width joiner or look-alike letters, and stores nothing", async () => {
    const client = await signUp("Disguise Client");
    const before = await rowCount();
    for (const content of ["This program is sh\u200Dit, honestly great", "What a \u0455hit good time, honestly"]) {
      const res = await post({ cookie: client.cookie, fields: { ...good, content } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, intent: "create", fieldErrors: { form: "Rating should be 4–5 and content should be positive." } });
    }
    expect(await rowCount()).toBe(before);
  });

  it.each(["Call me at 202 555 0147, great coaches!", "DM me on snap @tennisgirl09 for lessons", "Lessons at https://example.org anytime"])(
    "refuses contact details in %j beside the field, and stores nothing",
    async (content) => {
      const client = await signUp("Contact Client");
      const before = await rowCount();
      const res = await post({ cookie: client.cookie, fields: { ...good, content } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        ok: false,
        intent: "create",
        fieldErrors: { content: "Testimonials are public, so they can't include links, email addresses, phone numbers or social media handles." },
      });
      expect(await rowCount()).toBe(before);
    },
  );

  it.each([
    ["Shit Crap", NAME_BLOCKED_WORD_MESSAGE],
    ["Sh1t Head", NAME_BLOCKED_WORD_MESSAGE],
    ["Cr@p D4mn", NAME_BLOCKED_WORD_MESSAGE],
    ["$hit Happens", NAME_BLOCKED_WORD_MESSAGE],
    ["Ava \u202Etihs", NAME_BIDI_MESSAGE],
    ["\u2067Lee\u2069 Mom", NAME_BIDI_MESSAGE],
  ])("refuses the name %j beside the field, and stores nothing", async (name, message) => {
    const client = await signUp("Name Client");
    const before = await rowCount();
    const res = await post({ cookie: client.cookie, fields: { ...good, name } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, intent: "create", fieldErrors: { name: message } });
    expect(await rowCount()).toBe(before);
  });

  it("lets names that only contain a listed word inside another through", async () => {
    const client = await signUp("Shell Client");
    for (const name of ["Shelly Hellman", "Scrappy Doo", "Dr. Crapo"]) {
      expect((await post({ cookie: client.cookie, fields: { ...good, name } })).status).toBe(200);
    }
  });

  it("lets 'Hello' and 'shell' through the gate", async () => {
    const client = await signUp("Hello Client");
    const res = await post({ cookie: client.cookie, fields: { ...good, content: "Hello! My shy son came out of his shell." } });
    expect(res.status).toBe(200);
  });

  it(`limits each user to ${TESTIMONIAL_LIMIT} submissions an hour, without blocking others`, async () => {
    const busy = await signUp("Busy Client");
    for (let i = 0; i < TESTIMONIAL_LIMIT; i++) expect((await post({ cookie: busy.cookie, fields: good })).status).toBe(200);
    const before = await rowCount();
    const res = await post({ cookie: busy.cookie, fields: good });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      ok: false,
      intent: "create",
      fieldErrors: {},
      formError: "You have shared several testimonials recently. Please wait 60 minutes and try again.",
    });
    expect(await rowCount()).toBe(before);
    const other = await signUp("Other Client");
    expect((await post({ cookie: other.cookie, fields: good })).status).toBe(200);
  });

  it("answers a request without JavaScript with a redirect home and a toast cookie", async () => {
    const client = await signUp("No Script");
    const ok = await post({ cookie: client.cookie, fields: good, via: null });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/");
    expect(ok.headers.get("set-cookie")).toMatch(/^nlte_toast=/);
    const bad = await post({ fields: good, via: null });
    expect(bad.status).toBe(302);
  });
});

describe("POST /testimonials intent=delete", () => {
  it("lets a coach delete a real testimonial", async () => {
    const coach = await signUp("Deleting Coach", "coach");
    const row = await insertReal("To Be Deleted");
    const res = await post({ cookie: coach.cookie, fields: { intent: "delete", id: row.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, intent: "delete" });
    expect(await db.select().from(testimonials).where(eq(testimonials.id, row.id))).toEqual([]);
  });

  it("refuses a visitor and a client, and deletes nothing", async () => {
    const row = await insertReal("Stays Put");
    const visitor = await post({ fields: { intent: "delete", id: row.id } });
    expect(visitor.status).toBe(401);
    const client = await signUp("Sneaky Client");
    const res = await post({ cookie: client.cookie, fields: { intent: "delete", id: row.id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ok: false, intent: "delete", fieldErrors: {}, formError: "Only coaches can delete testimonials." });
    expect(await db.select().from(testimonials).where(eq(testimonials.id, row.id))).toHaveLength(1);
  });

  it("refuses a fallback id, a malformed id and an unknown id cleanly, deleting nothing", async () => {
    const coach = await signUp("Careful Coach", "coach");
    await insertReal("Survivor");
    const before = await rowCount();
    const fallback = await post({ cookie: coach.cookie, fields: { intent: "delete", id: "f1" } });
    expect(fallback.status).toBe(400);
    expect(fallback.body).toEqual({ ok: false, intent: "delete", fieldErrors: {}, formError: "Sample testimonials cannot be deleted." });
    for (const id of ["not-a-uuid", "1; drop table testimonials", crypto.randomUUID()]) {
      const res = await post({ cookie: coach.cookie, fields: { intent: "delete", id } });
      expect(res.status).toBe(404);
    }
    expect((await post({ cookie: coach.cookie, fields: { intent: "delete" } })).status).toBe(400);
    expect(await rowCount()).toBe(before);
  });
});

describe("loadTestimonialsSection", () => {
  it("gives permissions by role and falls back silently to the samples when loading fails", async () => {
    const coach = await signUp("Section Coach", "coach");
    const request = new Request("http://localhost:3999/", { headers: { cookie: coach.cookie } });
    const section = await loadTestimonialsSection(request, context);
    expect(section).toMatchObject({ canSubmit: true, canDelete: true, defaultName: "Section Coach" });
    expect(section.testimonials).toHaveLength(3);
    expect(section.testimonials.some((t) => isFallbackId(t.id))).toBe(false);

    const visitor = await loadTestimonialsSection(new Request("http://localhost:3999/"), context);
    expect(visitor).toMatchObject({ canSubmit: false, canDelete: false });

    const broken = {
      ...context,
      db: {
        select: () => {
          throw new Error("database is down");
        },
      },
    } as unknown as AppLoadContext;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const fallback = await loadTestimonialsSection(new Request("http://localhost:3999/"), broken);
      expect(fallback.testimonials.map((t) => t.id)).toEqual(["f1", "f2", "f3"]);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
