// "I would like financial help" and its optional questions (issue 41): one set of fields, asked on /account/payments
// and in the request for a place (/enroll/:sessionId), both sent to the same schema (AidRequestSchema) and the same
// one request an account (createAidRequest). Plain inputs: they work before and without the page's script. What was
// typed comes back with a refusal (`values`).
import { Field } from "~/components/ui/field";
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

const select = "rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900";

function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
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
  return (
    <>
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-2 font-medium">
          <input
            type="checkbox"
            name="wantsHelp"
            className="h-5 w-5"
            defaultChecked={values.wantsHelp}
            aria-describedby={fieldErrors.wantsHelp ? id("wantsHelp-error") : undefined}
          />
          {m.pay_aid_tick()}
        </label>
        <ErrorLine id={id("wantsHelp-error")} message={fieldErrors.wantsHelp} />
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
      <div className="flex flex-col gap-1">
        <label htmlFor={id("schoolLunch")} className="text-sm font-medium text-slate-800">
          {m.pay_aid_lunch()}
        </label>
        <select
          id={id("schoolLunch")}
          name="schoolLunch"
          className={select}
          defaultValue={values.schoolLunch}
          aria-describedby={fieldErrors.schoolLunch ? id("schoolLunch-error") : undefined}
        >
          <option value="">{m.pay_aid_not_said()}</option>
          <option value="free">{m.pay_aid_lunch_free()}</option>
          <option value="reduced">{m.pay_aid_lunch_reduced()}</option>
          <option value="none">{m.pay_aid_lunch_none()}</option>
        </select>
        <ErrorLine id={id("schoolLunch-error")} message={fieldErrors.schoolLunch} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id("incomeBand")} className="text-sm font-medium text-slate-800">
          {m.pay_aid_income()}
        </label>
        <select
          id={id("incomeBand")}
          name="incomeBand"
          className={select}
          defaultValue={values.incomeBand}
          aria-describedby={fieldErrors.incomeBand ? id("incomeBand-error") : undefined}
        >
          <option value="">{m.pay_aid_not_said()}</option>
          <option value="under-25k">{m.pay_aid_income_under_25k()}</option>
          <option value="25k-50k">{m.pay_aid_income_25k_50k()}</option>
          <option value="50k-75k">{m.pay_aid_income_50k_75k()}</option>
          <option value="over-75k">{m.pay_aid_income_over_75k()}</option>
        </select>
        <ErrorLine id={id("incomeBand-error")} message={fieldErrors.incomeBand} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id("note")} className="text-sm font-medium text-slate-800">
          {m.pay_aid_note()}
        </label>
        <textarea
          id={id("note")}
          name={noteName}
          maxLength={1000}
          rows={3}
          className={select}
          defaultValue={values.note}
          aria-describedby={fieldErrors[noteName] ? id("note-error") : undefined}
        />
        <ErrorLine id={id("note-error")} message={fieldErrors[noteName]} />
      </div>
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
