// What /athletes/:id shows (issue 42): levels, evaluations with the change since the one before, attendance and hours
// of each kind, school and terms, goals, milestones, and, for staff, check-in notes. Read only after
// getAthleteRights said the reader may (the route's first line); the whole page is one statement whose parts are each
// an indexed read by athlete.
import { sql, type SQL } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/index.server";
import type { AthleteRights } from "./access.server";
import type { ReportCardView } from "./report-cards.server";

export type SkillName = { id: string; name: string };
export type EvaluationView = {
  id: string;
  evaluatedOn: string;
  level: number;
  /** The level of the evaluation before, when it differs: the level changed at this evaluation. */
  levelBefore: number | null;
  coach: string;
  note: string;
  goals: string[];
  /** Each skill scored, with the change since the evaluation before (null: not scored then, or the first). */
  scores: Array<{ skill: string; score: number; change: number | null }>;
};

export type AthletePath = Awaited<ReturnType<typeof getAthletePath>>;

const num = (v: unknown) => Number(v ?? 0);
const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const day = (v: unknown) => str(v).slice(0, 10);

/** The skills evaluations score now, in the reader's language, in order. */
export async function getActiveSkills(db: SqlExecutor, locale: "en" | "es"): Promise<SkillName[]> {
  const { rows } = await db.execute(sql`
    select id, case when ${locale} = 'es' then name_es else name end as name from athlete_skills
    where retired_at is null order by position, name`);
  return rows.map((r) => ({ id: str(r.id), name: str(r.name) }));
}

/** The evaluations' rows (oldest first) as the page shows them: newest first, each with its change since the one before. */
function evaluationViews(rows: Record<string, unknown>[]): EvaluationView[] {
  type Score = { skill: string; name: string; position: number; score: number };
  const out: EvaluationView[] = [];
  let before: { level: number; scores: Map<string, number> } | null = null;
  for (const r of rows) {
    const scores = (r.scores as Score[]).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    const level = num(r.level);
    out.push({
      id: str(r.id),
      evaluatedOn: day(r.evaluated_on),
      level,
      levelBefore: before && before.level !== level ? before.level : null,
      coach: str(r.coach),
      note: str(r.note),
      goals: [str(r.goal_one), str(r.goal_two)].filter(Boolean),
      scores: scores.map((s) => {
        const prior = before?.scores.get(s.skill);
        return { skill: s.name, score: s.score, change: prior === undefined ? null : s.score - prior };
      }),
    });
    before = { level, scores: new Map(scores.map((s) => [s.skill, s.score])) };
  }
  return out.reverse();
}

/** The evaluations' rows, oldest first, each with its scores as JSON (evaluationViews reads them). */
const evaluationsSql = (athleteId: string, locale: "en" | "es") => sql`
    select e.id, e.evaluated_on::text as evaluated_on, e.created_at, e.level, e.note, e.goal_one, e.goal_two, coalesce(c.full_name, '') as coach,
      coalesce(json_agg(json_build_object('skill', s.id, 'name', case when ${locale} = 'es' then s.name_es else s.name end,
        'position', s.position, 'score', sc.score)) filter (where sc.skill_id is not null), '[]') as scores
    from athlete_evaluations e
      left join users c on c.id = e.coach_id
      left join athlete_evaluation_scores sc on sc.evaluation_id = e.id
      left join athlete_skills s on s.id = sc.skill_id
    where e.athlete_id = ${athleteId}
    group by e.id, c.full_name
    order by e.evaluated_on, e.created_at`;

/** The evaluations, newest first, each with its change since the one before it. */
export async function getEvaluations(db: SqlExecutor, athleteId: string, locale: "en" | "es"): Promise<EvaluationView[]> {
  const { rows } = await db.execute(evaluationsSql(athleteId, locale));
  return evaluationViews(rows);
}

/**
 * Attendance and hours. A present mark counts its session's length (start to end time) as hours of tennis, of
 * education, or half of each for a session that is both (decision 0045); sessions without times add none.
 */
const attendanceSql = (athleteId: string) => sql`
    select count(*) filter (where m.present) as present, count(*) filter (where not m.present) as absent,
      coalesce(sum(h.hours * case e.session_kind when 'tennis' then 1 when 'both' then 0.5 else 0 end) filter (where m.present), 0) as tennis,
      coalesce(sum(h.hours * case e.session_kind when 'education' then 1 when 'both' then 0.5 else 0 end) filter (where m.present), 0) as education
    from attendance_marks m join events e on e.id = m.event_id,
      lateral (select coalesce(extract(epoch from (e.end_time - e.start_time))::float8 / 3600, 0) as hours) h
    where m.athlete_id = ${athleteId}`;

function attendanceOf(r: Record<string, unknown>) {
  const round = (v: unknown) => Math.round(num(v) * 10) / 10;
  return { present: num(r.present), absent: num(r.absent), tennisHours: round(r.tennis), educationHours: round(r.education) };
}

export async function getAttendance(db: SqlExecutor, athleteId: string) {
  const { rows } = await db.execute(attendanceSql(athleteId));
  return attendanceOf(rows[0] ?? {});
}

/** A part of the page as a JSON array of its rows, in `order` (empty: '[]'). */
const rowsOf = (query: SQL, order: SQL) => sql`(select coalesce(json_agg(to_json(x) order by ${order}), '[]') from (${query}) x)`;
const none = sql`'[]'::json`;

/**
 * Everything the athlete's page shows, in ONE statement (one round trip; decision 0062): each part a JSON array of the
 * rows the page reads, in its order; parts the reader may not see are not read.
 */
export async function getAthletePath(db: SqlExecutor, rights: AthleteRights, locale: "en" | "es") {
  const id = rights.athleteId;
  const { rows } = await db.execute(sql`
    select
      ${rowsOf(
        sql`select l.level, l.placed_on::text as placed_on, l.note, coalesce(c.full_name, '') as coach, l.created_at
          from athlete_levels l left join users c on c.id = l.coach_id where l.athlete_id = ${id}`,
        sql`x.placed_on desc, x.created_at desc`,
      )} as levels,
      ${rowsOf(evaluationsSql(id, locale), sql`x.evaluated_on, x.created_at`)} as evaluations,
      (select to_json(a) from (${attendanceSql(id)}) a) as attendance,
      (select json_build_object('school', school, 'grade', grade) from athlete_schools where athlete_id = ${id}) as school,
      ${rowsOf(
        sql`select year, term, band, summary from athlete_terms where athlete_id = ${id}`,
        sql`x.year desc, case x.term when 'fall' then 3 when 'summer' then 2 else 1 end desc`,
      )} as terms,
      ${rowsOf(
        sql`select id, kind, happened_on::text as happened_on, college, detail, tennis, scholarship_kind, amount_band, class_year,
            listing_agreed_at is not null as listed, created_at from athlete_milestones where athlete_id = ${id}`,
        sql`x.happened_on desc, x.created_at desc`,
      )} as milestones,
      ${
        rights.checkIn
          ? rowsOf(
              sql`select k.id, k.note, to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, k.created_at,
                  coalesce(s.full_name, '') as staff
                from athlete_check_ins k left join users s on s.id = k.staff_id where k.athlete_id = ${id} order by k.created_at desc limit 50`,
              sql`x.created_at desc`,
            )
          : none
      } as check_ins,
      ${
        rights.evaluate
          ? rowsOf(
              sql`select id, case when ${locale} = 'es' then name_es else name end as name, position from athlete_skills where retired_at is null`,
              sql`x.position, x.name`,
            )
          : none
      } as skills,
      ${
        rights.readReportCards
          ? rowsOf(
              sql`select c.id, t.year, t.term, c.file_name, c.mime_type, c.size, c.created_at::date::text as attached_on
                from athlete_report_cards c join athlete_terms t on t.id = c.term_id where c.athlete_id = ${id}`,
              sql`x.attached_on`,
            )
          : none
      } as report_cards`);
  const r = rows[0] ?? {};
  const list = (k: string) => (r[k] ?? []) as Record<string, unknown>[];
  const s = r.school as Record<string, unknown> | null;
  return {
    levels: list("levels").map((l) => ({ level: num(l.level), placedOn: day(l.placed_on), note: str(l.note), coach: str(l.coach) })),
    evaluations: evaluationViews(list("evaluations")),
    attendance: attendanceOf((r.attendance ?? {}) as Record<string, unknown>),
    school: s ? { school: str(s.school), grade: num(s.grade) } : null,
    terms: list("terms").map((t) => ({
      year: num(t.year),
      term: str(t.term),
      band: t.band === null ? null : str(t.band),
      summary: str(t.summary),
    })),
    milestones: list("milestones").map((ms) => ({
      id: str(ms.id),
      kind: str(ms.kind),
      happenedOn: day(ms.happened_on),
      college: str(ms.college),
      detail: str(ms.detail),
      tennis: ms.tennis === true,
      scholarshipKind: ms.scholarship_kind === null ? null : str(ms.scholarship_kind),
      amountBand: ms.amount_band === null ? null : str(ms.amount_band),
      classYear: ms.class_year === null ? null : num(ms.class_year),
      listed: ms.listed === true,
    })),
    checkIns: list("check_ins").map((c) => ({ id: str(c.id), note: str(c.note), at: str(c.at), staff: str(c.staff) })),
    skills: list("skills").map((k) => ({ id: str(k.id), name: str(k.name) })),
    reportCards: list("report_cards").map((c): ReportCardView => ({
      id: str(c.id),
      year: num(c.year),
      term: str(c.term),
      fileName: str(c.file_name),
      mimeType: str(c.mime_type),
      size: num(c.size),
      attachedOn: str(c.attached_on),
    })),
  };
}
