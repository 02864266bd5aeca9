// Lesson fees against a real PostgreSQL (issue 41, decision 0058), through the pages' loaders and actions as each
// person would post them: administrators set prices (refused beside the field when wrong; nobody else may), /lessons
// quotes the price before booking (never while a request for help waits; nothing to pay under a waiver), booking is
// charged once by the database (also when the same form is posted twice at once), a cancellation is credited by the
// organisation's rule, a move neither charges nor credits, and a family reads only its own rows.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { call, postForm } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import {
  activeBookings,
  adult,
  bookAs,
  coachA,
  coachB,
  contextAs,
  guardian,
  kid,
  otherGuardian,
  otherKid,
  seedBookingWorld,
  teen,
  type Who,
} from "../../tests/support/booking-world";
import { action as appointmentsAction } from "~/routes/appointments";
import { action as lessonsAction, loader as lessonsLoader } from "~/routes/lessons";
import { loader as paymentsLoader } from "~/routes/account.payments";
import { action as pricesAction, loader as pricesLoader } from "~/routes/staff.lesson-prices";
import { getAccountView } from "./account-view.server";
import { decideAidRequest } from "./aid.server";
import { getLessonPrices } from "./lesson-fees.server";

const { db } = await createTestDatabase();
const admin: Who = { id: "amy-admin", role: "coach" };

beforeAll(async () => {
  await seedBookingWorld(db);
  await db
    .insert(users)
    .values({ id: admin.id, email: "amy-admin@example.com", fullName: "Amy Admin", role: "coach", admin: true, emailVerified: true });
});

const setPrices = (who: Who | null, fields: Record<string, string>) =>
  call(pricesAction, { request: postForm("/staff/lesson-prices", { intent: "prices", coachId: "", ...fields }), context: contextAs(db, who) });

const rowsOf = async (who: Who) => {
  const res = await call(paymentsLoader, { request: new Request("http://localhost/account/payments"), context: contextAs(db, who) });
  return res as { status: number; body: { rows: Array<{ what: string; amount: string }>; balance: string | null; due: { state: string } } };
};

const chargesOf = async (bookingId: string) => {
  const { rows } = await db.execute<{ kind: string; amount_cents: number; reason: string }>(
    sql`select kind, amount_cents, reason from ledger_entries where booking_id = ${bookingId} order by seq`,
  );
  return rows.map((r) => [r.kind, r.amount_cents, r.reason]);
};

const bookingAt = async (start: string) => (await activeBookings(db)).find((b) => b.startsAt.toISOString() === start)!;

const quoteOf = async (who: Who, query: string) => {
  const res = await call(lessonsLoader, { request: new Request(`http://localhost/lessons?${query}`), context: contextAs(db, who) });
  return (res.body as { price: { state: string; low?: number; high?: number; afterAid?: boolean } }).price;
};

describe("prices set by administrators", () => {
  it("refuses negative, absurd and non-numeric amounts beside the field and changes nothing", async () => {
    for (const [field, typed] of [
      ["lesson-60", "-5"],
      ["lesson-30", "ten"],
      ["evaluation-30", "9999"],
      ["lesson-60", "45.505"],
    ]) {
      const res = await setPrices(admin, { "lesson-30": "30", "lesson-60": "50", "evaluation-30": "", [field!]: typed! });
      expect(res.status, typed).toBe(400);
      expect((res.body as { fieldErrors: Record<string, string> }).fieldErrors[field!]).toBe("Enter a price from $0 to $500, like 45 or 45.50.");
    }
    expect((await getLessonPrices(db)).organisation).toEqual({ "lesson-30": null, "lesson-60": null, "evaluation-30": null });
    const cutoff = await call(pricesAction, {
      request: postForm("/staff/lesson-prices", { intent: "cutoff", cutoffHours: "-1" }),
      context: contextAs(db, admin),
    });
    expect(cutoff.status).toBe(400);
    expect((cutoff.body as { fieldErrors: Record<string, string> }).fieldErrors.cutoffHours).toBe("Enter whole hours from 0 to 168.");
  });

  it("keeps the organisation's prices and a coach's own, in integer cents", async () => {
    expect((await setPrices(admin, { "lesson-30": "30", "lesson-60": "$50.00", "evaluation-30": "20" })).status).toBe(302);
    expect((await setPrices(admin, { coachId: coachB.id, "lesson-60": "65.50", "lesson-30": "", "evaluation-30": "" })).status).toBe(302);
    const page = await call(pricesLoader, { request: new Request("http://localhost/staff/lesson-prices"), context: contextAs(db, admin) });
    const table = page.body as Awaited<ReturnType<typeof getLessonPrices>>;
    expect(table.organisation).toEqual({ "lesson-30": 3000, "lesson-60": 5000, "evaluation-30": 2000 });
    expect(table.coaches.find((c) => c.id === coachB.id)!.prices).toEqual({ "lesson-30": null, "lesson-60": 6550, "evaluation-30": null });
    expect(table.cutoffHours).toBe(24);
  });

  it("lets no one else see or set them: a guardian, an athlete, a coach, a visitor", async () => {
    for (const who of [guardian, adult, coachA, { id: teen, role: "client" } as Who]) {
      expect((await setPrices(who, { "lesson-60": "1" })).status, who.id).toBe(403);
      const page = await call(pricesLoader, { request: new Request("http://localhost/staff/lesson-prices"), context: contextAs(db, who) });
      expect(page.status, who.id).toBe(403);
    }
    expect((await setPrices(null, { "lesson-60": "1" })).status).toBe(401);
    expect((await getLessonPrices(db)).organisation["lesson-60"]).toBe(5000);
  });
});

describe("the price on /lessons before booking", () => {
  it("quotes the coach's own price or the organisation's, and a range for any coach", async () => {
    expect(await quoteOf(guardian, `coach=${coachA.id}&minutes=60`)).toMatchObject({ state: "price", low: 5000, high: 5000, afterAid: false });
    expect(await quoteOf(guardian, `coach=${coachB.id}&minutes=60`)).toMatchObject({ state: "price", low: 6550, high: 6550 });
    expect(await quoteOf(guardian, "minutes=60")).toMatchObject({ state: "price", low: 5000, high: 6550 });
    expect(await quoteOf(guardian, "kind=evaluation")).toMatchObject({ state: "price", low: 2000, high: 2000 });
  });

  it("writes nothing when the page is only read: a family that never owed has no account after it (issue 41)", async () => {
    const accounts = async () => (await db.execute(sql`select 1 from payment_accounts`)).rows.length;
    const before = await accounts();
    expect(await quoteOf(guardian, `coach=${coachA.id}&minutes=60`)).toMatchObject({ state: "price", low: 5000 });
    expect(await quoteOf(guardian, "minutes=30")).toMatchObject({ state: "price" });
    expect(await accounts()).toBe(before);
    expect(before).toBe(0);
  });
});

describe("charged once when booked", () => {
  it("charges the household the coach's price, once, when the same form is posted twice at once", async () => {
    const start = "2026-11-27T20:00:00.000Z";
    const requestKey = crypto.randomUUID();
    const both = await Promise.all([1, 2].map(() => bookAs(db, guardian, { athleteId: kid, coachId: coachB.id, start, requestKey })));
    expect(both.map((r) => r.status)).toEqual([302, 302]);
    const b = await bookingAt(start);
    expect(await chargesOf(b.id)).toEqual([["charge", 6550, "lesson:lesson:60"]]);
    const page = await rowsOf(guardian);
    expect(page.body.rows.map((r) => r.what)).toEqual(["Fee: Private lesson, 60 minutes, November 27, 2026, with Coach Ben"]);
    expect(page.body.due.state).toBe("due");
  });

  it("charges only the booking that won when posts race for one time", async () => {
    const start = "2026-12-25T20:00:00.000Z";
    // Gina's two athletes, posted at once (one household, so no other family's rows change whoever wins).
    const racers = [
      [guardian, kid],
      [guardian, teen],
    ] as const;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => bookAs(db, racers[i % 2]![0], { athleteId: racers[i % 2]![1], start })));
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ledger_entries l join bookings b on b.id = l.booking_id where b.starts_at = ${start} and l.kind = 'charge'`);
    expect(rows[0]!.n).toBe(1);
    // Put back for the tests after: cancelled by its coach (credited in full).
    const won = await bookingAt(start);
    await db.execute(sql`update bookings set cancelled_at = now(), cancelled_by = ${coachA.id} where id = ${won.id}`);
  });

  it("shows another household none of it, and an athlete of the household is not its purse-holder", async () => {
    const other = await rowsOf(otherGuardian);
    expect(other.status).toBe(200);
    expect(other.body.rows).toEqual([]);
    expect((await rowsOf({ id: teen, role: "client" })).status).toBe(403);
    expect((await rowsOf(coachA)).status).toBe(403);
    const visitor = await call(paymentsLoader, { request: new Request("http://localhost/account/payments"), context: contextAs(db, null) });
    expect(visitor.status).toBe(302);
  });
});

describe("cancellations credited by the organisation's rule", () => {
  it("credits the lesson in full when its coach cancels (asked once first); the family reads why", async () => {
    const start = "2026-11-27T21:15:00.000Z";
    expect((await bookAs(db, otherGuardian, { athleteId: otherKid, start })).status).toBe(302);
    const b = await bookingAt(start);
    const post = (extra: Record<string, string>) =>
      call(appointmentsAction, {
        request: postForm("/appointments", { intent: "cancel", bookingId: b.id, reason: "Court closed", ...extra }),
        context: contextAs(db, coachA),
      });
    const asked = await post({});
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ confirm: expect.any(String) });
    expect(await chargesOf(b.id)).toEqual([["charge", 5000, "lesson:lesson:60"]]);
    expect((await post({ confirmed: "yes" })).status).toBe(302);
    expect(await chargesOf(b.id)).toEqual([
      ["charge", 5000, "lesson:lesson:60"],
      ["credit", 5000, "credit:lesson-coach"],
    ]);
    const page = await rowsOf(otherGuardian);
    expect(page.body.rows.map((r) => r.what)).toEqual([
      "Fee: Private lesson, 60 minutes, November 27, 2026, with Coach Ana",
      "Credit: the coach cancelled the lesson of November 27, 2026",
    ]);
    expect(page.body.balance).toBe("$0");
    // Otto reads Spanish: the same rows in his language.
    const accountId = (await db.execute<{ id: string }>(sql`select payment_account_for(${otherGuardian.id}) as id`)).rows[0]!.id;
    const es = await getAccountView(db, accountId, { locale: "es", timeZone: "America/New_York", online: false, phone: "", email: "" });
    expect(es.rows.map((r) => r.what)).toEqual([
      "Cuota: Clase privada, 60 minutos, 27 de noviembre de 2026, con Coach Ana",
      "Crédito: quien entrena canceló la clase del 27 de noviembre de 2026",
    ]);
  });

  it("credits a family's cancellation made before the cutoff, and not one made after it", async () => {
    const early = "2026-12-04T20:00:00.000Z"; // nine days ahead
    const late = "2026-11-27T22:30:00.000Z"; // 55 hours ahead
    expect((await bookAs(db, adult, { athleteId: adult.id, start: early })).status).toBe(302);
    expect((await bookAs(db, adult, { athleteId: adult.id, start: late })).status).toBe(302);
    const cutoff = await call(pricesAction, {
      request: postForm("/staff/lesson-prices", { intent: "cutoff", cutoffHours: "72" }),
      context: contextAs(db, admin),
    });
    expect(cutoff.status).toBe(302);
    const cancel = (id: string) =>
      call(lessonsAction, { request: postForm("/lessons", { intent: "cancel", bookingId: id, confirmed: "yes" }), context: contextAs(db, adult) });
    const [e, l] = [await bookingAt(early), await bookingAt(late)];
    // The cancel step says which it will be before the family confirms.
    const listed = await call(lessonsLoader, { request: new Request("http://localhost/lessons"), context: contextAs(db, adult) });
    const credits = (listed.body as { bookings: Array<{ id: string; creditWords: string | null }> }).bookings;
    expect(credits.find((x) => x.id === e.id)!.creditWords).toBe(
      "Cancelled now, at least 72 hours before it starts, this lesson is credited to your account in full.",
    );
    expect(credits.find((x) => x.id === l.id)!.creditWords).toBe(
      "Cancelled now, less than 72 hours before it starts, this lesson is not credited (the organisation's rule).",
    );
    expect((await cancel(e.id)).status).toBe(302);
    expect((await cancel(l.id)).status).toBe(302);
    expect(await chargesOf(e.id)).toEqual([
      ["charge", 5000, "lesson:lesson:60"],
      ["credit", 5000, "credit:lesson-family"],
    ]);
    expect(await chargesOf(l.id)).toEqual([["charge", 5000, "lesson:lesson:60"]]);
    await call(pricesAction, { request: postForm("/staff/lesson-prices", { intent: "cutoff", cutoffHours: "24" }), context: contextAs(db, admin) });
  });

  it("neither charges nor credits a moved lesson again, even when its length changes", async () => {
    const start = "2026-12-11T20:00:00.000Z";
    expect((await bookAs(db, guardian, { athleteId: teen, start })).status).toBe(302);
    const b = await bookingAt(start);
    const moved = await call(appointmentsAction, {
      request: postForm("/appointments", { intent: "move", bookingId: b.id, day: "2026-12-11", time: "16:30", minutes: "30", reason: "Rain" }),
      context: contextAs(db, coachA),
    });
    expect(moved.status).toBe(302);
    expect(await chargesOf(b.id)).toEqual([["charge", 5000, "lesson:lesson:60"]]);
  });
});

describe("financial help asked for on /lessons", () => {
  it("refuses a bad answer beside its field and books nothing; a good one books and asks once", async () => {
    const start = "2026-12-18T20:00:00.000Z";
    const bad = await bookAs(db, otherGuardian, { athleteId: otherKid, start, wantsHelp: "on", householdSize: "99" });
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.householdSize).toBeTruthy();
    expect((await activeBookings(db)).some((b) => b.startsAt.toISOString() === start)).toBe(false);
    const good = await bookAs(db, otherGuardian, { athleteId: otherKid, start, wantsHelp: "on", householdSize: "4", schoolLunch: "free" });
    expect(good.status).toBe(302);
    expect(await quoteOf(otherGuardian, "minutes=60")).toEqual({ state: "aid-pending" });
    const page = await rowsOf(otherGuardian);
    expect(page.body.due.state).toBe("aid-pending");
  });

  it("quotes the price after aid once staff decide, and nothing to pay under a full waiver", async () => {
    const { rows } = await db.execute<{ id: string }>(sql`select id from aid_requests where status = 'open'`);
    expect(rows).toHaveLength(1);
    const until = "2027-08-31";
    expect(
      await decideAidRequest(db, rows[0]!.id, admin.id, { decision: "percent", percent: 75, validUntil: until, requestId: rows[0]!.id }),
    ).toEqual({
      ok: true,
    });
    expect(await quoteOf(otherGuardian, `coach=${coachA.id}&minutes=60`)).toMatchObject({ state: "price", low: 1250, afterAid: true });
    expect(await quoteOf(guardian, `coach=${coachA.id}&minutes=60`)).toMatchObject({ state: "price", low: 5000, afterAid: false });
  });

  it("quotes what the charge gets when a newer request was declined while the older grant still runs", async () => {
    const accountId = (await db.execute<{ id: string }>(sql`select payment_account_for(${otherGuardian.id}) as id`)).rows[0]!.id;
    const { rows } = await db.execute<{ id: string }>(
      sql`insert into aid_requests (account_id, requested_by) values (${accountId}, ${otherGuardian.id}) returning id`,
    );
    expect(await decideAidRequest(db, rows[0]!.id, admin.id, { decision: "decline", requestId: rows[0]!.id })).toEqual({ ok: true });
    // The 75% granted earlier runs to 2027-08-31: the page quotes it, and the booking is charged with it.
    expect(await quoteOf(otherGuardian, `coach=${coachA.id}&minutes=60`)).toMatchObject({ state: "price", low: 1250, afterAid: true });
    const start = "2026-12-18T22:30:00.000Z";
    expect((await bookAs(db, otherGuardian, { athleteId: otherKid, start })).status).toBe(302);
    const booking = await bookingAt(start);
    const { rows: owed } = await db.execute<{ owed: number }>(sql`
      select c.amount_cents - coalesce((select sum(a.amount_cents) from ledger_entries a where a.applies_to = c.id and a.kind = 'aid'), 0)::integer as owed
      from ledger_entries c where c.booking_id = ${booking.id} and c.kind = 'charge'`);
    expect(owed).toEqual([{ owed: 1250 }]);
  });

  it("shows no price to pay under a full waiver, and the booking owes nothing", async () => {
    const accountId = (await db.execute<{ id: string }>(sql`select payment_account_for(${adult.id}) as id`)).rows[0]!.id;
    const { rows } = await db.execute<{ id: string }>(
      sql`insert into aid_requests (account_id, requested_by) values (${accountId}, ${adult.id}) returning id`,
    );
    await decideAidRequest(db, rows[0]!.id, admin.id, { decision: "waiver", validUntil: "2027-08-31", requestId: rows[0]!.id });
    expect(await quoteOf(adult, `coach=${coachA.id}&minutes=60`)).toEqual({ state: "waived" });
    const start = "2026-12-18T21:15:00.000Z";
    expect((await bookAs(db, adult, { athleteId: adult.id, start })).status).toBe(302);
    expect(await chargesOf((await bookingAt(start)).id)).toEqual([["charge", 5000, "lesson:lesson:60"]]);
    const page = await rowsOf(adult);
    expect(page.body.due.state).not.toBe("due");
  });
});
