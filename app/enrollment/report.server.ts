// The funder report (issue 29, decision 0033): for a date range and optionally a program, a level or a city, what a
// funder asks. One statement over the attendance marks; the page and the CSV show the same tables (report-tables.ts), with
// the definitions written on the page (the words below are those definitions' numbers, nothing else):
// - a session held: a session on a day with at least one attendance mark in the range;
// - a participant: an athlete marked present at least once in the range (each counted once);
// - returning: a participant marked present at any session before the range; new: every other participant;
// - age: on the range's first day, from the date of birth;
// - attendance rate: present marks / all marks in the range;
// - hours on court: for each present mark, the session's length (start to end time); sessions without times add none;
// - level: the athlete's latest placement on or before the range's last day; city: the session's place or address
//   names it;
// - per program and per session (issue 39): the same counts over that program's or session's marks (an athlete in two
//   sessions counts once in each, and once in the totals);
// - what grant forms ask (issue 39, decision 0051): the participants' answers their families gave on /account/family
//   (gender, ZIP, school, grade, free or reduced-price lunch), as counts; report-tables.ts suppresses small cells
//   with the outcomes report's rule.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { SqlExecutor } from "~/mail/index.server";
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
  /** Per program (slug) and per session, the range's counts. */
  programs: Breakdown[];
  sessions: Array<Breakdown & { id: string; title: string; titleEs: string | null }>;
  /** The participants' answers, counted per question and answer ("" = not answered). */
  answers: Array<{ question: DemographicQuestion; answer: string; count: number }>;
};

export type Breakdown = { program: string; participants: number; sessionsHeld: number; attendanceRate: number | null; hoursOnCourt: number };
export const DEMOGRAPHIC_QUESTIONS = ["gender", "zip", "school", "grade", "lunch"] as const;
export type DemographicQuestion = (typeof DEMOGRAPHIC_QUESTIONS)[number];

const BreakdownRow = z.object({
  program: z.string().nullable(),
  participants: z.coerce.number(),
  held: z.coerce.number(),
  marks: z.coerce.number(),
  present: z.coerce.number(),
  hours: z.coerce.number(),
});
const SessionRow = BreakdownRow.extend({ id: z.string(), title: z.string(), title_es: z.string().nullable() });
const AnswerRow = z.object({ q: z.enum(DEMOGRAPHIC_QUESTIONS), a: z.string(), n: z.coerce.number() });

const rate = (present: number, marks: number) => (marks > 0 ? Math.round((1000 * present) / marks) / 10 : null);
const breakdown = (r: z.infer<typeof BreakdownRow>): Breakdown => ({
  program: r.program ?? "",
  participants: r.participants,
  sessionsHeld: r.held,
  attendanceRate: rate(r.present, r.marks),
  hoursOnCourt: Math.round(r.hours * 10) / 10,
});

export async function getFunderReport(db: SqlExecutor, q: ReportQuery): Promise<FunderReport> {
  const { rows } = await db.execute(reportStatement(q));
  const r = ReportRow.parse(rows[0]);
  const raw = rows[0] as { by_program: unknown; by_session: unknown; answers: unknown };
  return {
    participants: r.participants,
    newParticipants: r.participants - r.returning,
    returning: r.returning,
    sessionsHeld: r.sessions_held,
    marks: r.marks,
    present: r.present,
    attendanceRate: rate(r.present, r.marks),
    hoursOnCourt: Math.round(r.hours * 10) / 10,
    ages: { under10: r.under10, from10to13: r.from10to13, from14to17: r.from14to17, adults: r.adults, unknown: r.unknown_age },
    programs: z.array(BreakdownRow).parse(raw.by_program).map(breakdown),
    sessions: z
      .array(SessionRow)
      .parse(raw.by_session)
      .map((row) => ({ ...breakdown(row), id: row.id, title: row.title, titleEs: row.title_es })),
    answers: z
      .array(AnswerRow)
      .parse(raw.answers)
      .map((a) => ({ question: a.q, answer: a.a, count: a.n })),
  };
}

/** The report's one statement (exported for EXPLAIN when tuning it). */
export function reportStatement(q: ReportQuery) {
  const cityPatterns = q.city ? (CITY_WORDS[q.city] ?? []).map((w) => `%${w}%`) : [];
  // One pass over the range's marks (materialised once), then one over its participants: the cost grows with the marks
  // in the range, not with the history (returning is an index probe per participant).
  return sql`
    with s as materialized (
      select e.id, e.program_slug, e.title, e.title_es,
        coalesce(extract(epoch from (e.end_time - e.start_time))::float8 / 3600, 0) as hours
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
    per_event as (
      select d.event_id, count(*) as held, sum(d.marks) as marks, sum(d.present) as present, sum(d.present * s.hours) as hours
      from per_day d join s on s.id = d.event_id group by d.event_id
    ),
    people as materialized (select distinct mk.athlete_id, mk.event_id, s.program_slug from mk join s on s.id = mk.event_id where mk.present),
    totals as (
      select coalesce(sum(marks), 0) as marks, coalesce(sum(present), 0) as present, coalesce(sum(held), 0) as sessions_held,
        coalesce(sum(hours), 0) as hours
      from per_event
    ),
    pa as (
      select extract(year from age(${q.from}::date, u.date_of_birth))::int as a,
        exists (select 1 from attendance_marks b where b.athlete_id = p.athlete_id and b.present and b.day < ${q.from}::date) as came_before,
        d.gender, d.zip, btrim(d.school) as school, d.grade, d.school_lunch
      from (select distinct athlete_id from people) p join users u on u.id = p.athlete_id
        left join athlete_demographics d on d.athlete_id = p.athlete_id
    )
    select totals.*, ages.*,
      (select coalesce(json_agg(json_build_object('program', x.program_slug, 'participants', x.participants, 'held', x.held,
          'marks', x.marks, 'present', x.present, 'hours', x.hours) order by x.program_slug), '[]')
        from (select s.program_slug, sum(pe.held) as held, sum(pe.marks) as marks, sum(pe.present) as present, sum(pe.hours) as hours,
            (select count(distinct athlete_id) from people where people.program_slug = s.program_slug) as participants
          from per_event pe join s on s.id = pe.event_id group by s.program_slug) x) as by_program,
      (select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'title_es', s.title_es, 'program', s.program_slug,
          'participants', (select count(*) from people where people.event_id = s.id), 'held', pe.held, 'marks', pe.marks,
          'present', pe.present, 'hours', pe.hours) order by s.program_slug, s.title, s.id), '[]')
        from per_event pe join s on s.id = pe.event_id) as by_session,
      (select coalesce(json_agg(json_build_object('q', x.q, 'a', x.a, 'n', x.n) order by x.q, x.a), '[]') from (
          select 'gender' as q, coalesce(gender, '') as a, count(*) as n from pa group by 2
          union all select 'zip', coalesce(zip, ''), count(*) from pa group by 2
          union all select 'school', coalesce(min(school), ''), count(*) from pa group by lower(school)
          union all select 'grade', coalesce(grade::text, ''), count(*) from pa group by 2
          union all select 'lunch', coalesce(school_lunch, ''), count(*) from pa group by 2
        ) x) as answers
    from totals, (
      select count(*) as participants, count(*) filter (where came_before) as returning,
        count(*) filter (where a < 10) as under10, count(*) filter (where a between 10 and 13) as from10to13,
        count(*) filter (where a between 14 and 17) as from14to17, count(*) filter (where a >= 18) as adults,
        count(*) filter (where a is null) as unknown_age
      from pa
    ) ages`;
}
