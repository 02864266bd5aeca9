// One program page's words, edited by a coach or an administrator (issue 28): its summary and sections, each with an
// optional Spanish version, and the list of its sessions (edited with the calendar's events, where they live) with
// who coaches each (issue 29: only they open its roster and its on-court notes). Plain forms, as every editor. The
// route (app/routes/programs.$program.edit.tsx) guards, reads and answers; this is its screen.
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Section } from "~/components/public/section";
import { Button, buttonClass } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/controls";
import { Field, FormError, TextAreaField } from "~/components/ui/field";
import { localHref } from "~/i18n/locale";
import type { ActionRefusal, FieldErrors, FormValues } from "~/lib/form-errors";
import { m } from "~/paraglide/messages";
import type { getProgram, getProgramSessionsForEditor } from "./programs.server";
import { isSessionCancelAnswer, type SessionCancelAnswer } from "./session-cancel-answer";
import { SessionCancelForm, type SessionCancelView } from "./session-cancel-form";
import type { StaffCoach } from "./session-coaches.server";

/**
 * A refused form of the editor, in the one answer shape (decision 0077): the form's intent says which (with `id`, which
 * session or section), its messages and what was typed; the session's coaches form gives back the boxes as ticked.
 */
export type ProgramEditorFailure = ActionRefusal<FormValues, ProgramEditorForm & { ticked?: string[] }>;

/** Which of the editor's forms: the summary, a new or an existing section, a session's coaches. */
export type ProgramEditorForm = { intent: "save-summary" | "add-section" | "save-section" | "save-coaches"; id: string | null };

type EditorSession = Awaited<ReturnType<typeof getProgramSessionsForEditor>>[number] & {
  coachIds: string[];
  cancel: SessionCancelView | null;
};
type EditorProgram = NonNullable<Awaited<ReturnType<typeof getProgram>>>;

export type ProgramEditorView = { slug: string; name: string; program: EditorProgram; sessions: EditorSession[]; coaches: StaffCoach[] };

type FailureFor = (intent: ProgramEditorForm["intent"], id: string | null) => ProgramEditorFailure | undefined;

export function ProgramEditorPage({ view, answer }: { view: ProgramEditorView; answer: unknown }) {
  const { slug, name, program, sessions, coaches } = view;
  const failure = answer && !isSessionCancelAnswer(answer) ? (answer as ProgramEditorFailure) : undefined;
  const cancelAnswer = isSessionCancelAnswer(answer) ? answer : null;
  const failureFor: FailureFor = (intent, id) => (failure?.intent === intent && failure.id === id ? failure : undefined);
  return (
    <>
      <PageHeader heading={m.programs_page_editor_heading({ program: name })}>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={localHref(`/programs/${slug}`)} className="font-medium underline">
            {m.programs_page_editor_view()}
          </Link>
          <Link to={localHref("/programs/edit")} className="font-medium underline">
            {m.programs_page_editor_back()}
          </Link>
        </div>
      </PageHeader>
      <SummaryForm summary={program.summary} summaryEs={program.summaryEs} failure={failureFor("save-summary", null)} />
      <Section title={m.programs_editor_sessions_title()} id="sessions" intro={m.programs_editor_sessions_intro()}>
        {sessions.length === 0 ? <p className="mb-4 text-slate-700">{m.programs_editor_no_sessions()}</p> : null}
        <ul className="mb-4 flex flex-col gap-2">
          {sessions.map((s) => (
            <SessionItem key={s.id} session={s} coaches={coaches} failure={failureFor("save-coaches", s.id)} cancelAnswer={cancelAnswer} />
          ))}
        </ul>
        <Link to={localHref(`/calendar/events?program=${slug}#add`)} className={buttonClass("secondary")}>
          {m.programs_editor_add_session()}
        </Link>
      </Section>
      <SectionsEditor sections={program.sections} failureFor={failureFor} />
    </>
  );
}

function SummaryForm({ summary, summaryEs, failure }: { summary: string; summaryEs: string | null; failure?: ProgramEditorFailure | undefined }) {
  return (
    <Section title={m.programs_field_summary()} id="summary">
      <Form
        method="post"
        aria-label={m.programs_field_summary()}
        className="flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        {failure ? <FormError message={m.programs_error_correct()} /> : null}
        <input type="hidden" name="intent" value="save-summary" />
        <TextAreaField
          label={m.programs_field_summary()}
          name="summary"
          defaultValue={failure?.values?.summary ?? summary}
          error={failure?.fieldErrors.summary}
          required
        />
        <TextAreaField
          label={m.programs_field_summary_es()}
          name="summaryEs"
          lang="es"
          defaultValue={failure?.values?.summaryEs ?? summaryEs ?? ""}
          error={failure?.fieldErrors.summaryEs}
        />
        <Button type="submit" className="self-start">
          {m.programs_editor_save_summary()}
        </Button>
      </Form>
    </Section>
  );
}

type SessionItemProps = {
  session: EditorSession;
  coaches: StaffCoach[];
  failure: ProgramEditorFailure | undefined;
  cancelAnswer: SessionCancelAnswer | null;
};

/** One session: its name and dates, who coaches it (a form of its own) and, for who may, cancelling it. */
function SessionItem({ session: s, coaches, failure: f, cancelAnswer }: SessionItemProps) {
  const busy = useNavigation().state === "submitting";
  const ticked = f?.ticked ?? s.coachIds;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-48 flex-1">
          <span className="font-semibold text-navy-900">{s.title}</span>
          {s.dates ? <span className="text-slate-700"> · {s.dates}</span> : null}
          {s.ended ? <span className="text-slate-600"> {m.programs_series_ended()}</span> : null}
          {s.coachIds.length === 0 ? <span className="font-medium text-red-800"> {m.programs_editor_no_coach()}</span> : null}
        </span>
        <Link to={localHref(`/calendar/events/${s.id}`)} className="font-medium text-court-800 underline">
          {m.programs_editor_edit_session()}
          <span className="sr-only"> {s.title}</span>
        </Link>
      </div>
      <Form method="post" aria-label={m.programs_editor_coaches_of({ session: s.title })} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="save-coaches" />
        <input type="hidden" name="id" value={s.id} />
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2" aria-describedby={f ? `coaches-error-${s.id}` : undefined}>
          <legend className="mb-1 text-sm font-semibold text-navy-900">
            {m.programs_editor_coaches_legend()}
            <span className="sr-only"> {s.title}</span>
          </legend>
          {coaches.length === 0 ? <p className="text-sm text-slate-700">{m.programs_editor_no_staff_coaches()}</p> : null}
          {coaches.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-slate-900">
              <Checkbox name="coachIds" value={c.id} defaultChecked={ticked.includes(c.id)} />
              {c.name}
              {c.cleared ? null : <span className="text-sm text-slate-700">{m.programs_editor_coach_not_cleared()}</span>}
            </label>
          ))}
        </fieldset>
        {f ? (
          <p id={`coaches-error-${s.id}`} className="text-sm text-red-700">
            {f.fieldErrors.coachIds}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="self-start">
          {m.programs_editor_save_coaches()}
          <span className="sr-only"> {s.title}</span>
        </Button>
      </Form>
      {s.cancel ? <SessionCancelForm session={s.cancel} answer={cancelAnswer} busy={busy} /> : null}
    </li>
  );
}

/** The page's sections, each a form to save or remove, and one to add a section. */
function SectionsEditor({ sections, failureFor }: { sections: EditorProgram["sections"]; failureFor: FailureFor }) {
  const newSection = failureFor("add-section", null);
  return (
    <Section title={m.programs_editor_sections_title()} id="sections">
      <ol className="mb-6 flex flex-col gap-4">
        {sections.map((s, i) => {
          const f = failureFor("save-section", s.id);
          const heading = m.programs_editor_section_heading({ number: String(i + 1) });
          return (
            <li key={s.id}>
              <Form
                method="post"
                aria-label={heading}
                className="flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h3 className="font-semibold text-navy-900">{heading}</h3>
                {f ? <FormError message={m.programs_error_correct()} /> : null}
                <input type="hidden" name="id" value={s.id} />
                <SectionFields values={f?.values ?? stored(s)} errors={f?.fieldErrors ?? {}} />
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" name="intent" value="save-section">
                    {m.programs_editor_save_section()}
                    <span className="sr-only"> {heading}</span>
                  </Button>
                  <Button type="submit" name="intent" value="remove-section" variant="danger" formNoValidate>
                    {m.programs_editor_remove_section()}
                    <span className="sr-only"> {heading}</span>
                  </Button>
                </div>
              </Form>
            </li>
          );
        })}
      </ol>
      <Form
        method="post"
        aria-labelledby="add-section-heading"
        className="flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h3 id="add-section-heading" className="text-lg font-semibold text-navy-900">
          {m.programs_editor_add_section()}
        </h3>
        {newSection ? <FormError message={m.programs_error_correct()} /> : null}
        <input type="hidden" name="intent" value="add-section" />
        <SectionFields values={newSection?.values ?? {}} errors={newSection?.fieldErrors ?? {}} />
        <Button type="submit" className="self-start">
          {m.programs_editor_add_section()}
        </Button>
      </Form>
    </Section>
  );
}

function SectionFields({ values, errors }: { values: FormValues; errors: FieldErrors }) {
  return (
    <>
      <Field label={m.programs_field_section_title()} name="title" defaultValue={values.title ?? ""} error={errors.title} required />
      <TextAreaField label={m.programs_field_section_body()} name="body" defaultValue={values.body ?? ""} error={errors.body} />
      <TextAreaField label={m.programs_field_section_items()} name="items" defaultValue={values.items ?? ""} error={errors.items} />
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-navy-900">{m.programs_spanish_legend()}</legend>
        <p className="text-sm text-slate-700">{m.programs_spanish_hint()}</p>
        <Field label={m.programs_field_section_title_es()} name="titleEs" lang="es" defaultValue={values.titleEs ?? ""} error={errors.titleEs} />
        <TextAreaField label={m.programs_field_section_body_es()} name="bodyEs" lang="es" defaultValue={values.bodyEs ?? ""} error={errors.bodyEs} />
        <TextAreaField
          label={m.programs_field_section_items_es()}
          name="itemsEs"
          lang="es"
          defaultValue={values.itemsEs ?? ""}
          error={errors.itemsEs}
        />
      </fieldset>
    </>
  );
}

const stored = (s: {
  title: string;
  body: string;
  items: string | null;
  titleEs: string | null;
  bodyEs: string | null;
  itemsEs: string | null;
}): FormValues => ({
  title: s.title,
  body: s.body,
  items: s.items ?? "",
  titleEs: s.titleEs ?? "",
  bodyEs: s.bodyEs ?? "",
  itemsEs: s.itemsEs ?? "",
});
