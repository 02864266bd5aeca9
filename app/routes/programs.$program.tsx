import { FileText } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { data, Link } from "react-router";
import type { Route } from "./+types/programs.$program";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { DOCUMENTS } from "~/content/images";
import { PROGRAM_PAGES } from "~/content/pages";
import { PROGRAMS, type ProgramFacts } from "~/content/programs.server";
import type { ProgramSlug } from "~/content/site";
import { programPageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { m } from "~/paraglide/messages";

export const handle: PageHandle = { documentForVisitors: true };

function programSlug(slug: string | undefined): ProgramSlug | null {
  return slug && Object.hasOwn(PROGRAM_PAGES, slug) ? (slug as ProgramSlug) : null;
}

export function loader({ params }: Route.LoaderArgs) {
  const slug = programSlug(params.program);
  if (!slug) throw data(null, { status: 404 });
  const words = PROGRAMS[getLocale()];
  const details = words.programs[slug];
  return {
    slug,
    page: programPageWords(slug),
    details,
    facts: (Object.keys(words.labels.facts) as Array<keyof ProgramFacts>).map((key) => ({
      key,
      label: words.labels.facts[key],
      value: details.facts[key],
    })),
    labels: words.labels,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export default function ProgramPage({ loaderData }: Route.ComponentProps) {
  const { slug, page, details, facts, labels } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={details.summary} />
      <section aria-labelledby="at-a-glance" className="mx-auto max-w-7xl px-4 pt-10">
        <h2 id="at-a-glance" className="sr-only">
          {m.public_at_a_glance()}
        </h2>
        <dl className="grid gap-4 rounded-xl border border-court-200 bg-court-50 p-6 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map((fact) => (
            <div key={fact.key}>
              <dt className="text-sm font-semibold uppercase tracking-wide text-court-800">{fact.label}</dt>
              <dd className="mt-1 text-navy-900" data-fact={fact.key}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 md:grid-cols-3">
        {details.sections.map((s) => (
          <Card key={s.title}>
            <h2 className="text-xl font-semibold text-navy-900">{s.title}</h2>
            <p className="mt-2 text-slate-700">{s.text}</p>
            {s.items ? (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                {s.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            ) : null}
          </Card>
        ))}
      </div>
      <Section title={m.public_next_steps()} id="next-steps">
        <div className="flex flex-wrap gap-3">
          <Link to={localHref(`/programs/registration?program=${slug}`)} className={buttonClass("primary")}>
            {labels.register}
          </Link>
          {details.photoRelease ? (
            <a href={DOCUMENTS.photoRelease.href} className={buttonClass("secondary")} download>
              <FileText aria-hidden className="size-4" /> {labels.photoRelease}
            </a>
          ) : null}
          <Link to={localHref("/contact")} className={buttonClass("secondary")}>
            {labels.contact}
          </Link>
          <Link to={localHref("/programs")} className={buttonClass("ghost")}>
            {labels.allPrograms}
          </Link>
        </div>
      </Section>
    </>
  );
}
