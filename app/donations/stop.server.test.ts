// Stopping a monthly gift and the card fee setting (issue 41, decision 0067), against the real database and the
// official Stripe SDK pointed at the tests' loopback payment service: the receipt's link (a key only the site makes)
// shows the gift and stops it only when confirmed, through the provider once; the provider's
// customer.subscription.deleted keeps the record true (ours after the fact, or one stopped in its dashboard), believed
// only signed; a signed-in donor stops the gifts whose receipts come to their verified address, nobody else's. The
// card fee donors cover is an administrator's setting, refused beside its field when out of range.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, postForm } from "../../tests/support/route-context";
import { withPaymentService, type PaymentPerson } from "../../tests/support/payment-context";
import { createTestDatabase } from "../../tests/support/test-db";
import { action as accountAction, loader as accountLoader } from "~/routes/account.donations";
import { action as donateAction, loader as donateLoader } from "~/routes/donate";
import { action as stopAction, loader as stopLoader } from "~/routes/donate.monthly.$donationId.$key";
import { action as webhookAction } from "~/routes/payments.webhook";
import { action as staffAction } from "~/routes/staff";
import { makeUser } from "~/payments/test-support";
import { getCardFee } from "./settings.server";

const { db } = await createTestDatabase();
const { service, contextAs } = await withPaymentService(db);
const deliver = (e: { body: string; signature: string }) =>
  call(webhookAction, {
    request: new Request("http://localhost/payments/webhook", {
      method: "POST",
      body: e.body,
      headers: { "content-type": "application/json", "stripe-signature": e.signature },
    }),
    context: contextAs(null),
  });

/** A visitor's monthly gift of $50 from `email`, its first month recorded by its Checkout's completion. */
async function monthlyGift(email: string) {
  const res = await call(donateAction, { request: postForm("/donate", { frequency: "monthly", amount: "50" }), context: contextAs(null) });
  const s = service.sessions.get(new URL(res.headers.get("location")!).pathname.split("/").pop()!)!;
  expect((await deliver(service.completedEvent(s.id, { email }))).body).toBe("recorded");
  const { rows } = await db.execute<{ id: string }>(sql`select id from donation_checkouts where session_id = ${s.id}`);
  return { session: s, donationId: rows[0]!.id, subscriptionId: `sub_for_${s.id}` };
}

const stoppedAt = async (donationId: string) =>
  (await db.execute<{ stopped_at: string | null }>(sql`select stopped_at::text from donation_checkouts where id = ${donationId}`)).rows[0]!
    .stopped_at;
const cancels = () => service.requests.filter((r) => r.method === "DELETE" && r.path.startsWith("/v1/subscriptions/")).length;

describe("stopping a monthly gift from its receipt's link", () => {
  it("shows the gift, asks once, stops it through the provider once, and its event then changes nothing", async () => {
    const gift = await monthlyGift("monthly-donor@example.com");
    const { rows } = await db.execute<{ text_body: string }>(sql`
      select text_body from mail_outbox where kind = 'donation-receipt' and to_address = 'monthly-donor@example.com'`);
    const link = /To stop your monthly gift at any time: (\S+)/.exec(rows[0]!.text_body)![1]!;
    const [, , , donationId, key] = new URL(link).pathname.split("/");
    expect(donationId).toBe(gift.donationId);
    const params = { donationId: donationId!, key: key! };
    const at = (p: typeof params) => `/donate/monthly/${p.donationId}/${p.key}`;

    const forged = { ...params, key: "x".repeat(32) };
    expect((await call(stopLoader, { request: new Request(`http://localhost${at(forged)}`), context: contextAs(null), params: forged })).status).toBe(
      404,
    );
    const post = (fields: Record<string, string>, p = params) =>
      call(stopAction, {
        request: postForm(at(p), { intent: "stop-monthly-gift", donationId: gift.donationId, ...fields }),
        context: contextAs(null),
        params: p,
      });
    expect((await post({ confirmed: "yes" }, forged)).status).toBe(404);

    const page = await call(stopLoader, { request: new Request(`http://localhost${at(params)}`), context: contextAs(null), params });
    expect(page.body).toMatchObject({ gift: { summary: expect.stringMatching(/^A monthly gift of \$50 to .+, since /), stopped: null } });
    // Not confirmed: the question, and nothing stopped.
    expect(await post({})).toMatchObject({ status: 200, body: { confirm: expect.any(String) } });
    expect([cancels(), await stoppedAt(gift.donationId)]).toEqual([0, null]);

    const [first, second] = await Promise.all([post({ confirmed: "yes" }), post({ confirmed: "yes" })]);
    expect([first!.status, second!.status]).toEqual([302, 302]);
    expect(cancels()).toBe(1);
    expect(service.cancelled.has(gift.subscriptionId)).toBe(true);
    const stamped = await stoppedAt(gift.donationId);
    expect(stamped).not.toBeNull();
    expect((await deliver(service.subscriptionDeletedEvent(gift.session.id))).body).toBe("stopped");
    expect(await stoppedAt(gift.donationId)).toBe(stamped);
    const after = await call(stopLoader, { request: new Request(`http://localhost${at(params)}`), context: contextAs(null), params });
    expect(after.body).toMatchObject({
      gift: { stopped: expect.stringMatching(/^This monthly gift was stopped on .+: nothing more is charged\.$/) },
    });
  });

  it("records a gift stopped in the provider's dashboard; a forged event or one of no gift changes nothing", async () => {
    const gift = await monthlyGift("dashboard-donor@example.com");
    const e = service.subscriptionDeletedEvent(gift.session.id);
    expect((await deliver({ body: e.body, signature: service.sign(e.body, "whsec_forged") })).status).toBe(400);
    expect(await stoppedAt(gift.donationId)).toBeNull();
    const stranger = service.event("customer.subscription.deleted", {
      id: "sub_unknown",
      object: "subscription",
      status: "canceled",
      metadata: { purpose: "donation", donationId: crypto.randomUUID() },
    });
    expect((await deliver(stranger)).body).toBe("unknown-donation");
    expect((await deliver(e)).body).toBe("stopped");
    expect(await stoppedAt(gift.donationId)).not.toBeNull();
    expect(cancels()).toBe(1);
  });
});

describe("a signed-in donor's /account/donations", () => {
  it("lists and stops the monthly gifts whose receipts come to the donor's verified address, and nobody else's", async () => {
    const donor = { ...(await makeUser(db, "client", "Giving Person")), role: "client" as const };
    const other = { ...(await makeUser(db, "client", "Other Person")), role: "client" as const };
    const gift = await monthlyGift(donor.email.toUpperCase());
    const page = await call(accountLoader, { request: new Request("http://localhost/account/donations"), context: contextAs(donor) });
    expect(page.body).toMatchObject({ gifts: [{ id: gift.donationId, stopped: null }] });
    const theirs = await call(accountLoader, { request: new Request("http://localhost/account/donations"), context: contextAs(other) });
    expect(theirs.body).toMatchObject({ gifts: [] });
    const stop = (who: PaymentPerson | null) =>
      call(accountAction, {
        request: postForm("/account/donations", { intent: "stop-monthly-gift", donationId: gift.donationId, confirmed: "yes" }),
        context: contextAs(who),
      });
    expect((await stop(other)).status).toBe(404);
    expect([302, 401]).toContain((await stop(null)).status);
    expect(await stoppedAt(gift.donationId)).toBeNull();
    const done = await stop(donor);
    expect([done.status, done.headers.get("location")]).toEqual([302, "/account/donations"]);
    expect(await stoppedAt(gift.donationId)).not.toBeNull();
  });
});

describe("the card fee donors cover", () => {
  it("is set by an administrator, refused beside its field out of range, and used by /donate's example and Checkout", async () => {
    const admin = { ...(await makeUser(db, "coach", "Admin Feerate")), role: "coach" as const };
    await db.execute(sql`update users set admin = true where id = ${admin.id}`);
    const coach = { ...(await makeUser(db, "coach", "Coach Nofee")), role: "coach" as const };
    const set = (fields: Record<string, string>, who: PaymentPerson = admin) =>
      call(staffAction, { request: postForm("/staff", { intent: "donation-fee", ...fields }), context: contextAs(who) });
    expect(await getCardFee(db)).toEqual({ basisPoints: 290, fixedCents: 30 });
    for (const [fields, field] of [
      [{ feePercent: "11", feeFixed: "0.30" }, "feePercent"],
      [{ feePercent: "-1", feeFixed: "0.30" }, "feePercent"],
      [{ feePercent: "2.955", feeFixed: "0.30" }, "feePercent"],
      [{ feePercent: "2.2", feeFixed: "2.01" }, "feeFixed"],
      [{ feePercent: "2.2", feeFixed: "lots" }, "feeFixed"],
    ] as const) {
      const res = await set(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys((res.body as { fieldErrors: object }).fieldErrors)).toEqual([field]);
    }
    // Read by the forms module like every form: a control character is refused beside its field before the schema (a
    // vertical tab pasted after the amount was trimmed away and the fee saved before).
    expect(await set({ feePercent: "2.2", feeFixed: "0.30\u000b" })).toMatchObject({
      status: 400,
      body: {
        ok: false,
        intent: "donation-fee",
        fieldErrors: { feeFixed: expect.stringContaining("hidden characters") },
        values: { feeFixed: "0.30\u000b" },
      },
    });
    expect((await set({ feePercent: "11", feeFixed: "" })).body).toMatchObject({
      ok: false,
      fieldErrors: {
        feePercent: "Enter a percentage from 0 to 10, with at most two decimals, like 2.9.",
        feeFixed: "Enter an amount in dollars from 0 to 2, like 0.30.",
      },
    });
    expect((await set({ feePercent: "2.2", feeFixed: "0.30" }, coach)).status).toBe(403);
    expect(await getCardFee(db)).toEqual({ basisPoints: 290, fixedCents: 30 });
    expect(await set({ feePercent: "2.2", feeFixed: "0.30" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Saved: donors who cover the fee now add 2.2% + $0.30." },
    });
    expect(await getCardFee(db)).toEqual({ basisPoints: 220, fixedCents: 30 });
    const page = await call(donateLoader, { request: new Request("http://localhost/donate"), context: contextAs(null) });
    expect(page.body).toMatchObject({
      online: { feeExample: "The card processor keeps 2.2% + $0.30 of each payment: covering it, a $25 gift becomes $25.87." },
    });
    const res = await call(donateAction, {
      request: postForm("/donate", { frequency: "once", amount: "25", coverFee: "on" }),
      context: contextAs(null),
    });
    expect(service.sessions.get(new URL(res.headers.get("location")!).pathname.split("/").pop()!)!.amount_total).toBe(2587);
    // The database holds the bounds too, whoever writes.
    await expect(db.execute(sql`update app_settings set value = '1001' where key = 'donations.fee_basis_points'`)).rejects.toMatchObject({
      cause: { constraint: "app_settings_donations_fee" },
    });
  });
});
