// /donate/monthly/:donationId/:key: a monthly gift from the link in its receipt (decision 0067), for a donor with no
// account: its amount and since when, and "Stop my monthly gift", asked once. The key is the gift's id signed with
// the site's secret; a wrong key or a gift that is not monthly is the same 404. The rules are donations'.
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/donate.monthly.$donationId.$key";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { answerStop, getMonthlyGift, giftView, isStopKey } from "~/donations/index.server";
import { MonthlyGiftsPage, type StopResult } from "~/donations/stop-page";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.donations_stop_heading()} | NLTE`, description: m.donations_stop_detail() }),
  { name: "robots", content: "noindex" },
];

async function giftOf({ params, context }: Pick<Route.LoaderArgs, "params" | "context">) {
  const ok = isStopKey(context.secret, params.donationId, params.key);
  const gift = ok ? await getMonthlyGift(context.db, params.donationId) : null;
  invariantResponse(gift, m.donations_stop_not_found(), 404);
  return gift;
}

export async function loader(args: Route.LoaderArgs) {
  const gift = await giftOf(args);
  return {
    gift: giftView(gift, args.context.config.site.orgName, args.context.config.site.timeZone),
    answer: await readInPageAnswer(args.context, args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const gift = await giftOf(args);
  const answer = await answerStop(args.context, await args.request.formData(), gift.id);
  if (answer) return data<StopResult>(answer.body, { status: answer.status });
  throw await redirectWithToast(args.context, new URL(args.request.url).pathname, { type: "success", title: m.donations_stop_done(), inPage: true });
}

export default function MonthlyGiftPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<StopResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.donations_stop_heading()} />
      {loaderData.answer ? (
        <div className="mx-auto max-w-3xl px-4 pt-6">
          <Confirmation key={loaderData.answer}>{loaderData.answer}</Confirmation>
        </div>
      ) : null}
      <MonthlyGiftsPage gifts={[loaderData.gift]} intro={null} empty={null} actionData={actionData} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.donations_stop_heading()} documentTitle={`${m.donations_stop_heading()} | NLTE`} />;
}
