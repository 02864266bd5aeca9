// The athlete's page (issue 42): one column on a phone, sections in the order a family reads them: goals, the latest
// evaluations with the change since the one before, levels, attendance and hours, school, college. The forms a
// reader may use are shown to them only (a courtesy: the action asks the rule again).
import { PageHeader } from "~/components/page-header";
import { CardSection } from "~/components/ui/card-section";
import { formatCalendarDate } from "~/lib/datetime";
import type { ActionResult } from "~/lib/forms";
import { m } from "~/paraglide/messages";
import type { AthleteRights } from "./access.server";
import { CheckInForm, EvaluationForm, ListingForm, MilestoneForm, ReportCardForm, SchoolForm, TermForm } from "./athlete-forms";
import type { AthletePath } from "./path.server";
import { amountWords, bandWords, gradeWords, milestoneWords, scholarshipKindWords, scoreWords, sizeText, termWords } from "./words";

/** What the athlete page's action answers when it stays on the page: a refusal (decision 0077), by the form's intent. */
export type AthleteAnswer = ActionResult;

/** "November 24, 2026" (a path spans years, so the year is said). */
const dayText = (day: string) => formatCalendarDate(`${day}T12:00:00Z`) ?? day;

type Props = AthletePath & {
  name: string;
  rights: AthleteRights;
  /** Whether the reader answers the athlete's disclosures (the scholarship listing's form): the disclosure rule's. */
  mayList: boolean;
  today: string;
  collegePathOpen: boolean;
};

const changeWords = (change: number | null) =>
  change === null
    ? null
    : change > 0
      ? m.athletes_change_up({ n: String(change) })
      : change < 0
        ? m.athletes_change_down({ n: String(-change) })
        : m.athletes_change_same();

export function AthletePage(p: Props) {
  const latest = p.evaluations[0];
  const level = p.levels[0];
  return (
    <>
      <PageHeader
        heading={p.name || m.athletes_heading()}
        intro={level ? m.athletes_level_now({ level: String(level.level) }) : m.athletes_no_level()}
      />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <CardSection title={m.athletes_goals()}>
          {latest ? (
            <ul className="list-disc space-y-1 pl-5">
              {latest.goals.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          ) : (
            <p>{m.athletes_no_goals()}</p>
          )}
        </CardSection>

        <EvaluationsSection {...p} />

        <CardSection title={m.athletes_levels()}>
          {p.levels.length === 0 ? <p>{m.athletes_no_level()}</p> : null}
          <ul className="space-y-2">
            {p.levels.map((l, i) => (
              <li key={`${l.placedOn}-${i}`}>
                {m.athletes_level_line({ level: String(l.level), date: dayText(l.placedOn), coach: l.coach || m.athletes_a_coach() })}
                {l.note ? <span className="block text-sm text-slate-700">{l.note}</span> : null}
              </li>
            ))}
          </ul>
        </CardSection>

        <CardSection title={m.athletes_attendance()}>
          <p>{m.athletes_attendance_line({ present: String(p.attendance.present), marked: String(p.attendance.present + p.attendance.absent) })}</p>
          <p>{m.athletes_hours_line({ tennis: String(p.attendance.tennisHours), education: String(p.attendance.educationHours) })}</p>
        </CardSection>

        <SchoolSection {...p} />

        <CollegeSection {...p} />

        {p.rights.checkIn ? (
          <CardSection title={m.athletes_check_ins()}>
            {p.checkIns.length === 0 ? <p>{m.athletes_no_check_ins()}</p> : null}
            <ul className="space-y-2">
              {p.checkIns.map((c) => (
                <li key={c.id}>
                  <span className="text-sm text-slate-700">
                    {m.athletes_check_in_by({ staff: c.staff || m.athletes_a_coach(), date: dayText(c.at.slice(0, 10)) })}
                  </span>
                  <span className="block whitespace-pre-line">{c.note}</span>
                </li>
              ))}
            </ul>
            <CheckInForm />
          </CardSection>
        ) : null}
      </div>
    </>
  );
}

/** The evaluations, newest first, each with the change since the one before; the form for those who evaluate. */
function EvaluationsSection(p: Props) {
  const level = p.levels[0];
  return (
    <CardSection title={m.athletes_evaluations()}>
      {p.evaluations.length === 0 ? <p>{m.athletes_no_evaluations()}</p> : null}
      <div className="flex flex-col gap-4">
        {p.evaluations.map((e) => (
          <article
            key={e.id}
            aria-label={m.athletes_evaluation_of({ date: dayText(e.evaluatedOn) })}
            className="rounded-lg border border-slate-200 p-4"
          >
            <h3 className="font-semibold">{m.athletes_evaluation_of({ date: dayText(e.evaluatedOn) })}</h3>
            <p className="text-sm text-slate-700">{m.athletes_evaluation_by({ coach: e.coach || m.athletes_a_coach(), level: String(e.level) })}</p>
            {e.levelBefore !== null ? (
              <p className="mt-2 font-medium text-court-800">{m.athletes_level_changed({ from: String(e.levelBefore), to: String(e.level) })}</p>
            ) : null}
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              {e.scores.map((s) => (
                <div key={s.skill} className="contents">
                  <dt>{s.skill}</dt>
                  <dd className="text-right">
                    {scoreWords(s.score)}
                    {changeWords(s.change) ? <span className="block text-sm text-slate-700">{changeWords(s.change)}</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
            {e.note ? <p className="mt-3 whitespace-pre-line">{e.note}</p> : null}
            <p className="mt-3 text-sm font-medium">{m.athletes_goals_set()}</p>
            <ul className="list-disc pl-5 text-sm">
              {e.goals.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      {p.rights.evaluate ? <EvaluationForm skills={p.skills} today={p.today} level={level?.level ?? null} /> : null}
    </CardSection>
  );
}

/** School and terms (with the report cards), and the forms for those who record them. */
function SchoolSection(p: Props) {
  return (
    <CardSection title={m.athletes_school()}>
      <p className="text-sm text-slate-700">{m.athletes_school_why()}</p>
      {p.school ? (
        <p className="mt-2">{m.athletes_school_line({ school: p.school.school, grade: gradeWords(p.school.grade) })}</p>
      ) : (
        <p className="mt-2">{m.athletes_no_school()}</p>
      )}
      {p.terms.length ? (
        <ul className="mt-2 space-y-1">
          {p.terms.map((t) => {
            const card = p.reportCards.find((c) => c.year === t.year && c.term === t.term);
            return (
              <li key={`${t.year}-${t.term}`}>
                {termWords(t.term)} {t.year}: {t.band ? bandWords(t.band) : ""}
                {t.summary ? <span className="block text-sm text-slate-700">{t.summary}</span> : null}
                {card ? (
                  <a
                    href={`/athletes/${p.rights.athleteId}/report-cards/${card.id}`}
                    className="block text-sm font-medium text-court-800 underline"
                    download
                  >
                    {m.athletes_report_card_download({ term: `${termWords(t.term)} ${t.year}`, file: card.fileName, size: sizeText(card.size) })}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {p.rights.recordSchool ? (
        <>
          <SchoolForm school={p.school} />
          <TermForm today={p.today} />
        </>
      ) : null}
      {p.rights.attachReportCard ? (
        p.terms.length ? (
          <ReportCardForm terms={p.terms} />
        ) : (
          <p className="mt-4 text-sm text-slate-700">{m.athletes_attach_needs_term()}</p>
        )
      ) : null}
    </CardSection>
  );
}

/** The college path's milestones, and the form once the athlete reaches grade 9. */
function CollegeSection(p: Props) {
  return (
    <CardSection title={m.athletes_college()}>
      <p className="text-sm text-slate-700">{m.athletes_college_why()}</p>
      {p.milestones.length === 0 ? <p className="mt-2">{m.athletes_no_milestones()}</p> : null}
      <ul className="mt-2 space-y-3">
        {p.milestones.map((ms) => (
          <li key={ms.id}>
            <span className="font-medium">{milestoneWords(ms.kind)}</span>
            {ms.college ? `: ${ms.college}` : ""} ({dayText(ms.happenedOn)})
            {ms.kind === "committed" && ms.tennis ? <span className="block text-sm">{m.athletes_committed_tennis()}</span> : null}
            {ms.scholarshipKind && ms.amountBand ? (
              <span className="block text-sm">
                {scholarshipKindWords(ms.scholarshipKind)} · {amountWords(ms.amountBand)}
                {ms.classYear ? ` · ${m.athletes_class_of({ year: String(ms.classYear) })}` : ""}
              </span>
            ) : null}
            {ms.detail ? <span className="block text-sm text-slate-700">{ms.detail}</span> : null}
            {ms.kind === "scholarship" ? <span className="block text-sm">{ms.listed ? m.athletes_listed() : m.athletes_not_listed()}</span> : null}
            {ms.kind === "scholarship" && p.mayList ? <ListingForm milestoneId={ms.id} listed={ms.listed} /> : null}
          </li>
        ))}
      </ul>
      {p.rights.recordMilestone ? (
        p.collegePathOpen ? (
          <MilestoneForm today={p.today} />
        ) : (
          <p className="mt-4 text-sm text-slate-700">{m.athletes_milestones_from_grade9()}</p>
        )
      ) : null}
    </CardSection>
  );
}
