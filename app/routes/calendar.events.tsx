// Where coaches change the schedule: events (add, reorder, remove; each is edited on its own page) and cancelled days.
import { data, Form, Link } from "react-router";
import { getLocale, localHref } from "~/i18n/locale";
import type { Route } from "./+types/calendar.events";
import { EMPTY_EVENT, EventForm, type EventFormResult } from "~/calendar/event-form";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { MoveButtons } from "~/components/ui/move-buttons";
import { requireCoach } from "~/auth/index.server";
import { formatWhen, hasEnded } from "~/calendar/event-format";
import { getSeasons, seasonName } from "~/calendar/index.server";
import { PROGRAM_LINKS } from "~/content/site";
import { dayInZone, formatDayLong } from "~/lib/datetime";
import { CancelledDateSchema, RemoveCancellationSchema, unreadableDay } from "~/lib/site-content-schemas";
import { redirectWithToast } from "~/lib/toast.server";
import { readEventForm } from "~/calendar/index.server";
import { cancelDay, restoreDay } from "~/calendar/index.server";
import { createEvent, deleteEvent, getAllEvents, getCancelledDays, moveEvent } from "~/calendar/index.server";
import { addSessionCoach } from "~/programs/index.server";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";
import { badRequest, notFound } from "~/lib/responses.server";

export const meta = () => [{ title: m.calendar_editor_title() }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCoach(request, context);
  const today = dayInZone(new Date(), context.config.site.timeZone);
  const [events, cancelled, seasons] = await Promise.all([getAllEvents(context.db), getCancelledDays(context.db), getSeasons(context.db)]);
  // "Add a session" on a program's editor opens this page with the program chosen.
  const program = new URL(request.url).searchParams.get("program");
  return {
    today,
    // An ended weekly series is said so, as a past one-off event is: families no longer see either (issue 28).
    events: events.map((e) => ({
      id: e.id,
      title: e.title,
      when: formatWhen(e),
      ended: hasEnded(e, today) ? (e.kind === "weekly" ? "series" : "day") : null,
    })),
    seasons: seasons.map((x) => ({ id: x.id, name: seasonName(x, getLocale()) })),
    program: PROGRAM_LINKS.some((p) => p.slug === program) ? program! : "",
    cancelled: cancelled.map((c) => ({ day: c.day, label: formatDayLong(c.day), note: c.note, noteEs: c.noteEs, past: c.day < today })),
  };
}

type CancellationResult = {
  ok: false;
  form: "cancellation";
  fieldErrors: Partial<Record<string, string>>;
  values: { day: string; note: string; noteEs: string };
};
type RemovalResult = { ok: false; form: "remove-cancellation"; fieldErrors: Partial<Record<string, string>> };
type DeletionResult = { ok: false; form: "delete-event"; id: string; error: string };

const back = async (context: Route.ActionArgs["context"], title: string) =>
  await redirectWithToast(context, "/calendar/events", { title, type: "success" });

export async function action({ request, context }: Route.ActionArgs) {
  const coach = await requireCoach(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  switch (intent) {
    case "create-event": {
      const { input, failure } = await readEventForm(context.db, form);
      if (!input) return failure;
      const eventId = await createEvent(context.db, input);
      // A session's roster is its coaches' (decision 0033): whoever adds it coaches it until its program's editor says more.
      await addSessionCoach(context.db, eventId, coach.id);
      throw await back(context, m.calendar_editor_event_added());
    }
    case "move-up":
    case "move-down":
      if (!(await moveEvent(context.db, id, intent === "move-up" ? "up" : "down"))) notFound();
      throw await back(context, m.calendar_order_saved());
    case "delete-event": {
      const deleted = await deleteEvent(context.db, id);
      if (deleted === "has-history")
        return data<DeletionResult>({ ok: false, form: "delete-event", id, error: m.programs_session_has_history() }, { status: 409 });
      if (!deleted) notFound();
      throw await back(context, m.calendar_editor_event_removed());
    }
    case "add-cancellation": {
      const values = { day: String(form.get("day") ?? ""), note: String(form.get("note") ?? ""), noteEs: String(form.get("noteEs") ?? "") };
      const { data: input, fieldErrors } = parseForm(CancelledDateSchema, form);
      if (!input) return data<CancellationResult>({ ok: false, form: "cancellation", fieldErrors, values }, { status: 400 });
      const added = await cancelDay(context, input, coach.id);
      if (!added)
        return data<CancellationResult>(
          { ok: false, form: "cancellation", fieldErrors: { day: m.calendar_editor_already_cancelled() }, values },
          { status: 400 },
        );
      throw await back(context, m.calendar_editor_day_cancelled({ day: formatDayLong(input.day) }));
    }
    case "remove-cancellation": {
      const { data: input, fieldErrors } = parseForm(RemoveCancellationSchema, form);
      if (!input) return data<RemovalResult>({ ok: false, form: "remove-cancellation", fieldErrors }, { status: 400 });
      if (!(await restoreDay(context, input.day))) notFound();
      throw await back(context, m.calendar_editor_cancellation_removed());
    }
    default:
      badRequest();
  }
}

export default function CalendarEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { events, cancelled, seasons, program } = loaderData;
  const result = actionData as EventFormResult | CancellationResult | RemovalResult | DeletionResult | undefined;
  const deletion = result?.form === "delete-event" ? result : undefined;
  const eventResult = result?.form === "event" ? result : undefined;
  const cancellationResult = result?.form === "cancellation" ? result : undefined;
  const removalResult = result?.form === "remove-cancellation" ? result : undefined;
  return (
    <>
      <PageHeader heading={m.calendar_editor_heading()} intro={m.calendar_editor_intro()} />
      <Section title={m.calendar_editor_events_title()} id="events">
        <ol className="flex flex-col gap-3">
          {events.map((e, i) => (
            <li key={e.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <div className="min-w-60 flex-1">
                <p className="font-semibold text-navy-900">{e.title}</p>
                <p className="text-slate-700">
                  {e.when}
                  {e.ended === "day" ? ` ${m.calendar_editor_past()}` : e.ended === "series" ? ` ${m.programs_series_ended()}` : ""}
                </p>
              </div>
              <Link to={localHref(`/calendar/events/${e.id}`)} className="font-medium text-court-800 underline">
                {m.calendar_edit()}
                <span className="sr-only"> {e.title}</span>
              </Link>
              <Form method="post">
                <input type="hidden" name="id" value={e.id} />
                <MoveButtons
                  index={i}
                  count={events.length}
                  upLabel={m.calendar_editor_move_up({ title: e.title })}
                  downLabel={m.calendar_editor_move_down({ title: e.title })}
                />
              </Form>
              <Form method="post">
                <input type="hidden" name="id" value={e.id} />
                <Button type="submit" name="intent" value="delete-event" variant="danger">
                  {m.calendar_remove()}
                  <span className="sr-only"> {e.title}</span>
                </Button>
              </Form>
              {deletion?.id === e.id ? (
                <p role="alert" className="w-full text-sm text-red-700">
                  {deletion.error}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        <div className="mt-8">
          <EventForm
            intent="create-event"
            heading={m.calendar_editor_add_heading()}
            submitLabel={m.calendar_editor_add_submit()}
            values={{ ...EMPTY_EVENT, programSlug: program }}
            result={eventResult}
            seasons={seasons}
          />
        </div>
      </Section>
      <Section title={m.calendar_editor_cancelled_title()} id="cancelled">
        <p className="mb-4 text-slate-700">{m.calendar_editor_cancelled_intro()}</p>
        {removalResult ? (
          <div className="mb-4">
            <FormError message={Object.values(removalResult.fieldErrors)[0] ?? unreadableDay()} />
          </div>
        ) : null}
        <ul className="mb-6 flex flex-col gap-2">
          {cancelled.length === 0 ? <li className="text-slate-700">{m.calendar_editor_no_cancelled()}</li> : null}
          {cancelled.map((c) => (
            <li key={c.day} className="flex flex-wrap items-center gap-3">
              <span className="font-medium">{c.label}</span>
              {c.note ? <span className="text-slate-700">{c.note}</span> : null}
              {c.noteEs ? (
                <span lang="es" className="text-slate-700">
                  {c.noteEs}
                </span>
              ) : null}
              {c.past ? <span className="text-sm text-slate-600">{m.calendar_editor_past_day()}</span> : null}
              <Form method="post">
                <input type="hidden" name="day" value={c.day} />
                <Button type="submit" name="intent" value="remove-cancellation" variant="secondary">
                  {m.calendar_remove()}
                  <span className="sr-only"> {m.calendar_editor_cancellation_of({ day: c.label })}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <AddCancellationForm result={cancellationResult} />
      </Section>
    </>
  );
}

/** The form cancelling one date of the calendar, with its note in English and Spanish. */
function AddCancellationForm({ result }: { result: CancellationResult | undefined }) {
  return (
    <Form
      method="post"
      aria-labelledby="add-cancellation-heading"
      className="flex max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id="add-cancellation-heading" className="text-lg font-semibold text-navy-900">
        {m.calendar_editor_cancel_heading()}
      </h3>
      {result ? <FormError message={m.calendar_form_correct()} /> : null}
      <input type="hidden" name="intent" value="add-cancellation" />
      <Field
        label={m.calendar_field_date()}
        name="day"
        type="date"
        defaultValue={result?.values.day ?? ""}
        error={result?.fieldErrors.day}
        required
      />
      <Field
        label={m.calendar_editor_note()}
        name="note"
        defaultValue={result?.values.note ?? ""}
        error={result?.fieldErrors.note}
        placeholder={m.calendar_editor_note_placeholder()}
      />
      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-describedby="cancellation-spanish-hint">
        <legend className="px-1 text-sm font-semibold text-navy-900">{m.calendar_spanish_legend()}</legend>
        <p id="cancellation-spanish-hint" className="text-sm text-slate-700">
          {m.calendar_spanish_hint()}
        </p>
        <Field
          label={m.calendar_editor_note_es()}
          name="noteEs"
          lang="es"
          defaultValue={result?.values.noteEs ?? ""}
          error={result?.fieldErrors.noteEs}
          placeholder={m.calendar_editor_note_es_placeholder()}
        />
      </fieldset>
      <Button type="submit" className="self-start">
        {m.calendar_editor_cancel_submit()}
      </Button>
    </Form>
  );
}
