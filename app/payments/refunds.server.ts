// Refunds (issue 41, decision 0060): an administrator gives back part or all of one payment, with a reason the family
// reads. A card payment goes back through the provider (its refund id kept as the row's reference); money paid in
// person is recorded as handed back by the method staff give. The payment's row is locked for the whole step, and the
// database refuses a refund over what was paid less earlier refunds (migration 0052's trigger), so two staff refunding
// at once never give back more than was paid. The provider's own refund events (one made in its dashboard, or ours
// arriving before our row commits) are recorded once by the same unique indexes.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { maybeRow, row, rows } from "../../db/rows";
import { PAYMENT_METHODS } from "../../db/schema-payments";
import type { PaymentMethod } from "./ledger.server";
import type { PaymentProvider, ProviderEvent } from "./provider.server";
import type { ReceiptServices } from "./receipts.server";
import { mailRefund } from "./refunds-mail.server";
import type { RefundInput } from "./refunds-schemas";

/** One payment of an account, with what was refunded of it so far. */
export type RefundablePayment = {
  id: string;
  paidAt: string;
  amountCents: number;
  refundedCents: number;
  method: PaymentMethod;
  reference: string;
};

// A payment always has its method and reference (ledger_entries_payment_whole).
const PaymentColumns = { amount_cents: z.number().int(), method: z.enum(PAYMENT_METHODS), reference: z.string() };

// payments_refund_left is an integer function (migration 0063), so what was refunded is an integer, not int8's text.
const RefundablePaymentRow = z.object({ id: z.string(), created_at: z.string(), refunded: z.number().int(), ...PaymentColumns });

/** The account's payments, newest first, each with its refunds summed. */
export async function getRefundablePayments(db: Db, accountId: string): Promise<RefundablePayment[]> {
  const payments = await rows(
    db,
    RefundablePaymentRow,
    sql`
    select p.id, to_json(p.created_at) #>> '{}' as created_at, p.amount_cents, p.method, p.reference,
      p.amount_cents - payments_refund_left(p.id) as refunded
    from ledger_entries p where p.account_id = ${accountId} and p.kind = 'payment' order by p.seq desc`,
  );
  return payments.map((r) => ({
    id: r.id,
    paidAt: r.created_at,
    amountCents: r.amount_cents,
    refundedCents: r.refunded,
    method: r.method,
    reference: r.reference,
  }));
}

export type RefundResult =
  | { ok: true; refundId: string | null }
  | {
      ok: false;
      reason: "unknown-payment" | "over-refund" | "no-provider" | "provider-failed" | "wrong-method";
      /** For over-refund: what may still be refunded. */
      leftCents?: number;
    };

const isOverRefund = (err: unknown): boolean =>
  typeof err === "object" && err !== null && "cause" in err
    ? isOverRefund((err as { cause: unknown }).cause)
    : (err as { constraint?: string } | null)?.constraint === "ledger_entries_refund_within_payment";

/**
 * Refunds `input.amountCents` of one payment of `input.accountId`. The same confirmed form (its key) sent again is
 * the refund already made. A card payment needs the provider; an in-person one a method other than card.
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider | null,
  services: ReceiptServices,
  input: RefundInput,
  staffId: string,
): Promise<RefundResult> {
  try {
    return await db.transaction(async (tx): Promise<RefundResult> => {
      const payment = await maybeRow(
        tx,
        z.object(PaymentColumns),
        sql`
        select amount_cents, method, reference from ledger_entries
        where id = ${input.paymentId} and account_id = ${input.accountId} and kind = 'payment' for update`,
      );
      if (!payment) return { ok: false, reason: "unknown-payment" };
      // A second statement, so it reads refunds committed while this one waited for the lock. The payment is locked,
      // so what is left of it is known (not null).
      const asked = await row(
        tx,
        z.object({ within: z.boolean(), done: z.string().nullable() }),
        sql`
        select ${input.amountCents}::integer <= payments_refund_left(${input.paymentId}) as within,
          (select id::text from ledger_entries where request_key = ${input.key}) as done`,
      );
      if (asked.done) return { ok: true, refundId: null };
      let method: PaymentMethod = input.method;
      let reference: string | null = null;
      if (payment.method === "card") {
        if (!provider) return { ok: false, reason: "no-provider" };
        // The database's limit (payments_refund_left, the trigger's own rule), asked before the provider is: money
        // the row would then be refused for never leaves. Money paid in person is refused by the row's insert itself.
        if (!asked.within) throw new OverRefund();
        try {
          const r = await provider.refund({ paymentReference: payment.reference, amountCents: input.amountCents, idempotencyKey: input.key });
          if (r.status !== "succeeded" && r.status !== "pending") throw new Error(`the provider answered a refund ${r.status}`);
          method = "card";
          reference = r.id;
        } catch (err) {
          console.error("payments: a refund through the provider failed:", err instanceof Error ? err.message : err);
          return { ok: false, reason: "provider-failed" };
        }
      } else if (method === "card") return { ok: false, reason: "wrong-method" };
      const inserted = await maybeRow(
        tx,
        z.object({ id: z.string() }),
        sql`
        insert into ledger_entries (account_id, kind, amount_cents, reason, applies_to, method, reference, recorded_by, request_key)
        values (${input.accountId}, 'refund', ${input.amountCents}, ${input.reason}, ${input.paymentId}, ${method}, ${reference}, ${staffId}, ${input.key})
        on conflict do nothing returning id`,
      );
      const refundId = inserted?.id ?? null;
      if (refundId) await mailRefund(tx, services, input.accountId, refundId);
      return { ok: true, refundId };
    });
  } catch (err) {
    if (!(err instanceof OverRefund) && !isOverRefund(err)) throw err;
    const left = await row(db, z.object({ left: z.number().nullable() }), sql`select payments_refund_left(${input.paymentId}) as left`);
    return { ok: false, reason: "over-refund", leftCents: left.left ?? 0 };
  }
}

/** The database's refusal, met before the provider was asked (the card path): the transaction ends, nothing written. */
class OverRefund extends Error {}

export type RefundEventOutcome = "recorded" | "already-recorded" | "replay" | "not-refunded" | "unknown-payment" | "over-refund";

/**
 * The provider's word that a card payment was refunded (a refund made in its dashboard, or ours): recorded once, with
 * the provider's reason code, and the family told. A refund that failed, or of a payment we do not know, changes nothing.
 */
export async function handleRefundEvent(
  db: Db,
  services: ReceiptServices,
  event: Extract<ProviderEvent, { type: "refund" }>,
): Promise<RefundEventOutcome> {
  let outcome: RefundEventOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<RefundEventOutcome> => {
      if (event.status !== "succeeded" && event.status !== "pending") return "not-refunded";
      // One at most: a payment's reference is unique for its method (ledger_entries_payment_reference_idx).
      const payment = await maybeRow(
        tx,
        z.object({ id: z.string(), account_id: z.string() }),
        sql`select id, account_id from ledger_entries where kind = 'payment' and method = 'card' and reference = ${event.paymentReference}`,
      );
      if (!payment) return "unknown-payment";
      const kept = await tx.execute(sql`
        insert into payment_provider_events (id, type, outcome) values (${event.id}, 'refund', 'recorded')
        on conflict (id) do nothing returning id`);
      if (kept.rows.length === 0) return "replay";
      const inserted = await maybeRow(
        tx,
        z.object({ id: z.string() }),
        sql`
        insert into ledger_entries (account_id, kind, amount_cents, reason, applies_to, method, reference, provider_event_id)
        values (${payment.account_id}, 'refund', ${event.amountCents}, 'refund:provider', ${payment.id}, 'card', ${event.refundId}, ${event.id})
        on conflict do nothing returning id`,
      );
      const refundId = inserted?.id;
      if (!refundId) return "already-recorded";
      await mailRefund(tx, services, payment.account_id, refundId);
      return "recorded";
    });
  } catch (err) {
    if (!isOverRefund(err)) throw err;
    outcome = "over-refund";
  }
  if (outcome !== "recorded") console.warn(`payments: refund event ${event.id}: ${outcome}`);
  return outcome;
}
