// Audit (issue 38): booking at 9999-12-31T15:00:00Z answered with an error page. A date past LAST_YEAR (2100) in a
// booking, a coach's day off or move, or a placement's day is refused beside its field in the reader's language, and
// nothing is stored.
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { localeStore } from "../../tests/support/locale-store";
import { PlaceSchema } from "~/enrollment/schemas";
import { SeasonSchema } from "~/programs/schemas";
import { action as availabilityAction } from "~/routes/appointments.availability";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { bookAs, coachA, contextAs, guardian, seedBookingWorld } from "../../tests/support/booking-world";
import { MoveSchema } from "./schemas";
import { parseForm } from "~/lib/forms";

const store = localeStore();

const { db } = await createTestDatabase();
beforeAll(() => seedBookingWorld(db));

const TOO_FAR = "Choose a date in the year 2100 or earlier.";
const TOO_FAR_ES = "Elija una fecha del año 2100 o anterior.";

describe("a booking in the year 9999", () => {
  it("is refused on /lessons with the year's message, not an error page, and books nothing", async () => {
    const res = await bookAs(db, guardian, { start: "9999-12-31T15:00:00Z" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ intent: "book", formError: TOO_FAR, fieldErrors: { start: TOO_FAR } });
    expect(await db.select().from(bookings)).toHaveLength(0);
  });

  it("is refused in Spanish for a Spanish page", async () => {
    const res = await store.run("es", () => bookAs(db, guardian, { start: "9999-12-31T15:00:00Z" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ formError: TOO_FAR_ES });
  });

  it("still books a real time in 2100's range of years (the limit refuses only what is past it)", async () => {
    const res = await bookAs(db, guardian, { start: "2100-12-31T15:00:00Z" });
    // Not a free time of the coach's, but refused as that, not as a far year.
    const { formError } = res.body as { formError?: string };
    expect(formError).toBeTruthy();
    expect(formError).not.toBe(TOO_FAR);
  });
});

describe("the other day fields that share the YYYY-MM-DD word", () => {
  it("refuse a coach's day off in 9999 beside the day", async () => {
    const res = await call(availabilityAction, {
      request: postForm("/appointments/availability", { intent: "add-day-off", day: "9999-12-31" }),
      context: contextAs(db, coachA),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { day: TOO_FAR } });
  });

  it("refuse a move to 2101 and a placement day in 9999, in both languages", () => {
    const move = { bookingId: crypto.randomUUID(), day: "2101-01-01", time: "10:00", reason: "Rain" };
    expect(parseForm(MoveSchema, move).fieldErrors).toEqual({ day: TOO_FAR });
    expect(store.run("es", () => parseForm(MoveSchema, move).fieldErrors)).toEqual({ day: TOO_FAR_ES });
    expect(parseForm(MoveSchema, { ...move, day: "2100-12-31" }).fieldErrors).toBeFalsy();
    const placed = parseForm(PlaceSchema, { placedOn: "9999-12-31" }).fieldErrors ?? {};
    expect(placed.placedOn).toBe(TOO_FAR);
    const season = parseForm(SeasonSchema, { term: "fall", year: "2027", startsOn: "2027-09-07", endsOn: "9999-12-31" }).fieldErrors;
    expect(season).toEqual({ endsOn: TOO_FAR });
  });
});
