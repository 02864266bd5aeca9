// The security programme on the staff pages (issue 40, docs/security-programme.md): the reminder an administrator or
// the coordinator reads when the yearly review is due (on /staff, and on /staff/profile for a coordinator who is a
// coach), with the button that records the review as done today, and /staff's card where an administrator chooses
// the coordinator and the next review's date. Plain forms: they work on a phone with or without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { refusalOf, type ActionResult } from "~/lib/forms";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import { formatCalendarDate } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import type { SecurityProgramme, StaffChoice } from "./programme.server";
import { oneYearAfter } from "./review";

/** Where the record button sends its form; `back` is the page it returns to. */
export const SECURITY_REVIEW_PATH = "/staff/security-review";
export const SECURITY_SETTINGS_INTENT = "security-settings";

const dayText = (day: string) => formatCalendarDate(`${day}T00:00:00Z`) ?? day;

export function SecurityReminder({ dueOn, back, busy }: { dueOn: string; back: "staff" | "profile"; busy: boolean }) {
  return (
    <div
      role="region"
      aria-label={m.security_reminder_region()}
      className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-slate-900"
      data-testid="security-reminder"
    >
      <p className="font-semibold">{m.security_reminder({ date: dayText(dueOn) })}</p>
      <Form method="post" action={localHref(SECURITY_REVIEW_PATH)} className="mt-3">
        <input type="hidden" name="back" value={back} />
        <Button type="submit" disabled={busy}>
          {m.security_record()}
        </Button>
      </Form>
    </div>
  );
}

export type SecurityAnswer = ActionResult;

/** /staff's card: who coordinates the programme, when its next review is due, the last one recorded, and the form. */
export function SecurityProgrammeCard({
  programme,
  choices,
  today,
  result,
  busy,
}: {
  programme: SecurityProgramme;
  choices: StaffChoice[];
  today: string;
  result?: SecurityAnswer | undefined;
  busy: boolean;
}) {
  const answer = result?.intent === SECURITY_SETTINGS_INTENT ? result : undefined;
  const refusal = refusalOf(answer);
  const saved = answer?.ok ? answer.message : undefined;
  const { coordinator, reviewDueOn, lastReview } = programme;
  return (
    <CardSection title={m.security_title()} id="security-heading">
      <p className="mb-3 text-slate-800">{m.security_intro()}</p>
      <ul className="mb-4 flex flex-col gap-1" data-testid="security-state">
        <li>{coordinator ? m.security_coordinator_is({ name: `${coordinator.name} (${coordinator.email})` }) : m.security_coordinator_none()}</li>
        <li>{reviewDueOn ? m.security_due_on({ date: dayText(reviewDueOn) }) : m.security_due_none()}</li>
        {lastReview ? <li>{m.security_last_review({ date: dayText(lastReview.on), name: lastReview.by || "-" })}</li> : null}
      </ul>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={SECURITY_SETTINGS_INTENT} />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            // A new key once saved, so the choice shown is the one stored.
            key={saved ?? "security-coordinator"}
            label={m.security_coordinator_label()}
            name="coordinatorId"
            required
            placeholder={m.security_coordinator_choose()}
            options={choices.map((c) => ({ value: c.id, label: `${c.name} (${c.email})` }))}
            defaultValue={refusal?.values?.coordinatorId ?? coordinator?.id ?? ""}
            error={refusal?.fieldErrors.coordinatorId}
          />
          <Field
            key={saved ?? "security-due"}
            label={m.security_due_label()}
            name="reviewDueOn"
            type="date"
            required
            min="2000-01-01"
            max={oneYearAfter(today)}
            defaultValue={refusal?.values?.reviewDueOn ?? reviewDueOn ?? ""}
            error={refusal?.fieldErrors.reviewDueOn}
          />
        </div>
        {refusal?.formError ? <FormError message={refusal.formError} /> : null}
        {saved ? <Confirmation key={saved}>{saved}</Confirmation> : null}
        <Button type="submit" disabled={busy} className="self-start">
          {m.security_save()}
        </Button>
      </Form>
    </CardSection>
  );
}
