import type { Route } from "./+types/about";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { ABOUT } from "~/content/about";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.about, { matches, location });

export default function About() {
  return (
    <>
      <PageHeader heading={PAGES.about.heading} intro={PAGES.about.description} />
      <Section title={ABOUT.missionTitle} id="mission">
        <p className="max-w-3xl text-lg text-slate-700">{ABOUT.mission}</p>
      </Section>
      <Section title={ABOUT.historyTitle} id="history">
        <ol className="grid gap-4 md:grid-cols-4">
          {ABOUT.history.map((h) => (
            <li key={h.year}>
              <Card className="h-full">
                <p className="text-2xl font-extrabold text-court-700">{h.year}</p>
                <p className="mt-2 text-slate-700">{h.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={ABOUT.systemTitle} id="system">
        <div className="max-w-3xl space-y-3 text-slate-700">
          {ABOUT.system.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>
      <Section title={ABOUT.valuesTitle} id="values">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {ABOUT.values.map((v) => (
            <li key={v.name}>
              <Card className="h-full">
                <h3 className="font-semibold text-navy-900">{v.name}</h3>
                <p className="mt-1 text-sm text-slate-700">{v.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={ABOUT.founderTitle} id="founder">
        <div className="max-w-3xl space-y-3 text-slate-700">
          {ABOUT.founder.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>
      <Section title={ABOUT.staffTitle} id="staff">
        <p className="text-slate-700">{ABOUT.staffPlaceholder}</p>
      </Section>
      <Section title={ABOUT.storyTitle} id="story">
        <blockquote className="max-w-3xl border-l-4 border-ball-400 pl-4 text-lg text-slate-700">{ABOUT.story}</blockquote>
      </Section>
    </>
  );
}
