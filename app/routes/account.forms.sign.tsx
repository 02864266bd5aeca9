// /account/forms/sign?athlete=…&form=…&season=… (issue 40): one form for one athlete and season, on a phone: its text
// in the reader's language, the guardian's statement, the consent to sign electronically and the typed name. The
// loader shows only an athlete the person signs for (404 otherwise); the action checks everything again (signForm).
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/account.forms.sign";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { getCurrentVersionOf, getSigningFacts, inLanguage, requireFormsFamily, signForm } from "~/consent/index.server";
import { SignSchema } from "~/consent/schemas";
import { SignChecks } from "~/consent/sign-page";
import { getLocale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isUuid } from "~/lib/uuid";
import { m } from "~/paraglide/messages";
import { parseForm, refusalOf, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: `${loaderData?.title ?? m.consent_sign_heading()} | NLTE`, description: m.consent_family_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireFormsFamily(request, context);
  const q = new URL(request.url).searchParams;
  const athleteId = q.get("athlete") ?? "";
  const season = q.get("season") ?? "none";
  invariantResponse(season === "none" || isUuid(season), m.consent_error_season(), 404);
  const version = await getCurrentVersionOf(context.db, q.get("form") ?? "");
  invariantResponse(version, m.consent_error_version(), 404);
  const locale = getLocale();
  const facts = await getSigningFacts(context.db, user, context.config.safePlay, athleteId, season === "none" ? null : season, locale);
  invariantResponse(facts, m.consent_error_athlete(), 404);
  const words = inLanguage(version, locale);
  return {
    ...words,
    versionId: version.versionId,
    version: version.version,
    kind: version.kind,
    athleteId,
    seasonId: season,
    athleteName: facts.athleteName,
    self: facts.self,
    season: facts.season,
    accountName: user.fullName ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireFormsFamily(request, context);
  const { data: input, fieldErrors } = parseForm(SignSchema, await request.formData());
  if (!input) return refused({ fieldErrors });
  const result = await signForm(context, user, input, {
    ipAddress: context.clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    locale: getLocale(),
  });
  if (!result.ok) {
    const beside = result.field && ["typedName", "guardian", "esign", "photoChoice"].includes(result.field);
    return refused(beside ? { fieldErrors: { [result.field!]: result.error } } : { formError: result.error }, result.status);
  }
  const title = result.enrolled.length > 0 ? m.consent_signed_enrolled_toast() : m.consent_signed_toast();
  throw await redirectWithToast(context, "/account/forms", { type: "success", title });
}

export default function SignFormPage({ loaderData: f, actionData }: Route.ComponentProps) {
  const failed = refusalOf(actionData);
  const errors = failed?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  const formError = failed?.formError ?? errors.versionId ?? errors.athleteId ?? errors.seasonId;
  return (
    <>
      <PageHeader heading={f.title} intro={m.consent_sign_intro({ athlete: f.athleteName, season: f.season })} />
      <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
        <article aria-label={f.title} className="rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-sm">
          <p className="mb-3 text-sm text-slate-700">{m.consent_version_short({ version: String(f.version) })}</p>
          {f.body.split(/\n{2,}/).map((para, i) => (
            <p key={i} className="mb-3 whitespace-pre-line">
              {para}
            </p>
          ))}
        </article>
        <Form method="post" className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
          <FormError message={formError} />
          <input type="hidden" name="versionId" value={f.versionId} />
          <input type="hidden" name="athleteId" value={f.athleteId} />
          <input type="hidden" name="seasonId" value={f.seasonId} />
          <SignChecks kind={f.kind} self={f.self} athleteName={f.athleteName} errors={errors} />
          <div className="flex flex-col gap-1">
            <Field name="typedName" label={m.consent_typed_name_label()} autoComplete="name" required error={errors.typedName} />
            <p className="text-sm text-slate-700">{m.consent_typed_name_hint({ name: f.accountName })}</p>
          </div>
          <Button type="submit" disabled={busy} className="w-full py-3 text-base sm:w-auto">
            {m.consent_sign_button()}
          </Button>
        </Form>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.consent_sign_heading()} documentTitle={`${m.consent_sign_heading()} | NLTE`} />;
}
