// Evaluations booked from enrollment requests (issue 30 with issue 29), against a real PostgreSQL through the pages'
// loaders and actions: booking one moves the request to "evaluation" in the booking's transaction; another family's
// request, a request already placed, a lesson, or a coach who does not coach the session are refused and change
// nothing; two bookings for one request at once give one; the coach sees the session and the level on /appointments
// and records the placement there (enrollment's step), which the family then sees; a cancelled evaluation gives a
// request not yet placed back its turn. tests/support/booking-world.ts has the people and the coaches' availability.
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { athleteLevels, bookings, bookingWindows, enrollments, events, mailOutbox, sessionCoaches } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { cancelEvaluationsOfEndedRequest } from "~/booking/index.server";
import { createEnrollmentRequest, takeCoachStep } from "~/enrollment/index.server";
import { onCourt } from "~/enrollment/test-support";
import { action as enrollmentsAction, loader as enrollmentsLoader } from "~/routes/account.enrollments";
import { action as appointmentsAction, loader as appointmentsLoader } from "~/routes/appointments";
import { action as lessonsAction, loader as lessonsLoader } from "~/routes/lessons";
import {
  adult,
  bookAs,
  coachA,
  coachB,
  contextAs,
  guardian,
  invitationMailed,
  kid,
  otherGuardian,
  otherKid,
  seedBookingWorld,
  teen,
} from "../../tests/support/booking-world";

const { db } = await createTestDatabase();

// Tuesdays 15:00-17:00: Ana evaluates at Fort Dupont (15 minutes after each), Ben at Anacostia Park. Only Ana coaches
// the clinic. Tuesday 1 December: 15:00, 15:30, 15:45 and 16:30 are starts that do not clash with each other's buffer.
const TUESDAY_3PM = "2026-12-01T20:00:00.000Z";
const TUESDAY_330PM = "2026-12-01T20:30:00.000Z";
const TUESDAY_345PM = "2026-12-01T20:45:00.000Z";
const TUESDAY_430PM = "2026-12-01T21:30:00.000Z";
let sessionId = "";
let kikoRequest = "";
let taraRequest = "";
let oliRequest = "";

const requestOf = async (id: string) => (await db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
const bookingsFor = (id: string) => db.select().from(bookings).where(eq(bookings.enrollmentId, id));
const bookEvaluation = (who: typeof guardian, fields: Record<string, string>) =>
  bookAs(db, who, { kind: "evaluation", minutes: "60", start: TUESDAY_3PM, ...fields });
const placeAs = (who: typeof coachA | typeof guardian, fields: Record<string, string>) =>
  call(appointmentsAction, { request: postForm("/appointments", { intent: "place", ...fields }), context: contextAs(db, who) });
const coachDay = async (who: typeof coachA) => {
  const res = await call(appointmentsLoader, { request: new Request("http://localhost/appointments"), context: contextAs(db, who) });
  return (
    res.body as {
      days: Array<{ bookings: Array<{ id: string; level: number | null; request: { session: string; status: string; canPlace: boolean } | null }> }>;
    }
  ).days.flatMap((d) => d.bookings);
};

beforeAll(async () => {
  await seedBookingWorld(db);
  await db.insert(bookingWindows).values([
    { coachId: coachA.id, kind: "evaluation", weekday: 2, startTime: "15:00", endTime: "17:00", place: "Fort Dupont" },
    { coachId: coachB.id, kind: "evaluation", weekday: 2, startTime: "15:00", endTime: "17:00", place: "Anacostia Park" },
  ]);
  const [session] = await db
    .insert(events)
    .values({
      title: "Level-5 Youth Clinic",
      kind: "weekly",
      weekdays: [2, 4],
      startsOn: "2026-09-01",
      endsOn: "2026-12-31",
      startTime: "16:30",
      endTime: "18:00",
      place: "Fort Dupont, Washington, DC",
      programSlug: "fall",
      capacity: 12,
    })
    .returning({ id: events.id });
  sessionId = session!.id;
  await db.insert(sessionCoaches).values({ eventId: sessionId, coachId: coachA.id });
  const ask = async (who: typeof guardian, athleteId: string) => {
    const r = await createEnrollmentRequest(contextAs(db, who) as never, who, sessionId, onCourt(athleteId));
    expect(r).toMatchObject({ ok: true, status: "requested" });
    return (r as { enrollmentId: string }).enrollmentId;
  };
  kikoRequest = await ask(guardian, kid);
  taraRequest = await ask(guardian, teen);
  oliRequest = await ask(otherGuardian, otherKid);
});

describe("booking an evaluation from a request", () => {
  it("shows /lessons for the request: its session, evaluations only, with the coaches of its session only", async () => {
    const res = await call(lessonsLoader, {
      request: new Request(`http://localhost/lessons?enrollment=${kikoRequest}&from=2026-12-01`),
      context: contextAs(db, guardian),
    });
    const body = res.body as {
      forRequest: { id: string; session: string; athlete: string } | null;
      athleteId: string;
      choice: { kind: string; enrollment: string };
      coaches: Array<{ id: string }>;
      slots: Array<{ coachId: string; kind: string; start: number }>;
    };
    expect(body.forRequest).toEqual({ id: kikoRequest, session: "Level-5 Youth Clinic", athlete: "Kiko Kid" });
    expect(body.athleteId).toBe(kid);
    expect(body.choice).toMatchObject({ kind: "evaluation", enrollment: kikoRequest });
    expect(body.coaches.map((c) => c.id)).toEqual([coachA.id]);
    expect(new Date(body.slots[0]!.start).toISOString()).toBe(TUESDAY_3PM);
    expect(new Set(body.slots.map((s) => `${s.coachId} ${s.kind}`))).toEqual(new Set([`${coachA.id} evaluation`]));
  });

  it("shows another family nothing of the request: the page reads as if no request was chosen", async () => {
    const res = await call(lessonsLoader, {
      request: new Request(`http://localhost/lessons?enrollment=${kikoRequest}`),
      context: contextAs(db, otherGuardian),
    });
    expect(res.body).toMatchObject({ forRequest: null, requestMovedOn: false, athleteId: otherKid });
    expect(JSON.stringify(res.body)).not.toContain("Level-5 Youth Clinic");
    expect(JSON.stringify(res.body)).not.toContain("Kiko");
  });

  it("books it, and in the same transaction moves the request to evaluation and mails the family and the coach", async () => {
    const res = await bookEvaluation(guardian, { enrollmentId: kikoRequest, note: "First time on a court" });
    expect(res.status).toBe(302);
    const [row] = await bookingsFor(kikoRequest);
    expect(row).toMatchObject({ athleteId: kid, coachId: coachA.id, kind: "evaluation", place: "Fort Dupont", bookedBy: guardian.id });
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(30 * 60_000);
    expect((await requestOf(kikoRequest)).status).toBe("evaluation");
    const [statusMail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "gina@example.com"), eq(mailOutbox.kind, "enrollment-evaluation")));
    expect(statusMail!.textBody).toContain("Kiko Kid's request for Level-5 Youth Clinic is now: In evaluation.");
    const family = await invitationMailed(db, row!.id, "gina@example.com", "REQUEST");
    const coach = await invitationMailed(db, row!.id, "coach-ana@example.com", "REQUEST");
    expect(coach.event.uid).toBe(family.event.uid);
    expect(coach.subject).toBe("New booking: Evaluation with Kiko Kid, Tuesday, December 1, 3:00 PM–3:30 PM");
    const [coachMail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "coach-ana@example.com"), eq(mailOutbox.kind, "booking-coach-booked")));
    expect(coachMail!.textBody).toContain("It is the evaluation for Kiko Kid's request for a place in Level-5 Youth Clinic");
    expect(coachMail!.textBody).toContain("First time on a court");
    // The request has moved on: the page says so and no longer books for it.
    const page = await call(lessonsLoader, {
      request: new Request(`http://localhost/lessons?enrollment=${kikoRequest}`),
      context: contextAs(db, guardian),
    });
    expect(page.body).toMatchObject({ forRequest: null, requestMovedOn: true });
  });

  it("refuses someone else's request, a request already placed, a lesson, and a coach of another session; nothing changes", async () => {
    // Tara placed at level 2 by Ana on the roster: no evaluation to book any more.
    expect(
      await takeCoachStep(contextAs(db, coachA) as never, coachA, taraRequest, "place", { level: 2, placedOn: "2026-11-25", note: "" }),
    ).toMatchObject({
      ok: true,
      status: "placed",
    });
    const before = await db.select().from(bookings);
    const mails = (await db.select().from(mailOutbox)).length;
    // Otto, for his own son, with Gina's daughter's request.
    const theirs = await bookEvaluation(otherGuardian, { athleteId: otherKid, enrollmentId: taraRequest, start: TUESDAY_430PM });
    expect(theirs.status).toBe(404);
    expect((theirs.body as { formError: string }).formError).toBe("That enrollment request was not found among your family's requests.");
    const garbled = await bookEvaluation(guardian, { enrollmentId: "not-a-request", start: TUESDAY_430PM });
    expect(garbled.status).toBe(400);
    expect((garbled.body as { formError: string }).formError).toBe("That enrollment request was not found among your family's requests.");
    const placed = await bookEvaluation(guardian, { athleteId: teen, enrollmentId: taraRequest, start: TUESDAY_430PM });
    expect(placed.status).toBe(409);
    expect((placed.body as { formError: string }).formError).toContain("This request is no longer waiting for an evaluation");
    expect((await requestOf(taraRequest)).status).toBe("placed");
    // A lesson is never booked for a request.
    const lesson = await bookAs(db, otherGuardian, {
      athleteId: otherKid,
      kind: "lesson",
      enrollmentId: oliRequest,
      start: "2026-12-04T20:00:00.000Z",
    });
    expect(lesson.status).toBe(400);
    // Ben evaluates on Tuesdays too, but does not coach the clinic: he could not place Oli afterwards.
    const ben = await bookEvaluation(otherGuardian, { athleteId: otherKid, coachId: coachB.id, enrollmentId: oliRequest, start: TUESDAY_430PM });
    expect(ben.status).toBe(400);
    expect((ben.body as { formError: string }).formError).toBe(
      "That coach does not evaluate for this session. Please choose one of the times listed.",
    );
    expect(await db.select().from(bookings)).toEqual(before);
    expect((await requestOf(oliRequest)).status).toBe("requested");
    expect((await db.select().from(mailOutbox)).length).toBe(mails);
  });

  it("of two bookings for one request at once, books one: the other is told the request is no longer waiting", async () => {
    const results = await Promise.all(
      [TUESDAY_345PM, TUESDAY_430PM].map((start) => bookEvaluation(otherGuardian, { athleteId: otherKid, enrollmentId: oliRequest, start })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
    expect((results.find((r) => r.status === 409)!.body as { formError: string }).formError).toContain(
      "This request is no longer waiting for an evaluation",
    );
    expect(
      await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.enrollmentId, oliRequest), isNull(bookings.cancelledAt))),
    ).toHaveLength(1);
    expect((await requestOf(oliRequest)).status).toBe("evaluation");
  });
});

describe("the coach's day and the placement", () => {
  it("shows the evaluation with the session it is for, the level, and the placement to record", async () => {
    const [kiko] = await bookingsFor(kikoRequest);
    const listed = (await coachDay(coachA)).find((b) => b.id === kiko!.id);
    expect(listed).toMatchObject({ level: null, request: { session: "Level-5 Youth Clinic", status: "evaluation", canPlace: true } });
  });

  it("refuses the placement to another coach, a family, and a level of 6, storing nothing", async () => {
    const [kiko] = await bookingsFor(kikoRequest);
    const other = await placeAs(coachB, { bookingId: kiko!.id, level: "3" });
    expect(other.status).toBe(404);
    expect(
      (
        await call(appointmentsAction, {
          request: postForm("/appointments", { intent: "place", bookingId: kiko!.id, level: "3" }),
          context: contextAs(db, guardian),
        })
      ).status,
    ).toBe(403);
    const six = await placeAs(coachA, { bookingId: kiko!.id, level: "6" });
    expect(six.status).toBe(400);
    expect((six.body as { fieldErrors: Record<string, string> }).fieldErrors.level).toBe("Choose a level from 1 to 5.");
    expect(await db.select().from(athleteLevels).where(eq(athleteLevels.athleteId, kid))).toEqual([]);
    expect((await requestOf(kikoRequest)).status).toBe("evaluation");
  });

  it("records level 3 as enrollment's placement: the family sees it in the level history and is mailed", async () => {
    const [kiko] = await bookingsFor(kikoRequest);
    const res = await placeAs(coachA, { bookingId: kiko!.id, level: "3", note: "Good footwork; work on the backhand" });
    expect(res.status).toBe(302);
    expect(await db.select().from(athleteLevels).where(eq(athleteLevels.athleteId, kid))).toMatchObject([
      { level: 3, coachId: coachA.id, placedOn: "2026-11-25", note: "Good footwork; work on the backhand", enrollmentId: kikoRequest },
    ]);
    expect((await requestOf(kikoRequest)).status).toBe("placed");
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "gina@example.com"), eq(mailOutbox.kind, "enrollment-placed"), sql`${mailOutbox.subject} like 'Kiko%'`));
    expect(mail!.textBody).toContain("Level: 3");
    const family = await call(enrollmentsLoader, { request: new Request("http://localhost/account/enrollments"), context: contextAs(db, guardian) });
    const child = (
      family.body as { children: Array<{ athleteId: string; level: number; levelHistory: Array<{ level: number; coach: string; note: string }> }> }
    ).children.find((c) => c.athleteId === kid);
    expect(child).toMatchObject({ level: 3, levelHistory: [{ level: 3, coach: "Coach Ana", note: "Good footwork; work on the backhand" }] });
    expect((await coachDay(coachA)).find((b) => b.id === kiko!.id)).toMatchObject({ level: 3, request: { status: "placed" } });
  });
});

describe("cancelling an evaluation booked for a request", () => {
  it("leaves a placed request placed: the evaluation happened", async () => {
    const [kiko] = await bookingsFor(kikoRequest);
    const res = await call(lessonsAction, {
      request: postForm("/lessons", { intent: "cancel", bookingId: kiko!.id, confirmed: "yes" }),
      context: contextAs(db, guardian),
    });
    expect(res.status).toBe(302);
    expect((await requestOf(kikoRequest)).status).toBe("placed");
  });

  it("gives a request still in evaluation back its turn, whoever cancels, and the family can book again", async () => {
    const [oli] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.enrollmentId, oliRequest), isNull(bookings.cancelledAt)));
    const byFamily = await call(lessonsAction, {
      request: postForm("/lessons", { intent: "cancel", bookingId: oli!.id, confirmed: "yes" }),
      context: contextAs(db, otherGuardian),
    });
    expect(byFamily.status).toBe(302);
    expect((await requestOf(oliRequest)).status).toBe("requested");
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "otto@example.com"), eq(mailOutbox.kind, "enrollment-requested")));
    expect(mail).toBeDefined(); // in Otto's Spanish
    expect(mail!.subject).toContain("solicitud pendiente");

    expect((await bookEvaluation(otherGuardian, { athleteId: otherKid, enrollmentId: oliRequest, start: TUESDAY_330PM })).status).toBe(302);
    expect((await requestOf(oliRequest)).status).toBe("evaluation");
    const [again] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.enrollmentId, oliRequest), isNull(bookings.cancelledAt)));
    const byCoach = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "cancel", bookingId: again!.id, reason: "I am ill", confirmed: "yes" }),
      context: contextAs(db, coachA),
    });
    expect(byCoach.status).toBe(302);
    expect((await requestOf(oliRequest)).status).toBe("requested");
  });

  it("cancels an evaluation still to come when the family withdraws the request, and mails both sides the CANCEL", async () => {
    expect((await bookEvaluation(otherGuardian, { athleteId: otherKid, enrollmentId: oliRequest, start: TUESDAY_430PM })).status).toBe(302);
    const [booked] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.enrollmentId, oliRequest), isNull(bookings.cancelledAt)));
    const withdrawn = await call(enrollmentsAction, {
      request: postForm("/account/enrollments", { intent: "withdraw", enrollmentId: oliRequest, confirmed: "yes" }),
      context: contextAs(db, otherGuardian),
    });
    expect(withdrawn.status).toBe(302);
    expect((await requestOf(oliRequest)).status).toBe("withdrawn");
    // Queued in the withdrawal's transaction; the queue runs it (server/queue.ts), here called as it would.
    const { rows: jobs } = await db.execute<{ payload: unknown }>(
      sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'enrollment_request_ended'`,
    );
    expect(jobs.map((j) => j.payload)).toContainEqual({ enrollmentId: oliRequest });
    await cancelEvaluationsOfEndedRequest(contextAs(db, null) as never, { enrollmentId: oliRequest });
    expect((await db.select().from(bookings).where(eq(bookings.id, booked!.id)))[0]!.cancelledAt).not.toBeNull();
    expect((await invitationMailed(db, booked!.id, "otto@example.com", "CANCEL")).event.uid).toContain(booked!.id);
    expect((await invitationMailed(db, booked!.id, `${coachA.id}@example.com`, "CANCEL")).event.uid).toContain(booked!.id);
    // Run again (a retried job): nothing left to cancel, no second mail.
    await cancelEvaluationsOfEndedRequest(contextAs(db, null) as never, { enrollmentId: oliRequest });
    await invitationMailed(db, booked!.id, "otto@example.com", "CANCEL");
  });

  it("keeps an adult's lesson out of it: bookings without a request change no request", async () => {
    const before = await db.execute(sql`select id, status from enrollments order by id`);
    expect((await bookAs(db, adult, { athleteId: adult.id, start: "2026-12-04T20:00:00.000Z" })).status).toBe(302);
    expect((await db.execute(sql`select id, status from enrollments order by id`)).rows).toEqual(before.rows);
  });
});
