import { ChevronDown } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { FAQ } from "~/content/faq.server";
import { withPolicies } from "~/programs/policies";
import { formatSpan } from "~/calendar/event-format";
import { getSeasonsNotEnded } from "~/calendar/index.server";
import { dayInZone } from "~/lib/datetime";
import { getPolicies } from "~/programs/index.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [];
  return [
    ...pageMeta(loaderData.page, { matches, location }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: loaderData.words.questions.map((f) => ({ "@type": "Question", name: f.q, acceptedAnswer: { "@type": "Answer", text: f.a } })),
      },
    },
  ];
};

/** Said when no fall season is set up yet: the spec's dates, without a year. */
const FALL_WITHOUT_YEAR = { en: "Sep 7 - Nov 7", es: "Del 7 de septiembre al 7 de noviembre" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  // The withdrawal notice is the organisation's one setting, the same number as /programs and the registration page.
  const locale = getLocale();
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const [policies, seasons] = await Promise.all([getPolicies(context.db), getSeasonsNotEnded(context.db, today)]);
  // The fall schedule's dates are the current or next fall season's, with its year: an ended season is never
  // offered as this year's (issue 28).
  const fall = seasons.find((s) => s.term === "fall");
  const span = fall ? formatSpan(fall.startsOn, fall.endsOn, locale) : FALL_WITHOUT_YEAR[locale];
  const fallSeason = span.charAt(0).toUpperCase() + span.slice(1);
  const words = FAQ[locale];
  const answer = (a: string) => withPolicies(a, policies).replaceAll("{fallSeason}", fallSeason);
  return { page: pageWords("faq"), words: { ...words, questions: words.questions.map((f) => ({ q: f.q, a: answer(f.a) })) } };
}

/**
 * Native <details> elements sharing one `name` form an exclusive accordion: opening one closes the others,
 * and clicking the open one collapses it. No JavaScript needed, and keyboard support comes for free.
 */
export default function Faq({ loaderData }: Route.ComponentProps) {
  const { page, words } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[1fr_18rem]">
        <div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {words.questions.map((f) => (
            <details key={f.q} name="faq" className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-navy-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                <h2 className="text-base">{f.q}</h2>
                <ChevronDown aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <p className="px-5 pb-5 text-slate-700">{f.a}</p>
            </details>
          ))}
        </div>
        <aside>
          <nav aria-labelledby="quick-links-heading" className="rounded-xl border border-slate-200 bg-court-50 p-5">
            <h2 id="quick-links-heading" className="font-semibold text-navy-900">
              {words.quickLinksTitle}
            </h2>
            <ul className="mt-3 space-y-2">
              {words.quickLinks.map((l) => (
                <li key={l.to}>
                  <Link to={localHref(l.to)} className="font-medium text-court-800 underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
      <Section title={words.moreTitle} id="more" intro={words.moreText}>
        <Link to={localHref("/contact")} className={buttonClass("primary")}>
          {words.contactUs}
        </Link>
      </Section>
    </>
  );
}
