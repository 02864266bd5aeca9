import type { Route } from "./+types/about";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { ABOUT } from "~/content/about.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export function loader() {
  return { page: pageWords("about"), words: ABOUT[getLocale()] };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, words } = loaderData;
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
        <p className="text-slate-700">{words.staffPlaceholder}</p>
      </Section>
      <Section title={words.storyTitle} id="story">
        <blockquote className="max-w-3xl border-l-4 border-ball-400 pl-4 text-lg text-slate-700">{words.story}</blockquote>
      </Section>
    </>
  );
}
