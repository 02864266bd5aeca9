// Audit (issue 38): a family whose booking's answer was lost in a crash posted the form again and was told "That
// time was just taken" about their own booking. The /lessons form carries an idempotency key, new at each render; a
// post retried with it returns the booking it made (the same redirect and toast), at once or later, and makes no
// second booking. The key is the booker's own: another person's post with it books (or is refused) as any post.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { loader as lessonsLoader } from "~/routes/lessons";
import { call } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { activeBookings, bookAs, contextAs, guardian, otherGuardian, otherKid, seedBookingWorld } from "../../tests/support/booking-world";

const { db } = await createTestDatabase();
beforeAll(() => seedBookingWorld(db));

const TAKEN = "That time was just taken. Please choose another time.";

describe("a booking retried with its form's idempotency key", () => {
  it("gets a new key at each render of /lessons, in the booking form", async () => {
    const page = () =>
      call(lessonsLoader, {
        request: new Request(`http://localhost/lessons?coach=coach-ana&start=2026-11-27T21:00:00.000Z&with=coach-ana`),
        context: contextAs(db, guardian),
      });
    const [a, b] = [(await page()).body as { requestKey: string }, (await page()).body as { requestKey: string }];
    expect(a.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.requestKey).not.toBe(a.requestKey);
  });

  it("returns the booking it made (the family is told it is booked), and books nothing twice", async () => {
    const requestKey = crypto.randomUUID();
    const first = await bookAs(db, guardian, { requestKey });
    expect(first.status).toBe(302);
    // The answer was lost: the browser posts the same form again.
    const retry = await bookAs(db, guardian, { requestKey });
    expect(retry.status).toBe(302);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    const mine = await db.select().from(bookings).where(eq(bookings.requestKey, requestKey));
    expect(mine).toHaveLength(1);
    expect(await activeBookings(db)).toHaveLength(1);
    // Without the key (another form), the same time is someone's: taken.
    const other = await bookAs(db, guardian, { requestKey: crypto.randomUUID() });
    expect(other.status).toBe(409);
    expect((other.body as { formError: string }).formError).toBe(TAKEN);
  });

  it("returns one booking to the same form posted twice at the same moment", async () => {
    const requestKey = crypto.randomUUID();
    const start = "2026-12-04T21:00:00.000Z";
    const [a, b] = await Promise.all([bookAs(db, guardian, { requestKey, start }), bookAs(db, guardian, { requestKey, start })]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(await db.select().from(bookings).where(eq(bookings.requestKey, requestKey))).toHaveLength(1);
  });

  it("is the booker's own: another family's post with the same key is not given that booking", async () => {
    const requestKey = crypto.randomUUID();
    const start = "2026-12-11T21:00:00.000Z";
    expect((await bookAs(db, guardian, { requestKey, start })).status).toBe(302);
    const stranger = await bookAs(db, otherGuardian, { requestKey, start, athleteId: otherKid });
    expect(stranger.status).toBe(409);
    expect((stranger.body as { formError: string }).formError).toBe(TAKEN);
  });
});
