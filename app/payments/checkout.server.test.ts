// Paying online against the official Stripe SDK pointed at the tests' loopback payment service (no network): a
// Checkout opened for exactly what is due, and the webhook route believing only what is signed, known and the amount
// asked, counting each payment once however its events arrive (duplicates, replays, out of order, concurrently).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { call, postForm } from "../../tests/support/route-context";
import { withPaymentService, type PaymentPerson } from "../../tests/support/payment-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/account.payments";
import { loader as pdfLoader } from "~/routes/account.payments.receipts.$entryId.pdf";
import { action as webhookAction } from "~/routes/payments.webhook";
import { createAidRequest } from "./aid.server";
import { getBalance, getEntries } from "./ledger.server";
import { accountOf, enroll, makeFamily, makeFeeSession } from "./test-support";

const { db } = await createTestDatabase();
const { service, stripeEnv, contextAs } = await withPaymentService(db);
type Person = PaymentPerson;

const deliver = (body: string, signature: string | null, env = stripeEnv) =>
  call(webhookAction, {
    request: new Request("http://localhost/payments/webhook", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    }),
    context: contextAs(null, env),
  });

async function familyOwing(name: string, cents: number) {
  const { guardian, athlete } = await makeFamily(db, name);
  await enroll(db, await makeFeeSession(db, cents), athlete.id);
  return { guardian: { ...guardian, role: "client" as const }, accountId: await accountOf(db, guardian.id) };
}

async function openCheckout(guardian: Person) {
  const res = await call(paymentsAction, { request: postForm("/account/payments", { intent: "pay-online" }), context: contextAs(guardian) });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get("location")!);
  expect(url.origin).toBe(service.url);
  return url.pathname.split("/").pop()!;
}

describe("opening a Checkout", () => {
  it("asks the provider for exactly what is due, in the family's language, and keeps the session", async () => {
    const { guardian, accountId } = await familyOwing("Checkout", 7500);
    const sessionId = await openCheckout(guardian);
    const s = service.sessions.get(sessionId)!;
    expect([s.amount_total, s.currency, s.metadata.accountId, s.customer_email]).toEqual([7500, "usd", accountId, guardian.email]);
    expect(s.success_url).toBe("http://localhost:3999/account/payments?paid=1");
    const { rows } = await db.execute(sql`select amount_cents from payment_checkouts where id = ${sessionId}`);
    expect(rows).toEqual([{ amount_cents: 7500 }]);
  });

  it("opens none while a request for help waits, or with no provider configured (and says how to pay in person)", async () => {
    const { guardian, accountId } = await familyOwing("Waiting", 7500);
    await createAidRequest(db, accountId, guardian.id, { note: "" });
    const before = service.sessions.size;
    const res = await call(paymentsAction, { request: postForm("/account/payments", { intent: "pay-online" }), context: contextAs(guardian) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ ok: false, fieldErrors: {}, formError: "Your request for help is with staff. Nothing is due until they answer." });
    const other = await familyOwing("Offline", 7500);
    const offline = await call(paymentsAction, {
      request: postForm("/account/payments", { intent: "pay-online" }),
      context: contextAs(other.guardian, {}),
    });
    expect(offline.status).toBe(409);
    expect(service.sessions.size).toBe(before);
    const page = await call(paymentsLoader, { request: new Request("http://localhost/account/payments"), context: contextAs(other.guardian, {}) });
    expect(page.body).toMatchObject({ online: false, due: { state: "due", amount: "$75" }, inPerson: { phone: "(202) 555-0147" } });
  });
});

describe("the webhook", () => {
  it("records a signed completion once, mails the receipt, and the PDF reads back", async () => {
    const { guardian, accountId } = await familyOwing("Paid", 7500);
    const sessionId = await openCheckout(guardian);
    const event = service.completedEvent(sessionId);
    expect((await deliver(event.body, event.signature)).body).toBe("recorded");
    expect((await deliver(event.body, event.signature)).body).toBe("replay");
    const again = service.completedEvent(sessionId, { type: "checkout.session.async_payment_succeeded" });
    expect((await deliver(again.body, again.signature)).body).toBe("already-recorded");
    expect(await getBalance(db, accountId)).toBe(0);
    const payment = (await getEntries(db, accountId)).find((e) => e.kind === "payment")!;
    expect([payment.method, payment.amountCents]).toEqual(["card", 7500]);
    const { rows } = await db.execute<{ subject: string; text_body: string }>(
      sql`select subject, text_body from mail_outbox where kind = 'payment-receipt' and to_address = ${guardian.email}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text_body).toContain("Amount: $75");
    const { rows: files } = await db.execute<{ filename: string; content: Buffer }>(sql`
      select a.filename, a.content from mail_attachments a join mail_outbox o on o.id = a.mail_id
      where o.kind = 'payment-receipt' and o.to_address = ${guardian.email}`);
    expect(files.map((f) => f.filename)).toEqual([expect.stringMatching(/^receipt-\d+\.pdf$/)]);
    const mailed = await extractText(await getDocumentProxy(new Uint8Array(files[0]!.content)), { mergePages: true });
    expect(mailed.text).toContain("Amount: $75");
    const pdf = (await pdfLoader({
      request: new Request("http://localhost/account/payments/receipts/x/pdf"),
      context: contextAs(guardian),
      params: { entryId: payment.id },
    } as never)) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text).toContain("Received by Next Level Tennis & Education");
    expect(text).toContain("Amount: $75");
  });

  it("changes nothing for a bad signature, an unknown session or an amount that is not the one asked", async () => {
    const { guardian, accountId } = await familyOwing("Forged", 7500);
    const sessionId = await openCheckout(guardian);
    const good = service.completedEvent(sessionId);
    expect((await deliver(good.body, service.sign(good.body, "whsec_forged"))).status).toBe(400);
    expect((await deliver(good.body, null)).status).toBe(400);
    const unknown = service.completedEvent("cs_test_nobody");
    expect(await deliver(unknown.body, unknown.signature)).toMatchObject({ status: 409, body: "unknown-session" });
    const less = service.completedEvent(sessionId, { amount: 100 });
    expect((await deliver(less.body, less.signature)).body).toBe("amount-mismatch");
    expect(await getBalance(db, accountId)).toBe(7500);
    expect((await deliver(good.body, good.signature)).body).toBe("recorded");
  });

  it("counts each payment once when 20 deliveries of 10 payments arrive at once, duplicated and out of order", async () => {
    const families = await Promise.all(Array.from({ length: 10 }, (_, i) => familyOwing(`Rush${i}`, 5000 + i * 100)));
    const events = [];
    for (const f of families) events.push(service.completedEvent(await openCheckout(f.guardian)));
    const deliveries = [...events, ...events].sort(() => Math.random() - 0.5);
    const outcomes = await Promise.all(deliveries.map((e) => deliver(e.body, e.signature)));
    expect(outcomes.filter((o) => o.body === "recorded")).toHaveLength(10);
    expect(outcomes.filter((o) => o.body === "replay")).toHaveLength(10);
    for (const f of families) expect(await getBalance(db, f.accountId)).toBe(0);
  });
});
