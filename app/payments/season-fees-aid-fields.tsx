// "I would like financial help" and its optional questions (issue 41): one set of fields, asked on /account/payments
// and in the request for a place (/enroll/:sessionId), both sent to the same schema (AidRequestSchema) and the same
// one request an account (createAidRequest). Plain inputs, the ui kit's (decision 0078): they work before and without
// the page's script. What was typed comes back with a refusal (`values`).
import { Checkbox, Field, FieldError, SelectField, TextAreaField } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

export type AidFieldValues = { wantsHelp: boolean; householdSize: string; schoolLunch: string; incomeBand: string; note: string };

export const noAidValues: AidFieldValues = { wantsHelp: false, householdSize: "", schoolLunch: "", incomeBand: "", note: "" };

/** What the aid fields of a posted form said, to show them again beside a refusal. */
export function aidFieldValues(form: FormData): AidFieldValues {
  const text = (k: string) => String(form.get(k) ?? "").slice(0, 1000);
  return {
    wantsHelp: form.get("wantsHelp") === "on",
    householdSize: text("householdSize"),
    schoolLunch: text("schoolLunch"),
    incomeBand: text("incomeBand"),
    note: text("note"),
  };
}

/** The tick, then household size, school lunch, income band and a note; every answer beyond the tick optional. */
export function AidFields({
  fieldErrors,
  values = noAidValues,
  idPrefix = "aid",
  noteName = "note",
}: {
  fieldErrors: Partial<Record<string, string | undefined>>;
  values?: AidFieldValues;
  idPrefix?: string;
  /** The note's field name: "aidNote" where the form has a note of its own (/lessons' booking). */
  noteName?: string;
}) {
  const id = (k: string) => `${idPrefix}-${k}`;
  const tickError = fieldErrors.wantsHelp;
  return (
    <>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-2 font-medium">
          <Checkbox
            name="wantsHelp"
            defaultChecked={values.wantsHelp}
            aria-invalid={tickError ? true : undefined}
            aria-describedby={tickError ? id("wantsHelp-error") : undefined}
          />
          {m.pay_aid_tick()}
        </label>
        <FieldError id={id("wantsHelp-error")} error={tickError} />
      </div>
      <Field
        label={m.pay_aid_household_size()}
        name="householdSize"
        id={id("householdSize")}
        type="number"
        inputMode="numeric"
        min={1}
        max={20}
        defaultValue={values.householdSize}
        error={fieldErrors.householdSize}
      />
      <SelectField
        label={m.pay_aid_lunch()}
        name="schoolLunch"
        placeholder={m.pay_aid_not_said()}
        options={[
          { value: "free", label: m.pay_aid_lunch_free() },
          { value: "reduced", label: m.pay_aid_lunch_reduced() },
          { value: "none", label: m.pay_aid_lunch_none() },
        ]}
        defaultValue={values.schoolLunch}
        error={fieldErrors.schoolLunch}
      />
      <SelectField
        label={m.pay_aid_income()}
        name="incomeBand"
        placeholder={m.pay_aid_not_said()}
        options={[
          { value: "under-25k", label: m.pay_aid_income_under_25k() },
          { value: "25k-50k", label: m.pay_aid_income_25k_50k() },
          { value: "50k-75k", label: m.pay_aid_income_50k_75k() },
          { value: "over-75k", label: m.pay_aid_income_over_75k() },
        ]}
        defaultValue={values.incomeBand}
        error={fieldErrors.incomeBand}
      />
      <TextAreaField
        label={m.pay_aid_note()}
        name={noteName}
        id={id("note")}
        maxLength={1000}
        rows={3}
        defaultValue={values.note}
        error={fieldErrors[noteName]}
      />
    </>
  );
}

/**
 * The request form's part (/enroll/:sessionId): the fields in their own group, or, when the family already asked or
 * has help, what staff have (one way to ask: never a second request).
 */
export function RequestAidSection({
  state,
  fieldErrors,
  values,
}: {
  state: "none" | "open" | "granted" | "not-holder";
  fieldErrors: Partial<Record<string, string | undefined>>;
  values?: AidFieldValues | undefined;
}) {
  if (state === "not-holder") return null;
  if (state === "open") return <p className="rounded-md bg-slate-100 p-3 text-slate-900">{m.pay_due_aid_pending()}</p>;
  if (state === "granted") return <p className="rounded-md bg-slate-100 p-3 text-slate-900">{m.seasonfees_request_aid_granted()}</p>;
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-slate-900">{m.seasonfees_request_aid_legend()}</legend>
      <p className="text-slate-800">{m.pay_aid_intro()}</p>
      <AidFields fieldErrors={fieldErrors} values={values} idPrefix="request-aid" />
    </fieldset>
  );
}
