import { Fragment, type ReactNode } from "react";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/privacy";
import { telHref } from "~/lib/phone";
import { PageHeader } from "~/components/page-header";
import { PRIVACY } from "~/content/privacy.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-mode";
import { getRetentionNotice } from "~/retention/index.server";
import { RetentionSection } from "~/retention/privacy-section";
import { PrivacyRightsSection } from "~/childdata/privacy-rights";
import { useRootData } from "~/root";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData ? pageMeta(loaderData.words.page, { matches, location }) : [];

// How many daily backups are kept (BACKUP_KEEP): the notice says how long deleted data lives on in them. Issue 40:
// the retention periods and the outside services are written from app/retention's table and the configuration.
export async function loader({ context }: Route.LoaderArgs) {
  const retention = await getRetentionNotice(context.db, context.config, getLocale());
  return { words: PRIVACY[getLocale()], backupDays: context.config.backupKeep, retention };
}

const LINK = "font-medium text-court-800 underline";

/** A sentence of the notice with its `{name}` blanks filled in: words, or links. */
function fill(text: string, values: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{(\w+)\}/).map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{values[part] ?? `{${part}}`}</Fragment> : part));
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  const { words } = loaderData;
  const values: Record<string, ReactNode> = {
    days: String(loaderData.backupDays),
    account: (
      <a href={localHref("/account")} className={LINK}>
        {words.accountLink}
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
      <PageHeader heading={words.page.heading} intro={words.page.intro} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <p className="text-sm text-slate-700">{words.updated}</p>
        {words.sections.map((s) => (
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
        {words.closing ? <p className="text-sm text-slate-700">{words.closing}</p> : null}
      </article>
      <div className="mx-auto max-w-3xl space-y-8 px-4 pb-10">
        <RetentionSection notice={loaderData.retention} />
        <PrivacyRightsSection />
      </div>
    </>
  );
}
