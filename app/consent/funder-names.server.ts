// Names in reports to funders (issue 40, decisions 0061 and 0069): the one report that gives a funder identifiable
// rows. Some grants ask for a list of the youth they paid for (name, sessions, days and hours), not only counts; the
// funder report itself stays counts with small cells suppressed (decision 0045). A participant (an athlete marked
// present at least once in the period, as the funder report counts one) is named only while the disclosure rule
// (`disclosureAllowed("funders")`, asked inside this statement, nothing cached) says their family allowed it; every
// other participant is only counted, in one line, so the list never reads as the whole roster. Administrators only:
// what leaves the organisation is theirs to decide (the route's requireAdmin).
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SqlExecutor } from "~/mail/index.server";
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import { disclosureAllowed } from "./disclosures.server";

export type FunderNamesQuery = { from: string; to: string; program: string };
export type NamedParticipant = { name: string; sessions: string[]; daysPresent: number; hours: number };
export type FunderNames = { named: NamedParticipant[]; unnamed: number };

const Row = z.object({
  name: z.string().nullable(),
  sessions: z.array(z.string()),
  days_present: z.coerce.number(),
  hours: z.coerce.number(),
  named: z.boolean(),
});

/** The period's participants: those whose families allowed names in funders' reports by name, the others counted. */
export async function getFunderNames(db: SqlExecutor, q: FunderNamesQuery): Promise<FunderNames> {
  const { rows } = await db.execute(sql`
    with present as (
      select am.athlete_id, am.day, e.title,
        coalesce(extract(epoch from (e.end_time - e.start_time))::float8 / 3600, 0) as hours
      from attendance_marks am join events e on e.id = am.event_id and e.program_slug is not null
        ${q.program ? sql`and e.program_slug = ${q.program}` : sql``}
      where am.present and am.day between ${q.from}::date and ${q.to}::date
    ),
    people as (
      select athlete_id, array_agg(distinct title order by title) as sessions, count(distinct day) as days_present, sum(hours) as hours
      from present group by athlete_id
    )
    select case when named then u.full_name end as name, case when named then p.sessions else '{}' end as sessions,
      p.days_present, p.hours, named
    from people p join users u on u.id = p.athlete_id
      cross join lateral (select u.deleted_at is null and ${disclosureAllowed("funders", sql`p.athlete_id`)} as named) d
    order by named desc, u.full_name, u.id`);
  const parsed = rows.map((r) => Row.parse(r));
  return {
    named: parsed
      .filter((r) => r.named)
      .map((r) => ({ name: r.name ?? "", sessions: r.sessions, daysPresent: r.days_present, hours: Math.round(r.hours * 10) / 10 })),
    unnamed: parsed.filter((r) => !r.named).length,
  };
}

/** The CSV's rows, in the reader's language: the organisation, the period and program, the named, then the others' count. */
export function funderNamesRows(
  names: FunderNames,
  q: FunderNamesQuery & { programName: string },
  orgName: string,
  locale: Locale,
): Array<Array<string | number>> {
  const o = { locale };
  return [
    [m.disclosures_funders_csv_title({}, o), orgName],
    [m.disclosures_funders_csv_period({}, o), `${q.from} – ${q.to}`],
    [m.disclosures_funders_csv_program({}, o), q.programName || m.disclosures_funders_csv_any({}, o)],
    [],
    [
      m.disclosures_funders_csv_name({}, o),
      m.disclosures_funders_csv_sessions({}, o),
      m.disclosures_funders_csv_days({}, o),
      m.disclosures_funders_csv_hours({}, o),
    ],
    ...names.named.map((p) => [p.name, p.sessions.join("; "), p.daysPresent, p.hours]),
    [],
    [m.disclosures_funders_csv_unnamed({ count: names.unnamed }, o)],
  ];
}
