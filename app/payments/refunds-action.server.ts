// The refund form's answer (decision 0060), for /aid/accounts/:accountId's action once the form has parsed: each
// problem beside its field (an amount over what is left to refund, a payment not this account's, a card payment with
// no provider configured), else the one question naming the family, the payment and the amount, with a fresh key for
// the confirmed form; a confirmed form refunds (refundPayment decides again under the payment's lock).
import crypto from "node:crypto";
import type { Locale } from "~/i18n/language";
import { CONFIRMED, CONFIRM_FIELD, confirmKey } from "~/lib/confirm-action";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { Db } from "../../db/client";
import { getBalance } from "./ledger.server";
import type { PaymentProvider } from "./provider.server";
import type { ReceiptServices } from "./receipts.server";
import type { RefundAsk, RefundResult } from "./refunds-page";
import { REFUND_INTENT, type RefundFormSchema } from "./refunds-schemas";
import { getAccountFamilyName, paymentLabel } from "./refunds-view.server";
import { refundMethodWords } from "./refunds-words";
import { getRefundablePayments, refundPayment } from "./refunds.server";
import type { z } from "zod";

/** Refunded (the route redirects), or the page's answer: a refusal, or the question (`ask`, status 200). */
export type RefundAnswer = { done: true } | { done: false; status: number; body: RefundResult };

type Options = { confirmed: boolean; locale: Locale; timeZone: string };

export const isConfirmed = (form: FormData) => form.get(CONFIRM_FIELD) === CONFIRMED;

export async function answerRefund(
  db: Db,
  provider: PaymentProvider | null,
  services: ReceiptServices,
  accountId: string,
  input: z.output<typeof RefundFormSchema>,
  staffId: string,
  opts: Options,
): Promise<RefundAnswer> {
  const form = input.paymentId;
  const refuse = (status: number, refusal: { formError: string } | { fieldErrors: Record<string, string> }): RefundAnswer => ({
    done: false,
    status,
    body: { ok: false, intent: form, fieldErrors: {}, ...refusal },
  });
  const ask = (question: RefundAsk): RefundAnswer => ({ done: false, status: 200, body: { ok: true, intent: form, ask: question } });
  const payment = (await getRefundablePayments(db, accountId)).find((p) => p.id === input.paymentId);
  if (!payment) return refuse(400, { formError: m.refunds_error_payment() });
  const method = payment.method === "card" ? "card" : input.method;
  if (method === "card" && payment.method !== "card") return refuse(400, { fieldErrors: { method: m.refunds_error_method() } });
  // What may still be refunded is the database's number (payments_refund_left, the rule its trigger holds).
  const left = payment.amountCents - payment.refundedCents;
  const overWords = (leftCents: number) =>
    m.refunds_error_over({
      left: formatDollars(leftCents, opts.locale),
      paid: formatDollars(payment.amountCents, opts.locale),
    });
  if (input.amountCents > left) return refuse(400, { fieldErrors: { amountCents: overWords(left) } });
  if (method === "card" && !provider) return refuse(409, { formError: m.refunds_error_no_provider() });
  if (!opts.confirmed || !input.key) {
    const amount = formatDollars(input.amountCents, opts.locale);
    const fields = {
      intent: REFUND_INTENT,
      paymentId: input.paymentId,
      amountCents: (input.amountCents / 100).toFixed(2),
      reason: input.reason,
      method,
      key: crypto.randomUUID(),
    };
    const balanceAfter = (await getBalance(db, accountId)) + input.amountCents;
    return ask({
      fields,
      confirm: confirmKey(Object.entries(fields)),
      question: m.refunds_question({
        amount,
        family: (await getAccountFamilyName(db, accountId)) ?? "",
        payment: paymentLabel(payment, opts.timeZone, opts.locale),
      }),
      detail: m.refunds_question_detail({ how: refundMethodWords(method, opts.locale), balance: formatDollars(balanceAfter, opts.locale) }),
      confirmLabel: m.refunds_confirm({ amount }),
    });
  }
  const r = await refundPayment(db, provider, services, { ...input, method, accountId, key: input.key }, staffId);
  if (r.ok) return { done: true };
  if (r.reason === "over-refund") return refuse(409, { fieldErrors: { amountCents: overWords(r.leftCents ?? 0) } });
  if (r.reason === "wrong-method") return refuse(400, { fieldErrors: { method: m.refunds_error_method() } });
  if (r.reason === "unknown-payment") return refuse(400, { formError: m.refunds_error_payment() });
  return refuse(r.reason === "no-provider" ? 409 : 502, {
    formError: r.reason === "no-provider" ? m.refunds_error_no_provider() : m.refunds_error_provider_failed(),
  });
}
