// Sign-up's and /account's question (Safe Play): a parent or guardian, or a student-athlete with a date of birth.
// Plain inputs, so it works in the no-React sign-up dialog too; the server checks the age (COPPA).
import { useId } from "react";
import { localHref } from "~/i18n/locale";
import { Field } from "~/components/ui/field";
import type { ClientKind } from "~/lib/age";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";
import { Radio } from "~/components/ui/controls";

export function ClientKindFields({
  kind,
  dateOfBirth,
  errors,
  privacyNote = false,
}: {
  kind?: ClientKind | null;
  dateOfBirth?: string | null;
  errors: { kind?: string | undefined; dateOfBirth?: string | undefined };
  /** Sign-up's forms say where what they ask is explained (a new tab, so nothing typed is lost). */
  privacyNote?: boolean;
}) {
  const id = useId();
  return (
    <>
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{m.account_kind_question()}</legend>
        <label className="flex items-center gap-2 text-slate-900">
          <Radio name="kind" value="guardian" defaultChecked={kind === "guardian"} />
          {m.account_kind_guardian()}
        </label>
        <label className="flex items-center gap-2 text-slate-900">
          <Radio name="kind" value="athlete" defaultChecked={kind === "athlete"} />
          {m.account_kind_athlete()}
        </label>
        {errors.kind ? (
          <p id={`${id}-kind-error`} {...errorMessage.field()} className="text-sm text-red-700">
            {errors.kind}
          </p>
        ) : null}
      </fieldset>
      <Field label={m.account_field_date_of_birth()} name="dateOfBirth" type="date" defaultValue={dateOfBirth ?? ""} error={errors.dateOfBirth} />
      {privacyNote ? (
        <p className="text-sm text-slate-600">
          {m.account_privacy_before()}{" "}
          <a href={localHref("/privacy")} target="_blank" rel="noopener" className="font-semibold text-court-800 underline">
            {m.account_privacy_link()} {m.account_privacy_new_tab()}
          </a>
        </p>
      ) : null}
    </>
  );
}
