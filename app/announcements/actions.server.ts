// The one place announcements are changed: the /general and /general/:postId actions call these after requireCoach.
import { data } from "react-router";
import type { AnnouncementFormResult } from "~/components/announcement-form";
import { parseForm } from "~/auth/schemas";
import { AnnouncementSchema } from "~/lib/site-content-schemas";

export function readAnnouncementForm(form: FormData) {
  const values = { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? ""), pinned: form.get("pinned") !== null };
  const { data: input, fieldErrors } = parseForm(AnnouncementSchema, form);
  if (!input) return { input: null, failure: data<AnnouncementFormResult>({ ok: false, fieldErrors, values }, { status: 400 }) } as const;
  return { input, failure: null } as const;
}
