import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import type { ActionResult } from "~/lib/form-errors";
import type { AddVideoValues } from "~/videos/schemas";
import { VIDEO_FORM_CATEGORIES } from "~/videos/video-format";
import { platformLabel, VIDEO_PLATFORMS } from "~/videos/video-url";
import { m } from "~/paraglide/messages";
import { Confirmation } from "~/components/ui/confirmation";
import { Checkbox, Input, Select, TextArea } from "~/components/ui/controls";

/** The add form's answer, in the one answer shape (decision 0077): added with its confirmation, or refused. */
export type AddVideoResult = ActionResult<{ intent: "add"; message: string }, AddVideoValues, { intent: "add" }>;

const labelClass = "text-sm font-medium text-slate-800";

/** The coaches' add-video form. `fallback` is the page's own action result when the browser ran no JavaScript. */
export function VideoAddForm({ today, fallback }: { today: string; fallback?: AddVideoResult | undefined }) {
  const fetcher = useFetcher<AddVideoResult>({ key: "add-video" });
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const result = fetcher.data ?? fallback;
  const busy = fetcher.state !== "idle";
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values;
  const fieldErrors = failed?.fieldErrors ?? {};

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-court-200 bg-court-50/60 p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {m.calendar_video_add_heading()}
      </h2>
      <fetcher.Form ref={formRef} method="post" className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="add" />
        <VideoFormFields id={id} values={values} fieldErrors={fieldErrors} today={today} />
        <div className="flex flex-col gap-3 md:col-span-2">
          <FormError message={failed?.formError} />
          {result?.ok && !busy ? <Confirmation className="text-sm font-medium">{result.message}</Confirmation> : null}
          <Button type="submit" disabled={busy} className="self-start">
            {busy ? m.calendar_video_saving() : m.calendar_video_add_submit()}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** The video's category: the site's list, and a category saved before that the list lacks. */
function CategoryField({ id, category }: { id: string; category: string | undefined }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-category`} className={labelClass}>
        {m.calendar_video_category()}
      </label>
      <Select id={`${id}-category`} name="category" defaultValue={category ?? "general"}>
        {VIDEO_FORM_CATEGORIES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label()}
          </option>
        ))}
        {/* A category saved before (or by hand) that the list lacks stays chosen, rather than changing on save. */}
        {category && !VIDEO_FORM_CATEGORIES.some((c) => c.value === category) ? <option value={category}>{category}</option> : null}
      </Select>
    </div>
  );
}

/**
 * The fields of a video, shared by the add form and the edit form (video-edit-form.tsx), which the server checks
 * with one schema (AddVideoSchema). Each message stands beside its field.
 */
export function VideoFormFields({
  id,
  values,
  fieldErrors,
  today,
}: {
  id: string;
  values: AddVideoValues | undefined;
  fieldErrors: Partial<Record<string, string>>;
  today: string;
}) {
  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm text-red-700">
        {fieldErrors[name]}
      </p>
    ) : null;
  const invalid = (name: string) => (fieldErrors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {});
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-platform`} className={labelClass}>
          {m.calendar_video_platform()}
        </label>
        <Select id={`${id}-platform`} name="platform" defaultValue={values?.platform ?? "youtube"}>
          {VIDEO_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {platformLabel(p)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-url`} className={labelClass}>
          {m.calendar_video_url()}
        </label>
        <Input
          id={`${id}-url`}
          name="url"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=..."
          defaultValue={values?.url ?? ""}
          {...invalid("url")}
        />
        {fieldError("url")}
      </div>
      <div className="flex flex-col gap-1 md:col-span-2">
        <label htmlFor={`${id}-title`} className={labelClass}>
          {m.calendar_field_title()}
        </label>
        <Input id={`${id}-title`} name="title" type="text" maxLength={200} defaultValue={values?.title ?? ""} {...invalid("title")} />
        {fieldError("title")}
      </div>
      <div className="flex flex-col gap-1 md:col-span-2">
        <label htmlFor={`${id}-description`} className={labelClass}>
          {m.calendar_video_description()}
        </label>
        <TextArea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={5000}
          defaultValue={values?.description ?? ""}
          {...invalid("description")}
        />
        {fieldError("description")}
      </div>
      <CategoryField id={id} category={values?.category} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-date`} className={labelClass}>
          {m.calendar_field_date()}
        </label>
        <Input id={`${id}-date`} name="publishedOn" type="date" defaultValue={values?.publishedOn || today} {...invalid("publishedOn")} />
        {fieldError("publishedOn")}
      </div>
      <div className="flex items-center gap-2 md:col-span-2">
        <Checkbox id={`${id}-embed`} name="embedAllowed" value="true" defaultChecked={values ? values.embedAllowed : true} />
        <label htmlFor={`${id}-embed`} className={labelClass}>
          {m.calendar_video_embed()}
        </label>
      </div>
    </>
  );
}
