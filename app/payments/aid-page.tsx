// /aid's screen for staff: each waiting request for help with the family's answers and a form to decide it; each
// family's balance with a form to record a payment made in person; for an administrator, which coaches may do this.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import type { ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { InPersonMethodField, refusalFor, StaffPageFrame, StaffSubmit } from "./staff-form-parts";

export type AidPageView = {
  requests: Array<{ id: string; familyName: string; answers: string[]; note: string; since: string; owed: string }>;
  accounts: Array<{ id: string; familyName: string; balance: string; aidOpen: boolean }>;
  coaches: Array<{ id: string; name: string; allowed: boolean }> | null;
  today: string;
};

/** /aid's answer: a refusal names its form in `intent` (the request's or the account's id, "correct-" and the account's id, "staff"). */
export type AidResult = ActionResult;

type FormProps = { id: string; result: AidResult | undefined; busy: boolean };

function DecideForm({ id, today, result, busy }: FormProps & { today: string }) {
  const refusal = refusalFor(result, id);
  const errors = refusal?.fieldErrors ?? {};
  const decisions = [
    { value: "waiver", label: m.aid_decision_waiver() },
    { value: "percent", label: m.aid_decision_percent() },
    { value: "amount", label: m.aid_decision_amount() },
    { value: "decline", label: m.aid_decision_decline() },
  ];
  return (
    <Form method="post" className="mt-3 flex flex-col gap-3">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="requestId" value={id} />
      <SelectField label={m.aid_decision()} name="decision" options={decisions} defaultValue="percent" error={errors.decision} />
      <Field label={m.aid_percent()} name="percent" id={`percent-${id}`} inputMode="numeric" error={errors.percent} />
      <Field label={m.aid_amount()} name="amountCents" id={`amount-${id}`} inputMode="decimal" error={errors.amountCents} />
      <Field label={m.aid_floor()} name="floorCents" id={`floor-${id}`} inputMode="decimal" error={errors.floorCents} />
      <Field label={m.aid_valid_until()} name="validUntil" id={`until-${id}`} type="date" min={today} error={errors.validUntil} />
      <FormError message={refusal?.formError} />
      <StaffSubmit busy={busy} variant="primary">
        {m.aid_decide()}
      </StaffSubmit>
    </Form>
  );
}

function PaymentForm({ id, result, busy }: FormProps) {
  const refusal = refusalFor(result, id);
  const errors = refusal?.fieldErrors ?? {};
  return (
    <Form method="post" className="mt-2 flex flex-col gap-3">
      <input type="hidden" name="intent" value="record-payment" />
      <input type="hidden" name="accountId" value={id} />
      <Field label={m.aid_payment_amount()} name="amountCents" id={`pay-amount-${id}`} inputMode="decimal" required error={errors.amountCents} />
      <InPersonMethodField label={m.aid_payment_method()} defaultValue="cash" error={errors.method} />
      <Field label={m.aid_payment_reference()} name="reference" id={`reference-${id}`} required error={errors.reference} />
      <FormError message={refusal?.formError} />
      <StaffSubmit busy={busy}>{m.aid_payment_record()}</StaffSubmit>
    </Form>
  );
}

function CorrectionForm({ id, result, busy }: FormProps) {
  const errors = refusalFor(result, `correct-${id}`)?.fieldErrors ?? {};
  const directions = [
    { value: "less", label: m.aid_correction_less() },
    { value: "more", label: m.aid_correction_more() },
  ];
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-court-800">{m.aid_correction_heading()}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="accountId" value={id} />
        <SelectField label={m.aid_correction_direction()} name="direction" options={directions} defaultValue="less" error={errors.direction} />
        <Field
          label={m.aid_correction_amount()}
          name="amountCents"
          id={`correct-amount-${id}`}
          inputMode="decimal"
          required
          error={errors.amountCents}
        />
        <Field label={m.aid_correction_reason()} name="reason" id={`correct-reason-${id}`} maxLength={300} required error={errors.reason} />
        <StaffSubmit busy={busy}>{m.aid_correction_add()}</StaffSubmit>
      </Form>
    </details>
  );
}

export function AidPage({ view, result, busy }: { view: AidPageView; result: AidResult | undefined; busy: boolean }) {
  const links = [{ to: "/reports/finances", label: m.fin_heading() }];
  if (view.coaches !== null) links.push({ to: "/aid/sessions", label: m.seasonfees_cancel_heading() });
  return (
    <StaffPageFrame links={links}>
      <CardSection title={m.aid_requests_heading()}>
        {view.requests.length === 0 ? <p>{m.aid_requests_none()}</p> : null}
        <ul className="flex flex-col gap-6">
          {view.requests.map((r) => (
            <li key={r.id} className="border-t border-slate-200 pt-4" aria-label={r.familyName}>
              <h3 className="font-semibold">{r.familyName}</h3>
              <p className="text-sm text-slate-700">{m.aid_request_since({ date: r.since, owed: r.owed })}</p>
              <ul className="list-disc pl-5 text-sm">
                {r.answers.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
              {r.note ? <p className="mt-1 text-sm whitespace-pre-line">{r.note}</p> : null}
              <DecideForm id={r.id} today={view.today} result={result} busy={busy} />
            </li>
          ))}
        </ul>
      </CardSection>
      <CardSection title={m.aid_accounts_heading()}>
        {view.accounts.length === 0 ? <p>{m.aid_accounts_none()}</p> : null}
        <ul className="flex flex-col gap-6">
          {view.accounts.map((a) => (
            <li key={a.id} className="border-t border-slate-200 pt-4" aria-label={a.familyName}>
              <h3 className="font-semibold">{a.familyName}</h3>
              <Link className="text-sm text-court-800 underline" to={localHref(`/aid/accounts/${a.id}`)}>
                {m.refunds_open_account({ name: a.familyName })}
              </Link>
              <p className="text-sm">{a.aidOpen ? m.aid_account_waiting({ balance: a.balance }) : m.aid_account_balance({ balance: a.balance })}</p>
              <PaymentForm id={a.id} result={result} busy={busy} />
              <CorrectionForm id={a.id} result={result} busy={busy} />
            </li>
          ))}
        </ul>
      </CardSection>
      {view.coaches ? (
        <CardSection title={m.aid_staff_heading()}>
          <p className="mb-3 text-sm">{m.aid_staff_intro()}</p>
          <ul className="flex flex-col gap-2">
            {view.coaches.map((c) => (
              <li key={c.id}>
                <Form method="post" className="flex items-center gap-3">
                  <input type="hidden" name="intent" value="allow-coach" />
                  <input type="hidden" name="coachId" value={c.id} />
                  <input type="hidden" name="allowed" value={c.allowed ? "no" : "yes"} />
                  <span>{c.name}</span>
                  <Button type="submit" variant="ghost" disabled={busy}>
                    {c.allowed ? m.aid_staff_remove({ name: c.name }) : m.aid_staff_allow({ name: c.name })}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </CardSection>
      ) : null}
    </StaffPageFrame>
  );
}
