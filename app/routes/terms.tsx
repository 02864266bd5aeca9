import type { Route } from "./+types/terms";
import { PageHeader } from "~/components/page-header";
import { TERMS } from "~/content/terms.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

export function loader() {
  return { page: pageWords("terms"), words: TERMS[getLocale()] };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { page, words } = loaderData;
  return (
    <>
      <PageHeader heading={page.heading} intro={words.effective} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        {words.sections.map((s) => (
          <section key={s.title}>
            <h2 className="text-xl font-semibold text-navy-900">{s.title}</h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="mt-2 text-slate-700">
                {p}
              </p>
            ))}
          </section>
        ))}
        {words.closing ? <p className="text-sm text-slate-700">{words.closing}</p> : null}
      </article>
    </>
  );
}
