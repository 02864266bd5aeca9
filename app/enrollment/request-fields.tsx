// What coaches need on court, asked wherever a family asks for a place: /enroll/:sessionId and the registration form
// (issue 29). One set of fields for both pages, as OnCourtSchema (schemas.ts) is one rule for both servers. Plain
// inputs: they work before and without the page's script.
import { Field, TextAreaField } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { Checkbox } from "~/components/ui/controls";

export type OnCourtValues = Partial<Record<"medicalNotes" | "pickupPeople" | "emergencyName" | "emergencyPhone" | "photoConsent", string>>;

/** The medical and allergy notes, who may pick the child up, an emergency contact and photo consent. */
export function OnCourtFields({ errors, values = {} }: { errors: Record<string, string | undefined>; values?: OnCourtValues }) {
  return (
    <>
      <TextAreaField
        label={m.enroll_field_medical()}
        name="medicalNotes"
        rows={3}
        maxLength={1000}
        defaultValue={values.medicalNotes}
        error={errors.medicalNotes}
      />
      <TextAreaField
        label={m.enroll_field_pickup()}
        name="pickupPeople"
        rows={2}
        maxLength={500}
        defaultValue={values.pickupPeople}
        error={errors.pickupPeople}
      />
      <Field
        label={m.enroll_field_emergency_name()}
        name="emergencyName"
        autoComplete="off"
        required
        maxLength={120}
        defaultValue={values.emergencyName}
        error={errors.emergencyName}
      />
      <Field
        label={m.enroll_field_emergency_phone()}
        name="emergencyPhone"
        type="tel"
        autoComplete="off"
        required
        defaultValue={values.emergencyPhone}
        error={errors.emergencyPhone}
      />
      <label className="flex items-start gap-2 text-slate-900">
        <Checkbox name="photoConsent" className="mt-1" defaultChecked={values.photoConsent === "on"} />
        <span>{m.enroll_field_photo()}</span>
      </label>
    </>
  );
}
