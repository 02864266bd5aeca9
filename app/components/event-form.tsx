import { Form } from "react-router";
import { Field, FormError } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { WEEKDAY_NAMES } from "~/lib/datetime";
import { errorMessage } from "~/lib/page-behaviours-contract";

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
  hasRegister: boolean;
  closed: boolean;
};
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
  hasRegister: true,
  closed: false,
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
    hasRegister: form.get("hasRegister") !== null,
    closed: form.get("closed") !== null,
  };
}

function ErrorLine({ id, message }: { id: string; message?: string | undefined }) {
  return message ? (
    <p id={id} {...errorMessage.field()} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** A coach's form for one event: a weekly rule or one date, times, place, note, Register button, closed. */
export function EventForm({
  intent,
  heading,
  submitLabel,
  values,
  result,
}: {
  intent: "create-event" | "update";
  heading: string;
  submitLabel: string;
  values: EventFormValues;
  result?: EventFormResult | undefined;
}) {
  const v = result?.values ?? values;
  const e = result?.fieldErrors ?? {};
  const headingId = `${intent}-heading`;
  return (
    <Form method="post" aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-navy-900">
        {heading}
      </h2>
      {result ? <FormError message="Please correct the fields marked below." /> : null}
      <input type="hidden" name="intent" value={intent} />
      <Field label="Title" name="title" defaultValue={v.title} error={e.title} maxLength={120} required />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">When</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="weekly" defaultChecked={v.kind !== "date"} className="size-4" /> Every week, on these days:
        </label>
        <fieldset className="ml-6 flex flex-wrap gap-3" aria-describedby={e.weekdays ? "weekdays-error" : undefined}>
          <legend className="sr-only">Days of the week</legend>
          {WEEKDAY_NAMES.map((name, i) => (
            <label key={name} className="flex items-center gap-1">
              <input type="checkbox" name="weekdays" value={i} defaultChecked={v.weekdays.includes(String(i))} className="size-4" /> {name}
            </label>
          ))}
        </fieldset>
        <div className="ml-6">
          <ErrorLine id="weekdays-error" message={e.weekdays} />
        </div>
        <div className="ml-6 grid gap-3 sm:grid-cols-2">
          <Field label="First day (optional)" name="startsOn" type="date" defaultValue={v.startsOn} error={e.startsOn} />
          <Field label="Last day (optional)" name="endsOn" type="date" defaultValue={v.endsOn} error={e.endsOn} />
        </div>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="date" defaultChecked={v.kind === "date"} className="size-4" /> On one date:
        </label>
        <div className="ml-6">
          <Field label="Date" name="onDate" type="date" defaultValue={v.onDate} error={e.onDate} />
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Starts at" name="startTime" type="time" defaultValue={v.startTime} error={e.startTime} />
        <Field label="Ends at" name="endTime" type="time" defaultValue={v.endTime} error={e.endTime} />
        <Field label="Or instead of a time" name="timeNote" placeholder="by appointment" defaultValue={v.timeNote} error={e.timeNote} />
      </div>
      <Field label="Place (optional)" name="place" defaultValue={v.place} error={e.place} />
      <Field label="Level, ages or other note (optional)" name="note" defaultValue={v.note} error={e.note} />
      <label className="flex items-center gap-2 text-slate-800">
        <input type="checkbox" name="hasRegister" defaultChecked={v.hasRegister} className="size-4" /> Show a Register button
      </label>
      <label className="flex items-center gap-2 text-slate-800">
        <input type="checkbox" name="closed" defaultChecked={v.closed} className="size-4" /> Closed (no sessions)
      </label>
      <Button type="submit" className="self-start">
        {submitLabel}
      </Button>
    </Form>
  );
}
