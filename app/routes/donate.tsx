import { Landmark, Mail, Phone, Send } from "lucide-react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/donate";
import { telHref } from "~/components/footer";
import { PageHeader } from "~/components/page-header";
import { CopyButton } from "~/components/public/copy-button";
import { Card } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { DONATE_STATS, DONATE_TEXT } from "~/content/donate";
import { PAGES } from "~/content/pages";
import { SCHOLARSHIPS } from "~/content/scholarships";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";
import type { PageHandle } from "~/lib/page-mode";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(PAGES.donate, { matches, location });

export default function Donate() {
  const site = useRootData()?.site;
  const [params] = useSearchParams();
  const scholarship = SCHOLARSHIPS.find((s) => s.id === params.get("scholarship"));
  if (!site) return null;
  return (
    <>
      <PageHeader heading={PAGES.donate.heading} intro={DONATE_TEXT.intro} />
      {scholarship ? (
        <p role="status" className="mx-auto mt-6 max-w-7xl px-4">
          <span className="block rounded-md border border-court-200 bg-court-50 px-4 py-3 font-medium text-court-900">
            {DONATE_TEXT.scholarshipNote.replace("{name}", scholarship.name)}
          </span>
        </p>
      ) : null}
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 lg:grid-cols-3">
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
            <Send aria-hidden className="size-5 text-court-700" /> {DONATE_TEXT.zelleTitle}
          </h2>
          <p className="mt-2 text-slate-700">{DONATE_TEXT.zelleText}</p>
          <div className="mt-4 space-y-2">
            <CopyButton label="Zelle email" value={site.email} />
            <CopyButton label="Zelle phone" value={site.phone} />
          </div>
          <p className="mt-2 text-sm text-slate-700">{DONATE_TEXT.zelleMemo}</p>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
            <Landmark aria-hidden className="size-5 text-court-700" /> {DONATE_TEXT.bankTitle}
          </h2>
          <dl className="mt-3 space-y-2">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Bank name</dt>
              <dd className="font-semibold text-navy-900">{DONATE_TEXT.bankName}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">Account name</dt>
              <dd className="font-semibold text-navy-900">{DONATE_TEXT.accountName}</dd>
            </div>
          </dl>
          <p className="mt-3 text-slate-700">{DONATE_TEXT.bankOnRequest}</p>
          <a href={`mailto:${site.email}?subject=${encodeURIComponent(DONATE_TEXT.bankSubject)}`} className={buttonClass("secondary", "mt-4")}>
            <Mail aria-hidden className="size-4" /> {DONATE_TEXT.bankLink}
          </a>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
            <Phone aria-hidden className="size-5 text-court-700" /> {DONATE_TEXT.contactTitle}
          </h2>
          <p className="mt-2 text-slate-700">{DONATE_TEXT.contactText}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={`mailto:${site.email}?subject=${encodeURIComponent(DONATE_TEXT.contactSubject)}`} className={buttonClass("primary")}>
              <Mail aria-hidden className="size-4" /> {DONATE_TEXT.contactEmail}
            </a>
            <a href={telHref(site.phone)} className={buttonClass("secondary")}>
              <Phone aria-hidden className="size-4" /> {DONATE_TEXT.contactCall}
            </a>
          </div>
        </Card>
      </div>
      <section aria-label="Our impact" className="mx-auto max-w-7xl px-4">
        <dl className="grid gap-6 rounded-xl bg-navy-800 p-8 text-center text-white sm:grid-cols-3">
          {DONATE_STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-slate-200">{s.label}</dt>
              <dd className="text-4xl font-extrabold text-ball-300">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
