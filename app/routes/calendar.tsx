import type { Route } from "./+types/calendar";
import { telHref } from "~/components/footer";
import { PageHeader } from "~/components/page-header";
import { CalendarEmbed } from "~/components/public/calendar-embed";
import { Section } from "~/components/public/section";
import { CALENDAR_TEXT, SCHEDULE_NOTE, WEEKLY_SCHEDULE } from "~/content/calendar";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.calendar, { matches, location });

export default function Calendar() {
  const site = useRootData()?.site;
  return (
    <>
      <PageHeader heading={PAGES.calendar.heading} intro={PAGES.calendar.description} />
      <div className="mx-auto max-w-7xl px-4 py-10">{site ? <CalendarEmbed url={site.calendarUrl} /> : null}</div>
      <Section title={CALENDAR_TEXT.scheduleTitle} id="schedule">
        <div className="overflow-x-auto">
          <table className="w-full max-w-3xl border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-4">Day</th>
                <th scope="col" className="py-2 pr-4">Time</th>
                <th scope="col" className="py-2">Activity</th>
              </tr>
            </thead>
            <tbody>
              {WEEKLY_SCHEDULE.map((row) => (
                <tr key={row.day} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-4 font-semibold">{row.day}</th>
                  <td className="py-2 pr-4">{row.time}</td>
                  <td className="py-2">{row.activity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 font-medium text-slate-800">{SCHEDULE_NOTE}</p>
        {site ? (
          <div className="mt-6">
            <h3 className="font-semibold text-navy-900">{CALENDAR_TEXT.contactTitle}</h3>
            <p className="mt-1 text-slate-700">
              Call <a href={telHref(site.phone)} className="font-medium text-court-800 underline">{site.phone}</a> or email{" "}
              <a href={`mailto:${site.email}`} className="font-medium text-court-800 underline">{site.email}</a>.
            </p>
          </div>
        ) : null}
      </Section>
    </>
  );
}
