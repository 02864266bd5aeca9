import { Form } from "react-router";
import { Field, FormError } from "~/components/ui/field";
import { TextAreaField } from "~/components/public/form-fields";
import { Button } from "~/components/ui/button";
import { m } from "~/paraglide/messages";

export type AnnouncementFormValues = { title: string; body: string; pinned: boolean };
export type AnnouncementFormResult = { ok: false; fieldErrors: Partial<Record<string, string>>; values: AnnouncementFormValues; error?: string };

/** A coach's form to write or edit an announcement. Works without JavaScript: a plain POST. */
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
  const v = result?.values ?? values ?? { title: "", body: "", pinned: false };
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label={heading}>
      <h2 className="text-xl font-semibold text-navy-900">{heading}</h2>
      <FormError message={result?.error} />
      <input type="hidden" name="intent" value={intent} />
      <Field label={m.calendar_field_title()} name="title" defaultValue={v.title} error={errors.title} maxLength={200} required />
      <TextAreaField label={m.calendar_news_text()} name="body" defaultValue={v.body} error={errors.body} rows={8} required />
      <label className="flex items-center gap-2 text-slate-800">
        <input type="checkbox" name="pinned" defaultChecked={v.pinned} className="size-4" /> {m.calendar_news_pin()}
      </label>
      <Button type="submit" className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
