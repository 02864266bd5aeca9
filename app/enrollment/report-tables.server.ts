// The funder report as tables (issue 39): the totals, one row per program and per session, and the participants'
// answers to what grant forms ask, in the reader's language; the page and the CSV show the same tables. Ages and
// answers are counts of athletes and leave the site as /reports/outcomes' do (its rule, `cell`, decision 0045): a count
// of 1 to 4 is suppressed, and every one is when fewer than 5 athletes took part; ZIP codes and schools with fewer
// than 5 athletes are counted together, so a rare value never names a family. The CSV starts with the organisation,
// the period and the filters used.
import { cell, SMALLEST_CELL } from "~/athletes/index.server";
import { PROGRAM_LINKS } from "~/content/site";
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { FunderReport } from "./report.server";
import type { ReportQuery } from "./schemas";

export type ReportTable = { id: string; title: string; head: string[]; rows: string[][] };

/**
 * Financial aid on the fees of the report's sessions (issue 41), from payments (the route asks it: enrollment knows
 * nothing of payments): per session id, per program slug and in all.
 */
export type ReportAid = {
  total: { aidCents: number; onAid: number };
  byProgram: Record<string, { aidCents: number; onAid: number }>;
  byEvent: Record<string, { aidCents: number; onAid: number }>;
};

/** Aid granted and athletes on aid as they may leave the site: both hidden when the count of athletes would be. */
function aidCells(figures: { aidCents: number; onAid: number } | undefined, participants: number, locale: Locale): [string, string] {
  const f = figures ?? { aidCents: 0, onAid: 0 };
  const hidden = m.athletes_outcomes_suppressed({}, { locale });
  const shown = participants < SMALLEST_CELL ? null : cell(f.onAid);
  if (shown === null) return [hidden, hidden];
  return [formatDollars(f.aidCents, locale), numbers(locale)(shown)];
}

const numbers = (locale: Locale) => {
  const f = new Intl.NumberFormat(locale === "es" ? "es-US" : "en-US");
  return (v: number) => f.format(v);
};

export const programName = (slug: string, locale: Locale) => PROGRAM_LINKS.find((p) => p.slug === slug)?.name({}, { locale }) ?? slug;

/** A count of athletes as it may leave the site (the outcomes report's rule), as words. */
function counter(participants: number, locale: Locale) {
  const n = numbers(locale);
  const hidden = m.athletes_outcomes_suppressed({}, { locale });
  const tooFew = participants < SMALLEST_CELL;
  return (v: number) => {
    const shown = tooFew ? null : cell(v);
    return shown === null ? hidden : n(shown);
  };
}

/** The totals, as rows of (what, number). */
export function reportRows(r: FunderReport, locale: Locale, aid?: ReportAid): Array<[string, string]> {
  const o = { locale };
  const n = numbers(locale);
  const count = counter(r.participants, locale);
  return [
    [m.enroll_report_participants({}, o), n(r.participants)],
    [m.enroll_report_new({}, o), n(r.newParticipants)],
    [m.enroll_report_returning({}, o), n(r.returning)],
    [m.enroll_report_age_under10({}, o), count(r.ages.under10)],
    [m.enroll_report_age_10_13({}, o), count(r.ages.from10to13)],
    [m.enroll_report_age_14_17({}, o), count(r.ages.from14to17)],
    [m.enroll_report_age_adults({}, o), count(r.ages.adults)],
    [m.enroll_report_age_unknown({}, o), count(r.ages.unknown)],
    [m.enroll_report_sessions_held({}, o), n(r.sessionsHeld)],
    [m.enroll_report_attendance_rate({}, o), r.attendanceRate === null ? "–" : `${n(r.attendanceRate)}%`],
    [m.enroll_report_hours({}, o), n(r.hoursOnCourt)],
    ...(aid ? aidTotals(aid, r.participants, locale) : []),
  ];
}

function aidTotals(aid: ReportAid, participants: number, locale: Locale): Array<[string, string]> {
  const [granted, onAid] = aidCells(aid.total, participants, locale);
  return [
    [m.seasonfees_report_aid({}, { locale }), granted],
    [m.seasonfees_report_on_aid({}, { locale }), onAid],
  ];
}

/** The answers' rows: each question's answers in a fixed order, rare ZIP codes and schools counted together. */
function answerRows(r: FunderReport, locale: Locale): string[][] {
  const o = { locale };
  const count = counter(r.participants, locale);
  const of = (q: string) => r.answers.filter((a) => a.question === q);
  const total = (q: string, pick: (a: string) => boolean) => of(q).reduce((sum, a) => sum + (pick(a.answer) ? a.count : 0), 0);
  const row = (question: string, answer: string, v: number) => [m.reports_answer_row({ question, answer }, o), count(v)];
  const rows: string[][] = [];
  const fixed = (q: string, question: string, answers: Array<[string[], string]>) => {
    for (const [values, words] of answers)
      rows.push(
        row(
          question,
          words,
          total(q, (a) => values.includes(a)),
        ),
      );
  };
  const notAnswered = m.reports_not_answered({}, o);
  fixed("gender", m.reports_q_gender({}, o), [
    [["female"], m.reports_a_female({}, o)],
    [["male"], m.reports_a_male({}, o)],
    [["another"], m.reports_a_another({}, o)],
    [[""], notAnswered],
  ]);
  const open = (q: string, question: string, others: string) => {
    const given = of(q).filter((a) => a.answer !== "");
    for (const a of given.filter((x) => x.count >= SMALLEST_CELL).sort((x, y) => x.answer.localeCompare(y.answer)))
      rows.push(row(question, a.answer, a.count));
    rows.push(
      row(
        question,
        others,
        given.filter((x) => x.count < SMALLEST_CELL).reduce((sum, x) => sum + x.count, 0),
      ),
    );
    rows.push(
      row(
        question,
        notAnswered,
        total(q, (a) => a === ""),
      ),
    );
  };
  open("zip", m.reports_q_zip({}, o), m.reports_a_other_zips({}, o));
  open("school", m.reports_q_school({}, o), m.reports_a_other_schools({}, o));
  const grades = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  fixed("grade", m.reports_q_grade({}, o), [
    [grades(0, 5), m.reports_a_grades_k5({}, o)],
    [grades(6, 8), m.reports_a_grades_6_8({}, o)],
    [grades(9, 12), m.reports_a_grades_9_12({}, o)],
    [["13"], m.reports_a_grades_done({}, o)],
    [[""], notAnswered],
  ]);
  fixed("lunch", m.reports_q_lunch({}, o), [
    [["free"], m.reports_a_lunch_free({}, o)],
    [["reduced"], m.reports_a_lunch_reduced({}, o)],
    [["none"], m.reports_a_lunch_none({}, o)],
    [[""], notAnswered],
  ]);
  return rows;
}

/** Every table of the report: the page shows them, the CSV writes them one after another. */
export function reportTables(r: FunderReport, locale: Locale, aid?: ReportAid): ReportTable[] {
  const o = { locale };
  const n = numbers(locale);
  const pct = (v: number | null) => (v === null ? "–" : `${n(v)}%`);
  const what = [m.enroll_report_what({}, o), m.enroll_report_number({}, o)];
  const counts = [
    m.reports_col_participants({}, o),
    m.reports_col_held({}, o),
    m.reports_col_rate({}, o),
    m.reports_col_hours({}, o),
    ...(aid ? [m.seasonfees_report_aid({}, o), m.seasonfees_report_on_aid({}, o)] : []),
  ];
  const aidOf = (figures: ReportAid["total"] | undefined, participants: number) => (aid ? aidCells(figures, participants, locale) : []);
  return [
    { id: "totals", title: m.reports_totals({}, o), head: what, rows: reportRows(r, locale, aid) },
    {
      id: "programs",
      title: m.reports_by_program({}, o),
      head: [m.reports_col_program({}, o), ...counts],
      rows: r.programs.map((p) => [
        programName(p.program, locale),
        n(p.participants),
        n(p.sessionsHeld),
        pct(p.attendanceRate),
        n(p.hoursOnCourt),
        ...aidOf(aid?.byProgram[p.program], p.participants),
      ]),
    },
    {
      id: "sessions",
      title: m.reports_by_session({}, o),
      head: [m.reports_col_session({}, o), m.reports_col_program({}, o), ...counts],
      rows: r.sessions.map((s) => [
        (locale === "es" && s.titleEs) || s.title,
        programName(s.program, locale),
        n(s.participants),
        n(s.sessionsHeld),
        pct(s.attendanceRate),
        n(s.hoursOnCourt),
        ...aidOf(aid?.byEvent[s.id], s.participants),
      ]),
    },
    { id: "answers", title: m.reports_answers({}, o), head: what, rows: answerRows(r, locale) },
  ];
}

/** The CSV's first lines: who, when, and the filters used ("any" where none). */
export function reportHeader(q: ReportQuery, orgName: string, locale: Locale): string[][] {
  const o = { locale };
  const any = m.enroll_report_any({}, o);
  return [
    [m.reports_csv_organisation({}, o), orgName],
    [m.reports_csv_period({}, o), m.reports_csv_period_value({ from: q.from, to: q.to }, o)],
    [m.enroll_report_program({}, o), q.program ? programName(q.program, locale) : any],
    [m.enroll_report_level({}, o), q.level !== "" ? m.enroll_family_level({ level: String(q.level) }, o) : any],
    [m.enroll_report_city({}, o), q.city ? (q.city === "Washington" ? "Washington, DC" : q.city) : any],
  ];
}

/** The whole CSV's rows: the header, then each table with its title and column names, a blank line between. */
export function reportCsvRows(r: FunderReport, q: ReportQuery, orgName: string, locale: Locale, aid?: ReportAid): string[][] {
  const out: string[][] = reportHeader(q, orgName, locale);
  for (const t of reportTables(r, locale, aid)) out.push([], [t.title], t.head, ...t.rows);
  return out;
}
