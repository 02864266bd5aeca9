// /invitation?token=...: a Safe Play invitation from a mail (decision 0022). A guardian invited by an athlete accepts
// it signed in (creating an account first if needed) and joins the athlete's family; an athlete whose record their
// guardian made chooses a password here, signed out. An athlete invitation never goes to an existing account.
import { data, Form, Link, useNavigation } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/invitation";
import { getUser, requireUser } from "~/auth/session.server";
import { AuthCard } from "~/components/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { parseForm, ResetPasswordSchema, type FieldErrors } from "~/auth/schemas";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { ADDRESS_TAKEN, ATHLETE_INVITATION_NEEDS_NEW_LOGIN, INVITATION_GONE } from "~/family/safe-play";
import { acceptInvitation, claimAthleteAccount, getInvitation } from "~/family/invitations.server";

export const meta = () => [
  ...pageMeta({ title: "Invitation", description: "Accept an invitation to link a family's accounts." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [invitation, user] = await Promise.all([getInvitation(context.db, token), getUser(request, context)]);
  return { token, invitation, signedInAs: user?.email ?? null };
}

type ActionData = { fieldErrors?: FieldErrors; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (form.get("intent") === "accept") {
    const user = await requireUser(request, context);
    const r = await acceptInvitation(context.db, token, user, context.config.safePlay);
    if (!r.ok) return data<ActionData>({ error: r.error }, { status: r.status });
    throw await redirectWithToast(context, "/account", { type: "success", title: "Invitation accepted", description: "Your accounts are linked." });
  }
  if (form.get("intent") === "password") {
    const { data: input, fieldErrors } = parseForm(ResetPasswordSchema, form);
    if (!input) return data<ActionData>({ fieldErrors: fieldErrors ?? {} }, { status: 400 });
    const hash = await (await context.auth.$context).password.hash(input.password);
    const r = await claimAthleteAccount(context.db, input.token, hash);
    if (!r.ok) return data<ActionData>({ error: r.error }, { status: r.status });
    throw await redirectWithToast(context, `/signin?${new URLSearchParams({ redirectTo: "/messages" })}`, {
      type: "success",
      title: "Your account is ready",
      description: "Sign in with your email address and your new password.",
    });
  }
  return data<ActionData>({ error: INVITATION_GONE }, { status: 400 });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation, signedInAs } = loaderData;
  const busy = useNavigation().state === "submitting";
  const back = `/invitation?${new URLSearchParams({ token })}`;
  if (!invitation) {
    return (
      <AuthCard title="Invitation" subtitle={INVITATION_GONE}>
        <Link to={localHref("/")} className={buttonClass("primary")}>
          Go to Home
        </Link>
      </AuthCard>
    );
  }
  const forGuardian = invitation.kind === "guardian";
  const subtitle = invitation.byGuardian
    ? `${invitation.inviterName} invited you to join their family on the site as a second parent or guardian of ${invitation.athleteName}. Once you accept, you take part in every conversation their coaches have with them while they are under 18.`
    : forGuardian
      ? `${invitation.athleteName} asked you to be their parent or guardian. Once you accept, you take part in every conversation their coaches have with them while they are under 18.`
      : `${invitation.inviterName}, your parent or guardian, added ${invitation.athleteName} to their family on the site. This invitation gives ${invitation.athleteName} a login of their own.`;
  const sameAddress = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  return (
    <AuthCard title="Invitation" subtitle={subtitle}>
      <p className="mb-4 text-slate-800">
        It was sent to <strong>{invitation.email}</strong>.
      </p>
      <FormError message={actionData?.error} />
      {!forGuardian && signedInAs ? (
        <p className="text-slate-800">
          {ATHLETE_INVITATION_NEEDS_NEW_LOGIN.replace(" Sign out, then follow the link again to choose a password.", "")} Please{" "}
          <Link to={localHref("/signout")} className="font-semibold text-court-800 underline">
            sign out
          </Link>
          , then follow the link again to choose a password.
        </p>
      ) : !forGuardian && invitation.emailHasAccount ? (
        <p className="text-slate-800">{ADDRESS_TAKEN}</p>
      ) : signedInAs && sameAddress ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={busy} className="w-full">
            Accept the invitation
          </Button>
        </Form>
      ) : signedInAs ? (
        <p className="text-slate-800">
          You are signed in as {signedInAs}. Please{" "}
          <Link to={localHref("/signout")} className="font-semibold text-court-800 underline">
            sign out
          </Link>{" "}
          and sign in with the address the invitation was sent to.
        </p>
      ) : !forGuardian && !invitation.emailHasAccount ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="token" value={token} />
          <Field
            label="Choose a password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={actionData?.fieldErrors?.password}
          />
          <Field
            label="Repeat the password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={actionData?.fieldErrors?.confirmPassword}
          />
          <Button type="submit" disabled={busy} className="w-full">
            Accept and create my sign-in
          </Button>
        </Form>
      ) : (
        <div className="flex flex-col gap-3">
          <Link to={`/signin?${new URLSearchParams({ redirectTo: back })}`} className={buttonClass("primary")}>
            Sign in to accept
          </Link>
          {invitation.emailHasAccount ? null : (
            <Link to={`/signup?${new URLSearchParams({ redirectTo: back })}`} className={buttonClass("secondary")}>
              Create an account
            </Link>
          )}
        </div>
      )}
    </AuthCard>
  );
}
