// /account/forms (issue 40): the forms each of the family's athletes still needs, one tap to sign each, and every
// signature with its PDF receipt; a signature in force can be withdrawn here (it stays, withdrawn). requireFormsFamily
// first; the rules are consent's (app/consent).
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/account.forms";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { AthleteFormsCard } from "~/consent/family-forms-page";
import { getFamilyForms, requireFormsFamily, withdrawSignature } from "~/consent/index.server";
import { WithdrawSchema } from "~/consent/schemas";
import { getLocale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.consent_family_heading()} | NLTE`, description: m.consent_family_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireFormsFamily(request, context);
  return { athletes: await getFamilyForms(context.db, user, context.config.safePlay, getLocale()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireFormsFamily(request, context);
  const parsed = WithdrawSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || !(await withdrawSignature(context, user, parsed.data.signatureId)))
    return data({ error: m.consent_error_signature() }, { status: 404 });
  throw await redirectWithToast(context, "/account/forms", { type: "success", title: m.consent_withdrawn_toast() });
}

export default function AccountForms({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.consent_family_heading()} intro={m.consent_family_intro()} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        {loaderData.athletes.length === 0 ? <p className="text-slate-800">{m.consent_no_athletes()}</p> : null}
        {loaderData.athletes.map((a, i) => (
          <AthleteFormsCard key={a.athleteId} athlete={a} error={i === 0 ? actionData?.error : undefined} busy={busy} />
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.consent_family_heading()} documentTitle={`${m.consent_family_heading()} | NLTE`} />;
}
