import { FileText } from "lucide-react";
import { localHref } from "~/i18n/locale";
import { Link } from "react-router";
import type { Route } from "./+types/programs.$program";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { InEnglishMark, Typed } from "~/components/public/typed-text";
import { SessionCard } from "~/components/programs/session-card";
import { buttonClass } from "~/components/ui/button";
import { getUser } from "~/auth/index.server";
import { DOCUMENTS } from "~/content/images";
import { PROGRAM_PAGES } from "~/content/pages";
import { PROGRAMS } from "~/content/programs.server";
import type { ProgramSlug } from "~/content/site";
import { programPageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { dayInZone } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { canEditPrograms } from "~/programs/index.server";
import { getProgramPage, type ProgramFacts } from "~/programs/index.server";
import { m } from "~/paraglide/messages";
import { notFound } from "~/lib/responses.server";

export const handle: PageHandle = { documentForVisitors: true };

function programSlug(slug: string | undefined): ProgramSlug | null {
  return slug && Object.hasOwn(PROGRAM_PAGES, slug) ? (slug as ProgramSlug) : null;
}

/** Summer only: the photo release form families bring to the first session. */
const PHOTO_RELEASE: ReadonlySet<ProgramSlug> = new Set(["summer"]);

// The page is a visitor document kept in memory until a coach changes the program, a session or a cancelled day
// (their tables' triggers empty the cache: decision 0014, migration 0022).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = programSlug(params.program);
  if (!slug) notFound();
  // The site's clock (settable in tests): only the current and next seasons' sessions are the program's now (issue 39).
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const [program, user] = await Promise.all([getProgramPage(context.db, slug, today, getLocale()), getUser(request, context)]);
  if (!program) notFound();
  const labels: Record<keyof ProgramFacts, string> = {
    who: m.programs_fact_who(),
    when: m.programs_fact_when(),
    where: m.programs_fact_where(),
    price: m.programs_fact_price(),
  };
  return {
    slug,
    page: programPageWords(slug),
    program,
    facts: (Object.keys(labels) as Array<keyof ProgramFacts>).map((key) => ({ key, label: labels[key], value: program.facts[key] })),
    photoRelease: PHOTO_RELEASE.has(slug),
    labels: PROGRAMS[getLocale()].labels,
    canEdit: await canEditPrograms(context, user),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export default function ProgramPage({ loaderData }: Route.ComponentProps) {
  const { slug, page, program, facts, photoRelease, canEdit, labels } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading}>
        {program.summary ? (
          <p className="mt-3 max-w-2xl text-lg">
            <Typed value={program.summary} />
            <InEnglishMark of={[program.summary]} />
          </p>
        ) : null}
      </PageHeader>
      {canEdit ? (
        <div className="mx-auto max-w-7xl px-4 pt-8">
          <Link to={localHref(`/programs/${slug}/edit`)} className={buttonClass("secondary")}>
            {m.programs_edit_program()}
          </Link>
        </div>
      ) : null}
      <section aria-labelledby="at-a-glance" className="mx-auto max-w-7xl px-4 pt-10">
        <h2 id="at-a-glance" className="sr-only">
          {m.public_at_a_glance()}
        </h2>
        <dl className="grid gap-4 rounded-xl border border-court-200 bg-court-50 p-6 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map((fact) => (
            <div key={fact.key}>
              <dt className="text-sm font-semibold uppercase tracking-wide text-court-800">{fact.label}</dt>
              <dd className="mt-1 text-navy-900" data-fact={fact.key}>
                {fact.value ?? (
                  <Link to={localHref("/contact")} className="font-medium text-court-800 underline">
                    {m.programs_ask_us()}
                  </Link>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {program.sections.length ? (
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 md:grid-cols-3">
          {program.sections.map((s) => (
            <Card key={s.id}>
              <h2 className="text-xl font-semibold text-navy-900">
                <Typed value={s.title} />
                <InEnglishMark of={[s.title, s.body, s.items]} />
              </h2>
              {s.body ? (
                <p className="mt-2 text-slate-700">
                  <Typed value={s.body} />
                </p>
              ) : null}
              {s.items ? (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700" lang={s.items.fallback ? "en" : undefined}>
                  {s.items.text.split("\n").map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </Card>
          ))}
        </div>
      ) : null}
      <Section title={m.programs_sessions_title()} id="sessions">
        {program.sessions.length === 0 ? (
          <p className="text-slate-700">
            {m.programs_sessions_none()}{" "}
            <Link to={localHref("/contact")} className="font-medium text-court-800 underline">
              {m.programs_ask_us()}
            </Link>
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {program.sessions.map((s) => (
              <li key={s.id}>
                <SessionCard session={s} slug={slug} />
              </li>
            ))}
          </ul>
        )}
        {program.cancelled ? <p className="mt-4 font-medium text-slate-800">{m.programs_no_sessions_on({ days: program.cancelled })}</p> : null}
      </Section>
      <Section title={m.public_next_steps()} id="next-steps">
        <div className="flex flex-wrap gap-3">
          {/* No Register button for a program with no session running or next (an ended season's page): ask us. */}
          {program.sessions.some((s) => s.register) ? (
            <Link to={localHref(`/programs/registration?program=${slug}`)} className={buttonClass("primary")}>
              {labels.register}
            </Link>
          ) : null}
          {photoRelease ? (
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
