import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/reset-password";
import { isResetTokenUsable, resetPassword } from "~/auth/index.server";
import { RESET_TEXT } from "~/content/account";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormError, PasswordField } from "~/components/ui/field";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { ResetPasswordSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { parseForm, refusalOf, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(context, token), page: pageWords("resetPassword") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { data: input, fieldErrors } = parseForm(ResetPasswordSchema, await request.formData());
  if (!input) return refused({ fieldErrors });
  const result = await resetPassword(context, input.token, input.password);
  // A link that no longer works is a refusal of its token (the hidden field): the page says so in place of the form.
  if (!result.ok) return refused(result.status === 400 ? { fieldErrors: { token: result.error } } : { formError: result.error }, result.status);
  // No automatic sign-in: the person signs in with the new password.
  throw await redirectWithToast(context, "/signin", {
    type: "success",
    title: m.account_reset_changed_title(),
    description: RESET_TEXT.done,
  });
}

function InvalidLink({ text }: { text: string }) {
  return (
    <>
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
        {text}
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to={localHref("/forgot-password")} className="font-semibold text-court-800 underline">
          {m.account_reset_new_link()}
        </Link>
      </p>
    </>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = refusalOf(actionData);
  if (!loaderData.usable || failed?.fieldErrors.token) {
    return (
      <AuthCard title={loaderData.page.heading} subtitle={m.account_reset_once()}>
        <InvalidLink text={m.account_reset_invalid_link()} />
      </AuthCard>
    );
  }
  const errors = failed?.fieldErrors ?? {};
  return (
    <AuthCard title={loaderData.page.heading} subtitle={m.account_reset_rule()}>
      {/* No browser validation: the server answers with the site's own messages, in the page's language. */}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField purpose="new" label={m.account_field_new_password()} name="password" error={errors.password} />
        <PasswordField purpose="new" label={m.account_field_repeat_new_password()} name="confirmPassword" error={errors.confirmPassword} />
        <FormError message={failed?.formError} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? m.account_busy_saving() : m.account_reset_submit()}
        </Button>
      </Form>
    </AuthCard>
  );
}
