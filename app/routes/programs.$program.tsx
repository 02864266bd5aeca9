import { FileText } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { data, Link } from "react-router";
import type { Route } from "./+types/programs.$program";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { DOCUMENTS } from "~/content/images";
import { PROGRAM_PAGES } from "~/content/pages";
import { PROGRAM_DETAILS, PROGRAM_FACT_LABELS, PROGRAM_LABEL_TEXT, type ProgramFacts } from "~/content/programs";
import type { ProgramSlug } from "~/content/site";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

function programSlug(slug: string | undefined): ProgramSlug | null {
  return slug && Object.hasOwn(PROGRAM_PAGES, slug) ? (slug as ProgramSlug) : null;
}

export function loader({ params }: Route.LoaderArgs) {
  const slug = programSlug(params.program);
  if (!slug) throw data(null, { status: 404 });
  return { slug };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => (data ? pageMeta(PROGRAM_PAGES[data.slug], { matches, location }) : []);

export default function ProgramPage({ loaderData }: Route.ComponentProps) {
  const { slug } = loaderData;
  const page = PROGRAM_PAGES[slug];
  const details = PROGRAM_DETAILS[slug];
  return (
    <>
      <PageHeader heading={page.heading} intro={details.summary} />
      <section aria-labelledby="at-a-glance" className="mx-auto max-w-7xl px-4 pt-10">
        <h2 id="at-a-glance" className="sr-only">
          At a glance
        </h2>
        <dl className="grid gap-4 rounded-xl border border-court-200 bg-court-50 p-6 sm:grid-cols-2 lg:grid-cols-4">
          {(Object.keys(PROGRAM_FACT_LABELS) as Array<keyof ProgramFacts>).map((key) => (
            <div key={key}>
              <dt className="text-sm font-semibold uppercase tracking-wide text-court-800">{PROGRAM_FACT_LABELS[key]}</dt>
              <dd className="mt-1 text-navy-900" data-fact={key}>
                {details.facts[key]}
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
      <Section title="Next Steps" id="next-steps">
        <div className="flex flex-wrap gap-3">
          <Link to={`/programs/registration?program=${slug}`} className={buttonClass("primary")}>
            {PROGRAM_LABEL_TEXT.register}
          </Link>
          {details.photoRelease ? (
            <a href={DOCUMENTS.photoRelease.href} className={buttonClass("secondary")} download>
              <FileText aria-hidden className="size-4" /> {DOCUMENTS.photoRelease.label}
            </a>
          ) : null}
          <Link to={localHref("/contact")} className={buttonClass("secondary")}>
            {PROGRAM_LABEL_TEXT.contact}
          </Link>
          <Link to={localHref("/programs")} className={buttonClass("ghost")}>
            {PROGRAM_LABEL_TEXT.allPrograms}
          </Link>
        </div>
      </Section>
    </>
  );
}
