// Refunds (issue 41, decision 0060) against the real database and the official Stripe SDK pointed at the tests'
// loopback payment service: an administrator's refund is asked once and made once, never over what was paid less
// earlier refunds (two staff at the same moment included), a card payment goes back through the provider, the family
// reads the refund and its reason and gets a mail in their language; the provider's refund events are believed only
// signed and count once; and nobody but an administrator refunds, nobody but the family sees it.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, postForm } from "../../tests/support/route-context";
import { withPaymentService, type PaymentPerson } from "../../tests/support/payment-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as staffAction, loader as staffLoader } from "~/routes/aid.accounts.$accountId";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/account.payments";
import { action as webhookAction } from "~/routes/payments.webhook";
import { getBalance, recordPayment } from "./ledger.server";
import { refundPayment } from "./refunds.server";
import { accountOf, enroll, makeFamily, makeFeeSession, makeUser, receiptServices } from "./test-support";

const { db } = await createTestDatabase();
const { service, contextAs } = await withPaymentService(db);
type Person = PaymentPerson;
const get = (path: string) => new Request(`http://localhost${path}`);

const admin = await makeUser(db, "coach", "Admin Refunds");
await db.execute(sql`update users set admin = true where id = ${admin.id}`);
const coach = await makeUser(db, "coach", "Coach Norefund");
const allowed = await makeUser(db, "coach", "Coach Aidonly");
await db.execute(sql`insert into payment_staff (user_id, granted_by) values (${allowed.id}, ${admin.id})`);

/** A family owing `cents` who paid `paidCents` in cash (reference unique to them). */
async function familyThatPaid(name: string, cents: number, paidCents: number) {
  const { guardian, athlete } = await makeFamily(db, name);
  await enroll(db, await makeFeeSession(db, cents), athlete.id);
  const accountId = await accountOf(db, guardian.id);
  const paymentId = (await recordPayment(db, {
    accountId,
    amountCents: paidCents,
    method: "cash",
    reference: `Cash ${name}`,
    recordedBy: admin.id,
  }))!;
  return { guardian: { ...guardian, role: "client" as const }, athlete: { ...athlete, role: "client" as const }, accountId, paymentId };
}

const refundRows = (accountId: string) =>
  db
    .execute<{ amount_cents: number; method: string; reason: string; reference: string | null }>(
      sql`select amount_cents, method, reason, reference from ledger_entries where account_id = ${accountId} and kind = 'refund' order by seq`,
    )
    .then((r) => r.rows);

/** Posts the refund form as `who`: first unconfirmed (the page's first step), then what the server asked, confirmed. */
async function refundThroughPage(who: Person, accountId: string, fields: Record<string, string>) {
  const path = `/aid/accounts/${accountId}`;
  const first = await call(staffAction, { request: postForm(path, { intent: "refund", ...fields }), context: contextAs(who), params: { accountId } });
  const ask = (first.body as { ask?: { fields: Record<string, string>; question: string } }).ask;
  if (!ask) return { first, second: null };
  const second = await call(staffAction, {
    request: postForm(path, { ...ask.fields, confirmed: "yes" }),
    context: contextAs(who),
    params: { accountId },
  });
  return { first, second, ask };
}

describe("an administrator's refund of money paid in person", () => {
  it("asks once naming the family and the amount, records the refund, and the family reads it and gets a mail in Spanish", async () => {
    const f = await familyThatPaid("Reyes", 7500, 7500);
    await db.execute(sql`update users set locale = 'es' where id = ${f.guardian.id}`);
    const { first, second, ask } = await refundThroughPage(admin, f.accountId, {
      paymentId: f.paymentId,
      amountCents: "25",
      reason: "The clinic's last week was rained out",
      method: "cash",
    });
    expect(first.status).toBe(200);
    expect(ask!.question).toBe(`Refund $25 to Reyes Parent? Payment: $75 paid on ${ask!.question.match(/paid on (.*) ·/)![1]} · Cash.`);
    expect(second!.status).toBe(302);
    expect(await refundRows(f.accountId)).toEqual([
      { amount_cents: 2500, method: "cash", reason: "The clinic's last week was rained out", reference: null },
    ]);
    expect(await getBalance(db, f.accountId)).toBe(2500);

    const page = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(f.guardian) });
    expect(JSON.stringify(page.body)).toContain("Refund in cash: The clinic's last week was rained out");
    const { rows } = await db.execute<{ subject: string; text_body: string }>(
      sql`select subject, text_body from mail_outbox where kind = 'payment-refund' and to_address = ${f.guardian.email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("Next Level Tennis & Education: un reembolso de $25");
    expect(rows[0]!.text_body).toContain("Le reembolsamos $25 de su pago del");
    expect(rows[0]!.text_body).toContain("en efectivo");
    expect(rows[0]!.text_body).toContain("Motivo: The clinic's last week was rained out");

    // The same confirmed form sent again (a double tap) is the same refund.
    const again = await call(staffAction, {
      request: postForm(`/aid/accounts/${f.accountId}`, { ...ask!.fields, confirmed: "yes" }),
      context: contextAs(admin),
      params: { accountId: f.accountId },
    });
    expect(again.status).toBe(302);
    expect(await refundRows(f.accountId)).toHaveLength(1);
  });

  it("refuses beside the field an amount out of range, a missing reason or a card method for cash, and changes nothing", async () => {
    const f = await familyThatPaid("Ortega", 7500, 5000);
    const path = `/aid/accounts/${f.accountId}`;
    const post = (fields: Record<string, string>) =>
      call(staffAction, {
        request: postForm(path, { intent: "refund", paymentId: f.paymentId, reason: "Overpaid", method: "cash", ...fields, confirmed: "yes" }),
        context: contextAs(admin),
        params: { accountId: f.accountId },
      });
    for (const amountCents of ["0", "-5", "abc", "10.999", "99999999"])
      expect(await post({ amountCents })).toMatchObject({
        status: 400,
        body: { fieldErrors: { amountCents: "Enter an amount in dollars, at least $0.01, like 25 or 25.50." } },
      });
    expect(await post({ amountCents: "50.01" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { amountCents: "At most $50 can be refunded: $50 was paid, less earlier refunds." } },
    });
    // A good form not yet confirmed is asked about, and changes nothing.
    const unconfirmed = await call(staffAction, {
      request: postForm(path, { intent: "refund", paymentId: f.paymentId, reason: "Overpaid", method: "cash", amountCents: "10" }),
      context: contextAs(admin),
      params: { accountId: f.accountId },
    });
    expect(unconfirmed).toMatchObject({ status: 200, body: { ask: { confirmLabel: "Yes, refund $10" } } });
    expect(await post({ amountCents: "10", reason: " " })).toMatchObject({ status: 400, body: { fieldErrors: { reason: expect.any(String) } } });
    expect(await post({ amountCents: "10", method: "card" })).toMatchObject({ status: 400, body: { fieldErrors: { method: expect.any(String) } } });
    // A payment of another account, named in this account's form.
    const other = await familyThatPaid("Otra", 7500, 7500);
    expect(await post({ amountCents: "10", paymentId: other.paymentId })).toMatchObject({ status: 400, body: { formError: expect.any(String) } });
    expect(await refundRows(f.accountId)).toEqual([]);
    expect(await refundRows(other.accountId)).toEqual([]);
  });

  it("never refunds more than was paid less earlier refunds, when two staff refund at the same moment", async () => {
    const f = await familyThatPaid("Carrera", 7500, 7500);
    const attempt = (cents: number) =>
      refundPayment(
        db,
        null,
        receiptServices(),
        {
          accountId: f.accountId,
          paymentId: f.paymentId,
          amountCents: cents,
          reason: "Double refund race",
          method: "cash",
          key: crypto.randomUUID(),
        },
        admin.id,
      );
    const results = await Promise.all([attempt(6000), attempt(6000)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "over-refund")).toHaveLength(1);
    const many = await Promise.all(Array.from({ length: 8 }, () => attempt(500)));
    expect(many.filter((r) => r.ok)).toHaveLength(3);
    expect((await refundRows(f.accountId)).reduce((sum, r) => sum + r.amount_cents, 0)).toBe(7500);
    // The database itself refuses a row over it, whoever writes it.
    await expect(
      db.execute(sql`insert into ledger_entries (account_id, kind, amount_cents, reason, applies_to, method)
        values (${f.accountId}, 'refund', 1, 'by hand', ${f.paymentId}, 'cash')`),
    ).rejects.toMatchObject({ cause: { constraint: "ledger_entries_refund_within_payment" } });
  });
});

/** Two administrators' forms for `fields`, each asked and then confirmed, the confirmations posted at the same moment. */
async function twoConfirmedAtOnce(accountId: string, fields: Record<string, string>) {
  const path = `/aid/accounts/${accountId}`;
  const ask = async () => {
    const first = await call(staffAction, {
      request: postForm(path, { intent: "refund", ...fields }),
      context: contextAs(admin),
      params: { accountId },
    });
    return (first.body as { ask: { fields: Record<string, string> } }).ask.fields;
  };
  const asked = [await ask(), await ask()];
  return Promise.all(
    asked.map((f) => call(staffAction, { request: postForm(path, { ...f, confirmed: "yes" }), context: contextAs(admin), params: { accountId } })),
  );
}

describe("the limit is the database's, and its refusal is the message beside the amount", () => {
  it("refuses the second of two confirmed refunds posted at once, saying beside the amount what is left", async () => {
    const f = await familyThatPaid("Dosveces", 7500, 7500);
    const answers = await twoConfirmedAtOnce(f.accountId, { paymentId: f.paymentId, amountCents: "60", reason: "Rained out", method: "cash" });
    // The second is refused by the database's limit (409) or, when the first had committed before it read what is
    // left, by the same check before (400): either way the same words beside the amount, and one refund stored.
    const refused = answers.find((a) => a.status !== 302);
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    expect([400, 409]).toContain(refused?.status);
    expect(refused!.body).toMatchObject({
      fieldErrors: { amountCents: "At most $15 can be refunded: $75 was paid, less earlier refunds." },
    });
    expect(await refundRows(f.accountId)).toEqual([{ amount_cents: 6000, method: "cash", reason: "Rained out", reference: null }]);
  });
});

describe("a card payment's refund through the provider", () => {
  async function paidByCard(name: string) {
    const { guardian, athlete } = await makeFamily(db, name);
    await enroll(db, await makeFeeSession(db, 7500), athlete.id);
    const g = { ...guardian, role: "client" as const };
    const res = await call(paymentsAction, { request: postForm("/account/payments", { intent: "pay-online" }), context: contextAs(g) });
    const sessionId = new URL(res.headers.get("location")!).pathname.split("/").pop()!;
    const paid = service.completedEvent(sessionId);
    expect((await deliver(paid.body, paid.signature)).body).toBe("recorded");
    const accountId = await accountOf(db, guardian.id);
    const { rows } = await db.execute<{ id: string; reference: string }>(
      sql`select id, reference from ledger_entries where account_id = ${accountId} and kind = 'payment'`,
    );
    return { guardian: g, accountId, paymentId: rows[0]!.id, intent: rows[0]!.reference };
  }
  const deliver = (body: string, signature: string | null) =>
    call(webhookAction, {
      request: new Request("http://localhost/payments/webhook", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      }),
      context: contextAs(null),
    });

  it("refunds through the provider once, and its refund event then changes nothing", async () => {
    const f = await paidByCard("Tarjeta");
    const { second } = await refundThroughPage(admin, f.accountId, {
      paymentId: f.paymentId,
      amountCents: "30",
      reason: "Sibling discount",
      method: "card",
    });
    expect(second!.status).toBe(302);
    const refunds = [...service.refunds.values()].filter((r) => r.payment_intent === f.intent);
    expect(refunds.map((r) => r.amount)).toEqual([3000]);
    expect(await refundRows(f.accountId)).toEqual([{ amount_cents: 3000, method: "card", reason: "Sibling discount", reference: refunds[0]!.id }]);
    const event = service.refundEvent(refunds[0]!.id);
    expect((await deliver(event.body, event.signature)).body).toBe("already-recorded");
    expect((await deliver(event.body, event.signature)).body).toBe("replay");
    expect(await refundRows(f.accountId)).toHaveLength(1);
    const page = await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(f.guardian) });
    expect(JSON.stringify(page.body)).toContain("Refund to the card it was paid with: Sibling discount");
  });

  it("asks the provider once when two confirmed refunds of one card payment are posted at once; the second is refused beside the amount", async () => {
    const f = await paidByCard("Doble Tarjeta");
    const answers = await twoConfirmedAtOnce(f.accountId, { paymentId: f.paymentId, amountCents: "50", reason: "Clinic closed", method: "card" });
    // The second is refused by the database's limit (409) or, when the first had committed before it read what is
    // left, by the same check before (400): either way the same words beside the amount, and one refund stored.
    const refused = answers.find((a) => a.status !== 302);
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1);
    expect([400, 409]).toContain(refused?.status);
    expect(refused!.body).toMatchObject({
      fieldErrors: { amountCents: "At most $25 can be refunded: $75 was paid, less earlier refunds." },
    });
    expect([...service.refunds.values()].filter((r) => r.payment_intent === f.intent).map((r) => r.amount)).toEqual([5000]);
    expect(await refundRows(f.accountId)).toHaveLength(1);
  });

  it("records a refund made in the provider's dashboard once; a forged or failed one changes nothing", async () => {
    const f = await paidByCard("Panel");
    const dashboard = service.event("refund.created", {
      id: "re_test_dashboard",
      object: "refund",
      amount: 7500,
      payment_intent: f.intent,
      status: "succeeded",
      currency: "usd",
    });
    expect((await deliver(dashboard.body, service.sign(dashboard.body, "whsec_forged"))).status).toBe(400);
    expect((await deliver(dashboard.body, null)).status).toBe(400);
    expect(await refundRows(f.accountId)).toEqual([]);
    const failed = service.event("refund.updated", {
      id: "re_test_failed",
      object: "refund",
      amount: 100,
      payment_intent: f.intent,
      status: "failed",
    });
    expect((await deliver(failed.body, failed.signature)).body).toBe("not-refunded");
    expect((await deliver(dashboard.body, dashboard.signature)).body).toBe("recorded");
    expect((await deliver(dashboard.body, dashboard.signature)).body).toBe("replay");
    const updated = service.event("refund.updated", {
      id: "re_test_dashboard",
      object: "refund",
      amount: 7500,
      payment_intent: f.intent,
      status: "succeeded",
    });
    expect((await deliver(updated.body, updated.signature)).body).toBe("already-recorded");
    expect(await refundRows(f.accountId)).toEqual([
      { amount_cents: 7500, method: "card", reason: "refund:provider", reference: "re_test_dashboard" },
    ]);
    // Nothing is left to refund on the page either.
    const over = await refundThroughPage(admin, f.accountId, { paymentId: f.paymentId, amountCents: "1", reason: "One more", method: "card" });
    expect(over.first).toMatchObject({
      status: 400,
      body: { fieldErrors: { amountCents: "At most $0 can be refunded: $75 was paid, less earlier refunds." } },
    });
  });

  it("records nothing when the provider refuses, and says so", async () => {
    const f = await familyThatPaid("Rechazo", 7500, 7500);
    // A card payment the provider never saw (its intent unknown there): the provider answers 404.
    const cardId = (await recordPayment(db, {
      accountId: f.accountId,
      amountCents: 1000,
      method: "card",
      reference: "pi_test_unknown",
      recordedBy: null,
    }))!;
    const { second } = await refundThroughPage(admin, f.accountId, { paymentId: cardId, amountCents: "10", reason: "Try it", method: "card" });
    expect(second).toMatchObject({
      status: 502,
      body: { formError: "The card processor did not make the refund. Nothing was recorded; try again in a few minutes." },
    });
    expect(await refundRows(f.accountId)).toEqual([]);
    // Without a provider configured, a card payment is not offered a refund on the site.
    const offline = await call(staffAction, {
      request: postForm(`/aid/accounts/${f.accountId}`, { intent: "refund", paymentId: cardId, amountCents: "10", reason: "Try it", method: "card" }),
      context: contextAs(admin, {}),
      params: { accountId: f.accountId },
    });
    expect(offline.status).toBe(409);
  });
});

describe("staff's page of a family's rows", () => {
  it("pages as the family's own balance page does: the same rows, the earlier entries' sum, the balance and links", async () => {
    const f = await familyThatPaid("Paginas", 15000, 100);
    await db.execute(sql`insert into ledger_entries (account_id, kind, amount_cents, reason, method, reference)
      select ${f.accountId}, 'payment', 100, 'payment:cash', 'cash', 'Paginas ' || i from generate_series(1, 40) i`);
    const pageOf = async (loader: typeof staffLoader | typeof paymentsLoader, path: string, who: Person) =>
      (await call(loader, { request: get(path), context: contextAs(who), params: { accountId: f.accountId } })).body as {
        rows: Array<{ id: string; what: string; amount: string }>;
        paging: unknown;
        balance: string;
      };
    for (const [query, page] of [
      ["", 1],
      ["?page=2", 2],
      ["?page=9", 2],
    ] as const) {
      const staff = await pageOf(staffLoader, `/aid/accounts/${f.accountId}${query}`, admin);
      const family = await pageOf(paymentsLoader, `/account/payments${query}`, f.guardian);
      expect(staff.rows.map(({ id, what, amount }) => ({ id, what, amount }))).toEqual(
        family.rows.map(({ id, what, amount }) => ({ id, what, amount })),
      );
      expect(staff.rows).toHaveLength(page === 1 ? 36 : 6);
      expect(staff.paging).toEqual(family.paging);
      expect(staff.balance).toBe(family.balance);
    }
    expect((await pageOf(staffLoader, `/aid/accounts/${f.accountId}`, admin)).paging).toEqual({ page: 1, pages: 2, broughtForward: "$145" });
    expect((await pageOf(staffLoader, `/aid/accounts/${f.accountId}`, admin)).balance).toBe("$109");
  });
});

describe("who may", () => {
  it("lets only an administrator refund; payment staff read; a guardian, a coach and a visitor get nothing", async () => {
    const f = await familyThatPaid("Quien", 7500, 7500);
    const other = await familyThatPaid("Vecino", 7500, 7500);
    const params = { accountId: f.accountId };
    const path = `/aid/accounts/${f.accountId}`;
    const refund = (who: Person | null) =>
      call(staffAction, {
        request: postForm(path, {
          intent: "refund",
          paymentId: f.paymentId,
          amountCents: "5",
          reason: "Not yours",
          method: "cash",
          confirmed: "yes",
        }),
        context: contextAs(who),
        params,
      });
    const read = (who: Person | null) => call(staffLoader, { request: get(path), context: contextAs(who), params });

    const staffView = await read(allowed);
    expect(staffView.status).toBe(200);
    expect(staffView.body).toMatchObject({ familyName: "Quien Parent", canRefund: false, balance: "$0" });
    expect((await read(admin)).body).toMatchObject({ canRefund: true, payments: [{ left: "$75" }] });
    for (const who of [f.guardian, f.athlete, other.guardian, coach]) expect((await read(who)).status).toBe(403);
    for (const who of [f.guardian, other.guardian, coach, allowed]) expect((await refund(who)).status).toBe(403);
    expect((await refund(null)).status).toBe(401);
    const visitor = await read(null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signin/);
    expect((await call(staffLoader, { request: get("/aid/accounts/x"), context: contextAs(admin), params: { accountId: "nope" } })).status).toBe(404);
    expect(await refundRows(f.accountId)).toEqual([]);

    // An administrator's refund to this family shows on its page, and nowhere on the neighbour's.
    await refundThroughPage(admin, f.accountId, { paymentId: f.paymentId, amountCents: "5", reason: "Quien's private reason", method: "cash" });
    expect(JSON.stringify((await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(f.guardian) })).body)).toContain(
      "Quien's private reason",
    );
    expect(
      JSON.stringify((await call(paymentsLoader, { request: get("/account/payments"), context: contextAs(other.guardian) })).body),
    ).not.toContain("Quien's private reason");
  });
});
