// What to bring, per session (issue 39, decision 0063): staff write it in both languages in the session's editor; the
// program page's session card and the Enrolled mail read it from the one rule (whatToBring), in the reader's language,
// and a session without it gives the organisation's standing list. Too long is refused beside the field and nothing
// changes; a family cannot set it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { call, contextFor, createRouteUsers, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { enrolledParagraphs, getEnrolledSession } from "~/enrollment/enrolled-details.server";
import * as calendarEvents from "~/routes/calendar.events";
import * as editEvent from "~/routes/calendar.events.$eventId";
import { getProgramPage } from "./programs.server";

const { db } = await createTestDatabase();
beforeAll(() => createRouteUsers(db));

const session = {
  intent: "create-event",
  title: "Bring Test Clinic",
  kind: "weekly",
  weekdays: ["2", "4"],
  startsOn: "2031-03-04",
  endsOn: "2031-05-29",
  startTime: "16:00",
  endTime: "17:30",
  place: "Fort Stanton Park",
  programSlug: "after-school",
  hasRegister: "on",
  whatToBring: "Your racquet, two water bottles and a hat.",
  whatToBringEs: "Su raqueta, dos botellas de agua y una gorra.",
};
const post = (fields: Record<string, string | string[]>, who: "client" | "coach" = "coach") =>
  call(calendarEvents.action, { request: postForm("/calendar/events", fields), context: contextFor(db, who) });
const named = async (title: string) => (await db.select().from(events).where(eq(events.title, title)))[0];
const card = async (title: string, locale: "en" | "es") =>
  (await getProgramPage(db, "after-school", "2031-03-01", locale))!.sessions.find((s) => s.title.text === title)!;
const site = { orgName: "Next Level", phone: "555-0100", email: "info@example.org", timeZone: "America/New_York" };
const mailLines = async (id: string, locale: "en" | "es") => {
  const got = (await getEnrolledSession(db, id))!;
  return enrolledParagraphs(got.session, got.cancelledDays, { now: new Date("2031-03-01T12:00:00Z"), site, locale });
};

describe("what to bring", () => {
  it("is written in both languages by staff and shown on the session's card and in the Enrolled mail, in the reader's language", async () => {
    expect((await post(session)).status).toBe(302);
    const row = (await named("Bring Test Clinic"))!;
    expect(row).toMatchObject({ whatToBring: session.whatToBring, whatToBringEs: session.whatToBringEs });
    expect((await card("Bring Test Clinic", "en")).whatToBring).toEqual({ text: session.whatToBring, lang: "en", fallback: false });
    expect((await card("Bring Test Clinic", "es")).whatToBring).toEqual({ text: session.whatToBringEs, lang: "es", fallback: false });
    expect(await mailLines(row.id, "en")).toContain("What to bring: Your racquet, two water bottles and a hat.");
    expect(await mailLines(row.id, "es")).toContain("Qué traer: Su raqueta, dos botellas de agua y una gorra.");
    const loaded = await call(editEvent.loader, {
      request: new Request(`http://localhost/calendar/events/${row.id}`),
      context: contextFor(db, "coach"),
      params: { eventId: row.id },
    });
    expect(loaded.body).toMatchObject({ values: { whatToBring: session.whatToBring, whatToBringEs: session.whatToBringEs } });
  });

  it("left empty, is the organisation's standing list; its Spanish left empty, the English marked as such", async () => {
    expect((await post({ ...session, title: "Standing List Clinic", whatToBring: "", whatToBringEs: "" })).status).toBe(302);
    const row = (await named("Standing List Clinic"))!;
    expect(row).toMatchObject({ whatToBring: null, whatToBringEs: null });
    expect((await card("Standing List Clinic", "en")).whatToBring.text).toMatch(/^a racquet if you have one \(we lend them\)/);
    expect(await mailLines(row.id, "es")).toContain(
      "Qué traer: una raqueta si tiene (si no, le prestamos una), una botella de agua llena, zapatillas deportivas y ropa adecuada para el tiempo.",
    );
    expect((await post({ ...session, title: "English Only Clinic", whatToBringEs: "" })).status).toBe(302);
    expect((await card("English Only Clinic", "es")).whatToBring).toEqual({ text: session.whatToBring, lang: "en", fallback: true });
  });

  it("too long is refused beside its field with nothing stored, and a family cannot change it", async () => {
    const refused = await post({ ...session, title: "Too Long Clinic", whatToBringEs: "x".repeat(301) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { whatToBringEs: "Keep what to bring under 300 characters." } });
    expect(await named("Too Long Clinic")).toBeUndefined();
    const row = (await named("Bring Test Clinic"))!;
    const asFamily = await call(editEvent.action, {
      request: postForm(`/calendar/events/${row.id}`, { ...session, intent: "update", whatToBring: "Nothing" }),
      context: contextFor(db, "client"),
      params: { eventId: row.id },
    });
    expect(asFamily.status).toBe(403);
    expect((await named("Bring Test Clinic"))!.whatToBring).toBe(session.whatToBring);
  });
});
