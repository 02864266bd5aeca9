// /reports/finances.csv: the finance report's rows (program, season, session) as a CSV a spreadsheet opens as the page
// shows them, in the page's language (enrollment's toCsv: byte-order mark, quoted fields, no formulas).
import type { Route } from "./+types/reports.finances.csv";
import { toCsv } from "~/enrollment/index.server";
import { getLocale } from "~/i18n/language";
import { financeCells, financeHeadings, getFinanceReport, requirePaymentStaff } from "~/payments/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePaymentStaff(request, context);
  const locale = getLocale();
  const report = await getFinanceReport(context.db);
  const rows = financeCells(report, locale).map((r) => r.cells);
  return new Response(toCsv([financeHeadings(locale), ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="finances.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
