import type { Route } from "./+types/general";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { ANNOUNCEMENTS } from "~/content/general";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.general, { matches, location });

export default function General() {
  return (
    <>
      <PageHeader heading={PAGES.general.heading} intro={PAGES.general.description} />
      <Section title="Latest News" id="news">
        <ol className="space-y-6">
          {ANNOUNCEMENTS.map((a) => (
            <li key={a.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold uppercase tracking-wide text-court-800">{a.date}</p>
              <h3 className="mt-1 text-xl font-semibold text-navy-900">{a.title}</h3>
              <p className="mt-2 text-slate-700">{a.text}</p>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
