// A coach's move stays true (issue 30, decision 0032): not into the past, on the 5-minute step, not on a date the
// organisation cancelled, a lesson 30 or 60 minutes and an evaluation 30; each refusal says why beside its field and
// changes nothing. Outside the coach's weekly times is allowed (a coach arranging a time with a family), keeping the
// place; inside one of their windows the booking takes that window's place. The family is told at once.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import ical, { type VEvent } from "node-ical";
import { bookings, bookingWindows, cancelledDates, mailCalendarParts, mailOutbox } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as appointmentsAction } from "~/routes/appointments";
import { adult, bookAs, coachA, contextAs, seedBookingWorld } from "../../tests/support/booking-world";

const { db } = await createTestDatabase();
let lesson = "";
let evaluation = "";

beforeAll(async () => {
  await seedBookingWorld(db);
  await db.insert(bookingWindows).values([
    { coachId: coachA.id, kind: "lesson", weekday: 1, startTime: "09:00", endTime: "11:00", place: "Anacostia Park" },
    { coachId: coachA.id, kind: "evaluation", weekday: 4, startTime: "14:00", endTime: "16:00", place: "Fort Dupont" },
  ]);
  await db.insert(cancelledDates).values({ day: "2026-12-05" }); // a Saturday, cancelled on /calendar
  expect((await bookAs(db, adult, { athleteId: adult.id, start: "2026-12-04T20:00:00.000Z" })).status).toBe(302); // Friday 15:00
  expect((await bookAs(db, adult, { athleteId: adult.id, kind: "evaluation", start: "2026-12-03T19:00:00.000Z" })).status).toBe(302); // Thursday 14:00
  const mine = await db.select().from(bookings).where(eq(bookings.athleteId, adult.id));
  lesson = mine.find((b) => b.kind === "lesson")!.id;
  evaluation = mine.find((b) => b.kind === "evaluation")!.id;
});

const move = (bookingId: string, fields: Record<string, string>) =>
  call(appointmentsAction, {
    request: postForm("/appointments", { intent: "move", bookingId, reason: "Arranged with the family", ...fields }),
    context: contextAs(db, coachA),
  });
const row = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refused = (res: Awaited<ReturnType<typeof move>>) => res.body as { formError: string; fieldErrors: Record<string, string> };

describe("a coach's move is refused, with the reason beside the field, and nothing changes", () => {
  it("refuses the past, a start off the 5-minute step, and the organisation's cancelled date", async () => {
    const before = await row(lesson);
    const past = await move(lesson, { day: "2026-11-24", time: "15:00" });
    expect(past.status).toBe(400);
    expect(refused(past).fieldErrors.day).toBe("That time has already passed. Please choose a later one.");
    const odd = await move(lesson, { day: "2026-12-04", time: "15:07" });
    expect(odd.status).toBe(400);
    expect(refused(odd).fieldErrors.time).toBe("Choose a start time on the 5 minutes, such as 15:00 or 15:05.");
    const cancelled = await move(lesson, { day: "2026-12-05", time: "10:00" });
    expect(cancelled.status).toBe(400);
    expect(refused(cancelled).fieldErrors.day).toBe(
      "Saturday, December 5 is cancelled on the calendar: no lessons that day. Please choose another date.",
    );
    expect(await row(lesson)).toEqual(before);
  });

  it("refuses a 7-minute lesson and a 60-minute evaluation", async () => {
    const before = [await row(lesson), await row(evaluation)];
    const seven = await move(lesson, { day: "2026-12-04", time: "16:00", minutes: "7" });
    expect(seven.status).toBe(400);
    expect(refused(seven).fieldErrors.minutes).toBe("A lesson is 30 or 60 minutes.");
    const long = await move(evaluation, { day: "2026-12-03", time: "15:00", minutes: "60" });
    expect(long.status).toBe(400);
    expect(refused(long).fieldErrors.minutes).toBe("An evaluation is 30 minutes.");
    expect([await row(lesson), await row(evaluation)]).toEqual(before);
  });
});

describe("a coach's move that keeps the rules", () => {
  it("moves a lesson outside the weekly times (a Sunday morning arranged with the family), keeping its place and buffer", async () => {
    const res = await move(lesson, { day: "2026-12-06", time: "10:00" });
    expect(res.status).toBe(302);
    const b = await row(lesson);
    expect(b).toMatchObject({ place: "Fort Stanton Park", sequence: 1, reason: "Arranged with the family" });
    expect(b.startsAt.toISOString()).toBe("2026-12-06T15:00:00.000Z");
    expect(b.endsAt.toISOString()).toBe("2026-12-06T16:00:00.000Z");
    expect(b.blockedUntil.toISOString()).toBe("2026-12-06T16:15:00.000Z"); // Ana's 15 minutes after
    // The family is told at once: the moved invitation, same UID, the next SEQUENCE, the new time.
    const parts = await db
      .select({ content: mailCalendarParts.content, subject: mailOutbox.subject })
      .from(mailCalendarParts)
      .innerJoin(mailOutbox, eq(mailOutbox.id, mailCalendarParts.mailId))
      .where(and(eq(mailOutbox.toAddress, "ada@example.com"), eq(mailOutbox.kind, "booking-moved")));
    expect(parts).toHaveLength(1);
    expect(parts[0]!.subject).toBe("Private lesson moved: now Sunday, December 6, 10:00 AM–11:00 AM");
    const event = Object.values(ical.sync.parseICS(parts[0]!.content)).find((c) => c?.type === "VEVENT") as VEvent;
    expect([event.uid, Number(event.sequence), new Date(event.start).toISOString()]).toEqual([
      `booking-${lesson}@localhost`,
      1,
      "2026-12-06T15:00:00.000Z",
    ]);
  });

  it("takes the place of the coach's window the new time falls in, and a new length of 30 minutes", async () => {
    const res = await move(lesson, { day: "2026-12-07", time: "09:30", minutes: "30" }); // Monday, Ana at Anacostia Park
    expect(res.status).toBe(302);
    const b = await row(lesson);
    expect(b).toMatchObject({ place: "Anacostia Park", sequence: 2 });
    expect(b.endsAt.getTime() - b.startsAt.getTime()).toBe(30 * 60_000);
    expect(b.blockedUntil.getTime() - b.endsAt.getTime()).toBe(15 * 60_000);
  });

  it("moves an evaluation, which stays 30 minutes", async () => {
    const res = await move(evaluation, { day: "2026-12-03", time: "15:00" });
    expect(res.status).toBe(302);
    const b = await row(evaluation);
    expect(b.startsAt.toISOString()).toBe("2026-12-03T20:00:00.000Z");
    expect(b.endsAt.getTime() - b.startsAt.getTime()).toBe(30 * 60_000);
    expect(
      await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, evaluation), eq(bookings.place, "Fort Dupont"))),
    ).toHaveLength(1);
  });
});
