// Season fees against a real PostgreSQL (issue 41, decision 0059): a per-month session's months after the first are
// charged by the daily job once each however it runs, a withdrawal stops them, and a session the organisation cancels
// credits its enrolled families once, whichever path comes first.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-db";
import { makeSession } from "~/enrollment/test-support";
import { getAccountView } from "./account-view.server";
import { createAidRequest, decideAidRequest } from "./aid.server";
import { getBalance, getEntries } from "./ledger.server";
import { cancelSession, chargeSeasonMonths, getSessionCancellation } from "./season-fees.server";
import { accountOf, enroll, makeFamily, makeUser, setEnrollmentStatus } from "./test-support";

const { db } = await createTestDatabase();

/** The database's own day (what its triggers call today), and months from it as YYYY-MM-01. */
const { rows: dayRows } = await db.execute<{ today: string }>(sql`select current_date::text as today`);
const today = dayRows[0]!.today;
const monthFrom = (day: string, n: number) => {
  const d = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};
const thisMonth = monthFrom(today, 0);

/** A per-month session that began two months ago and ends `monthsLeft` months from now. */
const monthlySession = (title: string, feeCents: number, monthsLeft = 5) =>
  makeSession(db, null, {
    title,
    feeCents,
    feePer: "month",
    startsOn: monthFrom(today, -2),
    endsOn: `${monthFrom(today, monthsLeft).slice(0, 7)}-20`,
  });

const monthsOf = async (enrollmentId: string) => {
  const { rows } = await db.execute<{ period: string }>(
    sql`select period::text from season_fee_months where enrollment_id = ${enrollmentId} order by period`,
  );
  return rows.map((r) => r.period);
};

describe("monthly fees after the first month", () => {
  it("charges each following month once, even when the job runs twice at the same moment", async () => {
    const { guardian, athlete } = await makeFamily(db, "Monthly");
    const eventId = await monthlySession("Monthly Rally Squad", 8000);
    const enrollmentId = await enroll(db, eventId, athlete.id);
    const accountId = await accountOf(db, guardian.id);
    expect(await monthsOf(enrollmentId)).toEqual([thisMonth]);

    // In the next month, that month and the one after it are charged (the next is due before it begins).
    const later = `${monthFrom(today, 1).slice(0, 7)}-03`;
    const runs = await Promise.all([chargeSeasonMonths(db, later), chargeSeasonMonths(db, later), chargeSeasonMonths(db, later)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await chargeSeasonMonths(db, later)).toBe(0);
    expect(await monthsOf(enrollmentId)).toEqual([thisMonth, monthFrom(today, 1), monthFrom(today, 2)]);
    const charges = (await getEntries(db, accountId)).filter((e) => e.kind === "charge");
    expect(charges.map((c) => c.amountCents)).toEqual([8000, 8000, 8000]);
    // Each month's charge names its session and month on the family's page, in Spanish too.
    expect(charges[2]!.session).toMatchObject({ title: "Monthly Rally Squad", per: "month", period: monthFrom(today, 2) });
    const es = await getAccountView(db, accountId, { locale: "es", timeZone: "UTC", online: false, phone: "1", email: "a@b.org" });
    expect(es.rows[2]!.what).toMatch(/Monthly Rally Squad \(al mes\).*20\d\d/);
    // The due day: payments.due_days_before (15) before the month begins, never before the job's day.
    expect(charges[2]!.dueOn).toBe(new Date(Date.parse(`${monthFrom(today, 2)}T12:00:00Z`) - 15 * 86_400_000).toISOString().slice(0, 10));
    expect(await getBalance(db, accountId)).toBe(24000);
  });

  it("never charges past the session's last month, nor a session charged per season or per session", async () => {
    const { athlete } = await makeFamily(db, "Ending");
    const ends = await enroll(db, await monthlySession("Short Monthly Clinic", 5000, 0), athlete.id);
    const season = await enroll(db, await makeSession(db, null, { title: "Whole Season Clinic", feeCents: 30000, feePer: "season" }), athlete.id);
    await chargeSeasonMonths(db, `${monthFrom(today, 6).slice(0, 7)}-10`);
    expect(await monthsOf(ends)).toEqual([thisMonth]);
    expect(await monthsOf(season)).toEqual([]);
  });

  it("gives each month the family's aid, as the first month's", async () => {
    const { guardian, athlete } = await makeFamily(db, "AidMonthly");
    const staff = await makeUser(db, "coach", "Staff AidMonthly");
    const accountId = await accountOf(db, guardian.id);
    const asked = await createAidRequest(db, accountId, guardian.id, { note: "" });
    if (!asked.ok) throw new Error("not asked");
    await decideAidRequest(db, asked.id, staff.id, { decision: "percent", requestId: asked.id, percent: 75, validUntil: monthFrom(today, 12) });
    await enroll(db, await monthlySession("Aided Monthly Squad", 8000), athlete.id);
    await chargeSeasonMonths(db, `${monthFrom(today, 1).slice(0, 7)}-02`);
    const kinds = (await getEntries(db, accountId)).map((e) => [e.kind, e.amountCents]);
    expect(kinds.filter(([k]) => k === "aid")).toEqual([
      ["aid", 6000],
      ["aid", 6000],
      ["aid", 6000],
    ]);
    expect(await getBalance(db, accountId)).toBe(6000);
  });

  it("stops at a withdrawal and credits a month charged in advance that has not begun, not the month begun", async () => {
    const { guardian, athlete } = await makeFamily(db, "Leaving");
    const eventId = await monthlySession("Leaving Monthly Squad", 8000);
    const enrollmentId = await enroll(db, eventId, athlete.id);
    const accountId = await accountOf(db, guardian.id);
    await chargeSeasonMonths(db, today);
    expect(await monthsOf(enrollmentId)).toEqual([thisMonth, monthFrom(today, 1)]);
    await setEnrollmentStatus(db, enrollmentId, "withdrawn");
    await chargeSeasonMonths(db, `${monthFrom(today, 3).slice(0, 7)}-02`);
    expect(await monthsOf(enrollmentId)).toEqual([thisMonth, monthFrom(today, 1)]);
    // The month charged ahead is credited; this month, begun, stays owed (migration 0051: the first charge too).
    const credits = (await getEntries(db, accountId)).filter((e) => e.kind === "credit");
    expect(credits.map((c) => [c.reason, c.amountCents])).toEqual([["credit:withdrawn", 8000]]);
    expect(await getBalance(db, accountId)).toBe(8000);
  });
});

describe("a session the organisation cancels", () => {
  it("credits each enrolled family once, in its language, and stops the months", async () => {
    const { guardian, athlete } = await makeFamily(db, "Cancelled");
    const other = await makeFamily(db, "CancelledToo");
    const gone = await makeFamily(db, "CancelledGone");
    const staff = await makeUser(db, "coach", "Staff Cancelled");
    const eventId = await monthlySession("Cancelled Monthly Squad", 8000);
    const enrolled = await enroll(db, eventId, athlete.id);
    await enroll(db, eventId, other.athlete.id);
    const left = await enroll(db, eventId, gone.athlete.id);
    await setEnrollmentStatus(db, left, "withdrawn");
    await chargeSeasonMonths(db, today);
    const accountId = await accountOf(db, guardian.id);
    expect(await getBalance(db, accountId)).toBe(16000);

    const result = await cancelSession(db, eventId, staff.id, { en: "Court closed for repairs", es: "Cancha cerrada por obras" });
    expect(result).toEqual({ ok: true, credited: 4 });
    expect(await cancelSession(db, eventId, staff.id, { en: "again", es: null })).toEqual({ ok: false, reason: "already-cancelled" });
    expect(await getBalance(db, accountId)).toBe(0);
    expect(await getBalance(db, await accountOf(db, other.guardian.id))).toBe(0);
    // The family that withdrew before keeps owing the month it began, no more.
    expect(await getBalance(db, await accountOf(db, gone.guardian.id))).toBe(8000);
    await chargeSeasonMonths(db, `${monthFrom(today, 2).slice(0, 7)}-02`);
    expect(await monthsOf(enrolled)).toHaveLength(2);
    expect(await getSessionCancellation(db, eventId)).toMatchObject({ reason: "Court closed for repairs", reasonEs: "Cancha cerrada por obras" });

    const en = await getAccountView(db, accountId, { locale: "en", timeZone: "UTC", online: false, phone: "1", email: "a@b.org" });
    const es = await getAccountView(db, accountId, { locale: "es", timeZone: "UTC", online: false, phone: "1", email: "a@b.org" });
    expect(en.rows.at(-1)!.what).toBe("Credit: the organisation cancelled the session; kept for other clinics or lessons");
    expect(es.rows.at(-1)!.what).toBe("Crédito: la organización canceló la sesión; se guarda para otras clínicas o clases");
  });

  it("credits at once a place taken after the cancellation, and nothing twice after a withdrawal", async () => {
    const { guardian, athlete } = await makeFamily(db, "LateCancel");
    const staff = await makeUser(db, "coach", "Staff LateCancel");
    const eventId = await makeSession(db, null, { title: "Late Cancelled Clinic", feeCents: 20000, feePer: "session" });
    expect(await cancelSession(db, eventId, staff.id, { en: "", es: null })).toEqual({ ok: true, credited: 0 });
    const id = await enroll(db, eventId, athlete.id);
    const accountId = await accountOf(db, guardian.id);
    expect((await getEntries(db, accountId)).map((e) => [e.kind, e.reason])).toEqual([
      ["charge", "Late Cancelled Clinic (session)"],
      ["credit", "credit:session-cancelled"],
    ]);
    await setEnrollmentStatus(db, id, "withdrawn");
    expect(await getBalance(db, accountId)).toBe(0);
    expect((await getEntries(db, accountId)).filter((e) => e.kind === "credit")).toHaveLength(1);
    expect(await cancelSession(db, "00000000-0000-4000-8000-000000000000", staff.id, { en: "", es: null })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});
