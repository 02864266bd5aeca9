// /reports/funders-names.csv: participants named for funders (issue 40, decisions 0061 and 0069), for administrators
// (requireAdmin): the funder report's period and program, each participant named only while their family allows names
// in reports to funders (consent's getFunderNames asks the disclosure rule in its statement), the others counted.
import type { Route } from "./+types/reports.funders.names.csv";
import { funderNamesRows, getFunderNames } from "~/consent/index.server";
import { PROGRAM_LINKS } from "~/content/site";
import { reportQuery, toCsv } from "~/enrollment/index.server";
import { getLocale } from "~/i18n/language";
import { dayInZone } from "~/lib/datetime";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { requireAdmin } from "~/staff/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const { query } = reportQuery(request, today);
  invariantResponse(query, m.enroll_error_correct(), 400);
  const locale = getLocale();
  const names = await getFunderNames(context.db, { from: query.from, to: query.to, program: query.program });
  const programName = PROGRAM_LINKS.find((p) => p.slug === query.program)?.name({}, { locale }) ?? "";
  const rows = funderNamesRows(names, { ...query, programName }, context.config.site.orgName, locale);
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="funder-names-${query.from}-${query.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
