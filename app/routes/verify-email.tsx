import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/verify-email";
import { wasEmailLinkMailed } from "~/auth/index.server";
import { AuthCard } from "~/components/auth-card";
import { pageWords } from "~/content/words.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageWords("verifyEmail");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token || token.length > 4000) return { ok: false, page };
  // Signed is not enough: the site accepts only a link it mailed (one signed with a backup's secret is refused).
  if (!(await wasEmailLinkMailed(context.db, token))) return { ok: false, page };
  try {
    // The session (when there is one) lets Better Auth confirm a change of address for its owner.
    await context.auth.api.verifyEmail({ query: { token }, headers: request.headers });
    return { ok: true, page };
  } catch {
    return { ok: false, page };
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.page.heading} subtitle="">
      <p role={loaderData.ok ? "status" : "alert"} className="text-slate-900">
        {loaderData.ok ? m.account_verify_done() : m.account_verify_invalid()}
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to={localHref("/")} className="font-semibold text-court-800 underline">
          {m.account_home_link()}
        </Link>
      </p>
    </AuthCard>
  );
}
