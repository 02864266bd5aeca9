// /athletes: the athletes whose pages the signed-in person may read (issue 42): a guardian's children, the athlete
// themselves (13+), a coach's athletes in their sessions, every athlete for staff, education sessions' athletes for
// education staff. The same rule as each page (getAthleteRights); a visitor is sent to sign in.
import { Link } from "react-router";
import type { Route } from "./+types/athletes";
import { getAthleteRights, todayOf } from "~/athletes/index.server";
import { requireUser } from "~/auth/session.server";
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
  const rights = await getAthleteRights(context.db, user, todayOf(context));
  return { athletes: rights.map((r) => ({ id: r.athleteId, name: r.name })) };
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
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
