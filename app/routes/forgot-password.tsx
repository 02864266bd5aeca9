import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/forgot-password";
import { requestPasswordReset } from "~/auth/index.server";
import { RESET_TEXT } from "~/content/account";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormError, EmailField } from "~/components/ui/field";
import { pageWords } from "~/content/words.server";
import { m } from "~/paraglide/messages";
import { ForgotPasswordSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { Confirmation } from "~/components/ui/confirmation";
import { done, parseForm, refusalOf, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export function loader() {
  return { page: pageWords("forgotPassword") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { data: input, fieldErrors } = parseForm(ForgotPasswordSchema, await request.formData());
  if (!input) return refused({ fieldErrors });
  const result = await requestPasswordReset(context, input.email);
  if (!result.ok) return refused({ formError: result.error }, result.status);
  return done({ message: RESET_TEXT.sent });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = refusalOf(actionData);
  return (
    <AuthCard title={loaderData.page.heading} subtitle={m.account_forgot_subtitle()}>
      {actionData?.ok ? (
        <Confirmation className="text-sm">{actionData.message}</Confirmation>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-4">
          <EmailField label={m.account_field_email()} name="email" required error={failed?.fieldErrors.email} />
          <FormError message={failed?.formError} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? m.account_forgot_busy() : m.account_forgot_submit()}
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        <Link to={localHref("/signin")} className="font-semibold text-court-800 underline">
          {m.account_back_to_signin()}
        </Link>
      </p>
    </AuthCard>
  );
}
