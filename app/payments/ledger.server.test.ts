// The ledger against a real PostgreSQL (issue 41): an enrollment that becomes Enrolled is charged by the database,
// aid is applied whichever comes first, a withdrawal credits what was still owed, the rows cannot be changed or
// removed, and no payment is counted twice however many arrive at once.
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { takeCoachStep } from "~/enrollment/index.server";
import { makeSession, onCourt, servicesFor } from "~/enrollment/test-support";
import { createEnrollmentRequest } from "~/enrollment/enrollments.server";
import { createTestDatabase } from "../../tests/support/test-db";
import { createAidRequest, decideAidRequest, getAidState } from "./aid.server";
import { parseDollars } from "./money";
import { getAccountView } from "./account-view.server";
import { addCorrection, getBalance, getDue, getEntries, getEntriesPage, historyPage, recordPayment } from "./ledger.server";
import { getReceipt, receiptPdf } from "./receipts.server";
import { recordManualPayment } from "./staff.server";
import { accountOf, enroll, makeFamily, makeFeeSession, makeUser, receiptServices, setEnrollmentStatus } from "./test-support";

const { db, pool } = await createTestDatabase();
const services = receiptServices();
const noAnswers = { note: "" };
const view = (accountId: string, locale: "en" | "es" = "en") =>
  getAccountView(db, accountId, { locale, timeZone: "America/New_York", online: false, phone: "(202) 555-0147", email: "info@test.org" });

describe("money typed in forms", () => {
  it("reads dollars as cents and refuses anything else", () => {
    expect(parseDollars("120")).toBe(12000);
    expect(parseDollars("$1,200.5")).toBe(120050);
    expect(parseDollars("0.07")).toBe(7);
    for (const bad of ["-5", "1.234", "ten", "", "1e3", "99999999999"]) expect(parseDollars(bad)).toBeNull();
  });

  it("gives aid by the database's one rule: a waiver all, a percentage or an amount above the floor, never more than the charge", async () => {
    const aid = async (charge: number, decision: string, pct: number | null, amount: number | null, floor: number | null) =>
      (
        await db.execute<{ cents: number }>(
          sql`select payments_aid_cents(${charge}::integer, ${decision}, ${pct}::smallint, ${amount}::integer, ${floor}::integer) as cents`,
        )
      ).rows[0]!.cents;
    expect(await aid(30000, "waiver", null, null, null)).toBe(30000);
    expect(await aid(30000, "percent", 75, null, null)).toBe(22500);
    expect(await aid(30000, "percent", 100, null, 2000)).toBe(28000);
    expect(await aid(30000, "amount", null, 50000, null)).toBe(30000);
    expect(await aid(1000, "amount", null, 500, 2000)).toBe(0);
  });
});

describe("charges made by the database", () => {
  it("charges the session's fee once when an enrollment becomes Enrolled through enrollment's own step", async () => {
    const coach = await makeUser(db, "coach", "Coach Ledger");
    const { guardian, athlete } = await makeFamily(db, "Charged");
    const eventId = await makeSession(db, 10, { feeCents: 30000, feePer: "season", startsOn: "2026-09-01" });
    const enrollServices = servicesFor(db);
    const made = await createEnrollmentRequest(enrollServices, guardian, eventId, onCourt(athlete.id));
    if (!made.ok) throw new Error("request refused");
    expect(await takeCoachStep(enrollServices, coach, made.enrollmentId, "place", { level: 4, placedOn: "2026-06-15", note: "" })).toMatchObject({
      ok: true,
    });
    expect(await takeCoachStep(enrollServices, coach, made.enrollmentId, "enroll")).toMatchObject({ ok: true });
    const accountId = await accountOf(db, guardian.id);
    expect(await accountOf(db, athlete.id)).toBe(accountId);
    const entries = await getEntries(db, accountId);
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([["charge", 30000]]);
    expect(await getDue(db, accountId)).toMatchObject({ state: "due", cents: 30000 });
  });

  it("charges nothing for a free session, and nothing twice when a status comes back to Enrolled", async () => {
    const { guardian, athlete } = await makeFamily(db, "Free");
    const free = await makeFeeSession(db, 0);
    await enroll(db, free, athlete.id);
    const paid = await makeFeeSession(db, 12000, "month");
    const id = await enroll(db, paid, athlete.id, "placed");
    await setEnrollmentStatus(db, id, "enrolled");
    await setEnrollmentStatus(db, id, "placed");
    await setEnrollmentStatus(db, id, "enrolled");
    expect(await getBalance(db, await accountOf(db, guardian.id))).toBe(12000);
  });

  it("credits what was still owed when an enrolled athlete withdraws (no refund: kept for other clinics)", async () => {
    const { guardian, athlete } = await makeFamily(db, "Withdraws");
    const id = await enroll(db, await makeFeeSession(db, 20000), athlete.id);
    await setEnrollmentStatus(db, id, "withdrawn");
    const accountId = await accountOf(db, guardian.id);
    expect((await getEntries(db, accountId)).map((e) => e.kind)).toEqual(["charge", "credit"]);
    expect(await getBalance(db, accountId)).toBe(0);
    expect((await view(accountId)).rows[1]!.what).toMatch(/withdrawn; kept for other clinics/);
  });
});

describe("whose account", () => {
  it("brings a guardian's own account (help asked before the household existed) into the household", async () => {
    const guardian = await makeUser(db, "client", "Early Parent");
    const own = await accountOf(db, guardian.id);
    await createAidRequest(db, own, guardian.id, noAnswers);
    const { athlete } = await makeFamily(db, "Early");
    // She joins the household made since (as a second guardian), then the athlete is enrolled.
    await db.execute(sql`insert into household_members (household_id, user_id, role)
      select household_id, ${guardian.id}, 'guardian' from household_members where user_id = ${athlete.id}`);
    await enroll(db, await makeFeeSession(db, 8000), athlete.id);
    expect(await accountOf(db, athlete.id)).toBe(own);
    expect(await getDue(db, own)).toEqual({ state: "aid-pending" });
  });
});

describe("an append-only ledger", () => {
  it("refuses to change or remove a row, and its balance is always the sum of its rows", async () => {
    const { guardian, athlete } = await makeFamily(db, "Fixed");
    await enroll(db, await makeFeeSession(db, 15000), athlete.id);
    const accountId = await accountOf(db, guardian.id);
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => null,
        (e: { cause?: { constraint?: string } }) => e.cause?.constraint,
      );
    expect(await refusal(db.execute(sql`update ledger_entries set amount_cents = 1 where account_id = ${accountId}`))).toBe(
      "ledger_entries_append_only",
    );
    expect(await refusal(db.execute(sql`delete from ledger_entries where account_id = ${accountId}`))).toBe("ledger_entries_append_only");
    expect(await refusal(db.execute(sql`truncate ledger_entries cascade`))).toBe("ledger_entries_append_only");
    await addCorrection(db, accountId, -2500, "Sibling discount", guardian.id);
    const entries = await getEntries(db, accountId);
    expect(await getBalance(db, accountId)).toBe(entries.reduce((s, e) => s + e.effectCents, 0));
    expect(await getBalance(db, accountId)).toBe(12500);
  });

  it("refuses amounts that are not positive whole cents", async () => {
    const { guardian } = await makeFamily(db, "Negative");
    const accountId = await accountOf(db, guardian.id);
    await expect(recordPayment(db, { accountId, amountCents: -100, method: "cash", reference: "R-1", recordedBy: null })).rejects.toThrow();
    await expect(recordPayment(db, { accountId, amountCents: 0, method: "cash", reference: "R-2", recordedBy: null })).rejects.toThrow();
  });

  it("records a payment reference once when 20 staff record it at the same moment", async () => {
    const { guardian, athlete } = await makeFamily(db, "Twenty");
    await enroll(db, await makeFeeSession(db, 9000), athlete.id);
    const accountId = await accountOf(db, guardian.id);
    const staff = await makeUser(db, "coach", "Staff Twenty");
    const input = { accountId, amountCents: 9000, method: "check" as const, reference: "Check 1042" };
    const results = await Promise.all(Array.from({ length: 20 }, () => recordManualPayment(db, services, input, staff.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && ["duplicate", "over-balance"].includes(r.reason))).toBe(true);
    expect(await getBalance(db, accountId)).toBe(0);
    const { rows } = await db.execute(sql`select 1 from mail_outbox where kind = 'payment-receipt' and to_address = ${guardian.email}`);
    expect(rows).toHaveLength(1);
    expect(pool.totalCount).toBeGreaterThan(0);
  });

  it("refuses a payment over what the family owes, and changes nothing", async () => {
    const { guardian, athlete } = await makeFamily(db, "Over");
    await enroll(db, await makeFeeSession(db, 5000), athlete.id);
    const accountId = await accountOf(db, guardian.id);
    const staff = await makeUser(db, "coach", "Staff Over");
    expect(await recordManualPayment(db, services, { accountId, amountCents: 5001, method: "cash", reference: "Cash 1" }, staff.id)).toMatchObject({
      ok: false,
      field: "amountCents",
    });
    expect(await getBalance(db, accountId)).toBe(5000);
  });
});

describe("financial aid", () => {
  it("asks nothing while a request waits, then applies 75% to what was charged and leaves the rest due", async () => {
    const { guardian, athlete } = await makeFamily(db, "Helped");
    const staff = await makeUser(db, "coach", "Staff Helped");
    const accountId = await accountOf(db, guardian.id);
    const asked = await createAidRequest(db, accountId, guardian.id, { householdSize: 4, schoolLunch: "free", note: "Two jobs" });
    expect(asked.ok).toBe(true);
    expect(await createAidRequest(db, accountId, guardian.id, noAnswers)).toEqual({ ok: false, reason: "already-open" });
    await enroll(db, await makeFeeSession(db, 30000), athlete.id);
    expect(await getDue(db, accountId)).toEqual({ state: "aid-pending" });
    const pending = await view(accountId, "es");
    expect(pending.due).toEqual({ state: "aid-pending" });
    if (!asked.ok) throw new Error();
    expect(
      await decideAidRequest(db, asked.id, staff.id, { decision: "percent", requestId: asked.id, percent: 75, validUntil: "2027-06-30" }),
    ).toEqual({ ok: true });
    expect(await decideAidRequest(db, asked.id, staff.id, { decision: "decline", requestId: asked.id })).toEqual({ ok: false, reason: "not-open" });
    expect(await getDue(db, accountId)).toMatchObject({ state: "due", cents: 7500 });
    const after = await view(accountId, "es");
    expect(after.aid).toMatchObject({ state: "granted", terms: "75 % de descuento en cada cargo" });
    expect(after.due).toMatchObject({ state: "due", amount: "$75" });
    expect(after.rows.map((r) => r.what)).toEqual(["Cuota: Fall Junior Clinic (por la temporada)", "Ayuda económica"]);
  });

  it("applies a granted waiver to charges made after it: enrolled, never asked to pay", async () => {
    const { guardian, athlete } = await makeFamily(db, "Waived");
    const staff = await makeUser(db, "coach", "Staff Waived");
    const accountId = await accountOf(db, guardian.id);
    const asked = await createAidRequest(db, accountId, guardian.id, noAnswers);
    if (!asked.ok) throw new Error();
    await decideAidRequest(db, asked.id, staff.id, { decision: "waiver", requestId: asked.id, validUntil: "2027-06-30" });
    await enroll(db, await makeFeeSession(db, 30000), athlete.id);
    expect(await getBalance(db, accountId)).toBe(0);
    expect((await view(accountId)).due).toEqual({ state: "waived" });
    expect(await getAidState(db, accountId)).toMatchObject({ state: "granted", decision: "waiver" });
  });

  it("keeps the organisation's floor and gives nothing past the grant's last day", async () => {
    const { guardian, athlete } = await makeFamily(db, "Floored");
    const staff = await makeUser(db, "coach", "Staff Floored");
    const accountId = await accountOf(db, guardian.id);
    const asked = await createAidRequest(db, accountId, guardian.id, noAnswers);
    if (!asked.ok) throw new Error();
    await decideAidRequest(db, asked.id, staff.id, {
      decision: "amount",
      requestId: asked.id,
      amountCents: 50000,
      floorCents: 2500,
      validUntil: "2026-12-31",
    });
    await enroll(db, await makeFeeSession(db, 10000), athlete.id);
    expect(await getBalance(db, accountId)).toBe(2500);
    const later = await makeSession(db, null, { feeCents: 10000, feePer: "season", startsOn: "2027-03-01", endsOn: "2027-06-30" });
    await enroll(db, later, athlete.id);
    expect(await getBalance(db, accountId)).toBe(12500);
  });
});

describe("receipts", () => {
  it("draws a reference no font has as '?' instead of failing, and reads back in Spanish", async () => {
    const { guardian, athlete } = await makeFamily(db, "Emoji");
    await enroll(db, await makeFeeSession(db, 4000), athlete.id);
    const accountId = await accountOf(db, guardian.id);
    const id = (await recordPayment(db, { accountId, amountCents: 4000, method: "zelle", reference: "Zelle ✅ 77→", recordedBy: null }))!;
    const pdf = await receiptPdf((await getReceipt(db, accountId, id))!, "Next Level Tennis & Education", "America/New_York", "es");
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text).toContain("Número de recibo");
    expect(text).toContain("Pagado con: Zelle (Zelle ? 77?)");
    expect(text).toContain("Monto: $40");
  });
});

describe("the family's rows a page at a time", () => {
  it("shows the newest 36 rows with what the older rows sum to, and puts every row on one page", async () => {
    const { guardian, athlete } = await makeFamily(db, "Paged");
    await enroll(db, await makeFeeSession(db, 15000), athlete.id);
    const accountId = await accountOf(db, guardian.id);
    await db.execute(sql`insert into ledger_entries (account_id, kind, amount_cents, reason)
      select ${accountId}, 'correction', case when i % 2 = 1 then 100 * i else -50 * i end, 'Entry ' || i from generate_series(1, 80) i`);
    const all = await getEntries(db, accountId);
    const balance = await getBalance(db, accountId);
    const sum = (rows: Array<{ effectCents: number }>) => rows.reduce((s, e) => s + e.effectCents, 0);
    const [first, second, last] = await Promise.all([1, 2, 3].map((p) => getEntriesPage(db, accountId, p)));
    expect(all).toHaveLength(81);
    expect(first!.rows.map((e) => e.id)).toEqual(all.slice(-36).map((e) => e.id));
    expect(first).toMatchObject({ page: 1, pages: 3, balanceAfterCents: balance });
    expect(first!.broughtForwardCents + sum(first!.rows)).toBe(balance);
    expect(second!.rows.map((e) => e.id)).toEqual(all.slice(-72, -36).map((e) => e.id));
    expect(second!.balanceAfterCents).toBe(first!.broughtForwardCents);
    expect(last!.rows.map((e) => e.id)).toEqual(all.slice(0, 9).map((e) => e.id));
    expect(last).toMatchObject({ page: 3, broughtForwardCents: 0, balanceAfterCents: second!.broughtForwardCents });
    // A page past the last is the last; a new account has one empty page.
    expect(await getEntriesPage(db, accountId, 99)).toEqual(last);
    const { guardian: none } = await makeFamily(db, "Unpaged");
    expect(await getEntriesPage(db, await accountOf(db, none.id), 1)).toMatchObject({ rows: [], page: 1, pages: 1 });
  });

  it("reads the page a link asks for, and the first for anything else", () => {
    expect(historyPage("2")).toBe(2);
    for (const asked of [null, "", "0", "-1", "2.5", "x", "1e3", "9999999"]) expect(historyPage(asked)).toBe(1);
  });

  it("words a page: what the older rows sum to and the balance after it, in the family's language", async () => {
    const { guardian, athlete } = await makeFamily(db, "Worded Pages");
    await enroll(db, await makeFeeSession(db, 15000), athlete.id);
    const accountId = await accountOf(db, guardian.id);
    await db.execute(sql`insert into ledger_entries (account_id, kind, amount_cents, reason, method, reference)
      select ${accountId}, 'payment', 100, 'payment:cash', 'cash', 'Paged ' || i from generate_series(1, 40) i`);
    const newest = await getAccountView(db, accountId, { locale: "es", timeZone: "UTC", online: false, phone: "", email: "", page: 1 });
    expect(newest.rows).toHaveLength(36);
    expect(newest.paging).toEqual({ page: 1, pages: 2, broughtForward: "$146" });
    expect(newest.balance).toBe("$110");
    const older = await getAccountView(db, accountId, { locale: "en", timeZone: "UTC", online: false, phone: "", email: "", page: 2 });
    expect(older.rows.map((r) => r.amount)).toEqual(["$150", "-$1", "-$1", "-$1", "-$1"]);
    expect(older.paging).toEqual({ page: 2, pages: 2, broughtForward: null });
    expect(older.balance).toBe("$146");
  });
});
