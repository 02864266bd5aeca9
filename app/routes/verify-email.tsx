import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/verify-email";
import { wasEmailLinkMailed } from "~/auth/email-links.server";
import { AuthCard } from "~/components/auth-card";
import { PAGES } from "~/content/pages";
import { pageMeta } from "~/lib/meta";

export const meta = () => [...pageMeta(PAGES.verifyEmail), { name: "robots", content: "noindex" }];

export const VERIFY_TEXT = {
  done: "Thank you: your email address is confirmed.",
  invalid: "This confirmation link has expired or is not valid. Sign in and use “Send the link again” to get a new one.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token || token.length > 4000) return { ok: false };
  // Signed is not enough: the site accepts only a link it mailed (one signed with a backup's secret is refused).
  if (!(await wasEmailLinkMailed(context.db, token))) return { ok: false };
  try {
    // The session (when there is one) lets Better Auth confirm a change of address for its owner.
    await context.auth.api.verifyEmail({ query: { token }, headers: request.headers });
    return { ok: true };
  } catch {
    return { ok: false };
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={PAGES.verifyEmail.heading} subtitle="">
      <p role={loaderData.ok ? "status" : "alert"} className="text-slate-900">
        {loaderData.ok ? VERIFY_TEXT.done : VERIFY_TEXT.invalid}
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to={localHref("/")} className="font-semibold text-court-800 underline">
          Go to the home page
        </Link>
      </p>
    </AuthCard>
  );
}
