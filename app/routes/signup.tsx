import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/signup";
import { signUpWithPassword } from "~/auth/accounts.server";
import { backToDocumentDialog } from "~/auth/document-dialog.server";
import { clientKindProblem } from "~/family/safe-play.server";
import { requireVisitor } from "~/auth/session.server";
import { ClientKindFields } from "~/components/client-kind-fields";
import { AuthCard } from "~/components/auth-card";
import type { DialogActionData } from "~/components/auth-dialog";
import { GoogleButton } from "~/components/google-button";
import { useErrorToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Field, FormError, EmailField, PasswordField } from "~/components/ui/field";
import { AUTH_DIALOG_TEXT, AUTH_TOASTS } from "~/content/auth";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { DOCUMENT_DIALOG, parseForm, SignUpDialogSchema, SignUpSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/root";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  return { page: pageWords("signup") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const via = form.get("via");
  // "dialog": the dialog of pages running React (answered with data); DOCUMENT_DIALOG: the same dialog on a page
  // without React (a plain form post, answered with a redirect back to that page).
  const viaDialog = via === "dialog" || via === DOCUMENT_DIALOG;
  // Only these fields are read: a role or anything else a visitor sends is ignored.
  const { data: input, fieldErrors } = parseForm(viaDialog ? SignUpDialogSchema : SignUpSchema, form);
  if (!input) {
    if (via === DOCUMENT_DIALOG) return backToDocumentDialog(context, form, "signup", { fieldErrors });
    return data<DialogActionData>({ ok: false, fieldErrors }, { status: 400 });
  }

  // Safe Play: an athlete gives a date of birth and is 13 or older (COPPA); the message goes beside the field.
  const problem = clientKindProblem(input.kind, input.dateOfBirth, context.config.safePlay);
  if (problem) {
    const fieldErrors = { [problem.field]: problem.message };
    if (via === DOCUMENT_DIALOG) return backToDocumentDialog(context, form, "signup", { fieldErrors });
    return data<DialogActionData>({ ok: false, fieldErrors }, { status: 400 });
  }

  const result = await signUpWithPassword(request, context, input);
  if (!result.ok) {
    if (via === DOCUMENT_DIALOG) return backToDocumentDialog(context, form, "signup", { error: result.error });
    return data<DialogActionData>({ ok: false, error: result.error }, { status: result.status });
  }

  if (viaDialog) {
    const toast = AUTH_TOASTS.accountCreated();
    if (via === DOCUMENT_DIALOG) {
      throw await redirectWithToast(context, safeRedirect(form.get("redirectTo")), toast, { headers: result.headers });
    }
    return data<DialogActionData>({ ok: true, toast }, { headers: result.headers });
  }
  // From an invitation: signing in afterwards returns there (safeRedirect keeps it on this site).
  const back = safeRedirect(form.get("redirectTo"), "");
  const signin = back ? `/signin?${new URLSearchParams({ redirectTo: back })}` : "/signin";
  throw await redirectWithToast(context, signin, AUTH_TOASTS.registered());
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const navigation = useNavigation();
  const root = useRootData();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(AUTH_DIALOG_TEXT.signup.action);
  const fieldErrors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  const error = actionData && !actionData.ok ? actionData.error : undefined;

  useErrorToast(actionData, AUTH_DIALOG_TEXT.signup.failed);

  return (
    <AuthCard title={AUTH_DIALOG_TEXT.signup.title} subtitle={AUTH_DIALOG_TEXT.signup.subtitle}>
      {/* No browser validation: the server answers with the site's own messages, in the page's language. */}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <Field label={m.account_field_full_name_signup()} name="fullName" autoComplete="name" required error={fieldErrors.fullName} />
        <EmailField label={m.account_field_email()} name="email" required error={fieldErrors.email} />
        <PasswordField purpose="new" label={m.account_field_password()} name="password" error={fieldErrors.password} />
        <ClientKindFields privacyNote errors={{ kind: fieldErrors.kind, dateOfBirth: fieldErrors.dateOfBirth }} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <p className="text-sm text-slate-600">{m.account_signup_clients_only()}</p>
        <FormError message={error} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? AUTH_DIALOG_TEXT.signup.busy : AUTH_DIALOG_TEXT.signup.submit}
        </Button>
      </Form>
      {root?.site.googleEnabled ? <GoogleButton className="mt-3" /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        {AUTH_DIALOG_TEXT.signup.prompt}
        <Link to={localHref("/signin")} className="font-semibold text-court-800 underline">
          {AUTH_DIALOG_TEXT.signup.toggle}
        </Link>
      </p>
    </AuthCard>
  );
}
