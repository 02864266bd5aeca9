// "Cancel this session" where staff stand (issue 41, decision 0068): the programs editor's session card and the
// roster. Folded by default (a disclosure, so it works before and without the page's script): why, in English and
// optionally Spanish, then "Review and cancel". The server answers that first post with its question, shown here in
// place of the form and focused (ConfirmStep, ConfirmAction's step): the session, its dates and how many families are
// credited, with the confirm button and a way back. Nothing changes before the confirmation. A cancelled session says
// when and why, under the cancellation's answer (a focused status) right after it was made.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { ConfirmStep } from "~/components/ui/confirm-action";
import { Confirmation } from "~/components/ui/confirmation";
import { CONFIRM_FIELD, CONFIRMED } from "~/lib/confirm-action";
import { refusalOf } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { CANCEL_SESSION_INTENT, type SessionCancelAnswer } from "./session-cancel-answer";

export type SessionCancelView = {
  id: string;
  title: string;
  dates: string | null;
  enrolled: number;
  /** The day it was cancelled, in the reader's words; null while it runs. */
  cancelledOn: string | null;
  /** Why, in the reader's language where staff wrote it. */
  reason: string | null;
  /** The cancellation's answer right after it was made here (written in place and focused), else null. */
  answer: string | null;
};

function Hidden({ eventId }: { eventId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={CANCEL_SESSION_INTENT} />
      <input type="hidden" name="eventId" value={eventId} />
    </>
  );
}

type Props = {
  session: SessionCancelView;
  answer: SessionCancelAnswer | null;
  busy: boolean;
  /** Folded under "Cancel this session" (a card among others); unfolded where the page's section already says it. */
  folded?: boolean;
};

export function SessionCancelForm({ session, answer, busy, folded = true }: Props) {
  // The answer is this card's when it is about this session (what was typed names it).
  const mine = answer && (answer.ok ? answer.values.eventId : answer.values?.eventId) === session.id ? answer : null;
  const refusal = refusalOf(mine);
  if (session.cancelledOn)
    return (
      <>
        {session.answer ? <Confirmation key={session.answer}>{session.answer}</Confirmation> : null}
        <p className="rounded-md bg-slate-100 p-3 text-slate-900">
          <strong>{m.season_cancel_done({ date: session.cancelledOn })}</strong>
          {session.reason ? ` ${m.season_cancel_done_reason({ reason: session.reason })}` : null}
        </p>
      </>
    );
  const named = session.dates ? `${session.title} (${session.dates})` : session.title;
  if (mine?.ok)
    return (
      <ConfirmStep question={m.season_cancel_question({ session: named })} detail={m.season_cancel_detail({ count: String(session.enrolled) })}>
        <Form method="post">
          <Hidden eventId={session.id} />
          <input type="hidden" name="reason" value={mine.values.reason} />
          <input type="hidden" name="reasonEs" value={mine.values.reasonEs} />
          <input type="hidden" name={CONFIRM_FIELD} value={CONFIRMED} />
          <Button type="submit" variant="danger" disabled={busy}>
            {m.season_cancel_confirm()}
          </Button>
        </Form>
      </ConfirmStep>
    );
  const errors = refusal?.fieldErrors ?? {};
  const form = (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <Hidden eventId={session.id} />
      <p className="text-sm text-slate-800">{m.season_cancel_intro({ count: String(session.enrolled) })}</p>
      <FormError message={refusal?.formError} />
      <Field
        label={m.seasonfees_cancel_reason()}
        name="reason"
        id={`cancel-reason-${session.id}`}
        defaultValue={refusal?.values?.reason}
        error={errors.reason}
      />
      <Field
        label={m.seasonfees_cancel_reason_es()}
        name="reasonEs"
        lang="es"
        id={`cancel-reason-es-${session.id}`}
        defaultValue={refusal?.values?.reasonEs}
        error={errors.reasonEs}
      />
      <Button type="submit" variant="secondary" className="self-start" disabled={busy}>
        {m.season_cancel_review()}
        <span className="sr-only"> {session.title}</span>
      </Button>
    </Form>
  );
  if (!folded) return form;
  return (
    <details open={Boolean(mine)} className="rounded-md border border-slate-200 p-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-red-800">
        {m.season_cancel_summary()}
        <span className="sr-only"> {session.title}</span>
      </summary>
      <div className="mt-2">{form}</div>
    </details>
  );
}
