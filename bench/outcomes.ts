// npm run bench:outcomes [-- --rounds 3 --requests 40]
// Starts the production server on its own embedded database (new each run), writes five years of a 2,000-athlete
// program straight into it (households, 40 sessions of tennis, education or both, each athlete enrolled for two years
// with attendance twice a week, two evaluations of six skills a year, two terms' grade bands a year, and college
// milestones for the older ones), then measures the way a browser does:
//   1. the outcomes report (/reports/outcomes, a coach's page) over one year, five years, a program and a city:
//      p50 and p99 per round, against the budget (p99 <= 500 ms, issue 42);
//   2. an athlete's page (/athletes/:id, read by the athlete's guardian): p50 and p99 per round (p99 <= 100 ms).
//   3. what a load machine cannot blur: the statements each page's request makes and their mean time in PostgreSQL
//      (pg_stat_statements, over 10 requests), and EXPLAIN ANALYZE's planning and execution times of the report's
//      statement for each range (decision 0062 keeps the figures).
// Writing 4,000 sign-ups through scrypt would measure nothing about either page; every request measured is the real path.
import { pathToFileURL } from "node:url";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { outcomesStatement } from "../app/athletes/index.server";
import { OutcomesQuerySchema } from "../app/athletes/schemas";
import { machineLoad, makeFamilies, makePeople, measurePage, roundsArgs, statementsPerRequest, withSite } from "./site";

const ARGS = roundsArgs({ default: 40, min: 5, max: 500 });
const ATHLETES = 2000;
const SESSIONS = 40;
const REPORT_BUDGET_MS = 500;
const PAGE_BUDGET_MS = 100;
const NOW = "2026-11-24T15:00:00-05:00";
const FIRST_DAY = "2021-11-24";
const LAST_DAY = "2026-11-23";
const DAY_MS = 24 * 60 * 60 * 1000;

/** Athletes born over 12 years (ages 6 to 17 at the start), so five years ages some out. */
const athleteBorn = (i: number) => new Date(Date.UTC(2004, 0, 1) + (i % 4380) * DAY_MS).toISOString().slice(0, 10);

/** Writes the five years (exported for a look at the plans on a kept database). */
export async function fiveYears(sql: pg.Client, coachId: string) {
  const families = await makeFamilies(sql, ATHLETES, "player", coachId, athleteBorn);
  const guardians = families.map((f) => f.guardian);
  const athletes = families.map((f) => f.athlete);
  const programs = ["fall", "spring", "summer", "winter", "after-school", "school-without-walls"];
  const places = ["Fort Dupont, Washington, DC", "Druid Hill Park, Baltimore", "Piedmont Park, Atlanta", "Chesapeake Tennis Center, Chesapeake"];
  const kinds = ["tennis", "tennis", "education", "both"];
  const sessionIds: string[] = [];
  for (let s = 0; s < SESSIONS; s++) {
    const { rows } = await sql.query<{ id: string }>(
      `insert into events (title, kind, weekdays, starts_on, ends_on, start_time, end_time, place, program_slug, session_kind)
       values ($1, 'weekly', $2, $5, $6, '16:30', '18:00', $3, $4, $7) returning id`,
      [
        `Bench session ${s}`,
        `{${(s % 5) + 1},${((s % 5) + 3) % 7}}`,
        places[s % places.length],
        programs[s % programs.length],
        FIRST_DAY,
        LAST_DAY,
        kinds[s % kinds.length],
      ],
    );
    sessionIds.push(rows[0]!.id);
  }
  await sql.query(`insert into session_coaches (event_id, coach_id) select e, $2 from unnest($1::uuid[]) e`, [sessionIds, coachId]);
  // Each athlete enrolled in one session for two years, starting somewhere in the first three.
  await sql.query(
    `create temporary table bench_path as
     select a as athlete_id, ($1::uuid[])[1 + (i % $3)] as event_id, date '${FIRST_DAY}' + ((i * 7919) % 1095)::int as from_day
     from unnest($2::text[]) with ordinality as t(a, i)`,
    [sessionIds, athletes.map((a) => a.id), SESSIONS],
  );
  await sql.query(
    `insert into enrollments (event_id, athlete_id, requested_by, status, emergency_name, emergency_phone)
     select event_id, athlete_id, athlete_id, 'enrolled', 'Emergency Contact', '202-555-0100' from bench_path`,
  );
  await sql.query(
    `insert into attendance_marks (event_id, athlete_id, day, present, client_id, marked_by, marked_at)
     select p.event_id, p.athlete_id, d::date, random() < 0.85, gen_random_uuid(), $1, d + interval '18 hours'
     from bench_path p join events ev on ev.id = p.event_id
     cross join generate_series(p.from_day::timestamp, (p.from_day + 730)::timestamp, interval '1 day') d
     where extract(dow from d)::int = any(ev.weekdays) and d::date <= date '${LAST_DAY}'`,
    [coachId],
  );
  // Levels: placed at 5 when they start, one level up a year for most.
  await sql.query(
    `insert into athlete_levels (athlete_id, level, placed_on, coach_id, note)
     select athlete_id, 5 - y, from_day + 365 * y, $1, 'bench' from bench_path, generate_series(0, 2) y
     where y = 0 or random() < 0.7`,
    [coachId],
  );
  // Two evaluations a year of every skill, and two terms' grade bands a year.
  await sql.query(
    `with e as (
       insert into athlete_evaluations (athlete_id, coach_id, evaluated_on, level, note, goal_one)
       select athlete_id, $1, from_day + 182 * k, greatest(1, 5 - k / 2), 'Bench evaluation', 'Keep the ball deep'
       from bench_path, generate_series(0, 3) k where from_day + 182 * k <= date '${LAST_DAY}'
       returning id)
     insert into athlete_evaluation_scores (evaluation_id, skill_id, score)
     select e.id, s.id, 1 + floor(random() * 4)::int from e cross join athlete_skills s`,
    [coachId],
  );
  await sql.query(
    `insert into athlete_terms (athlete_id, year, term, band)
     select athlete_id, extract(year from from_day)::int + y, t, (array['below-2','2-2.5','2.5-3','3-3.5','3.5-4','4-plus'])[1 + floor(random() * 6)::int]
     from bench_path, generate_series(0, 2) y, unnest(array['spring', 'fall']) t
     where extract(year from from_day)::int + y <= 2026`,
  );
  await sql.query(`insert into athlete_schools (athlete_id, school, grade) select athlete_id, 'Bench High School', 9 from bench_path`);
  // Most families' optional answers (the report counts youth served by gender and school lunch).
  await sql.query(
    `insert into athlete_demographics (athlete_id, gender, school_lunch)
     select athlete_id, (array['female', 'male', 'another'])[1 + floor(random() * 3)::int], (array['free', 'reduced', 'none'])[1 + floor(random() * 3)::int]
     from bench_path where random() < 0.7`,
  );
  // The older athletes' college milestones.
  await sql.query(
    `insert into athlete_milestones (athlete_id, kind, happened_on, college, tennis, scholarship_kind, amount_band, class_year)
     select p.athlete_id, k, least(date '${LAST_DAY}', p.from_day + 600), case when k = 'graduated' then null else 'University of Maryland' end,
       k = 'committed' and random() < 0.3, case when k = 'scholarship' then 'academic' end, case when k = 'scholarship' then '5k-20k' end,
       case when k = 'scholarship' then 2027 end
     from bench_path p join users u on u.id = p.athlete_id and u.date_of_birth < date '2009-01-01',
       unnest(array['applied', 'admitted', 'committed', 'enrolled', 'scholarship', 'graduated']) k
     where random() < 0.5`,
  );
  await sql.query("analyze");
  const { rows } = await sql.query<{ marks: number; evaluations: number; milestones: number }>(
    `select (select count(*)::int from attendance_marks) as marks, (select count(*)::int from athlete_evaluations) as evaluations,
       (select count(*)::int from athlete_milestones) as milestones`,
  );
  return { counts: rows[0]!, guardians, athletes };
}

export const QUERIES = [
  "from=2025-11-24&to=2026-11-23",
  `from=${FIRST_DAY}&to=${LAST_DAY}`,
  "from=2025-11-24&to=2026-11-23&program=after-school",
  `from=${FIRST_DAY}&to=${LAST_DAY}&city=Baltimore`,
  "from=2026-01-01&to=2026-06-30",
];

/** EXPLAIN ANALYZE of the report's one statement for each range: planning and execution times, machine load aside. */
async function explainReport(sql: pg.Client) {
  const dialect = new PgDialect();
  for (const query of QUERIES) {
    const q = OutcomesQuerySchema.parse({ program: "", season: "", city: "", ...Object.fromEntries(new URLSearchParams(query)) });
    const { sql: text, params } = dialect.sqlToQuery(outcomesStatement(q));
    const times = [];
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql.query<{ "QUERY PLAN": string }>(`explain (analyze, format text) ${text}`, params);
      const at = (what: string) => Number(rows.find((r) => r["QUERY PLAN"].startsWith(what))?.["QUERY PLAN"].match(/([\d.]+) ms/)?.[1]);
      times.push({ planning: at("Planning Time"), execution: at("Execution Time") });
    }
    const best = times.sort((a, b) => a.execution - b.execution)[0]!;
    console.log(`report statement (${query}): planning ${best.planning.toFixed(1)} ms, execution ${best.execution.toFixed(1)} ms (best of 3)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await withSite(
    "outcomes",
    { SAFE_PLAY_NOW: NOW },
    async ({ server, sql }) => {
      console.log(`${machineLoad()}; a new database`);
      const [coach] = await makePeople(sql, 1, { role: "coach", clientKind: "guardian", born: "1980-01-01", name: "coach" });
      const started = performance.now();
      const { counts, guardians, athletes } = await fiveYears(sql, coach!.id);
      console.log(
        `(${ATHLETES} athletes over 5 years: ${counts.marks} attendance marks, ${counts.evaluations} evaluations, ${counts.milestones} milestones; written in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
      const report = await measurePage({
        label: `outcomes report (${ATHLETES} athletes, 5 years)`,
        budgetMs: REPORT_BUDGET_MS,
        ...ARGS,
        url: (i) => `${server.url}/reports/outcomes?${QUERIES[i % QUERIES.length]}`,
        cookie: () => coach!.cookie,
      });
      const pick = (i: number) => (i * 7919) % ATHLETES;
      const page = await measurePage({
        label: "athlete's page (read by a guardian)",
        budgetMs: PAGE_BUDGET_MS,
        ...ARGS,
        url: (i) => `${server.url}/athletes/${athletes[pick(i)]!.id}`,
        cookie: (i) => guardians[pick(i)]!.cookie,
      });
      await statementsPerRequest(
        sql,
        "outcomes report",
        10,
        (i) => `${server.url}/reports/outcomes?${QUERIES[i % QUERIES.length]}`,
        () => coach!.cookie,
      );
      await statementsPerRequest(
        sql,
        "athlete's page",
        10,
        (i) => `${server.url}/athletes/${athletes[pick(i)]!.id}`,
        (i) => guardians[pick(i)]!.cookie,
      );
      await explainReport(sql);
      process.exitCode = report && page ? 0 : 1;
    },
    { statementStatistics: true },
  );
