import { CalendarPlus } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Fragment } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/calendar";
import { telHref } from "~/lib/phone";
import { PageHeader } from "~/components/page-header";
import { CalendarEmbed } from "~/components/public/calendar-embed";
import { Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { getUser, isCoach } from "~/auth/index.server";
import { CALENDAR } from "~/content/calendar.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { formatCancelledDays, formatSpan, occurrences, overviewGroups, weeklyOverview } from "~/calendar/event-format";
import { getSeasonsNotEnded, seasonName, type Season } from "~/calendar/index.server";
import type { Locale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { dayInZone, formatDayLong } from "~/lib/datetime";
import type { PageHandle } from "~/lib/page-mode";
import { inReaderLanguage, siteWords, type TypedText } from "~/lib/typed-content";
import { InEnglishMark, Typed } from "~/components/public/typed-text";
import { useRootData } from "~/root";
import { getCurrentEvents, getUpcomingCancelledDays } from "~/calendar/index.server";
import { getPlacesLeft } from "~/enrollment/index.server";
import { placesWords } from "~/enrollment/places";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

/**
 * The feed's addresses, in the page's language (the Spanish feed's own words are Spanish): webcal:// opens the
 * calendar app; Google takes the webcal address as `cid`.
 */
function subscribeLinks(publicUrl: string) {
  const feed = `${publicUrl}${localHref("/calendar.ics")}`;
  const webcal = feed.replace(/^https?:/, "webcal:");
  return { feed, webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const tz = context.config.site.timeZone;
  // The site's clock (settable in tests): the current season's overview first, then the next (issue 39).
  const today = dayInZone(context.config.safePlay.clock(), tz);
  const [rows, cancelled, seasons] = await Promise.all([
    getCurrentEvents(context.db, today),
    getUpcomingCancelledDays(context.db, today),
    getSeasonsNotEnded(context.db, today),
  ]);
  const locale = getLocale();
  // Issue 39: places left in each session (the database's one count, as on the program page and the enroll form).
  const left = await getPlacesLeft(
    context.db,
    rows.map((e) => e.id),
  );
  // The coaches' words in the reader's language (the English, marked, where no Spanish was written).
  const events = rows.map((e) => ({
    ...e,
    title: inReaderLanguage({ en: e.title, es: e.titleEs }, locale),
    timeNote: inReaderLanguage({ en: e.timeNote, es: e.timeNoteEs }, locale),
  }));
  const typed = (text: string | TypedText): TypedText => (typeof text === "string" ? siteWords(text, locale) : text);
  return {
    page: pageWords("calendar"),
    words: CALENDAR[locale],
    signedIn: Boolean(user),
    canEdit: isCoach(user),
    // One overview a season, each with its own dates (issue 28).
    overviews: overviewGroups(events, seasons).map((group) => ({
      season: overviewName(group, seasons, locale),
      rows: weeklyOverview(group.events).map((row) => ({
        day: row.day,
        entries: row.entries.map((e) => ({ title: e.title, time: typed(e.time), closed: e.closed })),
      })),
    })),
    cancelledText: cancelled.length ? formatCancelledDays(cancelled.map((c) => c.day)) : null,
    upcoming: occurrences(
      events,
      cancelled.map((c) => c.day),
      today,
      14,
    ).map((o) => ({
      ...o,
      time: o.time === null ? null : typed(o.time),
      dayLabel: formatDayLong(o.day),
      places: placesWords(left.get(o.eventId) ?? null),
    })),
    links: subscribeLinks(context.config.publicUrl),
  };
}

/** An overview's heading: "Winter 2026 (Dec 1, 2026 - Feb 28, 2027)", a series' own dates, or none for standing days. */
function overviewName(group: ReturnType<typeof overviewGroups>[number], seasons: Season[], locale: Locale) {
  if (!group.span) return null;
  const span = formatSpan(group.span.startsOn, group.span.endsOn, locale);
  const season = seasons.find((s) => s.id === group.seasonId);
  return season ? `${seasonName(season, locale)} (${span})` : span;
}

/** Texts of one cell of the weekly overview, joined with "; ", each English fallback wrapped and marked. */
function TypedList({ items, empty }: { items: TypedText[]; empty: string }) {
  if (items.length === 0) return <>{empty}</>;
  return items.map((item, i) => (
    <Fragment key={i}>
      {i > 0 ? "; " : null}
      <Typed value={item} />
      <InEnglishMark of={[item]} />
    </Fragment>
  ));
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  const { page, words, overviews, cancelledText, upcoming, links, signedIn, canEdit } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      {canEdit ? (
        <div className="mx-auto max-w-7xl px-4 pt-8">
          <Link to={localHref("/calendar/events")} className={buttonClass("secondary")}>
            {m.calendar_editor_heading()}
          </Link>
        </div>
      ) : null}
      {site?.calendarUrl ? (
        <div className="mx-auto max-w-7xl px-4 py-10">
          <CalendarEmbed url={site.calendarUrl} title={words.embedTitle} popupBlocked={words.popupBlocked} />
        </div>
      ) : null}
      <Section title={words.upcomingTitle} id="upcoming">
        {upcoming.length === 0 ? (
          <p className="text-slate-700">{m.calendar_page_upcoming_none()}</p>
        ) : (
          <ul className="flex max-w-3xl flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {upcoming.map((o) => (
              <li key={`${o.day}-${o.eventId}`} className={`flex flex-wrap gap-x-4 px-4 py-3 ${o.cancelled ? "bg-slate-50 text-slate-600" : ""}`}>
                <span className="w-56 font-semibold">{o.dayLabel}</span>
                <span className={o.cancelled ? "line-through" : ""}>
                  <Typed value={o.title} />
                  {o.time ? (
                    <>
                      {", "}
                      <Typed value={o.time} />
                    </>
                  ) : null}
                  {o.place ? `, ${o.place}` : ""}
                </span>
                <InEnglishMark of={[o.title, o.time]} />
                {o.cancelled ? <strong className="text-red-800">{m.calendar_page_cancelled()}</strong> : null}
                {o.places && !o.cancelled ? (
                  <span className="font-medium text-navy-900" data-testid="places-left">
                    {o.places}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {overviews.map(({ season, rows }, i) => (
        <Section
          key={season ?? "standing"}
          title={season ? `${words.scheduleTitle}: ${season}` : words.scheduleTitle}
          id={i === 0 ? "schedule" : `schedule-${i + 1}`}
        >
          <OverviewTable rows={rows} />
          {i === overviews.length - 1 ? (
            <ScheduleFooter cancelledText={cancelledText} contact={site ? { phone: site.phone, email: site.email } : null} words={words} />
          ) : null}
        </Section>
      ))}
      <Section title={words.subscribeTitle} id="subscribe" intro={words.subscribeText}>
        <div className="flex flex-wrap gap-3">
          <a href={links.webcal} className={buttonClass("primary")}>
            <CalendarPlus aria-hidden className="size-4" /> {m.calendar_page_subscribe_apple()}
          </a>
          <a href={links.google} className={buttonClass("secondary")} rel="noopener noreferrer" target="_blank">
            {m.calendar_page_subscribe_google()}
            <span className="sr-only"> {m.calendar_page_new_tab()}</span>
          </a>
        </div>
        <p className="mt-4 text-slate-700">
          {m.calendar_page_feed_address()}{" "}
          <a href={links.feed} className="break-all font-medium text-court-800 underline">
            {links.feed}
          </a>
        </p>
        <p className="mt-4 max-w-3xl rounded-lg border border-ball-300 bg-ball-300/20 p-4 text-slate-800">{words.refreshNote}</p>
        {signedIn ? (
          <p className="mt-6 max-w-3xl text-slate-800">
            {m.calendar_page_changes_note()}{" "}
            <Link to={localHref("/account/notifications")} className="font-medium text-court-800 underline">
              {m.calendar_page_changes_link()}
            </Link>
          </p>
        ) : null}
      </Section>
    </>
  );
}

type OverviewRow = { day: string; entries: Array<{ title: TypedText; time: TypedText; closed: boolean }> };

/** One season's week, a row a day. */
function OverviewTable({ rows }: { rows: OverviewRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-3xl border-collapse text-left">
        <thead>
          <tr className="border-b-2 border-slate-300">
            <th scope="col" className="py-2 pr-4">
              {m.calendar_page_day()}
            </th>
            <th scope="col" className="py-2 pr-4">
              {m.calendar_page_time()}
            </th>
            <th scope="col" className="py-2">
              {m.calendar_page_activity()}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {row.day}
              </th>
              <td className="py-2 pr-4">
                <TypedList items={row.entries.map((e) => e.time).filter((t) => t.text)} empty="-" />
              </td>
              <td className="py-2">
                <TypedList items={row.entries.map((e) => e.title)} empty={m.calendar_page_no_sessions()} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below the last overview: the cancelled days to come, and whom to ask. */
function ScheduleFooter({
  cancelledText,
  contact: site,
  words,
}: {
  cancelledText: string | null;
  contact: { phone: string; email: string } | null;
  words: { contactTitle: string; contactCall: string; contactOrEmail: string };
}) {
  return (
    <>
      {cancelledText ? <p className="mt-4 font-medium text-slate-800">{m.calendar_page_cancellations({ days: cancelledText })}</p> : null}
      {site ? (
        <div className="mt-6">
          <h3 className="font-semibold text-navy-900">{words.contactTitle}</h3>
          <p className="mt-1 text-slate-700">
            {words.contactCall}{" "}
            <a href={telHref(site.phone)} className="font-medium text-court-800 underline">
              {site.phone}
            </a>{" "}
            {words.contactOrEmail}{" "}
            <a href={`mailto:${site.email}`} className="font-medium text-court-800 underline">
              {site.email}
            </a>
            .
          </p>
        </div>
      ) : null}
    </>
  );
}
