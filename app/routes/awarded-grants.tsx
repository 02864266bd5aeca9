import { Mail } from "lucide-react";
import type { Route } from "./+types/awarded-grants";
import { PageHeader } from "~/components/page-header";
import { Card, Section } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { GRANTS } from "~/content/grants.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export function loader() {
  return { page: pageWords("grants"), words: GRANTS[getLocale()] };
}

export default function AwardedGrants({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  const { page, words } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={page.description} />
      <Section title={words.grantsTitle} id="grants">
        <div className="grid gap-6 md:grid-cols-2">
          {words.grants.map((g) => (
            <Card key={g.title} className="border-t-4 border-t-ball-400">
              <p className="text-4xl font-extrabold text-court-700">{g.amount}</p>
              <h3 className="mt-2 text-xl font-semibold text-navy-900">{g.title}</h3>
              <p className="text-sm font-medium text-slate-600">{g.funder}</p>
              <p className="mt-3 text-slate-700">{g.text}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section title={words.endorsementsTitle} id="endorsements">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {words.endorsements.map((e) => (
            <li key={e.by}>
              <figure className="h-full rounded-xl border border-slate-200 bg-court-50 p-6">
                <blockquote className="text-slate-800">“{e.quote}”</blockquote>
                <figcaption className="mt-3 text-sm font-semibold text-court-800">— {e.by}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={words.joinTitle} id="join" intro={words.joinText}>
        {site ? (
          <a href={`mailto:${site.email}?subject=${encodeURIComponent(words.joinSubject)}`} className={buttonClass("primary")}>
            <Mail aria-hidden className="size-4" /> {words.joinLink}
          </a>
        ) : null}
      </Section>
    </>
  );
}
