// A placement outside the session's ages or levels recorded on /appointments (issue 39, decision 0046) asks for a reason
// as the roster's does: refused beside the reason's field with nothing changed until one is given; then the placement
// is made and the reason written to the safeguarding log. Another coach and a family are refused and log nothing.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, bookingWindows, enrollments, events, sessionCoaches } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { bookAs, coachA, coachB, contextAs, guardian, kid, seedBookingWorld } from "../../tests/support/booking-world";
import { action as appointmentsAction } from "~/routes/appointments";
import { createEnrollmentRequest } from "./index.server";
import { onCourt } from "./test-support";

const { db } = await createTestDatabase();
const TUESDAY_3PM = "2026-12-01T20:00:00.000Z";
let requestId = "";
let bookingId = "";

beforeAll(async () => {
  await seedBookingWorld(db);
  await db
    .insert(bookingWindows)
    .values({ coachId: coachA.id, kind: "evaluation", weekday: 2, startTime: "15:00", endTime: "17:00", place: "Fort Dupont" });
  const [session] = await db
    .insert(events)
    .values({
      title: "Override Match Play",
      kind: "weekly",
      weekdays: [2, 4],
      startsOn: "2026-09-01",
      endsOn: "2026-12-31",
      startTime: "16:30",
      endTime: "18:00",
      programSlug: "fall",
      capacity: 12,
      levels: [3, 4],
    })
    .returning({ id: events.id });
  await db.insert(sessionCoaches).values({ eventId: session!.id, coachId: coachA.id });
  const made = await createEnrollmentRequest(contextAs(db, guardian) as never, guardian, session!.id, onCourt(kid));
  if (!made.ok) throw new Error(made.error);
  requestId = made.enrollmentId;
  expect(
    (await bookAs(db, guardian, { kind: "evaluation", minutes: "60", start: TUESDAY_3PM, athleteId: kid, enrollmentId: requestId })).status,
  ).toBe(302);
  bookingId = (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.enrollmentId, requestId)))[0]!.id;
});

const place = (who: typeof coachA, fields: Record<string, string>) =>
  call(appointmentsAction, { request: postForm("/appointments", { intent: "place", bookingId, ...fields }), context: contextAs(db, who) });
const status = async () => (await db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, requestId)))[0]!.status;
const logged = async () =>
  (
    await db.execute<{ actor_id: string; detail: string }>(
      sql`select actor_id, detail from safeguarding_log where athlete_id = ${kid} and action = 'placed outside the session''s ages or levels'`,
    )
  ).rows;

describe("a placement outside the session's levels on /appointments", () => {
  it("is refused beside the reason's field until a reason is given, changing nothing, then made and its reason logged", async () => {
    const refused = await place(coachA, { level: "2", note: "" });
    expect(refused.status).toBe(400);
    const body = refused.body as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors.overrideReason).toContain("To place outside the session's ages or levels, give your reason.");
    expect(await status()).toBe("evaluation");
    expect(await logged()).toEqual([]);
    const tooLong = await place(coachA, { level: "2", overrideReason: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await status()).toBe("evaluation");

    const placed = await place(coachA, { level: "2", note: "Strong serve", overrideReason: "Plays up with her sister's group" });
    expect(placed.status).toBe(302);
    expect(await status()).toBe("placed");
    const [line, ...more] = await logged();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ actor_id: coachA.id });
    expect(line!.detail).toContain("Placed at Level 2. Reason: Plays up with her sister's group");
  });

  it("is refused to another coach and to a family, with nothing logged", async () => {
    const before = (await logged()).length;
    expect((await place(coachB, { level: "2", overrideReason: "Not mine" })).status).toBe(404);
    const family = await place(guardian as typeof coachA, { level: "2", overrideReason: "Mine" });
    expect([302, 403]).toContain(family.status);
    expect((await logged()).length).toBe(before);
  });
});
