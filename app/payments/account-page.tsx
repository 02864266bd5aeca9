// /account/payments' screen: what is due (or that a request for help is with staff, and no price), paying online or
// how to pay in person, asking for help, and the account's rows with a receipt per payment. Everything it shows was
// worded by the loader in the family's language; plain forms, working before the page's script.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Confirmation } from "~/components/ui/confirmation";
import { CardSection } from "~/components/ui/card-section";
import { FormError } from "~/components/ui/field";
import { refusalOf, type ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { LedgerHistory, type LedgerPaging } from "./ledger-table";
import { AidFields } from "./season-fees-aid-fields";

export type AccountView = {
  due: { state: "nothing" } | { state: "aid-pending" } | { state: "waived" } | { state: "due"; amount: string; dueOn: string | null };
  aid: { state: "none" | "open" | "declined" } | { state: "granted"; terms: string; until: string };
  online: boolean;
  inPerson: { phone: string; email: string };
  balance: string | null;
  /** Which page of the rows this is; null while a request for help waits (no rows are sent). */
  paging: LedgerPaging | null;
  /** What the family just did (the request for help sent), written in place and focused: a toast is gone in seconds. */
  answer?: string | null;
  /** Back from the provider's Checkout: its webhook may not have arrived yet. */
  justPaid?: boolean;
  rows: Array<{ id: string; date: string; what: string; amount: string; receipt: boolean }>;
};

/** /account/payments' answer: the request for help's fields refused, or the form's own message (paying, or a request already waiting). */
export type AccountPaymentsResult = ActionResult;

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
      {view.answer ? (
        <Confirmation key={view.answer} className="mb-3">
          {view.answer}
        </Confirmation>
      ) : null}
      {aid.state === "open" ? <p>{m.pay_aid_open()}</p> : null}
      {aid.state === "granted" ? <p>{m.pay_aid_granted({ terms: aid.terms, date: aid.until })}</p> : null}
      {aid.state === "declined" ? <p className="mb-3">{m.pay_aid_declined()}</p> : null}
      {aid.state === "none" || aid.state === "declined" ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="ask-help" />
          <p>{m.pay_aid_intro()}</p>
          <AidFields fieldErrors={fieldErrors} />
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

export function AccountPaymentsPage({ view, actionData, busy }: { view: AccountView; actionData: AccountPaymentsResult | undefined; busy: boolean }) {
  const refusal = refusalOf(actionData);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <DueSection view={view} error={refusal?.formError} busy={busy} />
      <AidSection view={view} fieldErrors={refusal?.fieldErrors ?? {}} busy={busy} />
      {view.due.state === "aid-pending" ? null : <LedgerHistory rows={view.rows} balance={view.balance} receipts paging={view.paging} />}
    </div>
  );
}
