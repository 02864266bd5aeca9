import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/programs";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import { LEVELS, PROGRAM_DETAILS, PROGRAMS_TEXT } from "~/content/programs";
import { PROGRAM_LINKS } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.programs, { matches, location });

export default function Programs() {
  return (
    <>
      <PageHeader heading={PAGES.programs.heading} intro={PAGES.programs.description} />
      <Section title={PROGRAMS_TEXT.levelsTitle} id="levels" intro={PROGRAMS_TEXT.levelsIntro}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {LEVELS.map((l) => (
            <li key={l.level}>
              <Card className="h-full">
                <p className="text-sm font-semibold uppercase tracking-wide text-court-800">Level {l.level}</p>
                <h3 className="mt-1 text-lg font-semibold text-balance break-words text-navy-900" data-testid="level-name">
                  {/* "National/International" may wrap after its slash rather than run out of the card. */}
                  {l.name.split("/").map((part, i) => (i === 0 ? part : ["/", <wbr key={i} />, part]))}
                </h3>
                <p className="mt-2 text-sm text-slate-700">{l.text}</p>
              </Card>
            </li>
          ))}
        </ol>
        <p className="mt-4 font-semibold text-slate-800">{PROGRAMS_TEXT.placement}</p>
      </Section>
      <Section title={PROGRAMS_TEXT.privateTitle} id="private">
        <p className="max-w-3xl text-slate-700">{PROGRAMS_TEXT.privateText}</p>
        <Link to={localHref("/contact")} className={buttonClass("primary", "mt-4")}>
          {PROGRAMS_TEXT.privateButton}
        </Link>
      </Section>
      <Section title={PROGRAMS_TEXT.pagesTitle} id="seasonal">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROGRAM_LINKS.map((p) => (
            <li key={p.slug}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-navy-900">
                  <Link to={p.to} className="text-court-800 underline hover:text-court-900">
                    {p.name()}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-slate-700">{PROGRAM_DETAILS[p.slug].summary}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={PROGRAMS_TEXT.registrationTitle} id="registration">
        <ul className="max-w-3xl list-disc space-y-1 pl-5 text-slate-700">
          {PROGRAMS_TEXT.registration.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <Link to={localHref("/programs/registration")} className={buttonClass("primary", "mt-4")}>
          {PROGRAMS_TEXT.registerButton}
        </Link>
      </Section>
    </>
  );
}
