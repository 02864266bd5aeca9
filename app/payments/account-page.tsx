// /account/payments' screen: what is due (or that a request for help is with staff, and no price), paying online or
// how to pay in person, asking for help, and the account's rows with a receipt per payment. Everything it shows was
// worded by the loader in the family's language; plain forms, working before the page's script.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type AccountView = {
  due: { state: "nothing" } | { state: "aid-pending" } | { state: "waived" } | { state: "due"; amount: string; dueOn: string | null };
  aid: { state: "none" | "open" | "declined" } | { state: "granted"; terms: string; until: string };
  online: boolean;
  inPerson: { phone: string; email: string };
  balance: string | null;
  /** Back from the provider's Checkout: its webhook may not have arrived yet. */
  justPaid?: boolean;
  rows: Array<{ id: string; date: string; what: string; amount: string; receipt: boolean }>;
};

export type AccountActionData = { fieldErrors?: Partial<Record<string, string>>; error?: string };

const select = "rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900";

function DueSection({ view, error, busy }: { view: AccountView; error?: string | undefined; busy: boolean }) {
  const { due } = view;
  return (
    <CardSection title={m.pay_due_heading()}>
      <div className="flex flex-col gap-3">
        {view.justPaid ? <p role="status">{m.pay_paid_thanks()}</p> : null}
        {due.state === "aid-pending" ? <p role="status">{m.pay_due_aid_pending()}</p> : null}
        {due.state === "waived" ? <p role="status">{m.pay_due_waived()}</p> : null}
        {due.state === "nothing" ? <p role="status">{m.pay_due_nothing()}</p> : null}
        {due.state === "due" ? (
          <>
            <p className="text-xl font-semibold" role="status">
              {due.dueOn ? m.pay_due_amount_by({ amount: due.amount, date: due.dueOn }) : m.pay_due_amount({ amount: due.amount })}
            </p>
            {view.online ? (
              <Form method="post">
                <input type="hidden" name="intent" value="pay-online" />
                <Button type="submit" disabled={busy}>
                  {m.pay_online_button({ amount: due.amount })}
                </Button>
              </Form>
            ) : null}
            <FormError message={error} />
            <div>
              <h3 className="font-semibold">{m.pay_in_person_heading()}</h3>
              <p>{m.pay_in_person_text({ phone: view.inPerson.phone, email: view.inPerson.email })}</p>
            </div>
          </>
        ) : null}
      </div>
    </CardSection>
  );
}

function AidSection({ view, fieldErrors, busy }: { view: AccountView; fieldErrors: Partial<Record<string, string>>; busy: boolean }) {
  const { aid } = view;
  return (
    <CardSection title={m.pay_aid_heading()}>
      {aid.state === "open" ? <p>{m.pay_aid_open()}</p> : null}
      {aid.state === "granted" ? <p>{m.pay_aid_granted({ terms: aid.terms, date: aid.until })}</p> : null}
      {aid.state === "declined" ? <p className="mb-3">{m.pay_aid_declined()}</p> : null}
      {aid.state === "none" || aid.state === "declined" ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="ask-help" />
          <p>{m.pay_aid_intro()}</p>
          <div className="flex flex-col gap-1">
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" name="wantsHelp" aria-describedby={fieldErrors.wantsHelp ? "wantsHelp-error" : undefined} />
              {m.pay_aid_tick()}
            </label>
            {fieldErrors.wantsHelp ? (
              <p id="wantsHelp-error" className="text-sm text-red-700">
                {fieldErrors.wantsHelp}
              </p>
            ) : null}
          </div>
          <Field
            label={m.pay_aid_household_size()}
            name="householdSize"
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            error={fieldErrors.householdSize}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="schoolLunch" className="text-sm font-medium text-slate-800">
              {m.pay_aid_lunch()}
            </label>
            <select id="schoolLunch" name="schoolLunch" className={select} defaultValue="">
              <option value="">{m.pay_aid_not_said()}</option>
              <option value="free">{m.pay_aid_lunch_free()}</option>
              <option value="reduced">{m.pay_aid_lunch_reduced()}</option>
              <option value="none">{m.pay_aid_lunch_none()}</option>
            </select>
            {fieldErrors.schoolLunch ? <p className="text-sm text-red-700">{fieldErrors.schoolLunch}</p> : null}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="incomeBand" className="text-sm font-medium text-slate-800">
              {m.pay_aid_income()}
            </label>
            <select id="incomeBand" name="incomeBand" className={select} defaultValue="">
              <option value="">{m.pay_aid_not_said()}</option>
              <option value="under-25k">{m.pay_aid_income_under_25k()}</option>
              <option value="25k-50k">{m.pay_aid_income_25k_50k()}</option>
              <option value="50k-75k">{m.pay_aid_income_50k_75k()}</option>
              <option value="over-75k">{m.pay_aid_income_over_75k()}</option>
            </select>
            {fieldErrors.incomeBand ? <p className="text-sm text-red-700">{fieldErrors.incomeBand}</p> : null}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="aid-note" className="text-sm font-medium text-slate-800">
              {m.pay_aid_note()}
            </label>
            <textarea
              id="aid-note"
              name="note"
              maxLength={1000}
              rows={3}
              className={select}
              aria-describedby={fieldErrors.note ? "aid-note-error" : undefined}
            />
            {fieldErrors.note ? (
              <p id="aid-note-error" className="text-sm text-red-700">
                {fieldErrors.note}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              {m.pay_aid_send()}
            </Button>
          </div>
        </Form>
      ) : null}
    </CardSection>
  );
}

function HistorySection({ view }: { view: AccountView }) {
  return (
    <CardSection title={m.pay_history_heading()}>
      {view.rows.length === 0 ? (
        <p>{m.pay_history_empty()}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {m.pay_col_date()}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {m.pay_col_what()}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {m.pay_col_amount()}
                </th>
                <th scope="col" className="py-1">
                  <span className="sr-only">{m.pay_col_receipt()}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="py-1 pr-3 whitespace-nowrap">{r.date}</td>
                  <td className="py-1 pr-3">{r.what}</td>
                  <td className="py-1 pr-3 text-right whitespace-nowrap">{r.amount}</td>
                  <td className="py-1">
                    {r.receipt ? (
                      <Link className="text-court-800 underline" to={localHref(`/account/payments/receipts/${r.id}`)}>
                        {m.pay_receipt_link()}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
            {view.balance !== null ? (
              <tfoot>
                <tr className="border-t-2 border-slate-400 font-semibold">
                  <th scope="row" colSpan={2} className="py-1 pr-3">
                    {m.pay_balance()}
                  </th>
                  <td className="py-1 pr-3 text-right">{view.balance}</td>
                  <td />
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </CardSection>
  );
}

export function AccountPaymentsPage({ view, actionData, busy }: { view: AccountView; actionData: AccountActionData | undefined; busy: boolean }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <DueSection view={view} error={actionData?.error} busy={busy} />
      <AidSection view={view} fieldErrors={actionData?.fieldErrors ?? {}} busy={busy} />
      {view.due.state === "aid-pending" ? null : <HistorySection view={view} />}
    </div>
  );
}
