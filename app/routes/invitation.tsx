// /invitation?token=...: a Safe Play invitation from a mail (decision 0022). A guardian invited by an athlete accepts
// it signed in (creating an account first if needed) and joins the athlete's family; an athlete whose record their
// guardian made chooses a password here, signed out. An athlete invitation never goes to an existing account.
import { Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/invitation";
import { getUser, requireUser } from "~/auth/index.server";
import { AuthCard } from "~/components/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, PasswordField } from "~/components/ui/field";
import { ResetPasswordSchema } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { acceptInvitation, claimAthleteAccount, getInvitation } from "~/family/index.server";
import { confirmInvitedAddress } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { parseForm, refusalOf, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [invitation, user] = await Promise.all([getInvitation(context.db, token), getUser(request, context)]);
  const page = { title: m.account_invitation_title(), description: m.account_invitation_description() };
  return { token, invitation, signedInAs: user?.email ?? null, page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (form.get("intent") === "accept") {
    const user = await requireUser(request, context);
    const r = await acceptInvitation(context.db, token, user, context.config.safePlay);
    if (!r.ok) return refused({ formError: r.error }, r.status);
    // Accepted signed in with the invited address (acceptInvitation checks it): the invitation proved it (issue 39).
    await confirmInvitedAddress(context.db, user.id, user.email);
    throw await redirectWithToast(context, "/account/family", {
      type: "success",
      title: m.account_invitation_accepted_title(),
      description: m.account_invitation_accepted(),
    });
  }
  if (form.get("intent") === "password") {
    const { data: input, fieldErrors } = parseForm(ResetPasswordSchema, form);
    if (!input) return refused({ fieldErrors });
    const hash = await (await context.auth.$context).password.hash(input.password);
    const r = await claimAthleteAccount(context.db, input.token, hash);
    if (!r.ok) return refused({ formError: r.error }, r.status);
    throw await redirectWithToast(context, `/signin?${new URLSearchParams({ redirectTo: "/messages" })}`, {
      type: "success",
      title: m.account_invitation_ready_title(),
      description: m.account_invitation_ready(),
    });
  }
  return refused({ formError: m.account_invitation_gone() });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation, signedInAs } = loaderData;
  const busy = useNavigation().state === "submitting";
  const back = `/invitation?${new URLSearchParams({ token })}`;
  const title = m.account_invitation_title();
  const failed = refusalOf(actionData);
  if (!invitation) {
    return (
      <AuthCard title={title} subtitle={m.account_invitation_gone()}>
        <Link to={localHref("/")} className={buttonClass("primary")}>
          {m.account_invitation_home()}
        </Link>
      </AuthCard>
    );
  }
  const forGuardian = invitation.kind === "guardian";
  const names = { inviter: invitation.inviterName, athlete: invitation.athleteName };
  const subtitle = invitation.byGuardian
    ? m.account_invitation_by_guardian(names)
    : forGuardian
      ? m.account_invitation_for_guardian(names)
      : m.account_invitation_for_athlete(names);
  const sameAddress = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <p className="mb-4 text-slate-800">
        {m.account_invitation_sent_to()}
        <strong>{invitation.email}</strong>.
      </p>
      <FormError message={failed?.formError} />
      {!forGuardian && signedInAs ? (
        <p className="text-slate-800">
          {m.account_invitation_athlete_signed_in()}
          <Link to={localHref("/signout")} className="font-semibold text-court-800 underline">
            {m.account_invitation_sign_out()}
          </Link>
          {m.account_invitation_then_follow()}
        </p>
      ) : !forGuardian && invitation.emailHasAccount ? (
        <p className="text-slate-800">{m.account_invitation_address_taken()}</p>
      ) : signedInAs && sameAddress ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={busy} className="w-full">
            {m.account_invitation_accept()}
          </Button>
        </Form>
      ) : signedInAs ? (
        <p className="text-slate-800">
          {m.account_invitation_signed_in_as({ email: signedInAs })}
          <Link to={localHref("/signout")} className="font-semibold text-court-800 underline">
            {m.account_invitation_sign_out()}
          </Link>
          {m.account_invitation_use_invited_address()}
        </p>
      ) : !forGuardian && !invitation.emailHasAccount ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="token" value={token} />
          <PasswordField purpose="new" label={m.account_invitation_choose_password()} name="password" error={failed?.fieldErrors.password} />
          <PasswordField
            purpose="new"
            label={m.account_invitation_repeat_password()}
            name="confirmPassword"
            error={failed?.fieldErrors.confirmPassword}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {m.account_invitation_create_login()}
          </Button>
        </Form>
      ) : (
        <div className="flex flex-col gap-3">
          <Link to={localHref(`/signin?${new URLSearchParams({ redirectTo: back })}`)} className={buttonClass("primary")}>
            {m.account_invitation_sign_in()}
          </Link>
          {invitation.emailHasAccount ? null : (
            <Link to={localHref(`/signup?${new URLSearchParams({ redirectTo: back })}`)} className={buttonClass("secondary")}>
              {m.account_invitation_create_account()}
            </Link>
          )}
        </div>
      )}
    </AuthCard>
  );
}
