import { data } from "react-router";
import type { Route } from "./+types/calendar.events.$eventId";
import { EventForm, eventFormValuesFrom, type EventFormResult, type EventFormValues } from "~/calendar/event-form";
import { PageHeader } from "~/components/page-header";
import { requireCoach } from "~/auth/index.server";
import { redirectWithToast } from "~/lib/toast.server";
import { readEventForm } from "~/calendar/index.server";
import { getEvent } from "~/calendar/index.server";
import { getSeasons, seasonName } from "~/calendar/index.server";
import { feeField } from "~/components/programs/session-fields";
import { getLocale } from "~/i18n/locale";
import { changeEvent } from "~/calendar/index.server";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export const meta = () => [{ title: m.calendar_event_edit_title() }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCoach(request, context);
  const [e, seasons] = await Promise.all([getEvent(context.db, params.eventId), getSeasons(context.db)]);
  if (!e) notFound();
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
    programSlug: e.programSlug ?? "",
    seasonId: e.seasonId ?? "",
    agesFrom: e.agesFrom?.toString() ?? "",
    agesTo: e.agesTo?.toString() ?? "",
    levels: e.levels.map(String),
    streetAddress: e.streetAddress ?? "",
    fee: feeField(e.feeCents),
    feePer: e.feePer ?? "month",
    capacity: e.capacity?.toString() ?? "",
    financialHelp: e.financialHelp,
    whatToBring: e.whatToBring ?? "",
    whatToBringEs: e.whatToBringEs ?? "",
  };
  return { title: e.title, values, seasons: seasons.map((x) => ({ id: x.id, name: seasonName(x, getLocale()) })) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCoach(request, context);
  const form = await request.formData();
  invariantResponse(form.get("intent") === "update", m.calendar_error_unknown_action());
  const { input, failure } = await readEventForm(context.db, form);
  if (!input) return failure;
  const changed = await changeEvent(context, params.eventId, input);
  if (!changed) notFound();
  if (changed !== true)
    return data<EventFormResult>(
      {
        ok: false,
        form: "event",
        fieldErrors: { capacity: m.enroll_error_capacity_below({ taken: String(changed.placesTaken) }) },
        values: eventFormValuesFrom(form),
      },
      { status: 400 },
    );
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
          seasons={loaderData.seasons}
        />
      </div>
    </>
  );
}
