import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/signup";
import { signUpWithPassword } from "~/auth/index.server";
import { backToDocumentDialog } from "~/auth/index.server";
import { clientKindProblem } from "~/safe-play/index.server";
import { requireVisitor } from "~/auth/index.server";
import { ClientKindFields } from "~/components/client-kind-fields";
import { AuthCard } from "~/components/auth-card";
import { GoogleButton } from "~/components/google-button";
import { useErrorToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Field, FormError, EmailField, PasswordField } from "~/components/ui/field";
import { AUTH_DIALOG_TEXT, AUTH_TOASTS } from "~/content/auth";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { DOCUMENT_DIALOG, SignUpDialogSchema, SignUpSchema, StaffSignUpSchema } from "~/auth/schemas";
import { signedUpCookie } from "~/auth/index.server";
import { GuardianPhoneField } from "~/components/guardian-phone-field";
import { getStaffInvitation } from "~/staff/index.server";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/root";
import { done, parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  const invitation = await staffInvitationOf(context, new URL(request.url).searchParams.get("redirectTo"));
  return { page: pageWords("signup"), staffInvitation: invitation ? { email: invitation.email } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const via = form.get("via");
  // "dialog": the dialog of pages running React (answered with data); DOCUMENT_DIALOG: the same dialog on a page
  // without React (a plain form post, answered with a redirect back to that page).
  const viaDialog = via === "dialog" || via === DOCUMENT_DIALOG;
  // A coach invited to the staff (issue 39) is not asked "parent or student-athlete": the invitation, checked here
  // again, answers it (an adult's account; the date of birth still must say 18 or older), for its address only.
  const invitation = viaDialog ? null : await staffInvitationOf(context, form.get("redirectTo"));
  // Only these fields are read: a role or anything else a visitor sends is ignored.
  const { data: input, fieldErrors } = invitation ? staffSignUp(form) : parseForm(viaDialog ? SignUpDialogSchema : SignUpSchema, form);
  if (!input) {
    if (via === DOCUMENT_DIALOG) return backToDocumentDialog(context, form, "signup", { fieldErrors });
    return refused({ fieldErrors });
  }
  if (invitation && input.email !== invitation.email.toLowerCase()) {
    const fieldErrors = { email: m.account_error_staff_address({ email: invitation.email }) };
    return refused({ fieldErrors });
  }

  // Safe Play: an athlete gives a date of birth and is 13 or older (COPPA); the message goes beside the field.
  const problem = clientKindProblem(input.kind, input.dateOfBirth, context.config.safePlay);
  if (problem) {
    const fieldErrors = { [problem.field]: problem.message };
    if (via === DOCUMENT_DIALOG) return backToDocumentDialog(context, form, "signup", { fieldErrors });
    return refused({ fieldErrors });
  }

  const result = await signUpWithPassword(request, context, input);
  if (!result.ok) {
    if (via === DOCUMENT_DIALOG) return backToDocumentDialog(context, form, "signup", { error: result.error });
    return refused({ formError: result.error }, result.status);
  }

  if (viaDialog) {
    const toast = AUTH_TOASTS.accountCreated();
    if (via === DOCUMENT_DIALOG) {
      throw await redirectWithToast(context, safeRedirect(form.get("redirectTo")), toast, { headers: result.headers });
    }
    return done<{ toast: Toast }>({ toast }, { headers: result.headers });
  }
  // From an invitation: signing in afterwards returns there (safeRedirect keeps it on this site).
  const back = safeRedirect(form.get("redirectTo"), "");
  const signin = back ? `/signin?${new URLSearchParams({ redirectTo: back })}` : "/signin";
  // The sign-in page says where the confirmation mail went (a cookie: the address stays out of the URL).
  const headers = { "Set-Cookie": await signedUpCookie(context, input.email) };
  throw await redirectWithToast(context, signin, AUTH_TOASTS.registered(), { headers });
}

/** A sign-up from a staff invitation: the Safe Play question is answered (an adult's account, not an athlete's; the date of birth is checked as always). */
function staffSignUp(form: FormData) {
  const r = parseForm(StaffSignUpSchema, form);
  if (!r.data) return { data: null, fieldErrors: r.fieldErrors };
  return { data: { ...r.data, kind: "guardian" as const }, fieldErrors: null };
}

/** The staff invitation a sign-up came from (its `redirectTo` is /staff/invitation?token=...), when still valid. */
async function staffInvitationOf(context: Route.LoaderArgs["context"], redirectTo: FormDataEntryValue | null) {
  if (typeof redirectTo !== "string" || !redirectTo.startsWith("/")) return null;
  const url = new URL(redirectTo, "http://site.invalid");
  if (!/^(\/es)?\/staff\/invitation$/.test(url.pathname)) return null;
  return getStaffInvitation(context.db, url.searchParams.get("token") ?? "");
}

export default function SignUp({ actionData, loaderData }: Route.ComponentProps) {
  const invited = loaderData.staffInvitation;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const navigation = useNavigation();
  const root = useRootData();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(AUTH_DIALOG_TEXT.signup.action);
  const fieldErrors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  const error = actionData && !actionData.ok ? actionData.formError : undefined;

  useErrorToast(actionData, AUTH_DIALOG_TEXT.signup.failed);

  return (
    <AuthCard title={AUTH_DIALOG_TEXT.signup.title} subtitle={AUTH_DIALOG_TEXT.signup.subtitle}>
      {/* No browser validation: the server answers with the site's own messages, in the page's language. */}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <Field label={m.account_field_full_name_signup()} name="fullName" autoComplete="name" required error={fieldErrors.fullName} />
        {invited ? <p className="text-sm text-slate-800">{m.account_signup_staff_note()}</p> : null}
        <EmailField label={m.account_field_email()} name="email" required defaultValue={invited?.email} error={fieldErrors.email} />
        <PasswordField purpose="new" label={m.account_field_password()} name="password" error={fieldErrors.password} />
        {invited ? null : <GuardianPhoneField error={fieldErrors.phone} />}
        {invited ? (
          <Field label={m.account_field_date_of_birth()} name="dateOfBirth" type="date" error={fieldErrors.dateOfBirth} />
        ) : (
          <ClientKindFields privacyNote errors={{ kind: fieldErrors.kind, dateOfBirth: fieldErrors.dateOfBirth }} />
        )}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {invited ? null : <p className="text-sm text-slate-600">{m.account_signup_clients_only()}</p>}
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
