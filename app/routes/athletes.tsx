// /athletes: the athletes whose pages the signed-in person may read (issue 42): a guardian's children, the athlete
// themselves (13+), a coach's athletes in their sessions, every athlete for staff, education sessions' athletes for
// education staff. The same rule as each page (getAthleteRights); a visitor is sent to sign in. A coach (and staff)
// sees "no evaluation yet" beside each athlete not evaluated since their session's season began (decision 0062).
import { Link } from "react-router";
import type { Route } from "./+types/athletes";
import { getAthleteRights, getEvaluationGaps, todayOf } from "~/athletes/index.server";
import { requireUser } from "~/auth/index.server";
import { PageHeader } from "~/components/page-header";
import { localHref } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.athletes_list_heading()} | NLTE`, description: m.athletes_list_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const today = todayOf(context);
  const rights = await getAthleteRights(context.db, user, today);
  // Said to those who evaluate or oversee evaluations, not to families (the rule: seeEvaluationGaps).
  const unevaluated = await getEvaluationGaps(context.db, rights, today);
  return { athletes: rights.map((r) => ({ id: r.athleteId, name: r.name, noEvaluation: unevaluated.has(r.athleteId) })) };
}

export default function AthletesList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader heading={m.athletes_list_heading()} intro={m.athletes_list_intro()} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        {loaderData.athletes.length === 0 ? <p>{m.athletes_list_none()}</p> : null}
        <ul className="space-y-2">
          {loaderData.athletes.map((a) => (
            <li key={a.id}>
              <Link to={localHref(`/athletes/${a.id}`)} className="font-medium text-court-800 underline">
                {a.name || m.athletes_heading()}
              </Link>
              {a.noEvaluation ? (
                <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900">{m.athletes_no_evaluation_yet()}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
