// One program page's words, edited by a coach or an administrator (issue 28): its summary and sections, each with an
// optional Spanish version, and the list of its sessions (edited with the calendar's events, where they live) with
// who coaches each (issue 29: only they open its roster and its on-court notes). Plain forms, as every editor.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/programs.$program.edit";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { TextAreaField } from "~/components/public/form-fields";
import { Section } from "~/components/public/section";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { PROGRAM_LINKS } from "~/content/site";
import { localHref } from "~/i18n/locale";
import { getLocale } from "~/i18n/language";
import { dayInZone, formatDateIn } from "~/lib/datetime";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireProgramEditor } from "~/programs/index.server";
import { getSessionCancelFacts, handleSessionCancel } from "~/programs/index.server";
import { isSessionCancelAnswer } from "~/programs/session-cancel-answer";
import { SessionCancelForm } from "~/programs/session-cancel-form";
import { createSection, deleteSection, getProgram, getProgramSessionsForEditor, updateProgramSummary, updateSection } from "~/programs/index.server";
import { ProgramSectionSchema, ProgramSummarySchema } from "~/programs/schemas";
import { getSessionCoachIds, getStaffCoaches, setSessionCoaches } from "~/programs/index.server";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";

export const meta = () => [{ title: m.programs_page_editor_title() }, { name: "robots", content: "noindex" }];

function programOf(slug: string | undefined) {
  const link = PROGRAM_LINKS.find((p) => p.slug === slug);
  invariantResponse(link, m.programs_error_not_found(), 404);
  return link;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireProgramEditor(request, context);
  const link = programOf(params.program);
  const today = dayInZone(new Date(), context.config.site.timeZone);
  const [program, listed, coaches] = await Promise.all([
    getProgram(context.db, link.slug),
    getProgramSessionsForEditor(context.db, link.slug, today),
    getStaffCoaches(context.db, context.config.safePlay),
  ]);
  if (!program) notFound();
  const coachIds = await getSessionCoachIds(
    context.db,
    listed.map((s) => s.id),
  );
  // "Cancel this session" only on the sessions this person may cancel (decision 0068: an administrator, or its coach).
  const cancel = await getSessionCancelFacts(
    context.db,
    user,
    listed.map((s) => s.id),
  );
  const es = getLocale() === "es";
  const sessions = listed.map((s) => {
    const c = cancel.get(s.id);
    const cancelView = c
      ? {
          id: s.id,
          title: s.title,
          dates: s.dates,
          enrolled: c.enrolled,
          cancelledOn: c.cancelledAt ? formatDateIn(c.cancelledAt, context.config.site.timeZone) : null,
          reason: (es && c.reasonEs) || c.reason,
        }
      : null;
    return { ...s, coachIds: coachIds.get(s.id) ?? [], cancel: cancelView };
  });
  return { slug: link.slug, name: link.name(), program, sessions, coaches };
}

type Values = Record<string, string>;
type Failure = {
  ok: false;
  form: "summary" | "section" | "coaches";
  id: string | null;
  fieldErrors: Partial<Record<string, string>>;
  values: Values;
  /** The session's coaches form: the boxes as they were ticked. */
  ticked?: string[];
};
const failed = (form: Failure["form"], id: string | null, fieldErrors: Failure["fieldErrors"], values: Values) =>
  data<Failure>({ ok: false, form, id, fieldErrors, values }, { status: 400 });

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireProgramEditor(request, context);
  const { slug } = programOf(params.program);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "cancel-session") return handleSessionCancel(context, user, form, `/programs/${slug}/edit`);
  const id = String(form.get("id") ?? "");
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const done = async (title: string) => {
    throw await redirectWithToast(context, `/programs/${slug}/edit`, { title, type: "success" });
  };
  switch (intent) {
    case "save-summary": {
      const { data: input, fieldErrors } = parseForm(ProgramSummarySchema, form);
      if (!input) return failed("summary", null, fieldErrors, values);
      if (!(await updateProgramSummary(context.db, slug, input))) notFound();
      return done(m.programs_editor_summary_saved());
    }
    case "add-section":
    case "save-section": {
      const sectionId = intent === "save-section" ? id : null;
      const { data: input, fieldErrors } = parseForm(ProgramSectionSchema, form);
      if (!input) return failed("section", sectionId, fieldErrors, values);
      if (!sectionId) {
        await createSection(context.db, slug, input);
        return done(m.programs_editor_section_added());
      }
      if (!(await updateSection(context.db, slug, sectionId, input))) notFound();
      return done(m.programs_editor_section_saved());
    }
    case "save-coaches": {
      const ticked = form.getAll("coachIds").filter((v): v is string => typeof v === "string");
      const result = await setSessionCoaches(context.db, slug, id, ticked, context.config.safePlay);
      if (!result.ok && result.status === 404) notFound();
      if (!result.ok)
        return data<Failure>({ ok: false, form: "coaches", id, fieldErrors: { coachIds: result.error }, values: {}, ticked }, { status: 400 });
      return done(m.programs_editor_coaches_saved());
    }
    case "remove-section":
      if (!(await deleteSection(context.db, slug, id))) notFound();
      return done(m.programs_editor_section_removed());
    default:
      invariantResponse(false, "Unknown action");
  }
}

function SectionFields({ values, errors }: { values: Values; errors: Partial<Record<string, string>> }) {
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
}): Values => ({
  title: s.title,
  body: s.body,
  items: s.items ?? "",
  titleEs: s.titleEs ?? "",
  bodyEs: s.bodyEs ?? "",
  itemsEs: s.itemsEs ?? "",
});

export default function ProgramEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, name, program, sessions, coaches } = loaderData;
  const failure = actionData && !isSessionCancelAnswer(actionData) ? (actionData as Failure) : undefined;
  const cancelAnswer = isSessionCancelAnswer(actionData) ? actionData : null;
  const busy = useNavigation().state === "submitting";
  const failureFor = (form: Failure["form"], id: string | null) => (failure?.form === form && failure.id === id ? failure : undefined);
  const summary = failureFor("summary", null);
  const newSection = failureFor("section", null);
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
      <Section title={m.programs_field_summary()} id="summary">
        <Form
          method="post"
          aria-label={m.programs_field_summary()}
          className="flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          {summary ? <FormError message={m.programs_error_correct()} /> : null}
          <input type="hidden" name="intent" value="save-summary" />
          <TextAreaField
            label={m.programs_field_summary()}
            name="summary"
            defaultValue={summary?.values.summary ?? program.summary}
            error={summary?.fieldErrors.summary}
            required
          />
          <TextAreaField
            label={m.programs_field_summary_es()}
            name="summaryEs"
            lang="es"
            defaultValue={summary?.values.summaryEs ?? program.summaryEs ?? ""}
            error={summary?.fieldErrors.summaryEs}
          />
          <Button type="submit" className="self-start">
            {m.programs_editor_save_summary()}
          </Button>
        </Form>
      </Section>
      <Section title={m.programs_editor_sessions_title()} id="sessions" intro={m.programs_editor_sessions_intro()}>
        {sessions.length === 0 ? <p className="mb-4 text-slate-700">{m.programs_editor_no_sessions()}</p> : null}
        <ul className="mb-4 flex flex-col gap-2">
          {sessions.map((s) => {
            const f = failureFor("coaches", s.id);
            const ticked = f?.ticked ?? s.coachIds;
            return (
              <li key={s.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
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
                        <input type="checkbox" name="coachIds" value={c.id} defaultChecked={ticked.includes(c.id)} className="size-4" />
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
          })}
        </ul>
        <Link to={localHref(`/calendar/events?program=${slug}#add`)} className={buttonClass("secondary")}>
          {m.programs_editor_add_session()}
        </Link>
      </Section>
      <Section title={m.programs_editor_sections_title()} id="sections">
        <ol className="mb-6 flex flex-col gap-4">
          {program.sections.map((s, i) => {
            const f = failureFor("section", s.id);
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
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.programs_page_editor_title()} documentTitle={m.programs_page_editor_title()} />;
}
