// /account/donations: a signed-in donor's monthly gifts (decision 0067), those whose receipts come to their verified
// address, each with "Stop my monthly gift", asked once. An address not verified shows none (anyone could type it at
// sign-up); a gift given with another address is stopped from its receipt's link. The rules are donations'.
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/account.donations";
import { requireUser } from "~/auth/index.server";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { answerStop, getMonthlyGiftsFor, giftView } from "~/donations/index.server";
import { MonthlyGiftsPage, type StopResult } from "~/donations/stop-page";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.donations_account_heading()} | NLTE`, description: m.donations_stop_detail() }),
  { name: "robots", content: "noindex" },
];

async function giftsOf(request: Request, context: Route.LoaderArgs["context"]) {
  const user = await requireUser(request, context);
  const gifts = await getMonthlyGiftsFor(context.db, user.id);
  return { user, gifts };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, gifts } = await giftsOf(request, context);
  const { orgName, timeZone } = context.config.site;
  return {
    email: user.email,
    gifts: gifts.map((g) => giftView(g, orgName, timeZone)),
    answer: await readInPageAnswer(context, request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { gifts } = await giftsOf(request, context);
  const form = await request.formData();
  const gift = gifts.find((g) => g.id === form.get("donationId"));
  invariantResponse(gift, m.donations_stop_not_found(), 404);
  const answer = await answerStop(context, form, gift.id);
  if (answer) return data<StopResult>(answer.body, { status: answer.status });
  throw await redirectWithToast(context, new URL(request.url).pathname, { type: "success", title: m.donations_stop_done(), inPage: true });
}

export default function AccountDonations({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<StopResult>();
  const busy = useNavigation().state === "submitting";
  const { email, gifts } = loaderData;
  return (
    <>
      <PageHeader heading={m.donations_account_heading()} />
      {loaderData.answer ? (
        <div className="mx-auto max-w-3xl px-4 pt-6">
          <Confirmation key={loaderData.answer}>{loaderData.answer}</Confirmation>
        </div>
      ) : null}
      <MonthlyGiftsPage
        gifts={gifts}
        intro={gifts.length > 0 ? m.donations_account_intro({ email }) : null}
        empty={m.donations_account_none({ email })}
        actionData={actionData}
        busy={busy}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.donations_account_heading()} documentTitle={`${m.donations_account_heading()} | NLTE`} />;
}
