// /aid/accounts/:accountId's screen (decision 0060): a family's account as payment staff see it (its rows, with the
// words the family reads, and its balance) and, for an administrator, a refund form under each payment that still has
// something to give back. The form is sent first unconfirmed: the server checks it, answers each field's problem
// beside it, or asks the one question (the project's confirm control, decision 0049) naming the family, the payment
// and the amount; only the confirmed post refunds. Plain forms: the same with and without the page's script.
import { Form } from "react-router";
import { CardSection } from "~/components/ui/card-section";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, FormError } from "~/components/ui/field";
import type { ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import type { PaymentMethod } from "./ledger.server";
import { LedgerHistory, type LedgerPaging } from "./ledger-table";
import { REFUND_INTENT } from "./refunds-schemas";
import { InPersonMethodField, StaffPageFrame, StaffSubmit } from "./staff-form-parts";

export type StaffAccountView = {
  accountId: string;
  familyName: string;
  /** The balance after the page's last row: the account's on the newest page. */
  balance: string;
  /** Which page of the rows this is (the family's paging, decision 0075). */
  paging: LedgerPaging;
  /** Only administrators refund. */
  canRefund: boolean;
  /** Whether card payments can be refunded (a provider is configured). */
  cardRefunds: boolean;
  rows: Array<{ id: string; date: string; what: string; amount: string }>;
  payments: Array<{
    id: string;
    label: string;
    reference: string;
    card: boolean;
    method: PaymentMethod;
    refunded: string;
    left: string;
    leftDollars: string;
  }>;
};

export type RefundAsk = { fields: Record<string, string>; confirm: string; question: string; detail: string; confirmLabel: string };
/** The refund form's answer, its `intent` the payment's id: a refusal, or the one question to ask (`ask`) before refunding. */
export type RefundResult = ActionResult<{ ask: RefundAsk }>;

type Payment = StaffAccountView["payments"][number];

function RefundForm({ payment, result, busy }: { payment: Payment; result: RefundResult | undefined; busy: boolean }) {
  const mine = result?.intent === payment.id ? result : undefined;
  if (mine?.ok)
    return (
      <ConfirmAction
        fields={mine.ask.fields}
        asking={mine.ask.confirm}
        label={mine.ask.confirmLabel}
        question={mine.ask.question}
        detail={mine.ask.detail}
        confirmLabel={mine.ask.confirmLabel}
        busy={busy}
        className="mt-3"
      />
    );
  const errors = mine?.fieldErrors ?? {};
  const id = payment.id;
  return (
    <details className="mt-3" open={mine ? true : undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-court-800">{m.refunds_form_heading()}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="intent" value={REFUND_INTENT} />
        <input type="hidden" name="paymentId" value={id} />
        <Field
          label={m.refunds_amount({ left: payment.left })}
          name="amountCents"
          id={`refund-amount-${id}`}
          inputMode="decimal"
          required
          defaultValue={payment.leftDollars}
          error={errors.amountCents}
        />
        <Field label={m.refunds_reason()} name="reason" id={`refund-reason-${id}`} maxLength={300} required error={errors.reason} />
        {payment.card ? (
          <>
            <input type="hidden" name="method" value="card" />
            <p className="text-sm">{m.refunds_card_note()}</p>
          </>
        ) : (
          <InPersonMethodField label={m.refunds_method()} defaultValue={payment.method} error={errors.method} />
        )}
        <FormError message={mine?.formError ?? errors.paymentId} />
        <StaffSubmit busy={busy}>{m.refunds_continue()}</StaffSubmit>
      </Form>
    </details>
  );
}

function PaymentsSection({ view, result, busy }: { view: StaffAccountView; result: RefundResult | undefined; busy: boolean }) {
  return (
    <CardSection title={m.refunds_payments_heading()}>
      {view.payments.length === 0 ? <p>{m.refunds_payments_none()}</p> : null}
      {view.canRefund ? null : <p className="mb-3 text-sm">{m.refunds_admin_only()}</p>}
      <ul className="flex flex-col gap-4">
        {view.payments.map((p) => (
          <li key={p.id} className="border-t border-slate-200 pt-3" aria-label={p.label}>
            <h3 className="font-semibold">{p.label}</h3>
            <p className="text-sm text-slate-700">{m.refunds_payment_state({ reference: p.reference, refunded: p.refunded, left: p.left })}</p>
            {view.canRefund && p.leftDollars !== "0.00" ? (
              p.card && !view.cardRefunds ? (
                <p className="mt-2 text-sm">{m.refunds_error_no_provider()}</p>
              ) : (
                <RefundForm payment={p} result={result} busy={busy} />
              )
            ) : null}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

export function StaffAccountPage({ view, result, busy }: { view: StaffAccountView; result: RefundResult | undefined; busy: boolean }) {
  return (
    <StaffPageFrame links={[{ to: "/aid", label: m.refunds_back() }]}>
      <PaymentsSection view={view} result={result} busy={busy} />
      <LedgerHistory rows={view.rows} balance={view.balance} receipts={false} paging={view.paging} pagesAt={`/aid/accounts/${view.accountId}`} />
    </StaffPageFrame>
  );
}
