// The one place the schedule is changed from a form: the /calendar/events actions call these after requireCoach.
import { data } from "react-router";
import { eventFormValuesFrom, type EventFormResult } from "~/components/event-form";
import { parseForm } from "~/auth/schemas";
import { EventSchema, eventFormValues } from "~/lib/site-content-schemas";

export function readEventForm(form: FormData) {
  const { data: input, fieldErrors } = parseForm(EventSchema, eventFormValues(form));
  if (!input) {
    return {
      input: null,
      failure: data<EventFormResult>({ ok: false, form: "event", fieldErrors, values: eventFormValuesFrom(form) }, { status: 400 }),
    } as const;
  }
  return { input, failure: null } as const;
}
