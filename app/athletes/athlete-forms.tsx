// The athlete page's forms: plain forms (a phone without JavaScript sends them too), each answered beside its fields.
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError, SelectField, TextAreaField } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { AMOUNT_BANDS, GPA_BANDS, MILESTONE_KINDS, SCHOLARSHIP_KINDS, SCHOOL_TERMS } from "./choices";
import type { AthleteAnswer } from "./athlete-page";
import { refusalOf } from "~/lib/form-errors";
import type { SkillName } from "./path.server";
import { amountWords, bandWords, gradeWords, milestoneWords, scholarshipKindWords, scoreWords, termWords } from "./words";
import { Checkbox } from "~/components/ui/controls";

/** The answer to this form (its errors and what was typed), when the last one sent was this one. */
function useAnswer(intent: string) {
  const answer = refusalOf(useActionData<AthleteAnswer>());
  const busy = useNavigation().state !== "idle";
  const mine = answer?.intent === intent ? answer : undefined;
  return { errors: mine?.fieldErrors ?? {}, values: mine?.values ?? {}, error: mine?.formError, busy };
}

function FormShell({ intent, title, files, children }: { intent: string; title: string; files?: boolean; children: React.ReactNode }) {
  const { error, busy } = useAnswer(intent);
  const headingId = `form-${intent}`;
  return (
    <Form
      method="post"
      encType={files ? "multipart/form-data" : undefined}
      aria-labelledby={headingId}
      className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-4"
    >
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      {error ? <FormError message={error} /> : null}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <Button type="submit" disabled={busy}>
          {m.athletes_save()}
        </Button>
      </div>
    </Form>
  );
}

const levelOptions = [1, 2, 3, 4, 5].map((l) => ({ value: String(l), label: m.athletes_level_option({ level: String(l) }) }));

export function EvaluationForm({ skills, today, level }: { skills: SkillName[]; today: string; level: number | null }) {
  const { errors, values } = useAnswer("evaluate");
  return (
    <FormShell intent="evaluate" title={m.athletes_evaluate()}>
      <SelectField
        label={m.athletes_field_level()}
        name="level"
        defaultValue={values.level ?? (level ? String(level) : "")}
        placeholder={m.athletes_choose()}
        options={levelOptions}
        error={errors.level}
      />
      <Field
        label={m.athletes_field_date()}
        name="evaluatedOn"
        type="date"
        max={today}
        defaultValue={values.evaluatedOn ?? today}
        error={errors.evaluatedOn}
      />
      <p className="text-sm text-slate-700">{m.athletes_rubric()}</p>
      {skills.map((s) => (
        <SelectField
          key={s.id}
          label={s.name}
          name={`score-${s.id}`}
          defaultValue={values[`score-${s.id}`] ?? ""}
          placeholder={m.athletes_choose()}
          options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: scoreWords(n) }))}
          error={errors[`score-${s.id}`]}
        />
      ))}
      <TextAreaField label={m.athletes_field_note()} name="note" rows={3} maxLength={1000} defaultValue={values.note ?? ""} error={errors.note} />
      <Field label={m.athletes_field_goal_one()} name="goalOne" maxLength={200} defaultValue={values.goalOne ?? ""} error={errors.goalOne} />
      <Field label={m.athletes_field_goal_two()} name="goalTwo" maxLength={200} defaultValue={values.goalTwo ?? ""} error={errors.goalTwo} />
    </FormShell>
  );
}

export function SchoolForm({ school }: { school: { school: string; grade: number } | null }) {
  const { errors, values } = useAnswer("school");
  return (
    <FormShell intent="school" title={m.athletes_record_school()}>
      <Field
        label={m.athletes_field_school()}
        name="school"
        maxLength={160}
        defaultValue={values.school ?? school?.school ?? ""}
        error={errors.school}
      />
      <SelectField
        label={m.athletes_field_grade()}
        name="grade"
        defaultValue={values.grade ?? (school ? String(school.grade) : "")}
        placeholder={m.athletes_choose()}
        options={Array.from({ length: 14 }, (_, g) => ({ value: String(g), label: gradeWords(g) }))}
        error={errors.grade}
      />
    </FormShell>
  );
}

export function TermForm({ today }: { today: string }) {
  const { errors, values } = useAnswer("term");
  return (
    <FormShell intent="term" title={m.athletes_record_term()}>
      <SelectField
        label={m.athletes_field_term()}
        name="term"
        defaultValue={values.term ?? ""}
        placeholder={m.athletes_choose()}
        options={SCHOOL_TERMS.map((t) => ({ value: t, label: termWords(t) }))}
        error={errors.term}
      />
      <Field label={m.athletes_field_year()} name="year" inputMode="numeric" defaultValue={values.year ?? today.slice(0, 4)} error={errors.year} />
      <SelectField
        label={m.athletes_field_band()}
        name="band"
        defaultValue={values.band ?? ""}
        placeholder={m.athletes_no_band()}
        options={GPA_BANDS.map((b) => ({ value: b, label: bandWords(b) }))}
        error={errors.band}
      />
      <TextAreaField
        label={m.athletes_field_summary()}
        name="summary"
        rows={3}
        maxLength={500}
        defaultValue={values.summary ?? ""}
        error={errors.summary}
      />
    </FormShell>
  );
}

export function MilestoneForm({ today }: { today: string }) {
  const { errors, values } = useAnswer("milestone");
  return (
    <FormShell intent="milestone" title={m.athletes_record_milestone()}>
      <SelectField
        label={m.athletes_field_kind()}
        name="kind"
        defaultValue={values.kind ?? ""}
        placeholder={m.athletes_choose()}
        options={MILESTONE_KINDS.map((k) => ({ value: k, label: milestoneWords(k) }))}
        error={errors.kind}
      />
      <Field
        label={m.athletes_field_date()}
        name="happenedOn"
        type="date"
        max={today}
        defaultValue={values.happenedOn ?? today}
        error={errors.happenedOn}
      />
      <Field label={m.athletes_field_college()} name="college" maxLength={160} defaultValue={values.college ?? ""} error={errors.college} />
      <label className="flex items-center gap-2">
        <Checkbox name="tennis" defaultChecked={values.tennis === "on"} />
        {m.athletes_field_tennis()}
      </label>
      <SelectField
        label={m.athletes_field_scholarship_kind()}
        name="scholarshipKind"
        defaultValue={values.scholarshipKind ?? ""}
        placeholder={m.athletes_not_scholarship()}
        options={SCHOLARSHIP_KINDS.map((k) => ({ value: k, label: scholarshipKindWords(k) }))}
        error={errors.scholarshipKind}
      />
      <SelectField
        label={m.athletes_field_amount()}
        name="amountBand"
        defaultValue={values.amountBand ?? ""}
        placeholder={m.athletes_not_scholarship()}
        options={AMOUNT_BANDS.map((b) => ({ value: b, label: amountWords(b) }))}
        error={errors.amountBand}
      />
      <Field
        label={m.athletes_field_class_year()}
        name="classYear"
        inputMode="numeric"
        defaultValue={values.classYear ?? ""}
        error={errors.classYear}
      />
      <TextAreaField
        label={m.athletes_field_detail()}
        name="detail"
        rows={2}
        maxLength={300}
        defaultValue={values.detail ?? ""}
        error={errors.detail}
      />
    </FormShell>
  );
}

export function CheckInForm() {
  const { errors, values } = useAnswer("check-in");
  return (
    <FormShell intent="check-in" title={m.athletes_add_check_in()}>
      <TextAreaField label={m.athletes_field_check_in()} name="note" rows={3} maxLength={1000} defaultValue={values.note ?? ""} error={errors.note} />
    </FormShell>
  );
}

/** A term's report card: the term (of those recorded) and the file; checked by its bytes on the server. */
export function ReportCardForm({ terms }: { terms: Array<{ year: number; term: string }> }) {
  const { errors, values } = useAnswer("report-card");
  return (
    <FormShell intent="report-card" title={m.athletes_attach_report_card()} files>
      <p className="text-sm text-slate-700">{m.athletes_attach_report_card_why()}</p>
      <SelectField
        label={m.athletes_field_report_term()}
        name="reportTerm"
        defaultValue={values.reportTerm ?? (terms[0] ? `${terms[0].year}-${terms[0].term}` : "")}
        placeholder={m.athletes_choose()}
        options={terms.map((t) => ({ value: `${t.year}-${t.term}`, label: `${termWords(t.term)} ${t.year}` }))}
        error={errors.reportTerm}
      />
      <Field
        label={m.athletes_field_report_file()}
        name="file"
        type="file"
        accept="application/pdf,image/png,image/jpeg,image/webp,.pdf"
        error={errors.file}
        required
      />
    </FormShell>
  );
}

/** Yes or no to listing one scholarship on /scholarships. */
export function ListingForm({ milestoneId, listed }: { milestoneId: string; listed: boolean }) {
  const { error, busy } = useAnswer("listing");
  return (
    <Form method="post" className="mt-1">
      <input type="hidden" name="intent" value="listing" />
      <input type="hidden" name="milestoneId" value={milestoneId} />
      <input type="hidden" name="list" value={listed ? "no" : "yes"} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {listed ? m.athletes_unlist() : m.athletes_list()}
      </Button>
      {error ? <FormError message={error} /> : null}
    </Form>
  );
}
