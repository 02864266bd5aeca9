import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/signin";
import { signInWithPassword } from "~/auth/accounts.server";
import { getLocale } from "~/i18n/locale";
import { backToDocumentDialog } from "~/auth/document-dialog.server";
import { requireVisitor } from "~/auth/session.server";
import { AuthCard } from "~/components/auth-card";
import type { DialogActionData } from "~/components/auth-dialog";
import { ForgotPasswordLink } from "~/components/forgot-password-link";
import { GoogleButton } from "~/components/google-button";
import { useErrorToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { AUTH_DIALOG_TEXT, AUTH_TOASTS } from "~/content/auth";
import { PAGES } from "~/content/pages";
import { DOCUMENT_DIALOG, parseForm, SignInSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/retry-after";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/root";

export const meta = () => pageMeta(PAGES.signin);
export const headers = retryAfterHeaders;

const CALLBACK_ERRORS: Record<string, string> = {
  auth_failed: "Google sign-in did not complete. Please try again.",
  oauth_callback_failed: "Something went wrong while signing in with Google. Please try again.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viaDialog = form.get("via") === "dialog";
  const viaDocumentDialog = form.get("via") === DOCUMENT_DIALOG;
  const { data: input, fieldErrors } = parseForm(SignInSchema, form);
  if (!input) {
    if (viaDocumentDialog) return backToDocumentDialog(context, form, "signin", { fieldErrors });
    return data<DialogActionData>({ ok: false, fieldErrors }, { status: 400 });
  }

  const result = await signInWithPassword(request, context, input);
  if (!result.ok) {
    if (viaDocumentDialog) return backToDocumentDialog(context, form, "signin", { error: result.error });
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data<DialogActionData>({ ok: false, error: result.error }, { status: result.status, headers });
  }

  const toast = AUTH_TOASTS.signedIn;
  // The account's language follows the person (issue 27): signed in from a page in another one, they land in theirs.
  const otherLanguage = result.locale !== undefined && result.locale !== getLocale();
  if (viaDialog && !otherLanguage) return data<DialogActionData>({ ok: true, toast }, { headers: result.headers });
  throw await redirectWithToast(context, safeRedirect(form.get("redirectTo")), toast, {
    headers: result.headers,
    document: otherLanguage,
    locale: result.locale,
  });
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const root = useRootData();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signin");
  const fieldErrors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  const error = actionData && !actionData.ok ? actionData.error : CALLBACK_ERRORS[params.get("error") ?? ""];

  useErrorToast(actionData, AUTH_DIALOG_TEXT.signin.failed);

  return (
    <AuthCard title={AUTH_DIALOG_TEXT.signin.title} subtitle={AUTH_DIALOG_TEXT.signin.subtitle}>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={safeRedirect(params.get("redirectTo"))} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
        <ForgotPasswordLink />
        <FormError message={error} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? AUTH_DIALOG_TEXT.signin.busy : AUTH_DIALOG_TEXT.signin.submit}
        </Button>
      </Form>
      {root?.site.googleEnabled ? <GoogleButton className="mt-3" /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        Don't have an account?{" "}
        <Link to={localHref("/signup")} className="font-semibold text-court-800 underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
