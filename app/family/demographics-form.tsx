// On each athlete's card of /account/family: what grant forms ask (issue 39, decision 0051), each answer optional,
// with the reason said before anything is asked. Folded (<details>) so the card stays short on a phone; open when the
// last answer was about this athlete. A plain form posting intent "demographics".
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { answerTo, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { Confirmation } from "~/components/ui/confirmation";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { GENDERS, genderWord, GRADES, gradeWord, lunchWord, SCHOOL_LUNCH_ANSWERS, type Demographics } from "./demographics";
import type { FieldErrors } from "~/lib/forms";

export const DEMOGRAPHICS_INTENT = "demographics";

type Answer = AthleteSectionAnswer;

export function DemographicsForm(props: {
  athleteId: string;
  name: string;
  answers: Demographics;
  busy: boolean;
  answer: Answer | undefined;
  errors: FieldErrors;
  error: string | undefined;
}) {
  const { athleteId, name, answers } = props;
  const own = answerTo(props.answer, DEMOGRAPHICS_INTENT, athleteId);
  const mine = own !== undefined;
  const saved = own?.ok && own.message ? own : null;
  const notAnswered = m.account_demographics_not_answered();
  return (
    <details className="mt-2" open={mine || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-court-800">{m.account_demographics_summary({ name })}</summary>
      {saved ? (
        <Confirmation key={saved.savedAt} className="mt-3">
          {saved.message}
        </Confirmation>
      ) : null}
      <Form method="post" className="mt-3 flex flex-col gap-3">
        <p className="text-sm text-slate-800">{m.account_demographics_reason()}</p>
        <input type="hidden" name="intent" value={DEMOGRAPHICS_INTENT} />
        <input type="hidden" name="athleteId" value={athleteId} />
        <SelectField
          label={m.account_demographics_gender()}
          name="gender"
          defaultValue={answers.gender ?? ""}
          placeholder={notAnswered}
          options={GENDERS.map((g) => ({ value: g, label: genderWord(g) }))}
          error={props.errors.gender}
        />
        <Field
          label={m.account_demographics_zip()}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          defaultValue={answers.zip ?? ""}
          error={props.errors.zip}
        />
        <Field
          label={m.account_demographics_school()}
          name="school"
          autoComplete="off"
          defaultValue={answers.school ?? ""}
          error={props.errors.school}
        />
        <SelectField
          label={m.account_demographics_grade()}
          name="grade"
          defaultValue={answers.grade === null ? "" : String(answers.grade)}
          placeholder={notAnswered}
          options={GRADES.map((g) => ({ value: String(g), label: gradeWord(g) }))}
          error={props.errors.grade}
        />
        <SelectField
          label={m.account_demographics_lunch()}
          name="schoolLunch"
          defaultValue={answers.schoolLunch ?? ""}
          placeholder={notAnswered}
          options={SCHOOL_LUNCH_ANSWERS.map((l) => ({ value: l, label: lunchWord(l) }))}
          error={props.errors.schoolLunch}
        />
        <FormError message={props.error} />
        <Button type="submit" variant="secondary" disabled={props.busy} className="self-start">
          {m.account_demographics_save({ name })}
        </Button>
      </Form>
    </details>
  );
}
