// /reports/funders: the funder report, for coaches (issue 29, decision 0033): a date range and optionally a program, a
// level or a city; the numbers with their definitions written beside them; printable as it is, and the same table as
// a CSV file (/reports/funders.csv with the same query). A GET form: the choices live in the address. Issue 39: rows
// per program and per session, and the participants' answers to what grant forms ask (report-tables.server.ts).
// Issue 41: the aid granted on those sessions' fees and the athletes on aid, from payments (getFunderAid).
import { Form, Link } from "react-router";
import type { Route } from "./+types/reports.funders";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { PROGRAM_LINKS } from "~/content/site";
import { getFunderReport, reportQuery, reportTables, requireEnrollmentCoach } from "~/enrollment/index.server";
import { ReportTableView } from "~/enrollment/report-table-view";
import { CITIES } from "~/enrollment/schemas";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { dayInZone, formatDayLong } from "~/lib/datetime";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { isAdmin } from "~/models/users.server";
import { getFunderAid } from "~/payments/index.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.enroll_report_heading()} | NLTE`, description: m.enroll_report_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireEnrollmentCoach(request, context);
  const today = dayInZone(context.config.safePlay.clock(), context.config.site.timeZone);
  const { raw, query, fieldErrors } = reportQuery(request, today);
  const report = query ? await getFunderReport(context.db, query) : null;
  const aid =
    query && report ? await getFunderAid(context.db, { from: query.from, to: query.to, eventIds: report.sessions.map((s) => s.id) }) : undefined;
  return {
    raw: { from: raw.from ?? "", to: raw.to ?? "", program: raw.program ?? "", level: raw.level ?? "", city: raw.city ?? "" },
    query,
    tables: report ? reportTables(report, getLocale(), aid) : null,
    fieldErrors: fieldErrors ?? {},
    // Names for funders (issue 40, decision 0069): administrators download them; the list asks each family's consent.
    mayName: await isAdmin(context.db, user.id),
  };
}

export default function FunderReportPage({ loaderData }: Route.ComponentProps) {
  const { raw, query, tables, fieldErrors, mayName } = loaderData;
  const csvHref = localHref(`/reports/funders.csv?${new URLSearchParams(raw)}`);
  const namesHref = localHref(`/reports/funders-names.csv?${new URLSearchParams({ from: raw.from, to: raw.to, program: raw.program })}`);
  return (
    <>
      <PageHeader heading={m.enroll_report_heading()} intro={m.enroll_report_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <Form method="get" className="grid gap-4 sm:grid-cols-2 print:hidden">
          <Field label={m.enroll_report_from()} name="from" type="date" defaultValue={raw.from} error={fieldErrors.from} />
          <Field label={m.enroll_report_to()} name="to" type="date" defaultValue={raw.to} error={fieldErrors.to} />
          <SelectField
            label={m.enroll_report_program()}
            name="program"
            defaultValue={raw.program}
            placeholder={m.enroll_report_any()}
            options={PROGRAM_LINKS.map((p) => ({ value: p.slug, label: p.name() }))}
          />
          <SelectField
            label={m.enroll_report_level()}
            name="level"
            defaultValue={raw.level}
            placeholder={m.enroll_report_any()}
            options={[1, 2, 3, 4, 5].map((l) => ({ value: String(l), label: m.enroll_family_level({ level: String(l) }) }))}
            error={fieldErrors.level}
          />
          <SelectField
            label={m.enroll_report_city()}
            name="city"
            defaultValue={raw.city}
            placeholder={m.enroll_report_any()}
            options={CITIES.map((c) => ({ value: c, label: c === "Washington" ? "Washington, DC" : c }))}
            error={fieldErrors.city}
          />
          <div className="flex items-end gap-3">
            <Button type="submit">{m.enroll_report_show()}</Button>
          </div>
        </Form>
        {query && tables ? (
          <>
            <h2 className="text-lg font-semibold text-slate-900">
              {m.enroll_report_caption({ from: formatDayLong(query.from), to: formatDayLong(query.to) })}
            </h2>
            {tables.map((t) => (
              <ReportTableView key={t.id} table={t} empty={t.id === "sessions" || t.id === "programs" ? m.reports_no_sessions() : undefined} />
            ))}
            <p className="print:hidden">
              <a href={csvHref} className="font-medium text-court-800 underline" download>
                {m.enroll_report_csv()}
              </a>{" "}
              ·{" "}
              <Link to={localHref("/rosters")} className="font-medium text-court-800 underline">
                {m.enroll_rosters_heading()}
              </Link>
            </p>
            {mayName ? (
              <p className="print:hidden">
                <a href={namesHref} className="font-medium text-court-800 underline" download>
                  {m.disclosures_funders_link()}
                </a>
              </p>
            ) : null}
          </>
        ) : null}
        <section aria-labelledby="definitions" className="text-slate-800">
          <h2 id="definitions" className="text-lg font-semibold text-slate-900">
            {m.enroll_report_definitions()}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{m.enroll_report_def_participants()}</li>
            <li>{m.enroll_report_def_new()}</li>
            <li>{m.enroll_report_def_age()}</li>
            <li>{m.enroll_report_def_sessions()}</li>
            <li>{m.enroll_report_def_rate()}</li>
            <li>{m.enroll_report_def_hours()}</li>
            <li>{m.enroll_report_def_filters()}</li>
            <li>{m.reports_def_breakdown()}</li>
            <li>{m.reports_def_answers()}</li>
            <li>{m.seasonfees_report_def_aid()}</li>
          </ul>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.enroll_report_heading()} documentTitle={`${m.enroll_report_heading()} | NLTE`} />;
}
