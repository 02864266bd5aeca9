// Donations online (issue 41, decision 0060) against the real database and the official Stripe SDK pointed at the
// tests' loopback payment service: /donate opens a hosted Checkout for the gift (grossed up when the donor covers the
// fee), one-off or monthly; the signed webhook records each gift once (replays, duplicates at once, a month told by
// both its Checkout and its invoice), a forged or wrong-amount event changes nothing; the donor's receipt names the
// organisation and its EIN and its PDF reads back; without Stripe keys /donate is the offline page it was.
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { call, postForm } from "../../tests/support/route-context";
import { withPaymentService, type PaymentPerson } from "../../tests/support/payment-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as donateAction, loader as donateLoader } from "~/routes/donate";
import { unsafeTextMessage } from "~/lib/safe-text";
import { action as webhookAction } from "~/routes/payments.webhook";
import { action as staffAction } from "~/routes/staff";
import { makeUser } from "~/payments/test-support";
import { grossUp } from "./gross-up";
import { GiveSchema } from "./schemas";
import { getEin } from "./settings.server";

const { db } = await createTestDatabase();
const { service, contextAs } = await withPaymentService(db);
type Person = PaymentPerson;
const deliver = (e: { body: string; signature: string | null }) =>
  call(webhookAction, {
    request: new Request("http://localhost/payments/webhook", {
      method: "POST",
      body: e.body,
      headers: { "content-type": "application/json", ...(e.signature ? { "stripe-signature": e.signature } : {}) },
    }),
    context: contextAs(null),
  });

/** Gives on /donate as a visitor; answers the loopback Checkout session opened. */
async function give(fields: Record<string, string>) {
  const res = await call(donateAction, { request: postForm("/donate", fields), context: contextAs(null) });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get("location")!);
  expect(url.origin).toBe(service.url);
  return service.sessions.get(url.pathname.split("/").pop()!)!;
}
const gifts = () =>
  db
    .execute<{ amount_cents: number; gift_cents: number; fee_cents: number; email: string }>(
      sql`select amount_cents, gift_cents, fee_cents, email from donations order by seq`,
    )
    .then((r) => r.rows);

describe("cover the fee", () => {
  it("asks the smallest total that leaves the whole gift after 2.9% + 30 cents", () => {
    for (const gift of [100, 2500, 5000, 12345, 2_500_000]) {
      const { totalCents, feeCents } = grossUp(gift);
      // In thousandths of a cent, so no rounding hides a cent: what is left of the total after the fee, and of a cent less.
      expect(totalCents * 971 - 30_000).toBeGreaterThanOrEqual(gift * 1000);
      expect((totalCents - 1) * 971 - 30_000).toBeLessThan(gift * 1000);
      expect(feeCents).toBe(totalCents - gift);
    }
    expect(grossUp(2500)).toEqual({ totalCents: 2606, feeCents: 106 });
  });
});

describe("/donate without Stripe keys", () => {
  it("is the offline page it was: no Give online, and posting changes nothing", async () => {
    const page = await call(donateLoader, { request: new Request("http://localhost/donate"), context: contextAs(null, {}) });
    expect(page.body).toMatchObject({ online: null, words: { intro: expect.stringContaining("Donations are made offline") } });
    const before = service.sessions.size;
    const post = await call(donateAction, { request: postForm("/donate", { frequency: "once", amount: "25" }), context: contextAs(null, {}) });
    // The site's one way to stop a request (decision 0077): its body, not a bare "Not found" text.
    expect(post).toMatchObject({ status: 404, body: {} });
    expect(service.sessions.size).toBe(before);
  });
});

describe("giving online", () => {
  it("offers presets and the fee's example, and refuses a bad amount beside its field", async () => {
    const page = await call(donateLoader, { request: new Request("http://localhost/donate"), context: contextAs(null) });
    expect(page.body).toMatchObject({
      online: {
        presets: [{ label: "$25" }, { label: "$50" }, { label: "$100" }, { label: "$250" }],
        feeExample: "The card processor keeps 2.9% + $0.30 of each payment: covering it, a $25 gift becomes $26.06.",
      },
    });
    const before = service.sessions.size;
    const tries: Array<[Record<string, string>, string]> = [
      [{ frequency: "once", amount: "other", otherAmount: "0.50" }, "otherAmount"],
      [{ frequency: "once", amount: "other", otherAmount: "lots" }, "otherAmount"],
      [{ frequency: "once", amount: "other", otherAmount: "25000.01" }, "otherAmount"],
      [{ frequency: "once", amount: "30" }, "amount"],
      [{ frequency: "yearly", amount: "25" }, "frequency"],
    ];
    for (const [fields, field] of tries) {
      const res = await call(donateAction, { request: postForm("/donate", fields), context: contextAs(null) });
      expect(res.status).toBe(400);
      expect(Object.keys((res.body as { fieldErrors: object }).fieldErrors)).toEqual([field]);
    }
    // Read by the forms module like every form (parseForm): a control character is refused beside its field with the
    // site's words for it, before the schema.
    const nul = await call(donateAction, {
      request: postForm("/donate", { frequency: "once", amount: "other", otherAmount: "25\u0000" }),
      context: contextAs(null),
    });
    expect(nul).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { otherAmount: unsafeTextMessage() } } });
    expect(service.sessions.size).toBe(before);
  });

  it("reads another amount as payments read dollars (parseDollars: a dollar sign, thousands' commas, cents)", () => {
    const read = (otherAmount: string) => GiveSchema.safeParse({ frequency: "once", amount: "other", otherAmount }).data?.giftCents;
    expect(read("$1,000.50")).toBe(100050);
    expect(read("40")).toBe(4000);
    expect(read("1.234")).toBeUndefined();
  });

  it("records a one-off $25 gift with the fee covered once, and mails its receipt with the EIN, its PDF read back", async () => {
    const admin = await makeUser(db, "coach", "Admin Ein");
    await db.execute(sql`update users set admin = true where id = ${admin.id}`);
    const staff = (fields: Record<string, string>, who: Person | null = { ...admin, role: "coach" }) =>
      call(staffAction, { request: postForm("/staff", { intent: "donation-settings", ...fields }), context: contextAs(who) });
    expect(await staff({ ein: "12345" })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { ein: expect.stringContaining("12-3456789") } },
    });
    expect((await staff({ ein: "52-1234567" }, { ...(await makeUser(db, "coach", "Coach Noein")), role: "coach" })).status).toBe(403);
    expect(await staff({ ein: "52-1234567" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Saved: gift receipts now show EIN 52-1234567." },
    });
    expect(await getEin(db)).toBe("52-1234567");

    const s = await give({ frequency: "once", amount: "25", coverFee: "on" });
    expect([s.mode, s.amount_total, s.metadata.purpose, s.success_url]).toEqual([
      "payment",
      2606,
      "donation",
      "http://localhost:3999/donate?thanks=1",
    ]);
    const forged = service.completedEvent(s.id, { email: "giver@example.com" });
    expect((await deliver({ body: forged.body, signature: service.sign(forged.body, "whsec_forged") })).status).toBe(400);
    const less = service.completedEvent(s.id, { email: "giver@example.com", amount: 2500 });
    expect((await deliver(less)).body).toBe("amount-mismatch");
    expect(await gifts()).toEqual([]);
    const paid = service.completedEvent(s.id, { email: "giver@example.com" });
    expect((await deliver(paid)).body).toBe("recorded");
    expect((await deliver(paid)).body).toBe("replay");
    expect((await deliver(service.completedEvent(s.id, { type: "checkout.session.async_payment_succeeded" }))).body).toBe("already-recorded");
    expect(await gifts()).toEqual([{ amount_cents: 2606, gift_cents: 2500, fee_cents: 106, email: "giver@example.com" }]);

    const { rows } = await db.execute<{ subject: string; text_body: string; content: Buffer }>(sql`
      select o.subject, o.text_body, a.content from mail_outbox o join mail_attachments a on a.mail_id = o.id
      where o.kind = 'donation-receipt' and o.to_address = 'giver@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("Thank you for your gift of $26.06 to Next Level Tennis & Education");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(rows[0]!.content)), { mergePages: true });
    for (const line of [
      "Received by Next Level Tennis & Education",
      "Amount: $26.06",
      "Including $1.06 you chose to give to cover the card fee.",
      "A one-time gift.",
      "Next Level Tennis & Education is a tax-exempt non-profit organization, EIN 52-1234567.",
      "No goods or services were provided in exchange for this gift.",
    ]) {
      expect(text).toContain(line);
      expect(rows[0]!.text_body).toContain(line);
    }
  });

  it("records a monthly gift once a month: its first month told by Checkout and invoice counts once", async () => {
    const s = await give({ frequency: "monthly", amount: "other", otherAmount: "40" });
    expect([s.mode, s.amount_total, s.subscription_metadata.purpose]).toEqual(["subscription", 4000, "donation"]);
    const email = "monthly@example.com";
    const outcomes = await Promise.all([
      deliver(service.invoicePaidEvent(s.id, { email })),
      deliver(service.completedEvent(s.id, { email })),
      deliver(service.invoicePaidEvent(s.id, { email })),
    ]);
    expect(outcomes.map((o) => o.body).sort()).toEqual(["already-recorded", "already-recorded", "recorded"]);
    const next = service.invoicePaidEvent(s.id, { email, invoiceId: "in_test_month_two", billingReason: "subscription_cycle" });
    expect((await deliver(next)).body).toBe("recorded");
    expect((await deliver(next)).body).toBe("replay");
    expect((await gifts()).filter((g) => g.email === email)).toEqual([
      { amount_cents: 4000, gift_cents: 4000, fee_cents: 0, email },
      { amount_cents: 4000, gift_cents: 4000, fee_cents: 0, email },
    ]);
  });

  it("counts one gift when ten deliveries of its completion arrive at once", async () => {
    const s = await give({ frequency: "once", amount: "50" });
    const e = service.completedEvent(s.id, { email: "rush@example.com" });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => deliver(e)));
    expect(outcomes.filter((o) => o.body === "recorded")).toHaveLength(1);
    expect((await gifts()).filter((g) => g.email === "rush@example.com")).toHaveLength(1);
    // A gift's row is never changed or removed.
    await expect(db.execute(sql`update donations set amount_cents = 1 where email = 'rush@example.com'`)).rejects.toMatchObject({
      cause: { constraint: "donations_append_only" },
    });
  });
});
