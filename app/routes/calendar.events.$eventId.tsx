import { data } from "react-router";
import type { Route } from "./+types/calendar.events.$eventId";
import { EventForm, type EventFormResult, type EventFormValues } from "~/components/event-form";
import { PageHeader } from "~/components/page-header";
import { requireCoach } from "~/auth/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { readEventForm } from "~/calendar/event-actions.server";
import { getEvent } from "~/calendar/events.server";
import { changeEvent } from "~/calendar/cancellations.server";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export const meta = () => [{ title: m.calendar_event_edit_title() }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCoach(request, context);
  const e = await getEvent(context.db, params.eventId);
  if (!e) throw data("Event not found", { status: 404 });
  const values: EventFormValues = {
    title: e.title,
    kind: e.kind,
    weekdays: e.weekdays.map(String),
    onDate: e.onDate ?? "",
    startsOn: e.startsOn ?? "",
    endsOn: e.endsOn ?? "",
    startTime: e.startTime?.slice(0, 5) ?? "",
    endTime: e.endTime?.slice(0, 5) ?? "",
    timeNote: e.timeNote ?? "",
    place: e.place ?? "",
    note: e.note ?? "",
    titleEs: e.titleEs ?? "",
    timeNoteEs: e.timeNoteEs ?? "",
    noteEs: e.noteEs ?? "",
    hasRegister: e.hasRegister,
    closed: e.closed,
  };
  return { title: e.title, values };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCoach(request, context);
  const form = await request.formData();
  invariantResponse(form.get("intent") === "update", "Unknown action");
  const { input, failure } = readEventForm(form);
  if (!input) return failure;
  if (!(await changeEvent(context, params.eventId, input))) throw data("Event not found", { status: 404 });
  throw await redirectWithToast(context, "/calendar/events", { title: m.calendar_event_saved(), type: "success" });
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader heading={m.calendar_event_edit_heading({ title: loaderData.title })} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <EventForm
          intent="update"
          heading={m.calendar_event_details()}
          submitLabel={m.calendar_event_save()}
          values={loaderData.values}
          result={actionData as EventFormResult | undefined}
        />
      </div>
    </>
  );
}
