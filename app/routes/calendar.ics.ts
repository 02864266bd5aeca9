// /calendar.ics: the organisation's schedule for calendar apps (Google, Apple, Outlook) to subscribe to. At
// /es/calendar.ics the feed's own words (its description, "Cancelled") are Spanish, and so are the events' titles and
// notes where a coach wrote a Spanish version (the English as it is otherwise: app/calendar/ics.server.ts).
import type { Route } from "./+types/calendar.ics";
import { buildCalendarFeed } from "~/calendar/index.server";
import { getCancelledDays, getAllEvents } from "~/calendar/index.server";
import { getLocale } from "~/i18n/language";

export async function loader({ context }: Route.LoaderArgs) {
  const [events, cancelledDays] = await Promise.all([getAllEvents(context.db), getCancelledDays(context.db)]);
  const body = buildCalendarFeed({
    events,
    cancelledDays,
    timeZone: context.config.site.timeZone,
    calendarName: context.config.site.orgName,
    publicUrl: context.config.publicUrl,
    locale: getLocale(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      "Cache-Control": "no-cache",
    },
  });
}
