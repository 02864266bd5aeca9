import { Form } from "react-router";
import { Field, FormError, TextAreaField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";
import { Checkbox } from "~/components/ui/controls";
import type { ActionRefusal } from "~/lib/form-errors";

export type AnnouncementFormValues = { title: string; body: string; titleEs: string; bodyEs: string; pinned: boolean };
/** The form refused, in the one answer shape (decision 0077), with what was typed. */
export type AnnouncementFormResult = ActionRefusal<AnnouncementFormValues>;

/**
 * A coach's form to write or edit an announcement, with an optional Spanish version beside the English (issue 27).
 * Works without JavaScript: a plain POST.
 */
export function AnnouncementForm({
  intent,
  heading,
  submitLabel,
  values,
  result,
}: {
  intent: "create" | "update";
  heading: string;
  submitLabel: string;
  values?: AnnouncementFormValues;
  result?: AnnouncementFormResult | undefined;
}) {
  const v = result?.values ?? values ?? { title: "", body: "", titleEs: "", bodyEs: "", pinned: false };
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label={heading}>
      <h2 className="text-xl font-semibold text-navy-900">{heading}</h2>
      <FormError message={result?.formError} />
      <input type="hidden" name="intent" value={intent} />
      <Field label={m.calendar_field_title()} name="title" defaultValue={v.title} error={errors.title} maxLength={200} required />
      <TextAreaField label={m.calendar_news_text()} name="body" defaultValue={v.body} error={errors.body} rows={8} required />
      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-describedby={`${intent}-spanish-hint`}>
        <legend className="px-1 text-sm font-semibold text-navy-900">{m.calendar_spanish_legend()}</legend>
        <p id={`${intent}-spanish-hint`} className="text-sm text-slate-700">
          {m.calendar_spanish_hint()}
        </p>
        <Field label={m.calendar_news_title_es()} name="titleEs" lang="es" defaultValue={v.titleEs} error={errors.titleEs} maxLength={200} />
        <TextAreaField label={m.calendar_news_text_es()} name="bodyEs" lang="es" defaultValue={v.bodyEs} error={errors.bodyEs} rows={8} />
      </fieldset>
      <label className="flex items-center gap-2 text-slate-800">
        <Checkbox name="pinned" defaultChecked={v.pinned} /> {m.calendar_news_pin()}
      </label>
      <Button type="submit" className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
