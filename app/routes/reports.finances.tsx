// /reports/finances (issue 41): billed, aid granted and credits per program, season and session, and the totals with
// what was collected and what is outstanding; its CSV beside it. For the staff who decide aid (requirePaymentStaff).
import type { Route } from "./+types/reports.finances";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { CardSection } from "~/components/ui/card-section";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { financeCells, financeHeadings, getFinanceReport, requirePaymentStaff } from "~/payments/index.server";
import { formatDollars } from "~/programs/session-facts";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.fin_heading()} | NLTE`, description: m.fin_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePaymentStaff(request, context);
  const locale = getLocale();
  const report = await getFinanceReport(context.db);
  const money = (c: number) => formatDollars(c, locale);
  const t = report.totals;
  return {
    headings: financeHeadings(locale),
    rows: financeCells(report, locale),
    totals: [
      m.fin_total_billed({ amount: money(t.billedCents) }),
      m.fin_total_aid({ amount: money(t.aidCents), count: String(t.athletesOnAid) }),
      m.fin_total_credit({ amount: money(t.creditCents) }),
      m.fin_total_collected({ amount: money(t.collectedCents) }),
      m.fin_total_outstanding({ amount: money(t.outstandingCents) }),
    ],
  };
}

function Table({ caption, headings, rows }: { caption: string; headings: string[]; rows: string[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="py-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-slate-200">
              {r.map((c, j) => (
                <td key={j} className="py-1 pr-3">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Finances({ loaderData }: Route.ComponentProps) {
  const { headings, rows, totals } = loaderData;
  // Each table shows the columns its rows fill: a program's, a season's, a session's (with its program and season).
  const part = (level: string, columns: number[]) => ({
    headings: columns.map((c) => headings[c]!),
    rows: rows.filter((r) => r.level === level).map((r) => columns.map((c) => r.cells[c]!)),
  });
  const figures = [3, 4, 5, 6];
  return (
    <>
      <PageHeader heading={m.fin_heading()} intro={m.fin_intro()} />
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
        <CardSection title={m.fin_totals()}>
          <ul className="flex flex-col gap-1">
            {totals.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">{m.fin_collected_note()}</p>
          <p className="mt-2">
            <a className="text-court-800 underline" href={localHref("/reports/finances.csv")} download>
              {m.fin_csv()}
            </a>
          </p>
        </CardSection>
        {rows.length === 0 ? (
          <p>{m.fin_empty()}</p>
        ) : (
          <>
            <Table caption={m.fin_by_program()} {...part("program", [0, ...figures])} />
            <Table caption={m.fin_by_season()} {...part("season", [1, ...figures])} />
            <Table caption={m.fin_by_session()} {...part("session", [0, 1, 2, ...figures])} />
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.fin_heading()} documentTitle={`${m.fin_heading()} | NLTE`} />;
}
