// /athletes/settings (issue 42): the skills evaluations score, in English and Spanish, and each program session's
// kind. Plain forms, one a row, each answered beside its fields.
import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { refusalOf, type ActionRefusal, type ActionResult } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import { SESSION_KINDS } from "./choices";
import type { EditableSkill, SessionKindRow } from "./settings.server";

/**
 * What the settings' action answers when it stays on the page: a refusal (decision 0077), by the form's intent; the row
 * it belongs to is its hidden field among what was typed (`values.skillId`, `values.eventId`).
 */
export type SettingsAnswer = ActionResult;
type Refusal = ActionRefusal | null;

const kindWords = (k: string) => ({ tennis: m.athletes_kind_tennis(), education: m.athletes_kind_education(), both: m.athletes_kind_both() })[k] ?? k;

function SkillRow({ skill, answer, busy }: { skill: EditableSkill; answer: Refusal; busy: boolean }) {
  const mine = answer?.values?.skillId === skill.id ? answer : undefined;
  const errors = mine?.fieldErrors ?? {};
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label={m.athletes_skill_named({ name: skill.name })}>
        <input type="hidden" name="skillId" value={skill.id} />
        <Field label={m.athletes_field_skill_en()} name="name" maxLength={60} defaultValue={mine?.values?.name ?? skill.name} error={errors.name} />
        <Field
          label={m.athletes_field_skill_es()}
          name="nameEs"
          maxLength={60}
          defaultValue={mine?.values?.nameEs ?? skill.nameEs}
          error={errors.nameEs}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" name="intent" value="rename-skill" disabled={busy}>
            {m.athletes_save()}
            <span className="sr-only"> ({skill.name})</span>
          </Button>
          <Button type="submit" name="intent" value={skill.retired ? "restore-skill" : "retire-skill"} variant="secondary" disabled={busy}>
            {skill.retired ? m.athletes_restore_skill() : m.athletes_retire_skill()}
            <span className="sr-only"> ({skill.name})</span>
          </Button>
        </div>
      </Form>
      {skill.retired ? <p className="mt-2 text-sm text-slate-700">{m.athletes_skill_retired()}</p> : null}
      {mine?.formError ? <FormError message={mine.formError} /> : null}
    </li>
  );
}

/** How many weeks into a season coaches are reminded of athletes not yet evaluated. */
function ReminderWeeksForm({ weeks, answer, busy }: { weeks: number; answer: Refusal; busy: boolean }) {
  const mine = answer?.intent === "reminder-weeks" ? answer : undefined;
  return (
    <CardSection title={m.athletes_reminder_weeks_heading()}>
      <p className="mb-4 text-sm text-slate-700">{m.athletes_reminder_weeks_intro()}</p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="reminder-weeks" />
        <Field
          label={m.athletes_field_reminder_weeks()}
          name="weeks"
          inputMode="numeric"
          defaultValue={mine?.values?.weeks ?? String(weeks)}
          error={mine?.fieldErrors.weeks}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {m.athletes_save()}
        </Button>
      </Form>
    </CardSection>
  );
}

type SettingsProps = { skills: EditableSkill[]; sessions: SessionKindRow[]; reminderWeeks: number };

export function AthleteSettingsPage({ skills, sessions, reminderWeeks }: SettingsProps) {
  const answer = refusalOf(useActionData<SettingsAnswer>());
  const busy = useNavigation().state !== "idle";
  const adding = answer?.intent === "add-skill" ? answer : undefined;
  return (
    <>
      <PageHeader heading={m.athletes_settings_heading()} intro={m.athletes_settings_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <CardSection title={m.athletes_skills()}>
          <p className="mb-4 text-sm text-slate-700">{m.athletes_skills_why()}</p>
          <ul className="flex flex-col gap-3">
            {skills.map((s) => (
              <SkillRow key={s.id} skill={s} answer={answer} busy={busy} />
            ))}
          </ul>
          <Form method="post" className="mt-6 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2" aria-labelledby="add-skill">
            <h3 id="add-skill" className="font-semibold sm:col-span-2">
              {m.athletes_add_skill()}
            </h3>
            <input type="hidden" name="intent" value="add-skill" />
            <Field
              label={m.athletes_field_skill_en()}
              name="name"
              maxLength={60}
              defaultValue={adding?.values?.name ?? ""}
              error={adding?.fieldErrors.name}
            />
            <Field
              label={m.athletes_field_skill_es()}
              name="nameEs"
              maxLength={60}
              defaultValue={adding?.values?.nameEs ?? ""}
              error={adding?.fieldErrors.nameEs}
            />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy}>
                {m.athletes_add_skill()}
              </Button>
            </div>
          </Form>
        </CardSection>

        <ReminderWeeksForm weeks={reminderWeeks} answer={answer} busy={busy} />

        <CardSection title={m.athletes_session_kinds()}>
          <p className="mb-4 text-sm text-slate-700">{m.athletes_session_kinds_why()}</p>
          {sessions.length === 0 ? <p>{m.athletes_no_sessions()}</p> : null}
          <ul className="flex flex-col gap-3">
            {sessions.map((s) => {
              const mine = answer?.intent === "session-kind" && answer.values?.eventId === s.id ? answer : undefined;
              return (
                <li key={s.id}>
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="session-kind" />
                    <input type="hidden" name="eventId" value={s.id} />
                    <SelectField
                      label={`${s.title} (${s.program})`}
                      name="kind"
                      defaultValue={s.kind}
                      options={SESSION_KINDS.map((k) => ({ value: k, label: kindWords(k) }))}
                      error={mine?.fieldErrors.kind}
                    />
                    <Button type="submit" variant="secondary" disabled={busy}>
                      {m.athletes_save()}
                      <span className="sr-only"> ({s.title})</span>
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        </CardSection>
      </div>
    </>
  );
}
