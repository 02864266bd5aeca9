import { CalendarDays, Mail, MapPin, Phone } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { telHref } from "~/lib/phone";
import { HeroIllustration } from "~/components/public/hero-illustration";
import { Card, Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { HOME } from "~/content/home.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { InEnglishMark, Typed } from "~/components/public/typed-text";
import { inReaderLanguage } from "~/lib/typed-content";
import { m } from "~/paraglide/messages";
import { SERVICE_AREAS, TAGLINE } from "~/content/site";
import { organizationJsonLd } from "~/content/organization";
import { pageMeta, publicUrlFrom, siteFrom } from "~/lib/meta";
import { useRootData } from "~/root";
import { TestimonialsSection } from "~/components/testimonials-section";
import { loadTestimonialsSection } from "~/testimonials/index.server";
import { getScheduleCards, getShortNoticeCancellations } from "~/calendar/index.server";
import { formatDayLong } from "~/lib/datetime";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [];
  const tags = pageMeta(loaderData.page, { matches, location });
  const site = siteFrom(matches);
  const publicUrl = publicUrlFrom(matches);
  if (site && publicUrl) tags.push(organizationJsonLd(site, publicUrl));
  return tags;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const tz = context.config.site.timeZone;
  const locale = getLocale();
  // The site's clock (settable in tests): the current season leads, the next follows, an ended one is gone (issue 39).
  const now = context.config.safePlay.clock();
  const [testimonials, events, shortNotice] = await Promise.all([
    loadTestimonialsSection(request, context),
    getScheduleCards(context.db, tz, now),
    getShortNoticeCancellations(context.db, tz, now),
  ]);
  return {
    page: pageWords("home"),
    words: HOME[locale],
    testimonials,
    events,
    cancellations: shortNotice.map((c) => ({
      day: c.day,
      label: formatDayLong(c.day),
      note: inReaderLanguage({ en: c.note, es: c.noteEs }, locale),
    })),
  };
}

/** The days cancelled at short notice, above everything else, each with its note. */
function CancellationsBanner({ cancellations }: { cancellations: Route.ComponentProps["loaderData"]["cancellations"] }) {
  return (
    <div role="region" aria-label={m.home_cancelled_region()} className="border-b-4 border-red-700 bg-red-50">
      <div className="mx-auto max-w-7xl px-4 py-4 text-red-900">
        {cancellations.map((c) => (
          <p key={c.day} className="font-semibold">
            {m.home_cancelled_day({ day: c.label })}
            {c.note ? (
              <>
                {" "}
                <Typed value={c.note} />
                <InEnglishMark of={[c.note]} />
              </>
            ) : null}
          </p>
        ))}
      </div>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  const { page, words } = loaderData;
  return (
    <>
      {loaderData.cancellations.length ? <CancellationsBanner cancellations={loaderData.cancellations} /> : null}
      <section className="bg-gradient-to-br from-court-800 via-court-700 to-navy-800 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <h1 className="max-w-3xl font-display text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">{page.heading}</h1>
            <p className="mt-4 text-2xl font-semibold text-ball-300">{TAGLINE()}</p>
            <p className="mt-4 max-w-2xl text-lg text-slate-100">{words.hero}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={localHref("/programs")} className={buttonClass("primary", "bg-ball-400! text-navy-900! hover:bg-ball-300!")}>
                {words.join}
              </Link>
              <Link to={localHref("/about")} className={buttonClass("secondary", "border-white! bg-transparent! text-white! hover:bg-white/10!")}>
                {words.learnMore}
                <span className="sr-only">{words.learnMoreHidden}</span>
              </Link>
            </div>
          </div>
          <HeroIllustration className="mx-auto hidden w-full max-w-md sm:block" />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-12 md:grid-cols-2">
        {[words.mission, words.vision].map((card) => (
          <Card key={card.title} className="border-t-4 border-t-court-600">
            <h2 className="text-2xl font-bold text-navy-900">{card.title}</h2>
            <p className="mt-3 text-slate-700">{card.text}</p>
          </Card>
        ))}
      </div>

      <Section title={words.getInTouch.title} id="get-in-touch" intro={words.getInTouch.text}>
        <div className="grid gap-6 md:grid-cols-3">
          <Card>
            <h3 className="flex items-center gap-2 font-semibold text-navy-900">
              <Phone aria-hidden className="size-5 text-court-700" /> {words.getInTouch.phone}
            </h3>
            {site ? (
              <a href={telHref(site.phone)} className="mt-2 block text-lg font-semibold text-court-800 underline">
                {site.phone}
              </a>
            ) : null}
          </Card>
          <Card>
            <h3 className="flex items-center gap-2 font-semibold text-navy-900">
              <Mail aria-hidden className="size-5 text-court-700" /> {words.getInTouch.email}
            </h3>
            {site ? (
              <a href={`mailto:${site.email}`} className="mt-2 block break-all text-lg font-semibold text-court-800 underline">
                {site.email}
              </a>
            ) : null}
          </Card>
          <Card>
            <h3 className="flex items-center gap-2 font-semibold text-navy-900">
              <MapPin aria-hidden className="size-5 text-court-700" /> {words.getInTouch.areasTitle}
            </h3>
            <ul className="mt-2 space-y-1 text-slate-700">
              {SERVICE_AREAS.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </Card>
        </div>
      </Section>

      <TestimonialsSection {...loaderData.testimonials} />

      <Section title={words.eventsTitle} id="events">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.events.map((event) => (
            <li key={event.id}>
              <Card className={`flex h-full flex-col ${event.status === "open" ? "" : "bg-slate-50"}`}>
                <h3 className="flex items-center gap-2 text-lg font-semibold text-navy-900">
                  <CalendarDays aria-hidden className="size-5 shrink-0 text-court-700" />
                  <Typed value={event.title} />
                </h3>
                <InEnglishMark of={[event.title, ...event.when, event.details]} className="mt-2 self-start" />
                {event.season ? <p className="mt-2 text-sm font-semibold text-slate-700">{event.season}</p> : null}
                <p className="mt-2 font-semibold text-court-800">
                  {event.when.map((part, i) => (
                    <Typed key={i} value={part} />
                  ))}
                </p>
                <p className="mt-1 flex-1 text-slate-700">
                  <Typed value={event.details} />
                  {event.place ? <span className="block">{event.place}</span> : null}
                </p>
                {event.hasRegister ? (
                  <Link
                    to={localHref("/programs/registration")}
                    className={buttonClass("primary", "mt-4 self-start")}
                    aria-label={m.home_register_for({ event: event.title.text })}
                  >
                    {m.nav_register()}
                  </Link>
                ) : event.status === "open" ? null : (
                  <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
                    {event.status === "closed" ? m.home_closed() : m.home_cancelled()}
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <Link to={localHref("/calendar")} className={buttonClass("secondary")}>
            {words.fullCalendar}
          </Link>
        </div>
      </Section>
    </>
  );
}
