// The funder report (issue 29, decision 0033): for a date range and optionally a program, a level or a city, what a
// funder asks. One statement over the attendance marks; the page and the CSV show the same rows (reportRows), with
// the definitions written on the page (the words below are those definitions' numbers, nothing else):
// - a session held: a session on a day with at least one attendance mark in the range;
// - a participant: an athlete marked present at least once in the range (each counted once);
// - returning: a participant marked present at any session before the range; new: every other participant;
// - age: on the range's first day, from the date of birth;
// - attendance rate: present marks / all marks in the range;
// - hours on court: for each present mark, the session's length (start to end time); sessions without times add none;
// - level: the athlete's latest placement on or before the range's last day; city: the session's place or address
//   names it.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "~/i18n/language";
import type { SqlExecutor } from "~/mail/outbox.server";
import { m } from "~/paraglide/messages";
import type { ReportQuery } from "./schemas";

/** What a session's place or address says for each city (the District is written both ways). */
const CITY_WORDS: Record<string, string[]> = {
  Washington: ["Washington", "DC", "D.C."],
  Baltimore: ["Baltimore"],
  Atlanta: ["Atlanta"],
  Chesapeake: ["Chesapeake"],
};

const ReportRow = z.object({
  participants: z.coerce.number(),
  returning: z.coerce.number(),
  sessions_held: z.coerce.number(),
  marks: z.coerce.number(),
  present: z.coerce.number(),
  hours: z.coerce.number(),
  under10: z.coerce.number(),
  from10to13: z.coerce.number(),
  from14to17: z.coerce.number(),
  adults: z.coerce.number(),
  unknown_age: z.coerce.number(),
});

export type FunderReport = {
  participants: number;
  newParticipants: number;
  returning: number;
  sessionsHeld: number;
  marks: number;
  present: number;
  /** Present marks / all marks, 0-100 with one decimal; null when no marks. */
  attendanceRate: number | null;
  hoursOnCourt: number;
  ages: { under10: number; from10to13: number; from14to17: number; adults: number; unknown: number };
};

export async function getFunderReport(db: SqlExecutor, q: ReportQuery): Promise<FunderReport> {
  const { rows } = await db.execute(reportStatement(q));
  const r = ReportRow.parse(rows[0]);
  return {
    participants: r.participants,
    newParticipants: r.participants - r.returning,
    returning: r.returning,
    sessionsHeld: r.sessions_held,
    marks: r.marks,
    present: r.present,
    attendanceRate: r.marks > 0 ? Math.round((1000 * r.present) / r.marks) / 10 : null,
    hoursOnCourt: Math.round(r.hours * 10) / 10,
    ages: { under10: r.under10, from10to13: r.from10to13, from14to17: r.from14to17, adults: r.adults, unknown: r.unknown_age },
  };
}

/** The report's one statement (exported for EXPLAIN when tuning it). */
export function reportStatement(q: ReportQuery) {
  const cityPatterns = q.city ? (CITY_WORDS[q.city] ?? []).map((w) => `%${w}%`) : [];
  // One pass over the range's marks (materialised once), then one over its participants: the cost grows with the marks
  // in the range, not with the history (returning is an index probe per participant).
  return sql`
    with s as materialized (
      select e.id, coalesce(extract(epoch from (e.end_time - e.start_time))::float8 / 3600, 0) as hours
      from events e
      where e.program_slug is not null
        ${q.program ? sql`and e.program_slug = ${q.program}` : sql``}
        ${cityPatterns.length ? sql`and (coalesce(e.place, '') || ' ' || coalesce(e.street_address, '')) ilike any(${`{${cityPatterns.map((p) => `"${p}"`).join(",")}}`}::text[])` : sql``}
    ),
    lv as (
      select distinct on (athlete_id) athlete_id, level from athlete_levels
      where placed_on <= ${q.to}::date order by athlete_id, placed_on desc, created_at desc
    ),
    mk as materialized (
      select am.athlete_id, am.event_id, am.day, am.present
      from attendance_marks am join s on s.id = am.event_id
        ${q.level !== "" ? sql`join lv on lv.athlete_id = am.athlete_id and lv.level = ${q.level}` : sql``}
      where am.day between ${q.from}::date and ${q.to}::date
    ),
    per_day as (
      select event_id, count(*) as marks, count(*) filter (where present) as present from mk group by event_id, day
    ),
    totals as (
      select coalesce(sum(d.marks), 0) as marks, coalesce(sum(d.present), 0) as present, count(*) as sessions_held,
        coalesce(sum(d.present * s.hours), 0) as hours
      from per_day d join s on s.id = d.event_id
    ),
    pa as (
      select extract(year from age(${q.from}::date, u.date_of_birth))::int as a,
        exists (select 1 from attendance_marks b where b.athlete_id = p.athlete_id and b.present and b.day < ${q.from}::date) as came_before
      from (select athlete_id from mk where present group by athlete_id) p join users u on u.id = p.athlete_id
    )
    select totals.*, ages.* from totals, (
      select count(*) as participants, count(*) filter (where came_before) as returning,
        count(*) filter (where a < 10) as under10, count(*) filter (where a between 10 and 13) as from10to13,
        count(*) filter (where a between 14 and 17) as from14to17, count(*) filter (where a >= 18) as adults,
        count(*) filter (where a is null) as unknown_age
      from pa
    ) ages`;
}

/** The report as rows of (what, number): the page's table and the CSV, in the reader's language. */
export function reportRows(r: FunderReport, locale: Locale): Array<[string, string]> {
  const o = { locale };
  const n = (v: number) => new Intl.NumberFormat(locale === "es" ? "es-US" : "en-US").format(v);
  return [
    [m.enroll_report_participants({}, o), n(r.participants)],
    [m.enroll_report_new({}, o), n(r.newParticipants)],
    [m.enroll_report_returning({}, o), n(r.returning)],
    [m.enroll_report_age_under10({}, o), n(r.ages.under10)],
    [m.enroll_report_age_10_13({}, o), n(r.ages.from10to13)],
    [m.enroll_report_age_14_17({}, o), n(r.ages.from14to17)],
    [m.enroll_report_age_adults({}, o), n(r.ages.adults)],
    [m.enroll_report_age_unknown({}, o), n(r.ages.unknown)],
    [m.enroll_report_sessions_held({}, o), n(r.sessionsHeld)],
    [m.enroll_report_attendance_rate({}, o), r.attendanceRate === null ? "–" : `${n(r.attendanceRate)}%`],
    [m.enroll_report_hours({}, o), n(r.hoursOnCourt)],
  ];
}
