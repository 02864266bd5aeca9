// One program page's words, edited by a coach or an administrator (issue 28): the route guards, reads the page's
// view and answers its forms; the screen is app/programs/editor-page.tsx.
import type { Route } from "./+types/programs.$program.edit";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { PROGRAM_LINKS } from "~/content/site";
import { getLocale } from "~/i18n/language";
import { dayInZone, formatDateIn } from "~/lib/datetime";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireProgramEditor } from "~/programs/index.server";
import { getSessionCancelFacts, handleSessionCancel, sessionCancelledAnswer } from "~/programs/index.server";
import { createSection, deleteSection, getProgram, getProgramSessionsForEditor, updateProgramSummary, updateSection } from "~/programs/index.server";
import { ProgramEditorPage, type ProgramEditorForm } from "~/programs/editor-page";
import { ProgramSectionSchema, ProgramSummarySchema } from "~/programs/schemas";
import { getSessionCoachIds, getStaffCoaches, setSessionCoaches } from "~/programs/index.server";
import { m } from "~/paraglide/messages";
import { formValues, parseForm, refused, type FieldErrors, type FormValues } from "~/lib/forms";

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
  const cancelled = await sessionCancelledAnswer(context, request);
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
          answer: cancelled?.eventId === s.id ? cancelled.text : null,
        }
      : null;
    return { ...s, coachIds: coachIds.get(s.id) ?? [], cancel: cancelView };
  });
  return { slug: link.slug, name: link.name(), program, sessions, coaches };
}

/** A refused editor form, answered 400 beside its fields with what was typed. */
const failed = (intent: ProgramEditorForm["intent"], id: string | null, fieldErrors: FieldErrors, values: FormValues) =>
  refused<FormValues, ProgramEditorForm>({ intent, id, fieldErrors, values });

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireProgramEditor(request, context);
  const { slug } = programOf(params.program);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "cancel-session") return handleSessionCancel(context, user, form, `/programs/${slug}/edit`);
  const id = String(form.get("id") ?? "");
  const values = formValues(form);
  const done = async (title: string) => {
    throw await redirectWithToast(context, `/programs/${slug}/edit`, { title, type: "success" });
  };
  switch (intent) {
    case "save-summary": {
      const { data: input, fieldErrors } = parseForm(ProgramSummarySchema, form);
      if (!input) return failed("save-summary", null, fieldErrors, values);
      if (!(await updateProgramSummary(context.db, slug, input))) notFound();
      return done(m.programs_editor_summary_saved());
    }
    case "add-section":
    case "save-section": {
      const sectionId = intent === "save-section" ? id : null;
      const { data: input, fieldErrors } = parseForm(ProgramSectionSchema, form);
      if (!input) return failed(intent, sectionId, fieldErrors, values);
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
        return refused<FormValues, ProgramEditorForm & { ticked: string[] }>({ intent, id, fieldErrors: { coachIds: result.error }, ticked });
      return done(m.programs_editor_coaches_saved());
    }
    case "remove-section":
      if (!(await deleteSection(context.db, slug, id))) notFound();
      return done(m.programs_editor_section_removed());
    default:
      invariantResponse(false, m.programs_error_unknown_action());
  }
}

export default function ProgramEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <ProgramEditorPage view={loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.programs_page_editor_title()} documentTitle={m.programs_page_editor_title()} />;
}
