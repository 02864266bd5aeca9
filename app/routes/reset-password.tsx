import { data, Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/reset-password";
import { isResetTokenUsable, resetPassword } from "~/auth/password-reset.server";
import { RESET_TEXT } from "~/content/account";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { PAGES } from "~/content/pages";
import { parseForm, ResetPasswordSchema, type FieldErrors } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export const meta = () => [...pageMeta(PAGES.resetPassword), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(context, token) };
}

type ActionData = { ok: false; fieldErrors?: FieldErrors; error?: string; invalidLink?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const { data: input, fieldErrors } = parseForm(ResetPasswordSchema, await request.formData());
  if (!input) return data<ActionData>({ ok: false, fieldErrors }, { status: 400 });
  const result = await resetPassword(context, input.token, input.password);
  if (!result.ok) return data<ActionData>({ ok: false, error: result.error, invalidLink: result.status === 400 }, { status: result.status });
  // No automatic sign-in: the person signs in with the new password.
  throw await redirectWithToast(context, "/signin", { type: "success", title: "Password changed", description: RESET_TEXT.done });
}

function InvalidLink() {
  return (
    <>
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
        {RESET_TEXT.invalidLink}
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to={localHref("/forgot-password")} className="font-semibold text-court-800 underline">
          Send me a new link
        </Link>
      </p>
    </>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (!loaderData.usable || actionData?.invalidLink) {
    return (
      <AuthCard title={PAGES.resetPassword.heading} subtitle="Password reset links work once, for 30 minutes.">
        <InvalidLink />
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard title={PAGES.resetPassword.heading} subtitle="At least 6 characters. Every device signed in to your account will be signed out.">
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
        <Field
          label="Repeat the new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <FormError message={actionData?.error ?? errors.token} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Saving..." : "Save the new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
