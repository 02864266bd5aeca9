import { Form } from "react-router";
import { Field, FormError } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { EMPTY_SESSION, sessionFormValuesFrom, SessionFields, type SeasonOption, type SessionFormValues } from "~/components/programs/session-fields";
import { weekdayName } from "~/lib/datetime";
import { errorMessage } from "~/lib/page-behaviours-contract";
import { m } from "~/paraglide/messages";
import { Checkbox, Radio } from "~/components/ui/controls";

export type EventFormValues = {
  title: string;
  kind: string;
  weekdays: string[];
  onDate: string;
  startsOn: string;
  endsOn: string;
  startTime: string;
  endTime: string;
  timeNote: string;
  place: string;
  note: string;
  /** The Spanish versions of the words the coach types (issue 27): empty shows the English, marked, to Spanish readers. */
  titleEs: string;
  timeNoteEs: string;
  noteEs: string;
  hasRegister: boolean;
  closed: boolean;
} & SessionFormValues;
export type EventFormResult = { ok: false; form: "event"; fieldErrors: Partial<Record<string, string>>; values: EventFormValues };

export const EMPTY_EVENT: EventFormValues = {
  title: "",
  kind: "weekly",
  weekdays: [],
  onDate: "",
  startsOn: "",
  endsOn: "",
  startTime: "",
  endTime: "",
  timeNote: "",
  place: "",
  note: "",
  titleEs: "",
  timeNoteEs: "",
  noteEs: "",
  hasRegister: true,
  closed: false,
  ...EMPTY_SESSION,
};

export function eventFormValuesFrom(form: FormData): EventFormValues {
  const s = (k: string) => String(form.get(k) ?? "");
  return {
    title: s("title"),
    kind: s("kind") || "weekly",
    weekdays: form.getAll("weekdays").map(String),
    onDate: s("onDate"),
    startsOn: s("startsOn"),
    endsOn: s("endsOn"),
    startTime: s("startTime"),
    endTime: s("endTime"),
    timeNote: s("timeNote"),
    place: s("place"),
    note: s("note"),
    titleEs: s("titleEs"),
    timeNoteEs: s("timeNoteEs"),
    noteEs: s("noteEs"),
    hasRegister: form.get("hasRegister") !== null,
    closed: form.get("closed") !== null,
    ...sessionFormValuesFrom(form),
  };
}

function ErrorLine({ id, message }: { id: string; message?: string | undefined }) {
  return message ? (
    <p id={id} {...errorMessage.field()} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** The days of the week, Sunday first, as the weekday checkboxes name them ("Sunday"; in Spanish "Domingo"). */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const dayLabel = (weekday: number) => {
  const name = weekdayName(weekday);
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
};

/**
 * A coach's form for one event: a weekly rule or one date, times, place, note, Register button, closed, and the
 * optional Spanish versions of its title and notes.
 */
export function EventForm({
  intent,
  heading,
  submitLabel,
  values,
  result,
  seasons,
}: {
  intent: "create-event" | "update";
  heading: string;
  submitLabel: string;
  values: EventFormValues;
  result?: EventFormResult | undefined;
  /** The seasons a session may be placed in. */
  seasons: SeasonOption[];
}) {
  const v = result?.values ?? values;
  const e = result?.fieldErrors ?? {};
  const headingId = `${intent}-heading`;
  return (
    <Form
      method="post"
      id={intent === "create-event" ? "add" : undefined}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold text-navy-900">
        {heading}
      </h2>
      {result ? <FormError message={m.calendar_form_correct()} /> : null}
      <input type="hidden" name="intent" value={intent} />
      <Field label={m.calendar_field_title()} name="title" defaultValue={v.title} error={e.title} maxLength={120} required />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">{m.calendar_event_when()}</legend>
        <label className="flex items-center gap-2">
          <Radio name="kind" value="weekly" defaultChecked={v.kind !== "date"} /> {m.calendar_event_weekly()}
        </label>
        <fieldset className="ml-6 flex flex-wrap gap-3" aria-describedby={e.weekdays ? "weekdays-error" : undefined}>
          <legend className="sr-only">{m.calendar_event_weekdays()}</legend>
          {WEEKDAYS.map((i) => (
            <label key={i} className="flex items-center gap-1">
              <Checkbox name="weekdays" value={i} defaultChecked={v.weekdays.includes(String(i))} /> {dayLabel(i)}
            </label>
          ))}
        </fieldset>
        <div className="ml-6">
          <ErrorLine id="weekdays-error" message={e.weekdays} />
        </div>
        <div className="ml-6 grid gap-3 sm:grid-cols-2">
          <Field label={m.calendar_event_starts_on()} name="startsOn" type="date" defaultValue={v.startsOn} error={e.startsOn} />
          <Field label={m.calendar_event_ends_on()} name="endsOn" type="date" defaultValue={v.endsOn} error={e.endsOn} />
        </div>
        <label className="flex items-center gap-2">
          <Radio name="kind" value="date" defaultChecked={v.kind === "date"} /> {m.calendar_event_one_date()}
        </label>
        <div className="ml-6">
          <Field label={m.calendar_field_date()} name="onDate" type="date" defaultValue={v.onDate} error={e.onDate} />
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={m.calendar_event_start_time()} name="startTime" type="time" defaultValue={v.startTime} error={e.startTime} />
        <Field label={m.calendar_event_end_time()} name="endTime" type="time" defaultValue={v.endTime} error={e.endTime} />
        <Field
          label={m.calendar_event_time_note()}
          name="timeNote"
          placeholder={m.calendar_event_time_note_placeholder()}
          defaultValue={v.timeNote}
          error={e.timeNote}
        />
      </div>
      <Field label={m.calendar_event_place()} name="place" defaultValue={v.place} error={e.place} />
      <Field label={m.calendar_event_note()} name="note" defaultValue={v.note} error={e.note} />
      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-describedby={`${intent}-spanish-hint`}>
        <legend className="px-1 text-sm font-semibold text-navy-900">{m.calendar_spanish_legend()}</legend>
        <p id={`${intent}-spanish-hint`} className="text-sm text-slate-700">
          {m.calendar_spanish_hint()}
        </p>
        <Field label={m.calendar_event_title_es()} name="titleEs" lang="es" defaultValue={v.titleEs} error={e.titleEs} maxLength={120} />
        <Field
          label={m.calendar_event_time_note_es()}
          name="timeNoteEs"
          lang="es"
          placeholder={m.calendar_event_time_note_es_placeholder()}
          defaultValue={v.timeNoteEs}
          error={e.timeNoteEs}
        />
        <Field label={m.calendar_event_note_es()} name="noteEs" lang="es" defaultValue={v.noteEs} error={e.noteEs} />
      </fieldset>
      <SessionFields values={v} errors={e} seasons={seasons} idPrefix={intent} />
      <label className="flex items-center gap-2 text-slate-800">
        <Checkbox name="hasRegister" defaultChecked={v.hasRegister} /> {m.calendar_event_register()}
      </label>
      <label className="flex items-center gap-2 text-slate-800">
        <Checkbox name="closed" defaultChecked={v.closed} /> {m.calendar_event_closed()}
      </label>
      <Button type="submit" className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
