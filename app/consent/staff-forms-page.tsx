// /staff/forms (issue 40): the administrator's forms. Each form shows its version in force; new words (in English and
// Spanish) are published as the next version, and every family is asked to sign it again. Which programs require the
// form is a list of ticks. A new form (of a kind) starts at version 1.
import { Fragment } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, TextAreaField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { KINDS } from "./schemas";
import { Checkbox, Select } from "~/components/ui/controls";

type FormRow = {
  formId: string;
  kind: string;
  version: number;
  hash: string;
  title: { en: string; es: string };
  body: { en: string; es: string };
  programs: string[];
};

export type StaffFormsAnswer = { formId: string; fieldErrors: FieldErrors };

/** Each language's title and words, in the order the administrator writes them (English first). */
const LANGUAGES = [
  { lang: "en", Lang: "En", title: m.consent_staff_title_en, body: m.consent_staff_body_en },
  { lang: "es", Lang: "Es", title: m.consent_staff_title_es, body: m.consent_staff_body_es },
] as const;

function VersionFields({ prefix, value, errors }: { prefix: string; value?: FormRow | undefined; errors: FieldErrors }) {
  return LANGUAGES.map(({ lang, Lang, title, body }) => (
    <Fragment key={lang}>
      <Field name={`title${Lang}`} id={`${prefix}-title-${lang}`} label={title()} defaultValue={value?.title[lang]} error={errors[`title${Lang}`]} />
      <TextAreaField
        name={`body${Lang}`}
        id={`${prefix}-body-${lang}`}
        label={body()}
        defaultValue={value?.body[lang] ?? ""}
        rows={6}
        error={errors[`body${Lang}`]}
      />
    </Fragment>
  ));
}

export function StaffFormsView({
  forms,
  programs,
  answer,
  busy,
}: {
  forms: FormRow[];
  programs: string[];
  answer?: StaffFormsAnswer | undefined;
  busy: boolean;
}) {
  const errorsOf = (formId: string) => (answer?.formId === formId ? answer.fieldErrors : {});
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      {forms.map((f) => (
        <CardSection key={f.formId} title={f.title.en}>
          <p className="text-sm text-slate-700">{m.consent_staff_version({ version: String(f.version), hash: f.hash.slice(0, 16) })}</p>
          <Form method="post" className="mt-4 flex flex-col gap-2">
            <input type="hidden" name="formId" value={f.formId} />
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{m.consent_staff_programs({ form: f.title.en })}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {programs.map((p) => (
                  <label key={p} className="flex items-center gap-2 text-slate-900">
                    <Checkbox name="program" value={p} defaultChecked={f.programs.includes(p)} />
                    {p}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button type="submit" name="intent" value="programs" variant="secondary" disabled={busy} className="self-start">
              {m.consent_staff_save_programs({ form: f.title.en })}
            </Button>
          </Form>
          <details className="mt-4">
            <summary className="cursor-pointer font-medium text-court-800">{m.consent_staff_new_version({ form: f.title.en })}</summary>
            <Form method="post" className="mt-3 flex flex-col gap-3">
              <input type="hidden" name="formId" value={f.formId} />
              <VersionFields prefix={f.formId} value={f} errors={errorsOf(f.formId)} />
              <p className="text-sm text-slate-700">{m.consent_staff_publish_note()}</p>
              <Button type="submit" name="intent" value="publish" disabled={busy} className="self-start">
                {m.consent_staff_publish({ version: String(f.version + 1) })}
              </Button>
            </Form>
          </details>
        </CardSection>
      ))}
      <CardSection title={m.consent_staff_add_heading()}>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="formId" value="new" />
          <div className="flex flex-col gap-1">
            <label htmlFor="new-kind" className="text-sm font-medium text-slate-800">
              {m.consent_staff_kind()}
            </label>
            <Select id="new-kind" name="kind" defaultValue="other">
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </Select>
          </div>
          <VersionFields prefix="new" errors={errorsOf("new")} />
          <Button type="submit" name="intent" value="create" disabled={busy} className="self-start">
            {m.consent_staff_add_button()}
          </Button>
        </Form>
      </CardSection>
    </div>
  );
}
