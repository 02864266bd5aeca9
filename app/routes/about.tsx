import { Link } from "react-router";
import type { Route } from "./+types/about";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { Picture } from "~/components/ui/picture";
import { ABOUT } from "~/content/about.server";
import { pageWords } from "~/content/words.server";
import { getLocale, localHref } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { m } from "~/paraglide/messages";
import { getShownCoaches, type StaffCard } from "~/staff/index.server";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

// The staff section reads the coaches' profiles (issue 28): the page is still the same for every visitor until one
// changes, and each change reaches the next visitor (coach_profiles, coach_photos and a coach's name and role announce
// themselves to the page cache: migration 0021, decision 0014). Only cleared coaches are shown (issue 37); a date that
// expires takes effect when the stored pages are rendered again at the top of the hour.
export async function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale();
  return { page: pageWords("about"), words: ABOUT[locale], staff: await getShownCoaches(context.db, locale, context.config.safePlay) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, words, staff } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <Section title={words.missionTitle} id="mission">
        <p className="max-w-3xl text-lg text-slate-700">{words.mission}</p>
      </Section>
      <Section title={words.historyTitle} id="history">
        <ol className="grid gap-4 md:grid-cols-4">
          {words.history.map((h) => (
            <li key={h.year}>
              <Card className="h-full">
                <p className="text-2xl font-extrabold text-court-700">{h.year}</p>
                <p className="mt-2 text-slate-700">{h.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={words.systemTitle} id="system">
        <div className="max-w-3xl space-y-3 text-slate-700">
          {words.system.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>
      <Section title={words.valuesTitle} id="values">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {words.values.map((v) => (
            <li key={v.name}>
              <Card className="h-full">
                <h3 className="font-semibold text-navy-900">{v.name}</h3>
                <p className="mt-1 text-sm text-slate-700">{v.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={words.founderTitle} id="founder">
        <div className="max-w-3xl space-y-3 text-slate-700">
          {words.founder.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>
      <Section title={words.staffTitle} id="staff">
        {staff.length === 0 ? (
          <p className="text-slate-700">{words.staffPlaceholder}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {staff.map((coach) => (
              <li key={coach.id}>
                <CoachCard coach={coach} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={words.storyTitle} id="story">
        <blockquote className="max-w-3xl border-l-4 border-ball-400 pl-4 text-lg text-slate-700">{words.story}</blockquote>
      </Section>
    </>
  );
}

/** A coach's profile: photo, name, programs, bio (the English one marked where it stands in for a missing Spanish), checks. */
function CoachCard({ coach }: { coach: StaffCard }) {
  return (
    <Card className="flex h-full flex-col gap-3">
      {coach.photo ? (
        <Picture
          image={coach.photo}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          className="aspect-square h-auto w-full rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
      <h3 className="text-xl font-semibold text-navy-900">{coach.name}</h3>
      {coach.programs.length > 0 ? (
        <p className="text-sm text-slate-700">
          {m.staff_about_coaches()}{" "}
          {coach.programs.map((p, i) => (
            <span key={p.slug}>
              {i > 0 ? ", " : null}
              <Link to={localHref(p.to)} className="font-medium text-court-800 underline">
                {p.name}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {coach.bio ? (
        <p className="whitespace-pre-line text-slate-700">
          {coach.bio.fallback ? <span lang={coach.bio.lang}>{coach.bio.text}</span> : coach.bio.text}
          {coach.bio.fallback ? <span className="text-sm text-slate-600"> {m.staff_about_in_english()}</span> : null}
        </p>
      ) : null}
      <dl className="mt-auto grid gap-1 border-t border-slate-200 pt-3 text-sm text-slate-800">
        <div>
          <dt className="inline font-semibold">{m.staff_about_safe_play()}: </dt>
          <dd className="inline">{coach.safePlay ? m.staff_about_checked_on({ date: coach.safePlay }) : m.staff_about_not_recorded()}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">{m.staff_about_background()}: </dt>
          <dd className="inline">{coach.background ? m.staff_about_checked_on({ date: coach.background }) : m.staff_about_not_recorded()}</dd>
        </div>
      </dl>
    </Card>
  );
}
