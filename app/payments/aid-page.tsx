// /aid's screen for staff: each waiting request for help with the family's answers and a form to decide it; each
// family's balance with a form to record a payment made in person; for an administrator, which coaches may do this.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type AidPageView = {
  requests: Array<{ id: string; familyName: string; answers: string[]; note: string; since: string; owed: string }>;
  accounts: Array<{ id: string; familyName: string; balance: string; aidOpen: boolean }>;
  coaches: Array<{ id: string; name: string; allowed: boolean }> | null;
  today: string;
};

export type AidActionData = { form: string; fieldErrors?: Partial<Record<string, string>>; error?: string };

const select = "rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900";

function DecideForm({ id, today, result, busy }: { id: string; today: string; result: AidActionData | undefined; busy: boolean }) {
  const errors = result?.form === id ? (result.fieldErrors ?? {}) : {};
  return (
    <Form method="post" className="mt-3 flex flex-col gap-3">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="requestId" value={id} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`decision-${id}`} className="text-sm font-medium text-slate-800">
          {m.aid_decision()}
        </label>
        <select id={`decision-${id}`} name="decision" className={select} defaultValue="percent">
          <option value="waiver">{m.aid_decision_waiver()}</option>
          <option value="percent">{m.aid_decision_percent()}</option>
          <option value="amount">{m.aid_decision_amount()}</option>
          <option value="decline">{m.aid_decision_decline()}</option>
        </select>
        {errors.decision ? <p className="text-sm text-red-700">{errors.decision}</p> : null}
      </div>
      <Field label={m.aid_percent()} name="percent" id={`percent-${id}`} inputMode="numeric" error={errors.percent} />
      <Field label={m.aid_amount()} name="amountCents" id={`amount-${id}`} inputMode="decimal" error={errors.amountCents} />
      <Field label={m.aid_floor()} name="floorCents" id={`floor-${id}`} inputMode="decimal" error={errors.floorCents} />
      <Field label={m.aid_valid_until()} name="validUntil" id={`until-${id}`} type="date" min={today} error={errors.validUntil} />
      <FormError message={result?.form === id ? result.error : undefined} />
      <div>
        <Button type="submit" disabled={busy}>
          {m.aid_decide()}
        </Button>
      </div>
    </Form>
  );
}

function PaymentForm({ id, result, busy }: { id: string; result: AidActionData | undefined; busy: boolean }) {
  const errors = result?.form === id ? (result.fieldErrors ?? {}) : {};
  return (
    <Form method="post" className="mt-2 flex flex-col gap-3">
      <input type="hidden" name="intent" value="record-payment" />
      <input type="hidden" name="accountId" value={id} />
      <Field label={m.aid_payment_amount()} name="amountCents" id={`pay-amount-${id}`} inputMode="decimal" required error={errors.amountCents} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`method-${id}`} className="text-sm font-medium text-slate-800">
          {m.aid_payment_method()}
        </label>
        <select id={`method-${id}`} name="method" className={select} defaultValue="cash">
          <option value="cash">{m.pay_method_cash()}</option>
          <option value="check">{m.pay_method_check()}</option>
          <option value="zelle">{m.pay_method_zelle()}</option>
        </select>
        {errors.method ? <p className="text-sm text-red-700">{errors.method}</p> : null}
      </div>
      <Field label={m.aid_payment_reference()} name="reference" id={`reference-${id}`} required error={errors.reference} />
      <FormError message={result?.form === id ? result.error : undefined} />
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {m.aid_payment_record()}
        </Button>
      </div>
    </Form>
  );
}

function CorrectionForm({ id, result, busy }: { id: string; result: AidActionData | undefined; busy: boolean }) {
  const formId = `correct-${id}`;
  const errors = result?.form === formId ? (result.fieldErrors ?? {}) : {};
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-court-800">{m.aid_correction_heading()}</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="accountId" value={id} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`direction-${id}`} className="text-sm font-medium text-slate-800">
            {m.aid_correction_direction()}
          </label>
          <select id={`direction-${id}`} name="direction" className={select} defaultValue="less">
            <option value="less">{m.aid_correction_less()}</option>
            <option value="more">{m.aid_correction_more()}</option>
          </select>
        </div>
        <Field
          label={m.aid_correction_amount()}
          name="amountCents"
          id={`correct-amount-${id}`}
          inputMode="decimal"
          required
          error={errors.amountCents}
        />
        <Field label={m.aid_correction_reason()} name="reason" id={`correct-reason-${id}`} maxLength={300} required error={errors.reason} />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            {m.aid_correction_add()}
          </Button>
        </div>
      </Form>
    </details>
  );
}

export function AidPage({ view, result, busy }: { view: AidPageView; result: AidActionData | undefined; busy: boolean }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <p>
        <Link className="text-court-800 underline" to={localHref("/reports/finances")}>
          {m.fin_heading()}
        </Link>
        {view.coaches !== null ? (
          <>
            {" · "}
            <Link className="text-court-800 underline" to={localHref("/aid/sessions")}>
              {m.seasonfees_cancel_heading()}
            </Link>
          </>
        ) : null}
      </p>
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
    </div>
  );
}
