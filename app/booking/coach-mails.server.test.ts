// Coaches are told (issue 30): a family's booking and a family's cancellation mail the booking's coach, in the coach's
// language, with the same invitation the family gets (one UID, REQUEST then CANCEL with the next SEQUENCE, read back by
// a real iCalendar parser), queued in the change's transaction; a coach's own cancellation or move is not mailed back to
// them; an unverified coach address gets nothing. tests/support/booking-world.ts has the people and the availability.
import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, mailOutbox, users } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as appointmentsAction } from "~/routes/appointments";
import { action as lessonsAction } from "~/routes/lessons";
import { adult, bookAs, coachA, coachB, contextAs, guardian, invitationMailed, seedBookingWorld } from "../../tests/support/booking-world";

const { db } = await createTestDatabase();
beforeAll(() => seedBookingWorld(db));

const coachMails = (to: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.kind, "booking-coach-%")))
    .orderBy(mailOutbox.createdAt);
const bookingAt = async (start: string) =>
  (
    await db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(start)))
  )[0]!;

describe("the coach hears of a family's booking and cancellation", () => {
  it("mails Coach Ana the family's booking with the invitation the family gets, and its cancellation with the CANCEL", async () => {
    const start = "2026-11-27T21:00:00.000Z"; // Friday 16:00
    expect((await bookAs(db, guardian, { start, note: "Working on the serve" })).status).toBe(302);
    const booking = await bookingAt(start);
    const family = await invitationMailed(db, booking.id, "gina@example.com", "REQUEST");
    const coach = await invitationMailed(db, booking.id, "coach-ana@example.com", "REQUEST");
    expect(coach.event.uid).toBe(family.event.uid);
    expect(Number(coach.event.sequence)).toBe(0);
    expect(new Date(coach.event.start).toISOString()).toBe(start);
    expect(coach.event.summary).toBe("Private lesson: Kiko Kid with Coach Ana");
    expect(coach.raw).toContain("METHOD:REQUEST");
    const [booked] = await coachMails("coach-ana@example.com");
    expect(booked).toMatchObject({
      kind: "booking-coach-booked",
      subject: "New booking: Private lesson with Kiko Kid, Friday, November 27, 4:00 PM–5:00 PM",
    });
    expect(booked!.textBody).toContain(
      "Private lesson for Kiko Kid is booked with you for Friday, November 27, 4:00 PM–5:00 PM, at Fort Stanton Park.",
    );
    expect(booked!.textBody).toContain("Note: Working on the serve");
    expect(booked!.textBody).toContain("http://localhost:3999/appointments");

    const cancel = await call(lessonsAction, {
      request: postForm("/lessons", { intent: "cancel", bookingId: booking.id, confirmed: "yes" }),
      context: contextAs(db, guardian),
    });
    expect(cancel.status).toBe(302);
    const cancelled = await invitationMailed(db, booking.id, "coach-ana@example.com", "CANCEL");
    expect(cancelled.event.uid).toBe(family.event.uid);
    expect(Number(cancelled.event.sequence)).toBe(1);
    expect(cancelled.event.status).toBe("CANCELLED");
    expect(cancelled.subject).toBe("Cancelled by the family: Private lesson with Kiko Kid, Friday, November 27, 4:00 PM–5:00 PM");
  });

  it("writes to a Spanish-speaking coach in Spanish", async () => {
    await db.update(users).set({ locale: "es" }).where(eq(users.id, coachB.id));
    const start = "2026-12-04T20:00:00.000Z"; // Friday 4 December, 15:00 with Coach Ben
    expect((await bookAs(db, adult, { athleteId: adult.id, coachId: coachB.id, start })).status).toBe(302);
    const { subject, event } = await invitationMailed(db, (await bookingAt(start)).id, "coach-ben@example.com", "REQUEST");
    expect(subject).toBe("Nueva reserva: Clase privada con Ada Adult, viernes, 4 de diciembre, 3:00 p. m.–4:00 p. m.");
    expect(event.summary).toBe("Clase privada: Ada Adult con Coach Ben");
  });
});

describe("a coach's own changes are not mailed back to them", () => {
  it("mails the family, not the coach, when the coach moves or cancels", async () => {
    const start = "2026-12-11T20:00:00.000Z"; // Friday 11 December, 15:00
    expect((await bookAs(db, adult, { athleteId: adult.id, start })).status).toBe(302);
    const booking = await bookingAt(start);
    const before = (await coachMails("coach-ana@example.com")).length;
    const moved = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "move", bookingId: booking.id, day: "2026-12-11", time: "17:30", reason: "A tournament" }),
      context: contextAs(db, coachA),
    });
    expect(moved.status).toBe(302);
    const cancelled = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "cancel", bookingId: booking.id, reason: "Rain", confirmed: "yes" }),
      context: contextAs(db, coachA),
    });
    expect(cancelled.status).toBe(302);
    await invitationMailed(db, booking.id, "ada@example.com", "CANCEL");
    expect((await coachMails("coach-ana@example.com")).length).toBe(before);
  });

  it("sends nothing to a coach address nobody proved", async () => {
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, coachA.id));
    const start = "2026-12-18T20:00:00.000Z";
    expect((await bookAs(db, guardian, { start })).status).toBe(302);
    const booking = await bookingAt(start);
    const { rows } = await db.execute(sql`
      select 1 from mail_outbox where to_address = 'coach-ana@example.com' and text_body like ${`%December 18%`}`);
    expect(rows).toEqual([]);
    await invitationMailed(db, booking.id, "gina@example.com", "REQUEST");
  });
});
