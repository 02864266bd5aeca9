import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/signin";
import { signInWithPassword } from "~/auth/index.server";
import { getLocale } from "~/i18n/locale";
import { backToDocumentDialog } from "~/auth/index.server";
import { requireVisitor } from "~/auth/index.server";
import { readSignedUpAddress } from "~/auth/index.server";
import { SignUpNotice } from "~/components/sign-up-notice";
import { AuthCard } from "~/components/auth-card";
import { ForgotPasswordLink } from "~/components/forgot-password-link";
import { GoogleButton } from "~/components/google-button";
import { useErrorToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FormError, EmailField, PasswordField } from "~/components/ui/field";
import { AUTH_DIALOG_TEXT, AUTH_TOASTS } from "~/content/auth";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { DOCUMENT_DIALOG, SignInSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/retry-after";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/root";
import { getSession } from "~/enrollment/index.server";
import { done, parseForm, refused } from "~/lib/forms";

/** Sign-up keeps where the visitor was going: after it, signing in returns there. */
function signUpHref(redirectTo: string | null) {
  const back = safeRedirect(redirectTo, "");
  return back ? `/signup?${new URLSearchParams({ redirectTo: back })}` : "/signup";
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page) : []);
export const headers = retryAfterHeaders;

/** What Google's return (/auth/callback) says went wrong. */
const CALLBACK_ERRORS: Record<string, () => string> = {
  auth_failed: m.account_google_incomplete,
  oauth_callback_failed: m.account_google_failed,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  // Just signed up (issue 39): where the confirmation mail went, and what to do if it does not come.
  const signedUp = await readSignedUpAddress(context, request);
  return {
    page: pageWords("signin"),
    signedUp: signedUp ? { email: signedUp, phone: context.config.site.phone } : null,
    reason: await signInReason(context, new URL(request.url).searchParams.get("redirectTo")),
  };
}

/**
 * Why a visitor was sent here, when the page they asked for says (issue 39): "Ask for a place online" on a session's
 * card names the session, so the page does not look like a dead end. Signing in (or up) returns to that form.
 */
async function signInReason(context: Route.LoaderArgs["context"], redirectTo: string | null) {
  const enroll = /^(?:\/es)?\/enroll\/([0-9a-f-]{36})(?:\?|$)/i.exec(safeRedirect(redirectTo));
  const session = enroll ? await getSession(context.db, enroll[1]!, getLocale()) : null;
  return session ? m.site_signin_for_place({ session: session.title }) : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viaDialog = form.get("via") === "dialog";
  const viaDocumentDialog = form.get("via") === DOCUMENT_DIALOG;
  const { data: input, fieldErrors } = parseForm(SignInSchema, form);
  if (!input) {
    if (viaDocumentDialog) return backToDocumentDialog(context, form, "signin", { fieldErrors });
    return refused({ fieldErrors });
  }

  const result = await signInWithPassword(request, context, input);
  if (!result.ok) {
    if (viaDocumentDialog) return backToDocumentDialog(context, form, "signin", { error: result.error });
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return refused({ formError: result.error }, { status: result.status, headers });
  }

  // The account's language follows the person (issue 27): signed in from a page in another one, they land in theirs.
  const otherLanguage = result.locale !== undefined && result.locale !== getLocale();
  const toast = AUTH_TOASTS.signedIn(result.locale);
  if (viaDialog && !otherLanguage) return done<{ toast: Toast }>({ toast }, { headers: result.headers });
  throw await redirectWithToast(context, safeRedirect(form.get("redirectTo")), toast, {
    headers: result.headers,
    document: otherLanguage,
    locale: result.locale,
  });
}

export default function SignIn({ actionData, loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const root = useRootData();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(AUTH_DIALOG_TEXT.signin.action);
  const fieldErrors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  const error = actionData && !actionData.ok ? actionData.formError : CALLBACK_ERRORS[params.get("error") ?? ""]?.();

  useErrorToast(actionData, AUTH_DIALOG_TEXT.signin.failed);

  return (
    <AuthCard title={AUTH_DIALOG_TEXT.signin.title} subtitle={AUTH_DIALOG_TEXT.signin.subtitle}>
      {loaderData.reason ? <p className="mb-4 rounded-lg border border-court-200 bg-court-50 p-3 text-navy-900">{loaderData.reason}</p> : null}
      {loaderData.signedUp ? <SignUpNotice {...loaderData.signedUp} /> : null}
      {/* No browser validation: the server answers with the site's own messages, in the page's language. */}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={safeRedirect(params.get("redirectTo"))} />
        <EmailField label={m.account_field_email()} name="email" required defaultValue={loaderData.signedUp?.email} error={fieldErrors.email} />
        <PasswordField label={m.account_field_password()} name="password" error={fieldErrors.password} />
        <ForgotPasswordLink />
        <FormError message={error} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? AUTH_DIALOG_TEXT.signin.busy : AUTH_DIALOG_TEXT.signin.submit}
        </Button>
      </Form>
      {root?.site.googleEnabled ? <GoogleButton className="mt-3" /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        {AUTH_DIALOG_TEXT.signin.prompt}
        <Link to={localHref(signUpHref(params.get("redirectTo")))} className="font-semibold text-court-800 underline">
          {AUTH_DIALOG_TEXT.signin.toggle}
        </Link>
      </p>
    </AuthCard>
  );
}
