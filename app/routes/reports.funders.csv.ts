// /reports/funders.csv: the funder report's table as a CSV file a spreadsheet opens as the page shows it (issue 29):
// the same query, the same rows, in the page's language (csv.ts: byte-order mark, quoted fields, no formulas).
import type { Route } from "./+types/reports.funders.csv";
import { getFunderReport, reportQuery, reportRows, requireEnrollmentCoach, toCsv } from "~/enrollment/index.server";
import { getLocale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireEnrollmentCoach(request, context);
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const { query } = reportQuery(request, today);
  invariantResponse(query, m.enroll_error_correct(), 400);
  const locale = getLocale();
  const rows = reportRows(await getFunderReport(context.db, query), locale);
  const heading = [m.enroll_report_what({}, { locale }), m.enroll_report_number({}, { locale })];
  const caption = [m.enroll_report_caption({ from: query.from, to: query.to }, { locale }), ""];
  return new Response(toCsv([caption, heading, ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="funder-report-${query.from}-${query.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
