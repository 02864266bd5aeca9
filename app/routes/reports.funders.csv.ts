// /reports/funders.csv: the funder report's tables as a CSV file a spreadsheet opens as the page shows them (issue 29):
// the same query, the same tables, in the page's language (csv.ts: byte-order mark, quoted fields, no formulas),
// after the organisation's name, the period and the filters used (issue 39); the aid columns (issue 41) as the page.
import type { Route } from "./+types/reports.funders.csv";
import { getFunderReport, reportCsvRows, reportQuery, requireEnrollmentCoach, toCsv } from "~/enrollment/index.server";
import { getLocale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { getFunderAid } from "~/payments/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireEnrollmentCoach(request, context);
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const { query } = reportQuery(request, today);
  invariantResponse(query, m.enroll_error_correct(), 400);
  const locale = getLocale();
  const report = await getFunderReport(context.db, query);
  const aid = await getFunderAid(context.db, { from: query.from, to: query.to, eventIds: report.sessions.map((s) => s.id) });
  const rows = reportCsvRows(report, query, context.config.site.orgName, locale, aid);
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="funder-report-${query.from}-${query.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
