// /reports/outcomes: what funders fund (issue 42, decision 0045): youth served, hours of tennis and of education,
// levels risen, grade bands held or improved, graduations, admissions, commitments and scholarships, for a range and
// optionally a program, a season and a city. Aggregates only, cells of fewer than 5 athletes suppressed, each number's
// counting rule written under it; printable as it is, and the same rows as a CSV (/reports/outcomes.csv). For
// coaches, administrators and education staff (requireOutcomesReader). A GET form: the choices live in the address.
import { Form, Link } from "react-router";
import type { Route } from "./+types/reports.outcomes";
import { SMALLEST_CELL } from "~/athletes/choices";
import { getOutcomes, outcomeRows, outcomesQuery, requireOutcomesReader, todayOf } from "~/athletes/index.server";
import { getSeasons, seasonName } from "~/calendar/index.server";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { formatDayLong } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.athletes_outcomes_heading()} | NLTE`, description: m.athletes_outcomes_intro({ n: String(SMALLEST_CELL) }) }),
  { name: "robots", content: "noindex" },
];

const CITIES = ["Washington", "Baltimore", "Atlanta", "Chesapeake"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOutcomesReader(request, context);
  const { raw, query, fieldErrors } = outcomesQuery(request, todayOf(context));
  const [outcomes, seasons] = await Promise.all([query ? getOutcomes(context.db, query) : null, getSeasons(context.db)]);
  const locale = getLocale();
  return {
    raw,
    query,
    rows: outcomes ? outcomeRows(outcomes, locale) : null,
    seasons: seasons.map((s) => ({ value: s.id, label: seasonName(s, locale) })),
    fieldErrors,
  };
}

export default function OutcomesPage({ loaderData }: Route.ComponentProps) {
  const { raw, query, rows, seasons, fieldErrors } = loaderData;
  const csvHref = localHref(`/reports/outcomes.csv?${new URLSearchParams(raw)}`);
  return (
    <>
      <PageHeader heading={m.athletes_outcomes_heading()} intro={m.athletes_outcomes_intro({ n: String(SMALLEST_CELL) })} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <Form method="get" className="grid gap-4 sm:grid-cols-2 print:hidden">
          <Field label={m.athletes_outcomes_from()} name="from" type="date" defaultValue={raw.from} error={fieldErrors.from} />
          <Field label={m.athletes_outcomes_to()} name="to" type="date" defaultValue={raw.to} error={fieldErrors.to} />
          <SelectField
            label={m.athletes_outcomes_program()}
            name="program"
            defaultValue={raw.program}
            placeholder={m.athletes_outcomes_any()}
            options={PROGRAM_LINKS.map((p) => ({ value: p.slug, label: p.name() }))}
          />
          <SelectField
            label={m.athletes_outcomes_season()}
            name="season"
            defaultValue={raw.season}
            placeholder={m.athletes_outcomes_any()}
            options={seasons}
            error={fieldErrors.season}
          />
          <SelectField
            label={m.athletes_outcomes_city()}
            name="city"
            defaultValue={raw.city}
            placeholder={m.athletes_outcomes_any()}
            options={CITIES.map((c) => ({ value: c, label: c === "Washington" ? "Washington, DC" : c }))}
            error={fieldErrors.city}
          />
          <div className="flex items-end">
            <Button type="submit">{m.athletes_outcomes_show()}</Button>
          </div>
        </Form>
        {query && rows ? (
          <>
            <table className="w-full border-collapse text-left">
              <caption className="mb-2 text-left text-lg font-semibold text-slate-900">
                {m.athletes_outcomes_caption({ from: formatDayLong(query.from), to: formatDayLong(query.to) })}
              </caption>
              <thead>
                <tr className="border-b border-slate-400">
                  <th scope="col" className="py-2 pr-4">
                    {m.athletes_outcomes_what()}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    {m.athletes_outcomes_number()}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.what} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-4 font-normal text-slate-900">
                      {r.what}
                      <span className="mt-1 block text-sm text-slate-700">{r.rule}</span>
                    </th>
                    <td className="py-2 text-right font-semibold text-slate-900 tabular-nums">{r.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-sm text-slate-700">{m.athletes_outcomes_suppression({ n: String(SMALLEST_CELL) })}</p>
            <p className="print:hidden">
              <a href={csvHref} className="font-medium text-court-800 underline" download>
                {m.athletes_outcomes_csv()}
              </a>{" "}
              ·{" "}
              <Link to={localHref("/reports/funders")} className="font-medium text-court-800 underline">
                {m.athletes_outcomes_funders()}
              </Link>
            </p>
          </>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.athletes_outcomes_heading()} documentTitle={`${m.athletes_outcomes_heading()} | NLTE`} />;
}
