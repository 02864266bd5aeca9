// /account/enrollments' first card when requests sent with the guardian's address wait (issue 37): each one with
// every field a visitor typed, then keep or drop, each asked once more (the server's question, see
// visitor-requests-action.server.ts). Plain forms and a link to cancel: they work without the page's script.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError } from "~/components/ui/form-error";
import { QuestionStep } from "~/components/ui/question-step";
import { localHref } from "~/i18n/locale";
import { formatCalendarDate, formatDateTime } from "~/lib/datetime";
import { useOrgTimeZone } from "~/lib/use-org-time-zone";
import { m } from "~/paraglide/messages";
import { aidAnswerLines } from "~/payments/aid-answers";
import { refusalOf } from "~/lib/forms";
import type { VisitorRequestAnswer, VisitorRequestAsk, VisitorRequestView } from "./visitor-requests-types";

/** The request an answer is about: the question names it, a refusal carries it among what was sent. */
const answerRequest = (answer: VisitorRequestAnswer) => (answer.ok ? ("confirm" in answer ? answer.requestId : null) : answer.values?.requestId);
import { Radio } from "~/components/ui/controls";

export const VISITOR_REQUESTS_ANCHOR = "visitor-requests";

export function VisitorRequestsSection({
  requests,
  answer,
  busy,
}: {
  requests: VisitorRequestView[];
  answer: VisitorRequestAnswer | undefined;
  busy: boolean;
}) {
  const done = answer?.ok && !("confirm" in answer) && answer.message ? answer : null;
  const refusal = refusalOf(answer);
  if (requests.length === 0 && !done) return null;
  return (
    <CardSection title={m.enroll_kept_heading()} id={VISITOR_REQUESTS_ANCHOR}>
      <div className="flex flex-col gap-4">
        {done ? <Confirmation key={done.savedAt}>{done.message}</Confirmation> : null}
        {requests.length ? <p className="text-slate-800">{m.enroll_kept_intro()}</p> : null}
        {refusal?.formError && !requests.some((r) => r.id === refusal.values?.requestId) ? <FormError message={refusal.formError} /> : null}
        <ul className="flex flex-col gap-4">
          {requests.map((r) => (
            <li key={r.id}>
              <VisitorRequestCard request={r} answer={answer && answerRequest(answer) === r.id ? answer : undefined} busy={busy} />
            </li>
          ))}
        </ul>
      </div>
    </CardSection>
  );
}

function VisitorRequestCard({ request: r, answer, busy }: { request: VisitorRequestView; answer: VisitorRequestAnswer | undefined; busy: boolean }) {
  const zone = useOrgTimeZone();
  const headingId = `visitor-request-${r.id}`;
  const session = r.session ? `${r.session.title}: ${r.session.when}${r.session.place ? `, ${r.session.place}` : ""}` : null;
  const fields: Array<[string, string]> = [
    [m.enroll_kept_student(), r.studentName],
    [m.enroll_kept_dob(), formatCalendarDate(`${r.dateOfBirth}T00:00:00Z`) ?? r.dateOfBirth],
    [m.enroll_kept_session(), session ?? m.enroll_kept_session_gone()],
    [m.enroll_kept_pickup(), r.pickupPeople || m.enroll_kept_nobody()],
    [m.enroll_kept_emergency(), `${r.emergencyName}, ${r.emergencyPhone}`],
    [m.enroll_kept_medical(), r.medicalNotes || m.enroll_kept_none()],
    [m.enroll_kept_photos(), r.photoConsent ? m.enroll_kept_photos_yes() : m.enroll_kept_photos_no()],
    [
      m.payments_kept_help(),
      r.help
        ? [m.payments_kept_help_asked(), ...aidAnswerLines(r.help), ...(r.help.note ? [r.help.note] : [])].join("\n")
        : m.payments_kept_help_not_asked(),
    ],
    [m.enroll_kept_sent(), formatDateTime(r.sentAt, zone)],
  ];
  const refusal = refusalOf(answer);
  const confirm = answer?.ok && "confirm" in answer ? answer : null;
  return (
    <article aria-labelledby={headingId} className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {m.enroll_kept_for({ name: r.studentName })}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {refusal?.formError ? (
        <div className="mt-3">
          <FormError message={refusal.formError} />
        </div>
      ) : null}
      {confirm ? (
        <ConfirmStep request={r} session={r.session?.title ?? ""} confirm={confirm} busy={busy} />
      ) : (
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="requestId" value={r.id} />
          {r.sameAs.length && r.session ? (
            <fieldset aria-describedby={refusal?.fieldErrors.as ? `${headingId}-as-error` : undefined}>
              <legend className="font-medium text-slate-900">{m.enroll_kept_same_legend({ name: r.studentName })}</legend>
              <label className="mt-2 flex min-h-11 items-center gap-2">
                <Radio name="as" value="new" />
                {m.enroll_kept_as_new()}
              </label>
              {r.sameAs.map((a) => (
                <label key={a.id} className="flex min-h-11 items-center gap-2">
                  <Radio name="as" value={a.id} />
                  {m.enroll_kept_as_existing({ name: a.name })}
                </label>
              ))}
              {refusal?.fieldErrors.as ? (
                <p id={`${headingId}-as-error`} className="text-sm text-red-700">
                  {refusal.fieldErrors.as}
                </p>
              ) : null}
            </fieldset>
          ) : (
            <input type="hidden" name="as" value="new" />
          )}
          <div className="flex flex-wrap gap-2">
            {r.session ? (
              <Button type="submit" name="intent" value="keep-request" disabled={busy}>
                {m.enroll_kept_keep()}
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="drop-request" variant="secondary" disabled={busy}>
              {m.enroll_kept_drop()}
            </Button>
          </div>
        </Form>
      )}
    </article>
  );
}

function ConfirmStep({
  request: r,
  session,
  confirm,
  busy,
}: {
  request: VisitorRequestView;
  session: string;
  confirm: VisitorRequestAsk;
  busy: boolean;
}) {
  const existing = r.sameAs.find((a) => a.id === confirm.as);
  const question =
    confirm.confirm === "drop"
      ? m.enroll_kept_confirm_drop({ name: r.studentName })
      : existing
        ? m.enroll_kept_confirm_existing({ name: existing.name, session })
        : m.enroll_kept_confirm_new({ name: r.studentName, session });
  return (
    // The answer to what the guardian just did: focused, so the question is where they are looking.
    <QuestionStep question={question} className="mt-3 rounded-md border border-slate-300 bg-white p-3">
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="requestId" value={r.id} />
        <input type="hidden" name="confirm" value="yes" />
        {confirm.as ? <input type="hidden" name="as" value={confirm.as} /> : null}
        <Button
          type="submit"
          name="intent"
          value={confirm.confirm === "drop" ? "drop-request" : "keep-request"}
          variant={confirm.confirm === "drop" ? "danger" : "primary"}
          disabled={busy}
        >
          {confirm.confirm === "drop" ? m.enroll_kept_yes_drop() : m.enroll_kept_yes_keep()}
        </Button>
        <Link to={localHref("/account/enrollments")} className="inline-flex min-h-11 items-center font-semibold text-court-800 underline">
          {m.enroll_kept_cancel()}
        </Link>
      </Form>
    </QuestionStep>
  );
}
