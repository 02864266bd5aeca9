// /account/family/data/:athleteId: everything held about one athlete, as a page to read in the reader's language (the
// file is ./file). The address holds only the athlete's opaque id. requireUser first, then the one rule
// (childDataRole): anyone it does not let in gets 404 and nothing, as for an athlete that does not exist. The read
// is logged (who, whose, when), never its content.
import type { Route } from "./+types/account.family.data.$athleteId";
import { requireUser } from "~/auth/index.server";
import { ChildDataPage } from "~/childdata/child-data-page";
import { childDataRole, getChildData } from "~/childdata/index.server";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${loaderData ? m.childdata_page_heading({ name: loaderData.data.athlete.fullName }) : m.childdata_heading()} | NLTE`,
    description: m.childdata_intro(),
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const settings = context.config.safePlay;
  const role = await childDataRole(context.db, user, params.athleteId, settings);
  invariantResponse(role, m.childdata_not_found(), 404);
  const d = await getChildData(context.db, user, role, params.athleteId, { settings, locale: getLocale(), form: "page" });
  invariantResponse(d, m.childdata_not_found(), 404);
  return { data: d };
}

export default function ChildDataRoute({ loaderData }: Route.ComponentProps) {
  return <ChildDataPage d={loaderData.data} />;
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.childdata_heading()} documentTitle={`${m.childdata_heading()} | NLTE`} />;
}
