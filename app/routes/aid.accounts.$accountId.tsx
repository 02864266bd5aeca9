// /aid/accounts/:accountId (issue 41, decision 0060): a family's account as payment staff see it (its rows and
// balance, a page at a time as the family's, decision 0075), where an administrator refunds a payment, whole or part,
// with a reason the family reads: a card payment through the provider, money paid in person as handed back by the
// method given. Payment staff read it; only administrators refund (the action asks); anyone else gets 403, a visitor
// is sent to sign in. The rules are payments'.
import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/aid.accounts.$accountId";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { invariantResponse } from "~/lib/responses.server";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { Confirmation } from "~/components/ui/confirmation";
import { isUuid } from "~/lib/uuid";
import { isAdmin } from "~/models/users.server";
import { m } from "~/paraglide/messages";
import { answerRefund, getStaffAccountView, historyPage, isConfirmed, paymentProviderFor, requirePaymentStaff } from "~/payments/index.server";
import { StaffAccountPage, type RefundResult } from "~/payments/refunds-page";
import { REFUND_INTENT, RefundFormSchema } from "~/payments/refunds-schemas";
import { parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: `${loaderData?.familyName ?? m.refunds_heading()} | NLTE`, description: m.refunds_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePaymentStaff(request, context);
  const { db, config } = context;
  const view = isUuid(params.accountId)
    ? await getStaffAccountView(db, params.accountId, {
        locale: getLocale(),
        timeZone: config.site.timeZone,
        canRefund: await isAdmin(db, user.id),
        cardRefunds: Boolean(config.stripe),
        page: historyPage(new URL(request.url).searchParams.get("page")),
      })
    : null;
  invariantResponse(view, m.refunds_not_found(), 404);
  return { ...view, answer: await readInPageAnswer(context, request) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requirePaymentStaff(request, context);
  const { db, config } = context;
  invariantResponse(await isAdmin(db, user.id), m.refunds_admin_only(), 403);
  invariantResponse(isUuid(params.accountId), m.refunds_not_found(), 404);
  const form = await request.formData();
  const formId = String(form.get("paymentId") ?? "");
  if (form.get("intent") !== REFUND_INTENT) return refused({ intent: formId, formError: m.refunds_error_payment() });
  const { data: input, fieldErrors } = parseForm(RefundFormSchema, form);
  if (!input) return refused({ intent: formId, fieldErrors });
  const answer = await answerRefund(db, paymentProviderFor(config), context, params.accountId, input, user.id, {
    confirmed: isConfirmed(form),
    locale: getLocale(),
    timeZone: config.site.timeZone,
  });
  if (answer.done)
    throw await redirectWithToast(context, `/aid/accounts/${params.accountId}`, { type: "success", title: m.refunds_done_toast(), inPage: true });
  return data<RefundResult>(answer.body, { status: answer.status });
}

export default function AidAccount({ loaderData }: Route.ComponentProps) {
  const result = useActionData<RefundResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={loaderData.familyName || m.refunds_heading()} intro={m.refunds_intro()} />
      {loaderData.answer ? (
        <div className="mx-auto max-w-3xl px-4 pt-6">
          <Confirmation key={loaderData.answer}>{loaderData.answer}</Confirmation>
        </div>
      ) : null}
      <StaffAccountPage view={loaderData} result={result} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.refunds_heading()} documentTitle={`${m.refunds_heading()} | NLTE`} />;
}
