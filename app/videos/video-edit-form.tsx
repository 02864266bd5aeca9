// A coach's edit and delete of one video, on its page (/video/:videoId). Plain forms: they work without JavaScript.
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import { VideoFormFields } from "~/videos/video-add-form";
import type { ActionRefusal } from "~/lib/form-errors";
import type { AddVideoValues } from "~/videos/schemas";
import { m } from "~/paraglide/messages";

/** The video page's refusals, in the one answer shape (decision 0077): the edit's (with what was typed) or the delete's. */
export type VideoPageActionResult = ActionRefusal<AddVideoValues, { intent: "edit" | "delete" }>;

/** The edit form, filled with the saved video (or, after a refusal, with what was typed), and the delete button. */
export function VideoEditForm({ saved, result, today }: { saved: AddVideoValues; result: VideoPageActionResult | undefined; today: string }) {
  const id = useId();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const editFailed = result?.intent === "edit" ? result : undefined;
  const deleteFailed = result?.intent === "delete" ? result : undefined;

  return (
    <section id="edit-video" aria-labelledby={`${id}-heading`} className="mt-10 rounded-lg border border-court-200 bg-court-50/60 p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {m.calendar_video_edit_heading()}
      </h2>
      {/* Keyed on the saved video so that, after a save, the fields show what was saved. */}
      <Form key={JSON.stringify(saved)} method="post" className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="edit" />
        <VideoFormFields id={id} values={editFailed?.values ?? saved} fieldErrors={editFailed?.fieldErrors ?? {}} today={today} />
        <div className="flex flex-col gap-3 md:col-span-2">
          <FormError message={editFailed?.formError} />
          <Button type="submit" disabled={busyIntent === "edit"} className="self-start">
            {busyIntent === "edit" ? m.calendar_video_saving() : m.calendar_video_save()}
          </Button>
        </div>
      </Form>

      <details className="mt-8 border-t border-court-200 pt-4">
        <summary className="inline-flex cursor-pointer items-center gap-2 font-semibold text-red-800">
          <Trash2 aria-hidden className="size-4" /> {m.calendar_video_delete_summary()}
        </summary>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <p className="text-sm text-slate-800">{m.calendar_video_delete_text()}</p>
          <FormError message={deleteFailed?.formError} />
          <Button type="submit" variant="danger" disabled={busyIntent === "delete"} className="self-start">
            {busyIntent === "delete" ? m.calendar_video_deleting() : m.calendar_video_delete_confirm()}
          </Button>
        </Form>
      </details>
    </section>
  );
}
