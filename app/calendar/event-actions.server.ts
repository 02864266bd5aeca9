// The one place the schedule is changed from a form: the /calendar/events actions call these after requireCoach.
import { data } from "react-router";
import type { Db } from "../../db/client";
import { eventFormValuesFrom, type EventFormResult } from "~/calendar/event-form";
import { getSeason } from "~/calendar/seasons.server";
import { EventSchema, eventFormValues } from "~/lib/site-content-schemas";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";

const refused = (form: FormData, fieldErrors: Partial<Record<string, string>>) =>
  ({
    input: null,
    failure: data<EventFormResult>({ ok: false, form: "event", fieldErrors, values: eventFormValuesFrom(form) }, { status: 400 }),
  }) as const;

/**
 * Reads an event (or a program's session) from its form. A weekly session placed in a season without dates of its
 * own takes the season's first and last day, so the series ends with its season (decision 0031).
 */
export async function readEventForm(db: Db, form: FormData) {
  const { data: input, fieldErrors } = parseForm(EventSchema, eventFormValues(form));
  if (!input) return refused(form, fieldErrors);
  if (input.seasonId) {
    const season = await getSeason(db, input.seasonId);
    if (!season) return refused(form, { seasonId: m.programs_error_season() });
    if (input.kind === "weekly" && !input.startsOn && !input.endsOn)
      return { input: { ...input, startsOn: season.startsOn, endsOn: season.endsOn }, failure: null } as const;
  }
  return { input, failure: null } as const;
}
