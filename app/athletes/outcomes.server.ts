// /reports/outcomes (issue 42, decision 0045): what funders fund, for a date range and optionally a program, a season
// and a city, in one statement. Only aggregates: every count of fewer than 5 athletes (1 to 4) is suppressed, and so is
// a share whose athletes, or whose athletes left out, are 1 to 4, or whose base is under 5; when fewer than 5 athletes
// were served, every number is. Each number's counting rule is written under it (outcomeRows), the page's and the
// CSV's words alike:
// - youth served: athletes marked present at least once in the range, at the chosen sessions;
// - hours: each present mark counts its session's length (start to end) as tennis, education, or half each (both);
// - rose a level: served athletes placed before the range whose latest placement by its end is a higher level;
// - grade band held or improved: served athletes with two banded terms up to the range's last year, the latest at or
//   above the one before;
// - by gender and by school lunch: served athletes by their family's optional answers (issue 39), "not given" apart;
// - milestones (graduated, admitted, committed, enrolled in college, scholarships): those dated in the range, of athletes who were ever
//   present at the chosen sessions by the range's end.
import { sql } from "drizzle-orm";
import type { Locale } from "~/i18n/language";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { GPA_BANDS, SMALLEST_CELL } from "./choices";
import type { OutcomesQuery } from "./schemas";

const CITY_WORDS: Record<string, string[]> = {
  Washington: ["Washington", "DC", "D.C."],
  Baltimore: ["Baltimore"],
  Atlanta: ["Atlanta"],
  Chesapeake: ["Chesapeake"],
};

export type Outcomes = {
  served: number;
  tennisHours: number;
  educationHours: number;
  ages: { under10: number; from10to13: number; from14to17: number; adults: number; unknown: number };
  /** By the family's optional answers (issue 39's demographics): null is not given. */
  genders: { female: number; male: number; another: number; unknown: number };
  lunch: { free: number; reduced: number; none: number; unknown: number };
  rose: { of: number; count: number };
  grades: { of: number; count: number };
  graduated: number;
  admitted: number;
  committed: number;
  committedTennis: number;
  enrolled: number;
  scholarships: number;
  scholarshipAthletes: number;
  bands: { under1k: number; from1kto5k: number; from5kto20k: number; over20k: number };
};

export function outcomesStatement(q: OutcomesQuery) {
  const cities = q.city ? (CITY_WORDS[q.city] ?? []).map((w) => `%${w}%`) : [];
  const bands = `{${GPA_BANDS.join(",")}}`;
  // Sessions chosen by program, season or city: their marks are picked before counting (unfiltered, every mark's
  // session is chosen and the join after counting drops the rest).
  const filtered = Boolean(q.program || q.season || cities.length);
  return sql`
    with s as materialized (
      select e.id, e.session_kind, coalesce(extract(epoch from (e.end_time - e.start_time))::float8 / 3600, 0) as hours
      from events e where e.program_slug is not null
        ${q.program ? sql`and e.program_slug = ${q.program}` : sql``}
        ${q.season ? sql`and e.season_id = ${q.season}` : sql``}
        ${cities.length ? sql`and (coalesce(e.place, '') || ' ' || coalesce(e.street_address, '')) ilike any(${`{${cities.map((c) => `"${c}"`).join(",")}}`}::text[])` : sql``}
    ),
    -- One pass over the range's present marks, counted by athlete and session (no join or sum a mark), then weighed by
    -- each session's hours: the athletes served with their hours (decision 0062). A session not chosen drops out at
    -- the join.
    served as materialized (
      select g.athlete_id,
        sum(g.n * s.hours * case s.session_kind when 'tennis' then 1 when 'both' then 0.5 else 0 end) as tennis,
        sum(g.n * s.hours * case s.session_kind when 'education' then 1 when 'both' then 0.5 else 0 end) as education
      from (
        select am.athlete_id, am.event_id, count(*) as n from attendance_marks am
        where am.present and am.day between ${q.from}::date and ${q.to}::date
          ${filtered ? sql`and am.event_id in (select id from s)` : sql``}
        group by am.athlete_id, am.event_id
      ) g join s on s.id = g.event_id
      group by g.athlete_id
    ),
    hrs as (select coalesce(sum(tennis), 0) as tennis, coalesce(sum(education), 0) as education from served),
    -- Each served athlete's level before the range and by its end, and their two latest banded terms, each read in one
    -- grouped pass over the athletes' rows rather than three lookups an athlete.
    lv as (
      select l.athlete_id,
        (array_agg(l.level order by l.placed_on desc, l.created_at desc) filter (where l.placed_on < ${q.from}::date))[1] as level_before,
        (array_agg(l.level order by l.placed_on desc, l.created_at desc) filter (where l.placed_on <= ${q.to}::date))[1] as level_after
      from athlete_levels l join served sv on sv.athlete_id = l.athlete_id
      group by l.athlete_id
    ),
    tm as (
      select t.athlete_id,
        (array_agg(array_position(${bands}::text[], t.band)
          order by t.year * 10 + case t.term when 'spring' then 1 when 'summer' then 2 else 3 end desc))[1:2] as ranks
      from athlete_terms t join served sv on sv.athlete_id = t.athlete_id
      where t.band is not null and t.year <= extract(year from ${q.to}::date)
      group by t.athlete_id
    ),
    per as (
      select sv.athlete_id, extract(year from age(${q.from}::date, u.date_of_birth))::int as age, lv.level_before, lv.level_after, tm.ranks,
        d.gender, d.school_lunch
      from served sv join users u on u.id = sv.athlete_id
        left join lv on lv.athlete_id = sv.athlete_id left join tm on tm.athlete_id = sv.athlete_id
        left join athlete_demographics d on d.athlete_id = sv.athlete_id
    ),
    -- The range's milestones are few: each asks the marks' (athlete, day) index whether its athlete ever came, rather
    -- than the statement reading every mark of the chosen sessions up to the range's end.
    ms as materialized (
      select ml.athlete_id, ml.kind, ml.tennis, ml.amount_band from athlete_milestones ml
      where ml.happened_on between ${q.from}::date and ${q.to}::date
        and exists (select 1 from attendance_marks am join s on s.id = am.event_id
          where am.athlete_id = ml.athlete_id and am.present and am.day <= ${q.to}::date)
    )
    select
      (select count(*) from per) as served,
      hrs.tennis, hrs.education,
      (select count(*) from per where age < 10) as under10,
      (select count(*) from per where age between 10 and 13) as from10to13,
      (select count(*) from per where age between 14 and 17) as from14to17,
      (select count(*) from per where age >= 18) as adults,
      (select count(*) from per where age is null) as unknown_age,
      (select count(*) from per where gender = 'female') as gender_female,
      (select count(*) from per where gender = 'male') as gender_male,
      (select count(*) from per where gender = 'another') as gender_another,
      (select count(*) from per where gender is null) as gender_unknown,
      (select count(*) from per where school_lunch = 'free') as lunch_free,
      (select count(*) from per where school_lunch = 'reduced') as lunch_reduced,
      (select count(*) from per where school_lunch = 'none') as lunch_none,
      (select count(*) from per where school_lunch is null) as lunch_unknown,
      (select count(*) from per where level_before is not null) as rose_of,
      (select count(*) from per where level_after < level_before) as rose,
      (select count(*) from per where cardinality(ranks) = 2) as grades_of,
      (select count(*) from per where cardinality(ranks) = 2 and ranks[1] >= ranks[2]) as grades_held,
      (select count(distinct athlete_id) from ms where kind = 'graduated') as graduated,
      (select count(distinct athlete_id) from ms where kind = 'admitted') as admitted,
      (select count(distinct athlete_id) from ms where kind = 'committed') as committed,
      (select count(distinct athlete_id) from ms where kind = 'committed' and tennis) as committed_tennis,
      (select count(distinct athlete_id) from ms where kind = 'enrolled') as enrolled,
      (select count(*) from ms where kind = 'scholarship') as scholarships,
      (select count(distinct athlete_id) from ms where kind = 'scholarship') as scholarship_athletes,
      (select count(*) from ms where amount_band = 'under-1k') as band_under1k,
      (select count(*) from ms where amount_band = '1k-5k') as band_1k5k,
      (select count(*) from ms where amount_band = '5k-20k') as band_5k20k,
      (select count(*) from ms where amount_band = '20k-plus') as band_20k
    from hrs`;
}

export async function getOutcomes(db: SqlExecutor, q: OutcomesQuery): Promise<Outcomes> {
  const { rows } = await db.execute(outcomesStatement(q));
  const r = rows[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  const tenth = (k: string) => Math.round(n(k) * 10) / 10;
  return {
    served: n("served"),
    tennisHours: tenth("tennis"),
    educationHours: tenth("education"),
    ages: { under10: n("under10"), from10to13: n("from10to13"), from14to17: n("from14to17"), adults: n("adults"), unknown: n("unknown_age") },
    genders: { female: n("gender_female"), male: n("gender_male"), another: n("gender_another"), unknown: n("gender_unknown") },
    lunch: { free: n("lunch_free"), reduced: n("lunch_reduced"), none: n("lunch_none"), unknown: n("lunch_unknown") },
    rose: { of: n("rose_of"), count: n("rose") },
    grades: { of: n("grades_of"), count: n("grades_held") },
    graduated: n("graduated"),
    admitted: n("admitted"),
    committed: n("committed"),
    committedTennis: n("committed_tennis"),
    enrolled: n("enrolled"),
    scholarships: n("scholarships"),
    scholarshipAthletes: n("scholarship_athletes"),
    bands: { under1k: n("band_under1k"), from1kto5k: n("band_1k5k"), from5kto20k: n("band_5k20k"), over20k: n("band_20k") },
  };
}

/** A count of athletes as it may leave the site: null (suppressed) when 1 to 4. */
export const cell = (count: number): number | null => (count > 0 && count < SMALLEST_CELL ? null : count);

/** A share as it may leave the site: null when its base is under 5, or its athletes, or those left out, are 1 to 4. */
export function share(count: number, of: number): number | null {
  if (of < SMALLEST_CELL || cell(count) === null || cell(of - count) === null) return null;
  return Math.round((1000 * count) / of) / 10;
}

export type OutcomeRow = { what: string; value: string; rule: string };

/** Youth served by the families' optional answers (gender, school lunch), each a suppressed count. */
function demographicRows(o: Outcomes, count: (v: number) => string, opts: { locale: Locale }): OutcomeRow[] {
  const gender = (g: string, v: number) => ({
    what: m.athletes_outcomes_by_gender({ gender: g }, opts),
    value: count(v),
    rule: m.athletes_outcomes_rule_gender({}, opts),
  });
  const lunch = (l: string, v: number) => ({
    what: m.athletes_outcomes_by_lunch({ lunch: l }, opts),
    value: count(v),
    rule: m.athletes_outcomes_rule_lunch({}, opts),
  });
  return [
    gender(m.account_demographics_gender_female({}, opts), o.genders.female),
    gender(m.account_demographics_gender_male({}, opts), o.genders.male),
    gender(m.account_demographics_gender_another({}, opts), o.genders.another),
    { what: m.athletes_outcomes_gender_unknown({}, opts), value: count(o.genders.unknown), rule: m.athletes_outcomes_rule_gender({}, opts) },
    lunch(m.account_demographics_lunch_free({}, opts), o.lunch.free),
    lunch(m.account_demographics_lunch_reduced({}, opts), o.lunch.reduced),
    lunch(m.account_demographics_lunch_none({}, opts), o.lunch.none),
    { what: m.athletes_outcomes_lunch_unknown({}, opts), value: count(o.lunch.unknown), rule: m.athletes_outcomes_rule_lunch({}, opts) },
  ];
}

/** The report as rows (what, number or "suppressed", how it is counted): the page and the CSV, in `locale`. */
export function outcomeRows(o: Outcomes, locale: Locale): OutcomeRow[] {
  const opts = { locale };
  const fmt = (v: number) => new Intl.NumberFormat(locale === "es" ? "es-US" : "en-US").format(v);
  const hidden = m.athletes_outcomes_suppressed({}, opts);
  const tooFew = o.served < SMALLEST_CELL;
  const count = (v: number) => {
    const c = tooFew ? null : cell(v);
    return c === null ? hidden : fmt(c);
  };
  const hours = (v: number) => (tooFew && o.served > 0 ? hidden : fmt(v));
  const pct = (c: number, of: number) => {
    const s = tooFew ? null : share(c, of);
    return s === null ? hidden : `${fmt(s)}%`;
  };
  const served = cell(o.served) === null ? hidden : fmt(o.served);
  return [
    { what: m.athletes_outcomes_served({}, opts), value: served, rule: m.athletes_outcomes_rule_served({}, opts) },
    { what: m.athletes_outcomes_tennis_hours({}, opts), value: hours(o.tennisHours), rule: m.athletes_outcomes_rule_hours({}, opts) },
    { what: m.athletes_outcomes_education_hours({}, opts), value: hours(o.educationHours), rule: m.athletes_outcomes_rule_hours({}, opts) },
    { what: m.athletes_outcomes_age_under10({}, opts), value: count(o.ages.under10), rule: m.athletes_outcomes_rule_age({}, opts) },
    { what: m.athletes_outcomes_age_10_13({}, opts), value: count(o.ages.from10to13), rule: m.athletes_outcomes_rule_age({}, opts) },
    { what: m.athletes_outcomes_age_14_17({}, opts), value: count(o.ages.from14to17), rule: m.athletes_outcomes_rule_age({}, opts) },
    { what: m.athletes_outcomes_age_adults({}, opts), value: count(o.ages.adults), rule: m.athletes_outcomes_rule_age({}, opts) },
    { what: m.athletes_outcomes_age_unknown({}, opts), value: count(o.ages.unknown), rule: m.athletes_outcomes_rule_age({}, opts) },
    ...demographicRows(o, count, opts),
    { what: m.athletes_outcomes_rose({}, opts), value: pct(o.rose.count, o.rose.of), rule: m.athletes_outcomes_rule_rose({}, opts) },
    { what: m.athletes_outcomes_grades({}, opts), value: pct(o.grades.count, o.grades.of), rule: m.athletes_outcomes_rule_grades({}, opts) },
    { what: m.athletes_outcomes_graduated({}, opts), value: count(o.graduated), rule: m.athletes_outcomes_rule_milestones({}, opts) },
    { what: m.athletes_outcomes_admitted({}, opts), value: count(o.admitted), rule: m.athletes_outcomes_rule_milestones({}, opts) },
    { what: m.athletes_outcomes_committed({}, opts), value: count(o.committed), rule: m.athletes_outcomes_rule_milestones({}, opts) },
    { what: m.athletes_outcomes_committed_tennis({}, opts), value: count(o.committedTennis), rule: m.athletes_outcomes_rule_milestones({}, opts) },
    { what: m.athletes_outcomes_enrolled({}, opts), value: count(o.enrolled), rule: m.athletes_outcomes_rule_milestones({}, opts) },
    {
      what: m.athletes_outcomes_scholarships({}, opts),
      value: cell(o.scholarshipAthletes) === null || tooFew ? hidden : fmt(o.scholarships),
      rule: m.athletes_outcomes_rule_scholarships({}, opts),
    },
    { what: m.athletes_outcomes_band_under1k({}, opts), value: count(o.bands.under1k), rule: m.athletes_outcomes_rule_bands({}, opts) },
    { what: m.athletes_outcomes_band_1k5k({}, opts), value: count(o.bands.from1kto5k), rule: m.athletes_outcomes_rule_bands({}, opts) },
    { what: m.athletes_outcomes_band_5k20k({}, opts), value: count(o.bands.from5kto20k), rule: m.athletes_outcomes_rule_bands({}, opts) },
    { what: m.athletes_outcomes_band_20k({}, opts), value: count(o.bands.over20k), rule: m.athletes_outcomes_rule_bands({}, opts) },
  ];
}
