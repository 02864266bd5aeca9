// /aid/sessions' screen (issue 41, decision 0059): the sessions with athletes enrolled, each with a form to cancel it
// for good (why, in English and optionally Spanish, and a tick that says every enrolled family is credited what it was
// charged for it, after aid); the cancelled ones below, with their day. Plain forms, working before the page's script.
import { Form } from "react-router";
import { CardSection } from "~/components/ui/card-section";
import { Checkbox, Field, FieldError, FormError } from "~/components/ui/field";
import type { ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { refusalFor, StaffSubmit } from "./staff-form-parts";

export type CancelSessionRow = { id: string; title: string; enrolled: number; cancelledOn: string | null };
/** /aid/sessions' answer: a refusal names its session's form in `intent` (the session's id). */
export type CancelSessionResult = ActionResult;

function CancelForm({ row, result, busy }: { row: CancelSessionRow; result: CancelSessionResult | undefined; busy: boolean }) {
  const refusal = refusalFor(result, row.id);
  const errors = refusal?.fieldErrors ?? {};
  const tickError = errors.understood;
  const tickErrorId = `understood-${row.id}-error`;
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="eventId" value={row.id} />
      <FormError message={refusal?.formError} />
      <Field label={m.seasonfees_cancel_reason()} name="reason" id={`reason-${row.id}`} maxLength={300} error={errors.reason} />
      <Field label={m.seasonfees_cancel_reason_es()} name="reasonEs" id={`reason-es-${row.id}`} maxLength={300} error={errors.reasonEs} />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2">
          <Checkbox
            name="understood"
            className="mt-0.5"
            aria-invalid={tickError ? true : undefined}
            aria-describedby={tickError ? tickErrorId : undefined}
          />
          {m.seasonfees_cancel_understood({ count: String(row.enrolled) })}
        </label>
        <FieldError id={tickErrorId} error={tickError} />
      </div>
      <StaffSubmit busy={busy} variant="danger">
        {m.seasonfees_cancel_button()}
      </StaffSubmit>
    </Form>
  );
}

export function CancelSessionsPage({ rows, result, busy }: { rows: CancelSessionRow[]; result: CancelSessionResult | undefined; busy: boolean }) {
  const open = rows.filter((r) => r.cancelledOn === null);
  const cancelled = rows.filter((r) => r.cancelledOn !== null);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <CardSection title={m.seasonfees_cancel_open_heading()}>
        {open.length === 0 ? <p>{m.seasonfees_cancel_none()}</p> : null}
        <ul className="flex flex-col gap-6">
          {open.map((row) => (
            <li key={row.id} aria-label={row.title} className="flex flex-col gap-2 border-t border-slate-200 pt-4 first:border-0 first:pt-0">
              <h3 className="font-semibold text-slate-900">{row.title}</h3>
              <p className="text-slate-800">{m.seasonfees_cancel_enrolled({ count: String(row.enrolled) })}</p>
              <CancelForm row={row} result={result} busy={busy} />
            </li>
          ))}
        </ul>
      </CardSection>
      {cancelled.length ? (
        <CardSection title={m.seasonfees_cancel_done_heading()}>
          <ul className="flex flex-col gap-1">
            {cancelled.map((row) => (
              <li key={row.id}>{m.seasonfees_cancel_done_row({ title: row.title, date: row.cancelledOn ?? "" })}</li>
            ))}
          </ul>
        </CardSection>
      ) : null}
    </div>
  );
}
