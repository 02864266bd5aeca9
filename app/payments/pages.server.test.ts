// /account/payments, its receipts and /aid called as each kind of person (issue 41): the family's guardian, another
// household's guardian, an athlete of the household, a coach without the aid permission, an allowed coach, an
// administrator and a visitor. Nobody sees or changes what is not theirs; bad input is answered beside its field.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, postForm, contextAsPerson, type SignedInPerson } from "../../tests/support/route-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/account.payments";
import { loader as receiptLoader } from "~/routes/account.payments.receipts.$entryId";
import { loader as pdfLoader } from "~/routes/account.payments.receipts.$entryId.pdf";
import { action as aidAction, loader as aidLoader } from "~/routes/aid";
import { loader as financesLoader } from "~/routes/reports.finances";
import { loader as financesCsv } from "~/routes/reports.finances.csv";
import { createAidRequest } from "./aid.server";
import { getBalance, getEntries, recordPayment } from "./ledger.server";
import { accountOf, enroll, makeFamily, makeFeeSession, makeUser } from "./test-support";

const { db } = await createTestDatabase();

const contextAs = (who: SignedInPerson | null) => contextAsPerson(db, who, "2026-06-15T14:00:00-04:00");
const get = (path: string) => new Request(`http://localhost${path}`);
/** The page a redirect lands on, asked with the one-time cookie the redirect set (as the browser follows it). */
const landing = (res: { headers: Headers }, path: string) =>
  new Request(`http://localhost${path}`, {
    headers: {
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    },
  });

const a = await makeFamily(db, "Alvarez");
const b = await makeFamily(db, "Brooks");
await enroll(db, await makeFeeSession(db, 30000), a.athlete.id);
const accountA = await accountOf(db, a.guardian.id);
const paymentA = (await recordPayment(db, { accountId: accountA, amountCents: 1000, method: "cash", reference: "Cash A1", recordedBy: null }))!;
const coach = await makeUser(db, "coach", "Coach Nopay");
const allowed = await makeUser(db, "coach", "Coach Mayaid");
const admin = await makeUser(db, "coach", "Admin Funds");
await db.execute(sql`update users set admin = true where id = ${admin.id}`);
const athleteA = { ...a.athlete, role: "client" as const };

describe("/account/payments", () => {
  it("shows the guardian their household's rows and balance, in their language", async () => {
    const res = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(a.guardian) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ balance: "$290", due: { state: "due", amount: "$290" } });
    const es = res;
    expect(JSON.stringify(es.body)).toContain("Payment: Cash");
  });

  it("shows another household's guardian nothing of it; refuses the athlete and a coach; sends a visitor to sign in", async () => {
    const other = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(b.guardian) });
    expect(other.body).toMatchObject({ rows: [], balance: "$0", due: { state: "nothing" } });
    expect((await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(athleteA) })).status).toBe(403);
    expect((await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(coach) })).status).toBe(403);
    const visitor = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(null) });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signin/);
    expect(
      (await call(paymentsAction, { request: postForm("/account/payments", { intent: "ask-help", wantsHelp: "on" }), context: contextAs(athleteA) }))
        .status,
    ).toBe(403);
  });

  it("keeps each receipt to its own family: another household, the athlete and a coach get nothing", async () => {
    const own = await call(receiptLoader, {
      request: get("/account/payments/receipts/x"),
      context: contextAs(a.guardian),
      params: { entryId: paymentA },
    });
    expect(own.status).toBe(200);
    expect((own.body as { lines: string[] }).lines).toContain("Amount: $10");
    for (const [who, status] of [
      [b.guardian, 404],
      [athleteA, 403],
      [coach, 403],
    ] as const) {
      expect((await call(receiptLoader, { request: get("/x"), context: contextAs(who), params: { entryId: paymentA } })).status).toBe(status);
      expect((await call(pdfLoader, { request: get("/x"), context: contextAs(who), params: { entryId: paymentA } })).status).toBe(status);
    }
    expect((await call(receiptLoader, { request: get("/x"), context: contextAs(a.guardian), params: { entryId: "not-an-id" } })).status).toBe(404);
  });

  it("asks for help with only the tick, and answers bad answers beside their fields, changing nothing", async () => {
    const noTick = await call(paymentsAction, {
      request: postForm("/account/payments", { intent: "ask-help", householdSize: "4" }),
      context: contextAs(b.guardian),
    });
    expect(noTick.status).toBe(400);
    expect(noTick.body).toMatchObject({ fieldErrors: { wantsHelp: expect.stringContaining("I would like financial help") } });
    const tooMany = await call(paymentsAction, {
      request: postForm("/account/payments", { intent: "ask-help", wantsHelp: "on", householdSize: "50", incomeBand: "billions" }),
      context: contextAs(b.guardian),
    });
    expect(tooMany.body).toMatchObject({ fieldErrors: { householdSize: "Enter a number from 1 to 20, or leave it empty." } });
    const { rows } = await db.execute(sql`select 1 from aid_requests`);
    expect(rows).toHaveLength(0);
    const asked = await call(paymentsAction, {
      request: postForm("/account/payments", { intent: "ask-help", wantsHelp: "on" }),
      context: contextAs(b.guardian),
    });
    expect(asked.status).toBe(302);
    // The answer is written on the page it lands on (a focused status), not a toast that is gone in seconds.
    const landed = await call(paymentsLoader, { request: landing(asked, "/account/payments"), context: contextAs(b.guardian) });
    expect(landed.body).toMatchObject({ answer: "Your request for help is with staff." });
    const page = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(b.guardian) });
    expect(page.body).toMatchObject({ aid: { state: "open" }, due: { state: "aid-pending" }, answer: null });
  });
});

describe("/aid", () => {
  it("is for administrators and the coaches they allow: a coach without it, a family and a visitor are refused", async () => {
    expect((await call(aidLoader, { request: get("/aid"), context: contextAs(coach) })).status).toBe(403);
    expect((await call(aidLoader, { request: get("/aid"), context: contextAs(a.guardian) })).status).toBe(403);
    expect((await call(aidLoader, { request: get("/aid"), context: contextAs(null) })).status).toBe(302);
    const decide = postForm("/aid", { intent: "record-payment", accountId: accountA, amountCents: "10", method: "cash", reference: "Sneaky" });
    expect((await call(aidAction, { request: decide, context: contextAs(coach) })).status).toBe(403);
    const allow = () => postForm("/aid", { intent: "allow-coach", coachId: allowed.id, allowed: "yes" });
    expect((await call(aidAction, { request: allow(), context: contextAs(allowed) })).status).toBe(403);
    expect((await call(aidAction, { request: allow(), context: contextAs(admin) })).status).toBe(302);
    const page = await call(aidLoader, { request: get("/aid"), context: contextAs(allowed) });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ coaches: null, requests: [{ familyName: "Brooks Parent" }] });
    expect(await getBalance(db, accountA)).toBe(29000);
  });

  it("answers out-of-range terms beside their fields and decides nothing", async () => {
    const page = await call(aidLoader, { request: get("/aid"), context: contextAs(admin) });
    const requestId = (page.body as { requests: Array<{ id: string }> }).requests[0]!.id;
    const cases: Array<[Record<string, string>, string]> = [
      [{ decision: "percent", percent: "150", validUntil: "2027-06-30" }, "percent"],
      [{ decision: "percent", percent: "-5", validUntil: "2027-06-30" }, "percent"],
      [{ decision: "amount", amountCents: "-5", validUntil: "2027-06-30" }, "amountCents"],
      [{ decision: "percent", percent: "50", validUntil: "2099-06-30" }, "validUntil"],
      [{ decision: "waiver", validUntil: "yesterday" }, "validUntil"],
    ];
    for (const [fields, field] of cases) {
      const res = await call(aidAction, { request: postForm("/aid", { intent: "decide", requestId, ...fields }), context: contextAs(admin) });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys((res.body as { fieldErrors: object }).fieldErrors)).toEqual([field]);
    }
    const { rows } = await db.execute(sql`select status from aid_requests where id = ${requestId}`);
    expect(rows).toEqual([{ status: "open" }]);
    const ok = await call(aidAction, {
      request: postForm("/aid", { intent: "decide", requestId, decision: "percent", percent: "75", validUntil: "2027-06-30" }),
      context: contextAs(allowed),
    });
    expect(ok.status).toBe(302);
  });

  it("records a payment in person, refusing more than is owed or a reference already used, beside the field", async () => {
    const pay = (amount: string, reference: string) =>
      call(aidAction, {
        request: postForm("/aid", { intent: "record-payment", accountId: accountA, amountCents: amount, method: "check", reference }),
        context: contextAs(admin),
      });
    expect((await pay("400", "Check 77")).body).toMatchObject({ fieldErrors: { amountCents: "That is more than the family owes." } });
    expect((await pay("abc", "Check 77")).body).toMatchObject({ fieldErrors: { amountCents: expect.any(String) } });
    const paid = await pay("90", "Check 77");
    expect(paid.status).toBe(302);
    const landed = await call(aidLoader, { request: landing(paid, "/aid"), context: contextAs(admin) });
    expect(landed.body).toMatchObject({ answer: "Payment recorded. The family's receipt is on its way." });
    expect((await pay("90", "check 77")).body).toMatchObject({ fieldErrors: { reference: "A payment with this reference is already recorded." } });
    expect((await getEntries(db, accountA)).filter((e) => e.kind === "payment")).toHaveLength(2);
    expect(await getBalance(db, accountA)).toBe(20000);
  });
});

describe("corrections on /aid", () => {
  it("adds a correction as a new row with its reason, refuses one without a reason or amount, and a coach without the permission", async () => {
    const correct = (who: SignedInPerson, fields: Record<string, string>) =>
      call(aidAction, {
        request: postForm("/aid", { intent: "correct", accountId: accountA, direction: "less", ...fields }),
        context: contextAs(who),
      });
    expect((await correct(admin, { amountCents: "25", reason: "" })).body).toMatchObject({
      fieldErrors: { reason: "Say why, in up to 300 characters." },
    });
    expect((await correct(admin, { amountCents: "0", reason: "Sibling" })).body).toMatchObject({ fieldErrors: { amountCents: expect.any(String) } });
    expect((await correct(coach, { amountCents: "25", reason: "Sibling" })).status).toBe(403);
    expect(await getBalance(db, accountA)).toBe(20000);
    expect((await correct(admin, { amountCents: "25", reason: "Sibling discount" })).status).toBe(302);
    expect(await getBalance(db, accountA)).toBe(17500);
    const page = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(a.guardian) });
    expect((page.body as { rows: Array<{ what: string; amount: string }> }).rows.at(-1)).toMatchObject({
      what: "Correction: Sibling discount",
      amount: "-$25",
    });
    expect((await correct(admin, { amountCents: "25", reason: "Back", direction: "more" })).status).toBe(302);
    expect(await getBalance(db, accountA)).toBe(20000);
  });
});

describe("/reports/finances", () => {
  it("sums billed, aid, collected and outstanding from the ledger, for payment staff only", async () => {
    const res = await call(financesLoader, { request: get("/reports/finances"), context: contextAs(admin) });
    expect(res.status).toBe(200);
    const body = res.body as { totals: string[]; rows: Array<{ level: string; cells: string[] }> };
    expect(body.totals).toEqual([
      "Billed: $300",
      "Aid granted: $0, to 0 athletes",
      "Credits: $0",
      "Collected (payments less refunds): $100",
      "Outstanding (what families owe now): $200",
    ]);
    expect(body.rows.find((r) => r.level === "session")!.cells).toEqual(["fall", "(none)", "Fall Junior Clinic", "$300", "$0", "$0", "0"]);
    for (const who of [coach, a.guardian, athleteA]) {
      expect((await call(financesLoader, { request: get("/reports/finances"), context: contextAs(who) })).status).toBe(403);
      expect((await call(financesCsv, { request: get("/reports/finances.csv"), context: contextAs(who) })).status).toBe(403);
    }
    expect((await call(financesLoader, { request: get("/reports/finances"), context: contextAs(null) })).status).toBe(302);
    const csv = await call(financesCsv, { request: get("/reports/finances.csv"), context: contextAs(allowed) });
    expect(csv.status).toBe(200);
    expect(csv.body as string).toContain("Fall Junior Clinic");
  });
});

describe("every door of the family's money and staff's, against each wrong person (issue 41's done-when)", () => {
  it("refuses another household's guardian, an athlete, a coach without the aid permission and a visitor, changing nothing", async () => {
    const before = await getBalance(db, accountA);
    const visitorRefused = (res: { status: number }) => expect([302, 401]).toContain(res.status);
    // /account/payments' two actions: the athlete and the coach are refused; a visitor is sent to sign in; another
    // household's guardian only ever pays or asks for their own account (nothing is due there, nothing moves here).
    for (const intent of ["pay-online", "ask-help"]) {
      const post = () => postForm("/account/payments", { intent, wantsHelp: "on" });
      for (const who of [athleteA, coach]) expect((await call(paymentsAction, { request: post(), context: contextAs(who) })).status).toBe(403);
      visitorRefused(await call(paymentsAction, { request: post(), context: contextAs(null) }));
    }
    expect(
      (await call(paymentsAction, { request: postForm("/account/payments", { intent: "pay-online" }), context: contextAs(b.guardian) })).status,
    ).toBe(409);
    // A receipt and its PDF: a visitor is sent to sign in.
    for (const loader of [receiptLoader, pdfLoader])
      visitorRefused(await call(loader, { request: get("/x"), context: contextAs(null), params: { entryId: paymentA } }));
    // /aid: the athlete reads nothing; each of its actions is refused to every wrong person.
    expect((await call(aidLoader, { request: get("/aid"), context: contextAs(athleteA) })).status).toBe(403);
    const asking = await makeFamily(db, "Cordero");
    const asked = await createAidRequest(db, await accountOf(db, asking.guardian.id), asking.guardian.id, { note: "" });
    if (!asked.ok) throw new Error("not asked");
    const open = asked.id;
    const actions: Array<Record<string, string>> = [
      { intent: "decide", requestId: open, decision: "waiver", validUntil: "2027-06-30" },
      { intent: "record-payment", accountId: accountA, amountCents: "10", method: "cash", reference: "Wrong door" },
      { intent: "correct", accountId: accountA, amountCents: "10", reason: "Wrong door", direction: "less" },
      { intent: "allow-coach", coachId: coach.id, allowed: "yes" },
    ];
    for (const fields of actions) {
      for (const who of [b.guardian, athleteA, coach])
        expect((await call(aidAction, { request: postForm("/aid", fields), context: contextAs(who) })).status, `${fields.intent}`).toBe(403);
      visitorRefused(await call(aidAction, { request: postForm("/aid", fields), context: contextAs(null) }));
    }
    // The finance report's CSV: a visitor is sent to sign in.
    visitorRefused(await call(financesCsv, { request: get("/reports/finances.csv"), context: contextAs(null) }));
    expect(await getBalance(db, accountA)).toBe(before);
    expect((await db.execute<{ status: string }>(sql`select status from aid_requests where id = ${open}`)).rows[0]?.status).toBe("open");
    expect((await getEntries(db, accountA)).some((e) => e.reason.includes("Wrong door") || e.reference === "Wrong door")).toBe(false);
  });
});
