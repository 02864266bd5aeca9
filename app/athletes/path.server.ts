// What /athletes/:id shows (issue 42): levels, evaluations with the change since the one before, attendance and hours
// of each kind, school and terms, goals, milestones, and, for staff, check-in notes. Read only after
// getAthleteRights said the reader may (the route's first line); each part is one indexed query by athlete.
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "~/mail/outbox.server";
import type { AthleteRights } from "./access.server";

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

/** The evaluations, newest first, each with its change since the one before it. */
export async function getEvaluations(db: SqlExecutor, athleteId: string, locale: "en" | "es"): Promise<EvaluationView[]> {
  const { rows } = await db.execute(sql`
    select e.id, e.evaluated_on::text as evaluated_on, e.level, e.note, e.goal_one, e.goal_two, coalesce(c.full_name, '') as coach,
      coalesce(json_agg(json_build_object('skill', s.id, 'name', case when ${locale} = 'es' then s.name_es else s.name end,
        'position', s.position, 'score', sc.score)) filter (where sc.skill_id is not null), '[]') as scores
    from athlete_evaluations e
      left join users c on c.id = e.coach_id
      left join athlete_evaluation_scores sc on sc.evaluation_id = e.id
      left join athlete_skills s on s.id = sc.skill_id
    where e.athlete_id = ${athleteId}
    group by e.id, c.full_name
    order by e.evaluated_on, e.created_at`);
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

/**
 * Attendance and hours. A present mark counts its session's length (start to end time) as hours of tennis, of
 * education, or half of each for a session that is both (decision 0045); sessions without times add none.
 */
export async function getAttendance(db: SqlExecutor, athleteId: string) {
  const { rows } = await db.execute(sql`
    select count(*) filter (where m.present) as present, count(*) filter (where not m.present) as absent,
      coalesce(sum(h.hours * case e.session_kind when 'tennis' then 1 when 'both' then 0.5 else 0 end) filter (where m.present), 0) as tennis,
      coalesce(sum(h.hours * case e.session_kind when 'education' then 1 when 'both' then 0.5 else 0 end) filter (where m.present), 0) as education
    from attendance_marks m join events e on e.id = m.event_id,
      lateral (select coalesce(extract(epoch from (e.end_time - e.start_time))::float8 / 3600, 0) as hours) h
    where m.athlete_id = ${athleteId}`);
  const r = rows[0] ?? {};
  const round = (v: unknown) => Math.round(num(v) * 10) / 10;
  return { present: num(r.present), absent: num(r.absent), tennisHours: round(r.tennis), educationHours: round(r.education) };
}

export async function getAthletePath(db: SqlExecutor, rights: AthleteRights, locale: "en" | "es") {
  const id = rights.athleteId;
  const [levels, evaluations, attendance, school, terms, milestones, checkIns, skills] = await Promise.all([
    db.execute(sql`
      select l.level, l.placed_on::text as placed_on, l.note, coalesce(c.full_name, '') as coach from athlete_levels l left join users c on c.id = l.coach_id
      where l.athlete_id = ${id} order by l.placed_on desc, l.created_at desc`),
    getEvaluations(db, id, locale),
    getAttendance(db, id),
    db.execute(sql`select school, grade from athlete_schools where athlete_id = ${id}`),
    db.execute(sql`select year, term, band, summary from athlete_terms where athlete_id = ${id}
      order by year desc, case term when 'fall' then 3 when 'summer' then 2 else 1 end desc`),
    db.execute(sql`
      select id, kind, happened_on::text as happened_on, college, detail, tennis, scholarship_kind, amount_band, class_year, listing_agreed_at is not null as listed
      from athlete_milestones where athlete_id = ${id} order by happened_on desc, created_at desc`),
    rights.checkIn
      ? db.execute(sql`
        select k.id, k.note, k.created_at, coalesce(s.full_name, '') as staff from athlete_check_ins k left join users s on s.id = k.staff_id
        where k.athlete_id = ${id} order by k.created_at desc limit 50`)
      : Promise.resolve({ rows: [] as Record<string, unknown>[] }),
    rights.evaluate ? getActiveSkills(db, locale) : Promise.resolve([] as SkillName[]),
  ]);
  const s = school.rows[0];
  return {
    levels: levels.rows.map((r) => ({ level: num(r.level), placedOn: day(r.placed_on), note: str(r.note), coach: str(r.coach) })),
    evaluations,
    attendance,
    school: s ? { school: str(s.school), grade: num(s.grade) } : null,
    terms: terms.rows.map((r) => ({ year: num(r.year), term: str(r.term), band: r.band === null ? null : str(r.band), summary: str(r.summary) })),
    milestones: milestones.rows.map((r) => ({
      id: str(r.id),
      kind: str(r.kind),
      happenedOn: day(r.happened_on),
      college: str(r.college),
      detail: str(r.detail),
      tennis: r.tennis === true,
      scholarshipKind: r.scholarship_kind === null ? null : str(r.scholarship_kind),
      amountBand: r.amount_band === null ? null : str(r.amount_band),
      classYear: r.class_year === null ? null : num(r.class_year),
      listed: r.listed === true,
    })),
    checkIns: checkIns.rows.map((r) => ({
      id: str(r.id),
      note: str(r.note),
      at: r.created_at instanceof Date ? r.created_at.toISOString() : str(r.created_at),
      staff: str(r.staff),
    })),
    skills,
  };
}
