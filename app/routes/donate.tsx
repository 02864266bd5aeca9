import { Landmark, Mail, Phone, Send } from "lucide-react";
import type { Route } from "./+types/donate";
import { telHref } from "~/lib/phone";
import { PageHeader } from "~/components/page-header";
import { CopyButton } from "~/components/public/copy-button";
import { Card } from "~/components/public/section";
import { buttonClass } from "~/components/ui/button";
import { BANK, DONATE } from "~/content/donate.server";
import { SCHOLARSHIPS } from "~/content/scholarships.server";
import { pageWords } from "~/content/words.server";
import { getLocale } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";
import type { PageHandle } from "~/lib/page-mode";
import { m } from "~/paraglide/messages";
import { redirect } from "react-router";
import { formValues, parseForm, refused } from "~/lib/forms";
import { notFound } from "~/lib/responses.server";
import { localizePath } from "~/i18n/language";
import { GiveOnline, type GiveOnlineView } from "~/donations/give-online";
import { feePercentText, grossUp, PRESET_DOLLARS } from "~/donations/gross-up";
import { getCardFee, startDonation } from "~/donations/index.server";
import { GiveSchema } from "~/donations/schemas";
import { paymentProviderFor } from "~/payments/index.server";
import { formatDollars } from "~/programs/session-facts";

export const handle: PageHandle = { documentForVisitors: true };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => (loaderData ? pageMeta(loaderData.page, { matches, location }) : []);

/** "Give online" (decision 0060), only with a card provider configured: otherwise the page is the offline ways alone. */
async function giveOnline(request: Request, db: Parameters<typeof getCardFee>[0], online: boolean): Promise<GiveOnlineView | null> {
  if (!online) return null;
  const locale = getLocale();
  const back = new URL(request.url).searchParams;
  const fee = await getCardFee(db);
  const example = grossUp(2500, fee);
  return {
    presets: PRESET_DOLLARS.map((d) => ({ value: String(d), label: formatDollars(d * 100, locale) })),
    feeExample: m.donations_fee_example({
      percent: feePercentText(fee.basisPoints),
      fixed: formatDollars(fee.fixedCents, locale),
      gift: formatDollars(2500, locale),
      total: formatDollars(example.totalCents, locale),
    }),
    back: back.get("thanks") === "1" ? "thanks" : back.get("cancelled") === "1" ? "cancelled" : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const provider = paymentProviderFor(context.config);
  // Without a card provider there is no Give online: the one 404 of the site (decision 0077).
  if (!provider) notFound();
  const form = await request.formData();
  const values = formValues(form);
  const { data: gift, fieldErrors } = parseForm(GiveSchema, form);
  if (!gift) return refused({ fieldErrors, values });
  const locale = getLocale();
  const back = `${context.config.publicUrl}${localizePath("/donate", locale)}`;
  const org = context.config.site.orgName;
  const started = await startDonation(context.db, provider, gift, {
    locale,
    description: gift.monthly ? m.donations_checkout_monthly({ org }) : m.donations_checkout_once({ org }),
    successUrl: `${back}?thanks=1`,
    cancelUrl: `${back}?cancelled=1`,
  });
  if (!started.ok) return refused({ formError: m.donations_error_provider(), values }, 502);
  throw redirect(started.url);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale();
  const { scholarshipNote, ...words } = DONATE[locale];
  // Chosen on the Scholarships page (a plain GET form), so the memo can name it.
  const chosen = new URL(request.url).searchParams.get("scholarship");
  const scholarship = SCHOLARSHIPS[locale].scholarships.find((s) => s.id === chosen);
  const online = await giveOnline(request, context.db, Boolean(context.config.stripe));
  return {
    page: pageWords("donate"),
    words: online ? { ...words, intro: m.donations_intro_online() } : words,
    online,
    bank: BANK,
    scholarshipNote: scholarship ? scholarshipNote.replace("{name}", scholarship.name) : null,
  };
}

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const site = useRootData()?.site;
  const { page, words, bank, scholarshipNote, online } = loaderData;
  if (!site) return null;
  return (
    <>
      <PageHeader heading={page.heading} intro={words.intro} />
      {scholarshipNote ? (
        <p role="status" className="mx-auto mt-6 max-w-7xl px-4">
          <span className="block rounded-md border border-court-200 bg-court-50 px-4 py-3 font-medium text-court-900">{scholarshipNote}</span>
        </p>
      ) : null}
      {online ? (
        <div className="mx-auto max-w-7xl px-4 pt-10">
          <GiveOnline view={online} result={actionData} />
        </div>
      ) : null}
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 lg:grid-cols-3">
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
            <Send aria-hidden className="size-5 text-court-700" /> {words.zelleTitle}
          </h2>
          <p className="mt-2 text-slate-700">{words.zelleText}</p>
          <div className="mt-4 space-y-2">
            <CopyButton label={m.public_zelle_email()} value={site.email} />
            <CopyButton label={m.public_zelle_phone()} value={site.phone} />
          </div>
          <p className="mt-2 text-sm text-slate-700">{words.zelleMemo}</p>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
            <Landmark aria-hidden className="size-5 text-court-700" /> {words.bankTitle}
          </h2>
          <dl className="mt-3 space-y-2">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{m.public_bank_name()}</dt>
              <dd className="font-semibold text-navy-900">{bank.bankName}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{m.public_account_name()}</dt>
              <dd className="font-semibold text-navy-900">{bank.accountName}</dd>
            </div>
          </dl>
          <p className="mt-3 text-slate-700">{words.bankOnRequest}</p>
          <a href={`mailto:${site.email}?subject=${encodeURIComponent(words.bankSubject)}`} className={buttonClass("secondary", "mt-4")}>
            <Mail aria-hidden className="size-4" /> {words.bankLink}
          </a>
        </Card>
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-navy-900">
            <Phone aria-hidden className="size-5 text-court-700" /> {words.contactTitle}
          </h2>
          <p className="mt-2 text-slate-700">{words.contactText}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={`mailto:${site.email}?subject=${encodeURIComponent(words.contactSubject)}`} className={buttonClass("primary")}>
              <Mail aria-hidden className="size-4" /> {words.contactEmail}
            </a>
            <a href={telHref(site.phone)} className={buttonClass("secondary")}>
              <Phone aria-hidden className="size-4" /> {words.contactCall}
            </a>
          </div>
        </Card>
      </div>
      <section aria-label={m.public_impact_region()} className="mx-auto max-w-7xl px-4">
        <dl className="grid gap-6 rounded-xl bg-navy-800 p-8 text-center text-white sm:grid-cols-3">
          {words.stats.map((s) => (
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
