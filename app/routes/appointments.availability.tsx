// /appointments/availability: a coach publishes when families may book them (issue 30): weekly windows of private
// lessons or evaluations at a place, the lesson lengths offered, the buffer after each lesson, and days off; and
// makes their private calendar address. Each form is a plain post with its message beside the field; bad input
// stores nothing. requireCoach first in the loader and the action, and every write is scoped to the coach's own rows.
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/appointments.availability";
import { requireCoach } from "~/auth/index.server";
import { AvailabilityForms, type AvailabilityResult } from "~/booking/availability-page";
import {
  addDayOff,
  addWindow,
  DayOffSchema,
  getOwnAvailability,
  removeDayOff,
  removeWindow,
  saveBookingSettings,
  SettingsSchema,
  WindowSchema,
} from "~/booking/index.server";
import { FeedLink } from "~/booking/lessons-page";
import { PageHeader } from "~/components/page-header";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.booking_availability_heading()} | NLTE`, description: m.booking_availability_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const coach = await requireCoach(request, context);
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  return { ...(await getOwnAvailability(context.db, coach.id, today)), today };
}

const saved = (context: Route.ActionArgs["context"]) =>
  redirectWithToast(context, "/appointments/availability", { type: "success", title: m.booking_availability_saved() });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refused = (fieldErrors: Record<string, string | undefined>) =>
    data<AvailabilityResult>({ intent, error: m.booking_error_correct(), fieldErrors }, { status: 400 });
  switch (intent) {
    case "settings": {
      const { data: input, fieldErrors } = parseForm(SettingsSchema, {
        lessonMinutes: form.getAll("lessonMinutes"),
        bufferMinutes: form.get("bufferMinutes"),
      });
      if (!input) return refused(fieldErrors);
      await saveBookingSettings(context.db, coach.id, input);
      throw await saved(context);
    }
    case "add-window": {
      const { data: input, fieldErrors } = parseForm(WindowSchema, form);
      if (!input) return refused(fieldErrors);
      await addWindow(context.db, coach.id, input);
      throw await saved(context);
    }
    case "remove-window": {
      if (!(await removeWindow(context.db, coach.id, String(form.get("windowId") ?? "")))) return refused({ form: m.booking_error_unknown() });
      throw await saved(context);
    }
    case "add-day-off":
    case "remove-day-off": {
      const { data: input, fieldErrors } = parseForm(DayOffSchema, form);
      if (!input) return refused(fieldErrors);
      if (intent === "add-day-off") await addDayOff(context.db, coach.id, input.day);
      else await removeDayOff(context.db, coach.id, input.day);
      throw await saved(context);
    }
  }
  return refused({ form: m.booking_error_unknown() });
}

export default function Availability({ loaderData }: Route.ComponentProps) {
  const result = useActionData<AvailabilityResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.booking_availability_heading()} intro={m.booking_availability_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
        <AvailabilityForms loaderData={loaderData} result={result ?? null} busy={busy} />
        <FeedLink />
      </div>
    </>
  );
}
