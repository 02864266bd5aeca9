// Booking against a real PostgreSQL, through the pages' loaders and actions as each person would post them: free
// times, the 50-request race decided by the exclusion constraint, the 24-hour rule, a coach's cancellation and move,
// the invitations read back by a real iCalendar parser, the reminder job, and the daylight-saving Sundays with the
// clock set through configuration (tests/support/booking-world.ts has the people and the coaches' availability).
import { and, eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, bookingWindows, cancelledDates, mailCalendarParts, mailOutbox } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as lessonsAction, loader as lessonsLoader } from "~/routes/lessons";
import { action as appointmentsAction } from "~/routes/appointments";
import { sendBookingReminder } from "./index.server";
import {
  activeBookings,
  adult,
  bookAs,
  coachA,
  coachB,
  contextAs,
  FRIDAY_4PM,
  guardian,
  invitationMailed,
  kid,
  otherGuardian,
  otherKid,
  seedBookingWorld,
  teen,
} from "../../tests/support/booking-world";

const { db } = await createTestDatabase();
beforeAll(() => seedBookingWorld(db));

describe("free times on /lessons", () => {
  it("shows a guardian's athletes and Coach Ana's Friday slots with the buffer, none inside 24 hours", async () => {
    const res = await call(lessonsLoader, { request: new Request("http://localhost/lessons?coach=coach-ana"), context: contextAs(db, guardian) });
    expect(res.status).toBe(200);
    const body = res.body as { athletes: Array<{ id: string }>; slots: Array<{ start: number }> };
    expect(body.athletes.map((a) => a.id).sort()).toEqual([kid, teen]);
    const starts = body.slots.map((s) => new Date(s.start).toISOString());
    expect(starts.slice(0, 3)).toEqual(["2026-11-27T20:00:00.000Z", "2026-11-27T21:15:00.000Z", "2026-11-27T22:30:00.000Z"]);
    // Thursday 26th 10:00-12:00 is under 24 hours away: not offered.
    expect(starts.some((s) => s.startsWith("2026-11-26"))).toBe(false);
  });

  it("offers nothing on the organisation's cancelled date", async () => {
    await db.insert(cancelledDates).values({ day: "2026-12-04" });
    const res = await call(lessonsLoader, {
      request: new Request("http://localhost/lessons?coach=coach-ana&from=2026-12-03"),
      context: contextAs(db, guardian),
    });
    const starts = (res.body as { slots: Array<{ start: number }> }).slots.map((s) => new Date(s.start).toISOString());
    expect(starts.some((s) => s.startsWith("2026-12-04"))).toBe(false);
    expect(starts.some((s) => s.startsWith("2026-12-10"))).toBe(true); // the Thursday after
  });
});

describe("the 50-request race", () => {
  it("books exactly one of 50 posts at once; the other 49 hear 'That time was just taken' with the next free times", async () => {
    const start = "2026-12-18T20:00:00.000Z"; // Friday 18 December, 15:00
    // Three families (four athletes) post the page's form at the same moment, as their browsers would.
    const families = [
      [guardian, kid],
      [guardian, teen],
      [otherGuardian, otherKid],
      [adult, adult.id],
    ] as const;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const [who, athleteId] = families[i % families.length]!;
        return bookAs(db, who, { athleteId, start });
      }),
    );
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    const lost = results.filter((r) => r.status !== 302);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.status).toBe(409);
      const body = r.body as { formError: string; nextFree: Array<{ start: number }> };
      expect(body.formError).toBe("That time was just taken. Please choose another time.");
      expect(new Date(body.nextFree[0]!.start).toISOString()).toBe("2026-12-18T21:15:00.000Z");
    }
    const stored = await db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(start)));
    expect(stored).toHaveLength(1);
    // Booked by whoever won, at the buffer's end the next one may start.
    expect(stored[0]!.blockedUntil.toISOString()).toBe("2026-12-18T21:15:00.000Z");
  });
});

describe("the 24-hour rule", () => {
  let bookingId = "";
  it("books a Friday lesson two days ahead and mails both verified family members the invitation", async () => {
    const res = await bookAs(db, guardian, { note: "Working on the serve" });
    expect(res.status).toBe(302);
    const [row] = await db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(FRIDAY_4PM)));
    expect(row).toMatchObject({
      athleteId: kid,
      coachId: coachA.id,
      bookedBy: guardian.id,
      place: "Fort Stanton Park",
      sequence: 0,
      note: "Working on the serve",
    });
    expect(row!.blockedUntil.toISOString()).toBe("2026-11-27T22:15:00.000Z");
    bookingId = row!.id;
    const { event, raw, subject } = await invitationMailed(db, bookingId, "gina@example.com", "REQUEST");
    expect(raw).toContain("METHOD:REQUEST");
    expect(raw).toContain("DTSTART;TZID=America/New_York:20261127T160000");
    expect(event.uid).toBe(`booking-${bookingId}@localhost`);
    expect(Number(event.sequence)).toBe(0);
    expect(new Date(event.start).toISOString()).toBe(FRIDAY_4PM);
    expect(event.summary).toBe("Private lesson: Kiko Kid with Coach Ana");
    expect(event.location).toBe("Fort Stanton Park");
    expect(subject).toContain("Private lesson booked");
    // Kiko has no login: nothing to his placeholder address.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "athlete-kiko@no-login.invalid"))).toEqual([]);
    // The reminder waits for 24 hours before.
    const { rows } = await db.execute<{ run_at: Date }>(sql`select run_at from graphile_worker.jobs where key = ${`booking_reminder:${bookingId}`}`);
    expect(new Date(rows[0]!.run_at).toISOString()).toBe("2026-11-26T21:00:00.000Z");
  });

  it("refuses to book a slot starting in less than 24 hours, and a slot in the past, storing nothing", async () => {
    const before = (await activeBookings(db)).length;
    const soon = await bookAs(db, guardian, { start: "2026-11-26T15:00:00.000Z" }); // Thursday 10:00, 22 hours away
    expect(soon.status).toBe(400);
    expect((soon.body as { formError: string }).formError).toContain("Bookings close 24 hours before the start");
    expect((soon.body as { formError: string }).formError).toContain("(202) 555-0147");
    const past = await bookAs(db, guardian, { start: "2026-11-20T21:00:00.000Z" });
    expect(past.status).toBe(400);
    expect((past.body as { formError: string }).formError).toBe("That time has already passed. Please choose a later one.");
    expect((await activeBookings(db)).length).toBe(before);
  });

  it("refuses the family's cancellation inside 24 hours, with the phone to call; the coach cancels with a reason", async () => {
    const thursday = "2026-11-27T10:00:00-05:00"; // the day before, 6 hours before the lesson
    const family = await call(lessonsAction, {
      request: postForm("/lessons", { intent: "cancel", bookingId, confirmed: "yes" }),
      context: contextAs(db, guardian, thursday),
    });
    expect(family.status).toBe(400);
    expect((family.body as { formError: string }).formError).toContain("cannot be cancelled online in the last 24 hours");
    expect((await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.cancelledAt).toBeNull();

    const noReason = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "cancel", bookingId, reason: " " }),
      context: contextAs(db, coachA, thursday),
    });
    expect(noReason.status).toBe(400);
    const coach = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "cancel", bookingId, reason: "Rain: courts closed", confirmed: "yes" }),
      context: contextAs(db, coachA, thursday),
    });
    expect(coach.status).toBe(302);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ cancelledBy: coachA.id, reason: "Rain: courts closed", sequence: 1 });
    const cancel = await invitationMailed(db, bookingId, "gina@example.com", "CANCEL");
    expect(cancel.raw).toContain("METHOD:CANCEL");
    expect(cancel.event.uid).toBe(`booking-${bookingId}@localhost`);
    expect(Number(cancel.event.sequence)).toBe(1);
    expect(cancel.event.status).toBe("CANCELLED");
    const { rows } = await db.execute(sql`select 1 from graphile_worker.jobs where key = ${`booking_reminder:${bookingId}`}`);
    expect(rows).toEqual([]);
  });

  it("lets the family cancel more than 24 hours ahead, and the slot is free again", async () => {
    const res = await bookAs(db, guardian, { athleteId: teen });
    expect(res.status).toBe(302);
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.athleteId, teen), eq(bookings.startsAt, new Date(FRIDAY_4PM))));
    // Tara has her own login and a verified address: she gets the invitation too.
    await invitationMailed(db, row!.id, "tara@example.com", "REQUEST");
    const cancel = await call(lessonsAction, {
      request: postForm("/lessons", { intent: "cancel", bookingId: row!.id, confirmed: "yes" }),
      context: contextAs(db, guardian),
    });
    expect(cancel.status).toBe(302);
    await invitationMailed(db, row!.id, "tara@example.com", "CANCEL");
  });
});

describe("coaches move bookings", () => {
  it("moves a booking with a reason: the same UID, the next SEQUENCE; another coach cannot", async () => {
    const res = await bookAs(db, adult, { athleteId: adult.id, start: "2026-12-11T20:00:00.000Z" });
    expect(res.status).toBe(302);
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.athleteId, adult.id), eq(bookings.startsAt, new Date("2026-12-11T20:00:00.000Z"))));
    const move = { intent: "move", bookingId: row!.id, day: "2026-12-11", time: "17:30", reason: "A tournament" };
    const other = await call(appointmentsAction, { request: postForm("/appointments", move), context: contextAs(db, coachB) });
    expect(other.status).toBe(404);
    const past = await call(appointmentsAction, {
      request: postForm("/appointments", { ...move, day: "2026-11-01" }),
      context: contextAs(db, coachA),
    });
    expect(past.status).toBe(400);
    const moved = await call(appointmentsAction, { request: postForm("/appointments", move), context: contextAs(db, coachA) });
    expect(moved.status).toBe(302);
    const requests = await db
      .select({ content: mailCalendarParts.content })
      .from(mailCalendarParts)
      .innerJoin(mailOutbox, eq(mailOutbox.id, mailCalendarParts.mailId))
      .where(and(eq(mailOutbox.toAddress, "ada@example.com"), sql`${mailCalendarParts.content} like ${`%booking-${row!.id}@%`}`))
      .orderBy(mailOutbox.createdAt);
    const events = requests.map((r) => Object.values(ical.sync.parseICS(r.content)).find((c) => c?.type === "VEVENT") as VEvent);
    expect(events.map((e) => [new Date(e.start).toISOString(), Number(e.sequence)])).toEqual([
      ["2026-12-11T20:00:00.000Z", 0],
      ["2026-12-11T22:30:00.000Z", 1],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(1);
  });
});

describe("the reminder", () => {
  it("mails the family a day before, unless the booking moved or was cancelled since", async () => {
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.athleteId, adult.id), eq(bookings.startsAt, new Date("2026-12-11T22:30:00.000Z")))); // moved there
    const services = contextAs(db, null) as never;
    await sendBookingReminder(services, { bookingId: row!.id, startsAt: "2026-12-11T20:00:00.000Z" }); // its old time
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "booking-reminder"))),
    ).toEqual([]);
    await sendBookingReminder(services, { bookingId: row!.id, startsAt: row!.startsAt.toISOString() });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking-reminder"));
    expect(mail).toMatchObject({ toAddress: "ada@example.com" });
    expect(mail!.subject).toContain("Tomorrow");
  });
});

describe("daylight-saving Sundays, with the clock set through configuration", () => {
  it("books 15:00 on 2026-03-08 and 2026-11-01 at 15:00 local, and the invitation says so", async () => {
    await db
      .insert(bookingWindows)
      .values({ coachId: coachB.id, kind: "lesson", weekday: 0, startTime: "15:00", endTime: "16:00", place: "Anacostia Park" });
    for (const [now, from, instant, local] of [
      ["2026-03-05T09:00:00-05:00", "2026-03-08", "2026-03-08T19:00:00.000Z", "20260308T150000"],
      ["2026-10-29T09:00:00-04:00", "2026-11-01", "2026-11-01T20:00:00.000Z", "20261101T150000"],
    ] as const) {
      const res = await call(lessonsLoader, {
        request: new Request(`http://localhost/lessons?coach=coach-ben&from=${from}`),
        context: contextAs(db, adult, now),
      });
      const first = (res.body as { slots: Array<{ start: number }> }).slots.map((s) => new Date(s.start).toISOString())[0];
      expect(first).toBe(instant);
      expect((await bookAs(db, adult, { athleteId: adult.id, coachId: coachB.id, start: instant }, now)).status).toBe(302);
      const [row] = await db
        .select()
        .from(bookings)
        .where(eq(bookings.startsAt, new Date(instant)));
      const { raw, event } = await invitationMailed(db, row!.id, "ada@example.com", "REQUEST");
      expect(raw).toContain(`DTSTART;TZID=America/New_York:${local}`);
      expect(new Date(event.start).toISOString()).toBe(instant);
    }
  });
});

describe("in the reader's language", () => {
  it("mails a Spanish-speaking guardian in Spanish, invitation included", async () => {
    const res = await bookAs(db, otherGuardian, { athleteId: otherKid, start: "2027-01-08T20:00:00.000Z" }); // Friday 8 January, 15:00
    expect(res.status).toBe(302);
    const [row] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.athleteId, otherKid), eq(bookings.startsAt, new Date("2027-01-08T20:00:00.000Z"))));
    const { subject, event } = await invitationMailed(db, row!.id, "otto@example.com", "REQUEST");
    expect(subject).toBe("Clase privada reservada: viernes, 8 de enero, 3:00 p. m.–4:00 p. m.");
    expect(event.summary).toBe("Clase privada: Oli Other con Coach Ana");
  });
});
