// /staff/invitation?token=...: an administrator's invitation to become a coach, from a mail (decision 0030). The
// invited person signs in, or creates an account, with the invited address, and accepts here: they become a coach
// (the coach-name rule applies) and go on to write their profile. Signed in with another address, they are told to
// sign out; nothing changes.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/staff.invitation";
import { getUser, requireUser } from "~/auth/index.server";
import { AuthCard } from "~/components/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import { localHref } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { acceptStaffInvitation, getStaffInvitation } from "~/staff/index.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [invitation, user] = await Promise.all([getStaffInvitation(context.db, token), getUser(request, context)]);
  return {
    token,
    invitation,
    signedInAs: user?.email ?? null,
    page: { title: m.staff_invitation_title(), description: m.staff_invitation_description() },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const r = await acceptStaffInvitation(context.db, String(form.get("token") ?? ""), user, context.config.safePlay);
  if (!r.ok) return data({ error: r.error }, { status: r.status });
  throw await redirectWithToast(context, "/staff/profile", {
    type: "success",
    title: m.staff_invitation_accepted_title(),
    description: m.staff_invitation_accepted(),
  });
}

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation, signedInAs } = loaderData;
  const busy = useNavigation().state === "submitting";
  const title = m.staff_invitation_title();
  if (!invitation) {
    return (
      <AuthCard title={title} subtitle={m.staff_invitation_gone()}>
        <Link to={localHref("/")} className={buttonClass("primary")}>
          {m.staff_invitation_home()}
        </Link>
      </AuthCard>
    );
  }
  const back = `/staff/invitation?${new URLSearchParams({ token })}`;
  const sameAddress = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  return (
    <AuthCard title={title} subtitle={m.staff_invitation_from({ inviter: invitation.inviterName })}>
      <p className="mb-4 text-slate-800">
        {m.staff_invitation_sent_to()} <strong className="break-all">{invitation.email}</strong>
      </p>
      <FormError message={actionData?.error} />
      {signedInAs && sameAddress ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={busy} className="w-full">
            {m.staff_invitation_accept()}
          </Button>
        </Form>
      ) : signedInAs ? (
        <p className="text-slate-800">
          {m.staff_invitation_signed_in_as({ email: signedInAs })}{" "}
          <Link to={localHref("/signout")} className="font-semibold text-court-800 underline">
            {m.staff_invitation_sign_out()}
          </Link>{" "}
          {m.staff_invitation_use_invited_address()}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <Link to={localHref(`/signin?${new URLSearchParams({ redirectTo: back })}`)} className={buttonClass("primary")}>
            {m.staff_invitation_sign_in()}
          </Link>
          {invitation.emailHasAccount ? null : (
            <Link to={localHref(`/signup?${new URLSearchParams({ redirectTo: back })}`)} className={buttonClass("secondary")}>
              {m.staff_invitation_create_account()}
            </Link>
          )}
        </div>
      )}
    </AuthCard>
  );
}
