// The one place announcements are changed: the /general and /general/:postId actions call these after requireCoach.
import type { AnnouncementFormValues } from "~/components/announcement-form";
import { AnnouncementSchema } from "~/lib/site-content-schemas";
import { parseForm, refused } from "~/lib/forms";

export function readAnnouncementForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const values = { title: text("title"), body: text("body"), titleEs: text("titleEs"), bodyEs: text("bodyEs"), pinned: form.get("pinned") !== null };
  const { data: input, fieldErrors } = parseForm(AnnouncementSchema, form);
  if (!input) return { input: null, failure: refused<AnnouncementFormValues>({ fieldErrors, values }) } as const;
  return { input, failure: null } as const;
}
