// The family page's medical information (issue 39, decision 0048): for each athlete the person acts for, allergies,
// conditions, medication and the courtside alert tick, one form an athlete posting to /account/family with
// intent=medical. Plain form fields: it works before and without the page's script.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { answerTo, CardSection, type AthleteSectionAnswer } from "~/components/ui/card-section";
import { refusalOf } from "~/lib/forms";
import { Confirmation } from "~/components/ui/confirmation";
import { FormError, TextAreaField } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { MEDICAL_INTENT, type MedicalInfo } from "./types";
import { Checkbox } from "~/components/ui/controls";

type Answer = AthleteSectionAnswer;

export function MedicalSection({
  athletes,
  answer,
  busy,
}: {
  athletes: Array<{ id: string; name: string; info: MedicalInfo }>;
  answer: Answer | undefined;
  busy: boolean;
}) {
  if (athletes.length === 0) return null;
  const mine = (id: string) => answerTo(answer, MEDICAL_INTENT, id);
  return (
    <CardSection title={m.attendance_medical_heading()} id="medical-heading">
      <p className="text-slate-700">{m.attendance_medical_intro()}</p>
      {athletes.map((a) => {
        const own = mine(a.id);
        const errors = refusalOf(own)?.fieldErrors ?? {};
        return (
          <Form
            key={a.id}
            method="post"
            className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-4"
            aria-label={m.attendance_medical_for({ athlete: a.name })}
          >
            <h3 className="font-semibold text-slate-900">{m.attendance_medical_for({ athlete: a.name })}</h3>
            {own?.ok && own.message ? <Confirmation key={own.savedAt}>{own.message}</Confirmation> : null}
            {own && !own.ok && own.formError ? <FormError message={own.formError} /> : null}
            <input type="hidden" name="intent" value={MEDICAL_INTENT} />
            <input type="hidden" name="athleteId" value={a.id} />
            <TextAreaField
              label={m.attendance_medical_allergies()}
              name="allergies"
              rows={2}
              maxLength={500}
              defaultValue={a.info.allergies}
              error={errors.allergies}
            />
            <TextAreaField
              label={m.attendance_medical_conditions()}
              name="conditions"
              rows={2}
              maxLength={500}
              defaultValue={a.info.conditions}
              error={errors.conditions}
            />
            <TextAreaField
              label={m.attendance_medical_medication()}
              name="medication"
              rows={2}
              maxLength={500}
              defaultValue={a.info.medication}
              error={errors.medication}
            />
            <label className="flex items-start gap-2 text-slate-900">
              <Checkbox name="courtsideAlert" className="mt-1" defaultChecked={a.info.courtsideAlert} />
              <span>{m.attendance_medical_alert_label()}</span>
            </label>
            <div>
              <Button type="submit" variant="secondary" disabled={busy}>
                {m.attendance_medical_save()}
              </Button>
            </div>
          </Form>
        );
      })}
    </CardSection>
  );
}
