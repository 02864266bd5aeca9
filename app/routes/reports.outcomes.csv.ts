// /reports/outcomes.csv: the outcomes report's rows as a CSV file (issue 42): the same query and the same suppressed
// numbers as the page, each with its counting rule, in the page's language (csv.ts: byte-order mark, no formulas).
import type { Route } from "./+types/reports.outcomes.csv";
import { getOutcomes, outcomeRows, outcomesQuery, requireOutcomesReader, todayOf } from "~/athletes/index.server";
import { toCsv } from "~/enrollment/index.server";
import { getLocale } from "~/i18n/language";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOutcomesReader(request, context);
  const { query } = outcomesQuery(request, todayOf(context));
  invariantResponse(query, m.athletes_error_correct(), 400);
  const locale = getLocale();
  const rows = outcomeRows(await getOutcomes(context.db, query), locale);
  const heading = [m.athletes_outcomes_what({}, { locale }), m.athletes_outcomes_number({}, { locale }), m.athletes_outcomes_rule({}, { locale })];
  const caption = [m.athletes_outcomes_caption({ from: query.from, to: query.to }, { locale }), "", ""];
  return new Response(toCsv([caption, heading, ...rows.map((r) => [r.what, r.value, r.rule])]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="outcomes-${query.from}-${query.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
