import type { Route } from "./+types/terms";
import { PageHeader } from "~/components/page-header";
import { PAGES } from "~/content/pages";
import { TERMS_EFFECTIVE, TERMS_SECTIONS } from "~/content/terms";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.terms, { matches, location });

export default function Terms() {
  return (
    <>
      <PageHeader heading={PAGES.terms.heading} intro={TERMS_EFFECTIVE} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        {TERMS_SECTIONS.map((s) => (
          <section key={s.title}>
            <h2 className="text-xl font-semibold text-navy-900">{s.title}</h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="mt-2 text-slate-700">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
