// The signing form's statements (issue 40): the photo release's answer, the guardian's "I am the parent or legal
// guardian of …" (or an adult athlete signing for themselves) and the consent to sign electronically, each with its
// message beside it when refused.
import { errorMessage } from "~/lib/page-behaviours-contract";
import type { FieldErrors } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { Checkbox, Radio } from "~/components/ui/controls";

function Tick({ name, label, error }: { name: string; label: string; error: string | undefined }) {
  const id = `sign-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-start gap-3 text-base text-slate-900">
        <Checkbox id={id} name={name} className="mt-1" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} {...errorMessage.field()} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const PHOTO_CHOICES = [
  ["yes", m.consent_photo_yes],
  ["team", m.consent_photo_team],
  ["no", m.consent_photo_no],
] as const;

export function SignChecks({ kind, self, athleteName, errors }: { kind: string; self: boolean; athleteName: string; errors: FieldErrors }) {
  return (
    <>
      {kind === "photo" ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.photoChoice ? "sign-photo-error" : undefined}>
          <legend className="mb-1 font-medium text-slate-900">{m.consent_photo_question({ athlete: athleteName })}</legend>
          {PHOTO_CHOICES.map(([value, words]) => (
            <label key={value} className="flex items-center gap-3 text-base text-slate-900">
              <Radio name="photoChoice" value={value} />
              {words()}
            </label>
          ))}
          {errors.photoChoice ? (
            <p id="sign-photo-error" {...errorMessage.field()} className="text-sm text-red-700">
              {errors.photoChoice}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {self ? (
        <p className="text-base text-slate-900">{m.consent_self_statement()}</p>
      ) : (
        <Tick name="guardian" label={m.consent_guardian_statement({ athlete: athleteName })} error={errors.guardian} />
      )}
      <Tick name="esign" label={m.consent_esign_statement()} error={errors.esign} />
    </>
  );
}
