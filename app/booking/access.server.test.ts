// Who may book and what is refused, against a real PostgreSQL through the pages' loaders and actions: wrong users
// (another household, a minor alone, a coach, a visitor, another coach's rows) see and change nothing; bad input gets
// its message and stores nothing, and the database refuses the same; the private feed's secret is kept hashed and a
// reset ends the old address (tests/support/booking-world.ts has the people and the coaches' availability).
import { eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { bookingFeeds, bookings, bookingWindows } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as lessonsAction, loader as lessonsLoader } from "~/routes/lessons";
import { loader as appointmentsLoader } from "~/routes/appointments";
import { action as notificationsAction } from "~/routes/account.notifications";
import { action as availabilityAction } from "~/routes/appointments.availability";
import { loader as feedLoader } from "~/routes/lessons.feed.ics";
import { getFeedForSecret, resetFeedSecret } from "./index.server";
import {
  activeBookings,
  adult,
  bookAs,
  coachA,
  coachB,
  contextAs,
  guardian,
  kid,
  minorAlone,
  otherGuardian,
  otherKid,
  seedBookingWorld,
} from "../../tests/support/booking-world";

const { db } = await createTestDatabase();
beforeAll(async () => {
  await seedBookingWorld(db);
  // Ada's lesson on Friday 11 December, 17:30 (a coach's week shows it), and one of Kiko's, booked and cancelled.
  expect((await bookAs(db, adult, { athleteId: adult.id, start: "2026-12-11T22:30:00.000Z" })).status).toBe(302);
  expect((await bookAs(db, guardian, { athleteId: kid, start: "2026-12-18T20:00:00.000Z" })).status).toBe(302);
  const [kids] = await db.select().from(bookings).where(eq(bookings.athleteId, kid));
  const cancel = await call(lessonsAction, {
    request: postForm("/lessons", { intent: "cancel", bookingId: kids!.id, confirmed: "yes" }),
    context: contextAs(db, guardian),
  });
  expect(cancel.status).toBe(302);
});

describe("wrong users are refused on the server", () => {
  it("refuses another household's athlete, a minor booking alone, a coach booking, and a visitor", async () => {
    const before = (await activeBookings(db)).length;
    const start = "2026-12-11T23:00:00.000Z";
    const other = await bookAs(db, guardian, { athleteId: otherKid, start });
    expect(other.status).toBe(403);
    expect((other.body as { formError: string }).formError).toBe("You can book only for yourself or for the student-athletes of your family.");
    const minor = await bookAs(db, minorAlone, { athleteId: minorAlone.id, start });
    expect(minor.status).toBe(403);
    expect((minor.body as { formError: string }).formError).toContain("A parent or guardian books lessons");
    const page = await call(lessonsLoader, { request: new Request("http://localhost/lessons"), context: contextAs(db, minorAlone) });
    expect(page.body).toMatchObject({ minor: true, athletes: [], slots: [] });
    expect((await bookAs(db, coachA, { start })).status).toBe(403);
    expect((await bookAs(db, coachB, { start, coachId: coachA.id })).status).toBe(403);
    expect((await call(lessonsAction, { request: postForm("/lessons", { intent: "book" }), context: contextAs(db, null) })).status).toBe(401);
    expect((await call(lessonsLoader, { request: new Request("http://localhost/lessons"), context: contextAs(db, null) })).status).toBe(302);
    expect((await activeBookings(db)).length).toBe(before);
  });

  it("keeps another family's bookings out of reach: not listed, not cancelled", async () => {
    const [theirs] = await db.select().from(bookings).where(eq(bookings.athleteId, adult.id));
    const listed = await call(lessonsLoader, { request: new Request("http://localhost/lessons"), context: contextAs(db, otherGuardian) });
    expect(JSON.stringify(listed.body)).not.toContain(theirs!.id);
    const cancel = await call(lessonsAction, {
      request: postForm("/lessons", { intent: "cancel", bookingId: theirs!.id, confirmed: "yes" }),
      context: contextAs(db, otherGuardian),
    });
    expect(cancel.status).toBe(404);
    expect((await db.select().from(bookings).where(eq(bookings.id, theirs!.id)))[0]!.cancelledAt).toBeNull();
  });

  it("keeps clients and visitors out of /appointments, and a coach's page lists only their own", async () => {
    expect((await call(appointmentsLoader, { request: new Request("http://localhost/appointments"), context: contextAs(db, guardian) })).status).toBe(
      403,
    );
    expect((await call(appointmentsLoader, { request: new Request("http://localhost/appointments"), context: contextAs(db, null) })).status).toBe(
      302,
    );
    const ana = await call(appointmentsLoader, {
      request: new Request("http://localhost/appointments"),
      context: contextAs(db, coachA, "2026-12-10T09:00:00-05:00"),
    });
    const days = (ana.body as { days: Array<{ bookings: Array<{ athlete_name: string; guardians: unknown[] }> }> }).days;
    expect(days.flatMap((d) => d.bookings.map((b) => b.athlete_name))).toContain("Ada Adult");
    const ben = await call(appointmentsLoader, {
      request: new Request("http://localhost/appointments"),
      context: contextAs(db, coachB, "2026-12-10T09:00:00-05:00"),
    });
    expect(JSON.stringify(ben.body)).not.toContain("Ada Adult");
  });

  it("a coach removes only their own windows", async () => {
    const [bens] = await db.select().from(bookingWindows).where(eq(bookingWindows.coachId, coachB.id));
    const res = await call(availabilityAction, {
      request: postForm("/appointments/availability", { intent: "remove-window", windowId: bens!.id }),
      context: contextAs(db, coachA),
    });
    expect(res.status).toBe(400);
    expect(await db.select().from(bookingWindows).where(eq(bookingWindows.id, bens!.id))).toHaveLength(1);
  });
});

describe("bad input gets a message and stores nothing", () => {
  const post = (fields: Record<string, string | string[]>) =>
    call(availabilityAction, { request: postForm("/appointments/availability", fields), context: contextAs(db, coachB) });

  it("refuses a window ending before it starts, and a 7-minute lesson", async () => {
    const windows = (await db.select().from(bookingWindows)).length;
    const backwards = await post({ intent: "add-window", kind: "lesson", weekday: "5", startTime: "19:00", endTime: "15:00", place: "Park" });
    expect(backwards.status).toBe(400);
    expect((backwards.body as { fieldErrors: Record<string, string> }).fieldErrors.endTime).toBe("The end must be after the start.");
    expect((await db.select().from(bookingWindows)).length).toBe(windows);
    const seven = await post({ intent: "settings", lessonMinutes: ["7"], bufferMinutes: "0" });
    expect(seven.status).toBe(400);
    expect((seven.body as { fieldErrors: Record<string, string> }).fieldErrors.lessonMinutes).toBe("A lesson is 30 or 60 minutes.");
    const sevenBooked = await bookAs(db, guardian, { minutes: "7", start: "2026-12-11T20:00:00.000Z" });
    expect(sevenBooked.status).toBe(400);
  });

  it("has the database refuse the same, whatever code gets past the forms", async () => {
    await expect(
      db.insert(bookingWindows).values({ coachId: coachB.id, kind: "lesson", weekday: 5, startTime: "19:00", endTime: "15:00", place: "Park" }),
    ).rejects.toThrow();
    await expect(db.execute(sql`insert into booking_settings (coach_id, lesson_minutes) values ('coach-ben', '{7}')`)).rejects.toThrow();
    const start = new Date("2027-01-08T20:00:00Z");
    await expect(
      db.insert(bookings).values({
        coachId: coachB.id,
        athleteId: adult.id,
        kind: "lesson",
        startsAt: start,
        endsAt: new Date(start.getTime() + 7 * 60_000),
        blockedUntil: new Date(start.getTime() + 7 * 60_000),
        place: "Park",
      }),
    ).rejects.toThrow();
  });
});

describe("the private calendar feed", () => {
  it("serves a person's bookings at a secret address, keeps only its hash, and a reset ends the old address", async () => {
    const first = await resetFeedSecret(db, guardian.id);
    const [stored] = await db.select().from(bookingFeeds).where(eq(bookingFeeds.userId, guardian.id));
    expect(stored!.tokenHash).not.toContain(first);
    const feed = await getFeedForSecret(contextAs(db, null) as never, first);
    const events = Object.values(ical.sync.parseICS(feed!)).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => /^booking-.*@localhost$/.test(e.uid))).toBe(true);
    expect(events.some((e) => e.status === "CANCELLED")).toBe(true);
    expect(JSON.stringify(events)).not.toContain("Ada Adult"); // another family's booking

    const res = await call(notificationsAction, {
      request: postForm("/account/notifications", { intent: "feed" }),
      context: contextAs(db, guardian),
    });
    const address = new URL((res.body as { feedAddress: string }).feedAddress);
    expect(address.pathname).toBe("/lessons/feed.ics");
    const served = await call(feedLoader, {
      request: new Request(`http://localhost${address.pathname}${address.search}`),
      context: contextAs(db, null),
    });
    expect(served.status).toBe(200);
    expect(String(served.body)).toContain("BEGIN:VCALENDAR");
    const old = await call(feedLoader, { request: new Request(`http://localhost/lessons/feed.ics?key=${first}`), context: contextAs(db, null) });
    expect(old.status).toBe(404);
  });

  it("gives a coach the lessons they give, made on their notification choices as a family's", async () => {
    const res = await call(notificationsAction, {
      request: postForm("/account/notifications", { intent: "feed" }),
      context: contextAs(db, coachA),
    });
    const address = new URL((res.body as { feedAddress: string }).feedAddress);
    const served = await call(feedLoader, {
      request: new Request(`http://localhost${address.pathname}${address.search}`),
      context: contextAs(db, null),
    });
    const events = Object.values(ical.sync.parseICS(String(served.body))).filter((c) => c?.type === "VEVENT") as VEvent[];
    expect(events.map((e) => e.summary)).toContain("Private lesson: Ada Adult with Coach Ana");
  });
});
