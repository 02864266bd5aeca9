// The part of the event form that makes an event one of a program's sessions (issue 28, decision 0031): program,
// season, ages, levels, street address, fee, places and financial help. Every fact may be left empty.
import { Field, SelectField } from "~/components/ui/field";
import { PROGRAM_LINKS } from "~/content/site";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";
import { Checkbox } from "~/components/ui/controls";

export type SessionFormValues = {
  programSlug: string;
  seasonId: string;
  agesFrom: string;
  agesTo: string;
  levels: string[];
  streetAddress: string;
  fee: string;
  feePer: string;
  capacity: string;
  financialHelp: boolean;
  whatToBring: string;
  whatToBringEs: string;
};

export const EMPTY_SESSION: SessionFormValues = {
  programSlug: "",
  seasonId: "",
  agesFrom: "",
  agesTo: "",
  levels: [],
  streetAddress: "",
  fee: "",
  feePer: "month",
  capacity: "",
  financialHelp: false,
  whatToBring: "",
  whatToBringEs: "",
};

export function sessionFormValuesFrom(form: FormData): SessionFormValues {
  const s = (k: string) => String(form.get(k) ?? "");
  return {
    programSlug: s("programSlug"),
    seasonId: s("seasonId"),
    agesFrom: s("agesFrom"),
    agesTo: s("agesTo"),
    levels: form.getAll("levels").map(String),
    streetAddress: s("streetAddress"),
    fee: s("fee"),
    feePer: s("feePer") || "month",
    capacity: s("capacity"),
    financialHelp: form.get("financialHelp") !== null,
    whatToBring: s("whatToBring"),
    whatToBringEs: s("whatToBringEs"),
  };
}

/** A stored fee in cents as the coach types it: "120", "120.50". */
export const feeField = (cents: number | null) => (cents === null ? "" : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export type SeasonOption = { id: string; name: string };

export function SessionFields({
  values: v,
  errors: e,
  seasons,
  idPrefix,
}: {
  values: SessionFormValues;
  errors: Partial<Record<string, string>>;
  seasons: SeasonOption[];
  idPrefix: string;
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-describedby={`${idPrefix}-session-hint`}>
      <legend className="px-1 text-sm font-semibold text-navy-900">{m.programs_session_legend()}</legend>
      <p id={`${idPrefix}-session-hint`} className="text-sm text-slate-700">
        {m.programs_session_hint()}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={m.programs_field_program()}
          name="programSlug"
          defaultValue={v.programSlug}
          error={e.programSlug}
          options={[{ value: "", label: m.programs_field_program_none() }, ...PROGRAM_LINKS.map((p) => ({ value: p.slug, label: p.name() }))]}
        />
        <SelectField
          label={m.programs_field_season()}
          name="seasonId"
          defaultValue={v.seasonId}
          error={e.seasonId}
          options={[{ value: "", label: m.programs_field_season_none() }, ...seasons.map((s) => ({ value: s.id, label: s.name }))]}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label={m.programs_field_ages_from()} name="agesFrom" inputMode="numeric" defaultValue={v.agesFrom} error={e.agesFrom} />
        <Field label={m.programs_field_ages_to()} name="agesTo" inputMode="numeric" defaultValue={v.agesTo} error={e.agesTo} />
      </div>
      <fieldset className="flex flex-wrap gap-3" aria-describedby={e.levels ? `${idPrefix}-levels-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{m.programs_field_levels()}</legend>
        {[1, 2, 3, 4, 5].map((level) => (
          <label key={level} className="flex items-center gap-1">
            <Checkbox name="levels" value={level} defaultChecked={v.levels.includes(String(level))} /> {m.public_level({ level })}
          </label>
        ))}
        {e.levels ? (
          <p id={`${idPrefix}-levels-error`} {...errorMessage.field()} className="w-full text-sm text-red-700">
            {e.levels}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={m.programs_field_street_address()}
        name="streetAddress"
        autoComplete="off"
        placeholder={m.programs_field_street_address_hint()}
        defaultValue={v.streetAddress}
        error={e.streetAddress}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label={m.programs_field_fee()} name="fee" inputMode="decimal" defaultValue={v.fee} error={e.fee} />
        <SelectField
          label={m.programs_field_fee_per()}
          name="feePer"
          defaultValue={v.feePer}
          error={e.feePer}
          options={[
            { value: "month", label: m.programs_fee_per_month() },
            { value: "season", label: m.programs_fee_per_season() },
            { value: "session", label: m.programs_fee_per_session() },
          ]}
        />
        <Field label={m.programs_field_capacity()} name="capacity" inputMode="numeric" defaultValue={v.capacity} error={e.capacity} />
      </div>
      <label className="flex items-center gap-2 text-slate-800">
        <Checkbox name="financialHelp" defaultChecked={v.financialHelp} /> {m.programs_field_financial_help()}
      </label>
      <Field
        label={m.programs_field_what_to_bring()}
        name="whatToBring"
        lang="en"
        autoComplete="off"
        placeholder={m.programs_field_what_to_bring_hint()}
        defaultValue={v.whatToBring}
        error={e.whatToBring}
      />
      <Field
        label={m.programs_field_what_to_bring_es()}
        name="whatToBringEs"
        lang="es"
        autoComplete="off"
        defaultValue={v.whatToBringEs}
        error={e.whatToBringEs}
      />
    </fieldset>
  );
}
