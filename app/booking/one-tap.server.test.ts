// Nothing irreversible at one tap, bookings (issue 39), through the pages' loaders and actions against a real
// PostgreSQL: "Cancel this booking" posted without the confirmation changes nothing (the page's first step: it answers
// which form it asks about), posted confirmed by another family changes nothing, and only the family's confirmed post
// cancels; the coach's /appointments then keeps the cancelled booking with who cancelled it and when, also one nobody
// cancelled by hand (its request ended). The time formatter the booking pages use writes 12-hour English times.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { askUnlessConfirmed, confirmKey } from "~/lib/confirm-action";
import { formatTime } from "~/lib/datetime";
import { action as appointmentsAction, loader as appointmentsLoader } from "~/routes/appointments";
import { action as lessonsAction } from "~/routes/lessons";
import { bookAs, coachA, contextAs, FRIDAY_4PM, guardian, kid, otherGuardian, seedBookingWorld, type Who } from "../../tests/support/booking-world";

const { db } = await createTestDatabase();
beforeAll(() => seedBookingWorld(db));

const bookingAt = async (start: string) =>
  (
    await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.athleteId, kid), eq(bookings.startsAt, new Date(start))))
  )[0]!;
const cancelAs = (who: Who, fields: Record<string, string>) =>
  call(lessonsAction, { request: postForm("/lessons", { intent: "cancel", ...fields }), context: contextAs(db, who) });
type DayBooking = { id: string; cancelled_at: string | null; cancelledBy: { name: string } | null; reason: string | null };
const coachDay = async () => {
  const res = await call(appointmentsLoader, { request: new Request("http://localhost/appointments"), context: contextAs(db, coachA) });
  return (res.body as { days: Array<{ bookings: DayBooking[] }> }).days.flatMap((d) => d.bookings);
};

describe("the confirmation rule", () => {
  it("names a form by its fields, whatever their order, and asks unless the post carries confirmed=yes", () => {
    expect(
      confirmKey([
        ["b", "2"],
        ["a", "1"],
        ["confirmed", "yes"],
      ]),
    ).toBe("a=1&b=2");
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    expect(askUnlessConfirmed(form({ intent: "cancel", bookingId: "x" }))).toEqual({ confirm: "bookingId=x&intent=cancel" });
    expect(askUnlessConfirmed(form({ intent: "cancel", bookingId: "x", confirmed: "true" }))).toEqual({ confirm: "bookingId=x&intent=cancel" });
    expect(askUnlessConfirmed(form({ intent: "cancel", bookingId: "x", confirmed: "yes" }))).toBeNull();
  });

  it("writes the booking pages' times in 12 hours in English, and as the calendar does in Spanish", () => {
    const zone = "America/New_York";
    expect(formatTime("2026-11-27T22:20:00Z", zone, "en")).toBe("5:20 PM");
    expect(formatTime("2026-11-27T22:20:00Z", zone, "es")).toBe("5:20 p. m.");
    expect(formatTime("2026-11-27T05:05:00Z", zone, "en")).toBe("12:05 AM");
    expect(formatTime("2026-11-27T17:00:00Z", zone, "en")).toBe("12:00 PM");
  });
});

describe("cancelling a booking", () => {
  it("changes nothing at one tap or from another family; confirmed, it cancels, and the coach's day keeps it, with who and when", async () => {
    expect((await bookAs(db, guardian, {})).status).toBe(302);
    const booking = await bookingAt(FRIDAY_4PM);
    const fields = { intent: "cancel", bookingId: booking.id };

    const tap = await cancelAs(guardian, { bookingId: booking.id });
    expect(tap.status).toBe(200);
    expect(tap.body).toEqual({ ok: true, intent: "cancel", confirm: confirmKey(Object.entries(fields)) });
    expect(await bookingAt(FRIDAY_4PM)).toEqual(booking);
    expect((await cancelAs(otherGuardian, { bookingId: booking.id, confirmed: "yes" })).status).toBeGreaterThanOrEqual(400);
    expect(await bookingAt(FRIDAY_4PM)).toEqual(booking);
    expect((await coachDay()).find((b) => b.id === booking.id)).toMatchObject({ cancelled_at: null, cancelledBy: null });

    expect((await cancelAs(guardian, { bookingId: booking.id, confirmed: "yes" })).status).toBe(302);
    expect((await bookingAt(FRIDAY_4PM)).cancelledAt).not.toBeNull();
    const listed = (await coachDay()).find((b) => b.id === booking.id);
    expect(listed).toMatchObject({ cancelledBy: { name: "Gina Guardian" }, reason: null });
    expect(listed!.cancelled_at).not.toBeNull();
  });

  it("keeps on the coach's day a booking the coach cancelled, with the reason, and one nobody cancelled by hand", async () => {
    const start = "2026-11-27T22:15:00.000Z"; // Friday 17:15
    expect((await bookAs(db, guardian, { start })).status).toBe(302);
    const booking = await bookingAt(start);
    const res = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "cancel", bookingId: booking.id, reason: "Rain", confirmed: "yes" }),
      context: contextAs(db, coachA),
    });
    expect(res.status).toBe(302);
    expect((await coachDay()).find((b) => b.id === booking.id)).toMatchObject({ cancelledBy: { name: "Coach Ana" }, reason: "Rain" });

    // One the queue cancelled when its request ended (cancelEvaluationsOfEndedRequest writes no canceller): listed, nobody named.
    const later = "2026-11-27T20:00:00.000Z"; // Friday 15:00
    expect((await bookAs(db, guardian, { start: later })).status).toBe(302);
    const ended = await bookingAt(later);
    await db.update(bookings).set({ cancelledAt: new Date(), cancelledBy: null }).where(eq(bookings.id, ended.id));
    expect((await coachDay()).find((b) => b.id === ended.id)).toMatchObject({ cancelledBy: null, reason: null });
  });

  it("asks the coach with the reason as kept (trimmed), and refuses one over 300 characters beside the field, echoing nothing", async () => {
    const start = "2026-11-27T23:00:00.000Z"; // Friday 18:00
    expect((await bookAs(db, guardian, { start })).status).toBe(302);
    const booking = await bookingAt(start);
    const post = (reason: string) =>
      call(appointmentsAction, {
        request: postForm("/appointments", { intent: "cancel", bookingId: booking.id, reason }),
        context: contextAs(db, coachA),
      });
    const padded = await post(`Rain${" ".repeat(100_000)}`);
    expect(padded.status).toBe(200);
    const fields = { intent: "cancel", bookingId: booking.id, reason: "Rain" };
    expect(padded.body).toMatchObject({
      ok: true,
      intent: "cancel",
      bookingId: booking.id,
      reason: "Rain",
      confirm: confirmKey(Object.entries(fields)),
    });
    const long = await post("r".repeat(301));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      ok: false,
      values: { bookingId: booking.id },
      fieldErrors: { reason: "The reason can be at most 300 characters." },
    });
    expect(long.body).not.toHaveProperty("reason");
    expect((await bookingAt(start)).cancelledAt).toBeNull();
  });
});
