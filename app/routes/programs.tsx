import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/programs";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { PROGRAMS } from "~/content/programs.server";
import { PROGRAM_LINKS } from "~/content/site";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { m } from "~/paraglide/messages";
import { getUser } from "~/auth/index.server";
import { InEnglishMark, Typed } from "~/components/public/typed-text";
import { canEditPrograms } from "~/programs/index.server";
import { withPolicies } from "~/programs/policies";
import { getPolicies } from "~/programs/index.server";
import { getProgramSummaries } from "~/programs/index.server";
import { formatSpan } from "~/calendar/event-format";
import { getOpenSeasons, seasonName } from "~/calendar/index.server";
import { dayInZone } from "~/lib/datetime";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = getLocale();
  const words = PROGRAMS[locale];
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const [summaries, policies, user, seasons] = await Promise.all([
    getProgramSummaries(context.db, locale),
    getPolicies(context.db),
    getUser(request, context),
    getOpenSeasons(context.db, today),
  ]);
  // A seasonal program says when it runs now or next, with the year (issue 39); an ended season says nothing.
  const when: Record<string, string> = {};
  for (const s of seasons) {
    const name = `${seasonName(s, locale)}, ${formatSpan(s.startsOn, s.endsOn, locale)}`;
    when[s.term] ??= s.standing === "current" ? m.public_season_now({ season: name }) : m.public_season_next({ season: name });
  }
  return {
    page: pageWords("programs"),
    // The withdrawal notice is the organisation's one setting (issue 28), as on the FAQ and the registration page.
    words: { ...words.overview, registration: words.overview.registration.map((r) => withPolicies(r, policies)) },
    summaries,
    when,
    canEdit: await canEditPrograms(context, user),
  };
}

export default function Programs({ loaderData }: Route.ComponentProps) {
  const { page, words, summaries, when, canEdit } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      {canEdit ? (
        <div className="mx-auto max-w-7xl px-4 pt-8">
          <Link to={localHref("/programs/edit")} className={buttonClass("secondary")}>
            {m.programs_editor_link()}
          </Link>
        </div>
      ) : null}
      <Section title={words.levelsTitle} id="levels" intro={words.levelsIntro}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {words.levels.map((l) => (
            <li key={l.level}>
              <Card className="h-full">
                <p className="text-sm font-semibold uppercase tracking-wide text-court-800">{m.public_level({ level: l.level })}</p>
                <h3 className="mt-1 text-lg font-semibold text-balance break-words text-navy-900" data-testid="level-name">
                  {/* "National/International" may wrap after its slash rather than run out of the card. */}
                  {l.name.split("/").map((part, i) => (i === 0 ? part : ["/", <wbr key={i} />, part]))}
                </h3>
                <p className="mt-2 text-sm text-slate-700">{l.text}</p>
              </Card>
            </li>
          ))}
        </ol>
        <p className="mt-4 font-semibold text-slate-800">{words.placement}</p>
      </Section>
      <Section title={words.privateTitle} id="private">
        <p className="max-w-3xl text-slate-700">{words.privateText}</p>
        <Link to={localHref("/contact")} className={buttonClass("primary", "mt-4")}>
          {words.privateButton}
        </Link>
      </Section>
      <Section title={words.pagesTitle} id="seasonal">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROGRAM_LINKS.map((p) => (
            <li key={p.slug}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-navy-900">
                  <Link to={localHref(p.to)} className="text-court-800 underline hover:text-court-900">
                    {p.name()}
                  </Link>
                </h3>
                {when[p.slug] ? <p className="mt-1 text-sm font-semibold text-court-800">{when[p.slug]}</p> : null}
                {summaries[p.slug] ? (
                  <p className="mt-2 text-sm text-slate-700">
                    <Typed value={summaries[p.slug]} />
                    <InEnglishMark of={[summaries[p.slug]]} />
                  </p>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={words.registrationTitle} id="registration">
        <ul className="max-w-3xl list-disc space-y-1 pl-5 text-slate-700">
          {words.registration.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <Link to={localHref("/programs/registration")} className={buttonClass("primary", "mt-4")}>
          {words.registerButton}
        </Link>
      </Section>
    </>
  );
}
