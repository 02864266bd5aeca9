import { Fragment, type ReactNode } from "react";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/privacy";
import { telHref } from "~/components/footer";
import { PageHeader } from "~/components/page-header";
import { PRIVACY_ACCOUNT_LINK, PRIVACY_PAGE, PRIVACY_SECTIONS, PRIVACY_UPDATED } from "~/content/privacy";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { useRootData } from "~/root";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PRIVACY_PAGE, { matches, location });

// How many daily backups are kept (BACKUP_KEEP): the notice says how long deleted data lives on in them.
export function loader({ context }: Route.LoaderArgs) {
  return { backupDays: context.config.backupKeep };
}

const LINK = "font-medium text-court-800 underline";

/** A sentence of the notice with its `{name}` blanks filled in: words, or links. */
function fill(text: string, values: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{(\w+)\}/).map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{values[part] ?? `{${part}}`}</Fragment> : part));
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  const values: Record<string, ReactNode> = {
    days: String(loaderData.backupDays),
    account: (
      <a href={localHref("/account")} className={LINK}>
        {PRIVACY_ACCOUNT_LINK}
      </a>
    ),
    email: site ? (
      <a href={`mailto:${site.email}`} className={`${LINK} break-all`}>
        {site.email}
      </a>
    ) : null,
    phone: site ? (
      <a href={telHref(site.phone)} className={LINK}>
        {site.phone}
      </a>
    ) : null,
  };
  return (
    <>
      <PageHeader heading={PRIVACY_PAGE.heading} intro={PRIVACY_PAGE.intro} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <p className="text-sm text-slate-700">{PRIVACY_UPDATED}</p>
        {PRIVACY_SECTIONS.map((s) => (
          <section key={s.id} aria-labelledby={`privacy-${s.id}`}>
            <h2 id={`privacy-${s.id}`} className="text-xl font-semibold text-navy-900">
              {s.title}
            </h2>
            {s.paragraphs.map((p) => (
              <p key={p} className="mt-2 text-slate-700">
                {fill(p, values)}
              </p>
            ))}
            {s.items ? (
              <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
                {s.items.map((item) => (
                  <li key={item}>{fill(item, values)}</li>
                ))}
              </ul>
            ) : null}
            {s.after?.map((p) => (
              <p key={p} className="mt-2 text-slate-700">
                {fill(p, values)}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
