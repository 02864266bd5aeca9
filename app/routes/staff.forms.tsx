// /staff/forms (issue 40, decision 0043): administrators write the forms families sign, publish new versions and say
// which programs require each. requireAdmin first on the loader and the action; the rules are consent's.
import { data, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/staff.forms";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { createForm, getCurrentForms, getFormPrograms, getProgramSlugs, publishVersion, setFormPrograms } from "~/consent/index.server";
import { NewFormSchema, VersionSchema } from "~/consent/schemas";
import { StaffFormsView, type StaffFormsAnswer } from "~/consent/staff-forms-page";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { requireAdmin } from "~/staff/index.server";
import { parseForm } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.consent_staff_heading()} | NLTE`, description: m.consent_staff_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [forms, programsOf, programs] = await Promise.all([getCurrentForms(context.db), getFormPrograms(context.db), getProgramSlugs(context.db)]);
  return {
    forms: forms.map((f) => ({
      formId: f.formId,
      kind: f.kind,
      version: f.version,
      hash: f.hash,
      title: f.title,
      body: f.body,
      programs: programsOf.get(f.formId) ?? [],
    })),
    programs,
  };
}

const Intent = z.object({ intent: z.enum(["publish", "programs", "create"]), formId: z.string().max(100) });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const which = Intent.safeParse({ intent: form.get("intent"), formId: form.get("formId") });
  invariantResponse(which.success, m.consent_error_form(), 400);
  const { intent, formId } = which.data;
  if (intent === "programs") {
    const slugs = form.getAll("program").map(String);
    invariantResponse(await setFormPrograms(context.db, formId, slugs), m.consent_error_form(), 404);
    throw await redirectWithToast(context, "/staff/forms", { type: "success", title: m.consent_staff_programs_saved() });
  }
  if (intent === "create") {
    const { data: input, fieldErrors } = parseForm(NewFormSchema, form);
    if (!input) return data<StaffFormsAnswer>({ formId: "new", fieldErrors: fieldErrors ?? {} }, { status: 400 });
    await createForm(context.db, input.kind, input, admin.id);
    throw await redirectWithToast(context, "/staff/forms", { type: "success", title: m.consent_staff_added() });
  }
  const { data: input, fieldErrors } = parseForm(VersionSchema, form);
  if (!input) return data<StaffFormsAnswer>({ formId, fieldErrors: fieldErrors ?? {} }, { status: 400 });
  const version = await publishVersion(context.db, formId, input, admin.id);
  invariantResponse(version !== null, m.consent_error_form(), 404);
  throw await redirectWithToast(context, "/staff/forms", { type: "success", title: m.consent_staff_published({ version: String(version) }) });
}

export default function StaffForms({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<StaffFormsAnswer>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.consent_staff_heading()} intro={m.consent_staff_intro()} />
      <StaffFormsView forms={loaderData.forms} programs={loaderData.programs} answer={answer} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.consent_staff_heading()} documentTitle={`${m.consent_staff_heading()} | NLTE`} />;
}
