import { CheckCircle2 } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { StarRatingInput } from "~/components/star-rating-input";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form-errors";
import { CONTENT_MAX, NAME_MAX, RATING_DEFAULT, passesPositivityGate, positivityToast } from "~/testimonials/rules";
import { useHydrated } from "~/lib/use-hydrated";
import { m } from "~/paraglide/messages";
import type { TestimonialAnswer } from "~/testimonials/schemas";
import { TextArea } from "~/components/ui/controls";

/** The testimonial form: editing, submitting, then the success card, whose 'Add Another Testimonial' returns to an empty form. */
export function TestimonialForm({ defaultName }: { defaultName: string }) {
  const [added, setAdded] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading, added]);

  if (added) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-court-200 bg-court-50 p-8 text-center">
        <CheckCircle2 aria-hidden className="size-12 text-court-700" />
        <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
          {m.help_testimonial_added_title()}
        </h3>
        <p className="text-slate-700">{m.help_testimonial_added_text()}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setAdded(false);
            setFormKey((k) => k + 1);
            setFocusHeading(true);
          }}
        >
          {m.help_testimonial_add_another()}
        </Button>
      </div>
    );
  }
  return (
    <EditingForm
      key={formKey}
      defaultName={defaultName}
      headingRef={headingRef}
      onAdded={() => {
        setAdded(true);
        setFocusHeading(true);
      }}
    />
  );
}

function EditingForm({
  defaultName,
  headingRef,
  onAdded,
}: {
  defaultName: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onAdded: () => void;
}) {
  const fetcher = useFetcher<TestimonialAnswer>();
  const hydrated = useHydrated();
  const contentId = useId();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" && fetcher.data?.intent === "create" ? fetcher.data : undefined;
  const serverErrors = result && !result.ok ? result.fieldErrors : undefined;
  const fieldErrors = clientErrors ?? serverErrors ?? {};
  const formError = (result && !result.ok && result.formError) || null;

  const handled = useRef<TestimonialAnswer | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      showToast(result.toast);
      onAdded();
    } else if (result.fieldErrors.form) {
      showToast(positivityToast());
    } else if (result.formError) {
      showToast({ type: "error", title: m.help_testimonial_add_failed_title(), description: result.formError });
    }
  }, [result, onAdded]);

  // The form's rules (and zod with them) load on the first submit, not with every signed-in page: most visits
  // never send a testimonial. Without JavaScript the form posts as it is and the server checks the same rules.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    void Promise.all([import("~/lib/forms"), import("~/testimonials/schemas")]).then(([{ parseForm }, { TestimonialSchema }]) => {
      const { data, fieldErrors: errors } = parseForm(TestimonialSchema, new FormData(form));
      setClientErrors(errors);
      if (errors) return;
      if (data && !passesPositivityGate(data)) {
        showToast(positivityToast());
        return;
      }
      void fetcher.submit(form, { method: "post", action: localHref("/testimonials") });
    });
  };

  const contentError = fieldErrors.content;
  return (
    <fetcher.Form
      method="post"
      action={localHref("/testimonials")}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-labelledby={`${contentId}-heading`}
    >
      <h3 id={`${contentId}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
        {m.help_testimonial_form_title()}
      </h3>
      <input type="hidden" name="intent" value="create" />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <Field
        label={m.help_testimonial_name_label()}
        name="name"
        autoComplete="name"
        defaultValue={defaultName}
        maxLength={NAME_MAX}
        error={fieldErrors.name}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={contentId} className="text-sm font-medium text-slate-800">
          {m.help_testimonial_content_label()}
        </label>
        <TextArea
          id={contentId}
          name="content"
          rows={4}
          maxLength={CONTENT_MAX}
          placeholder={m.help_testimonial_content_placeholder()}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${contentId}-error` : undefined}
        />
        {contentError ? (
          <p id={`${contentId}-error`} className="text-sm text-red-700">
            {contentError}
          </p>
        ) : null}
      </div>
      <StarRatingInput name="rating" defaultValue={RATING_DEFAULT} error={fieldErrors.rating} />
      {formError ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-semibold">{m.help_testimonial_add_failed_title()}</p>
          <p>{formError}</p>
        </div>
      ) : null}
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? m.help_testimonial_submitting() : m.help_testimonial_submit()}
      </Button>
    </fetcher.Form>
  );
}
