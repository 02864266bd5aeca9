// /account/payments (issue 41): a family's money. A guardian reads their household's account (an adult athlete of no
// household their own): what is due, each row with its date and reason, the balance, a receipt per payment; asks for
// financial help; pays online through the provider's hosted Checkout, or reads how to pay in person. Anyone else gets
// 403. requireAccountHolder first; the rules are payments'.
import { redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/account.payments";
import { PageHeader } from "~/components/page-header";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale } from "~/i18n/language";
import { localizePath } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { AccountPaymentsPage, type AccountPaymentsResult } from "~/payments/account-page";
import { getAccountView } from "~/payments/index.server";
import {
  createAidRequest,
  findAccountFor,
  getOrCreateAccountFor,
  historyPage,
  paymentProviderFor,
  requireAccountHolder,
  requireAccountHolderWithAccount,
  startCheckout,
  type StartCheckoutResult,
} from "~/payments/index.server";
import { AidRequestSchema } from "~/payments/schemas";
import { parseForm, refused } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.pay_heading()} | NLTE`, description: m.pay_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The holder's account (findAccountFor's rule) is read in the access rule's own statement.
  const { accountId } = await requireAccountHolderWithAccount(request, context);
  const { db, config } = context;
  const url = new URL(request.url);
  const view = await getAccountView(db, accountId, {
    page: historyPage(url.searchParams.get("page")),
    locale: getLocale(),
    timeZone: config.site.timeZone,
    online: Boolean(config.stripe),
    phone: config.site.phone,
    email: config.site.email,
  });
  return { ...view, justPaid: url.searchParams.get("paid") === "1", answer: await readInPageAnswer(context, request) };
}

const checkoutRefusal: Record<Exclude<StartCheckoutResult, { ok: true }>["reason"], () => string> = {
  "no-provider": m.pay_error_no_provider,
  "nothing-due": m.pay_due_nothing,
  "aid-pending": m.pay_due_aid_pending,
  "too-small": m.pay_error_too_small,
  "provider-failed": m.pay_error_provider_failed,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAccountHolder(request, context);
  const { db, config } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "ask-help") {
    const { data: answers, fieldErrors } = parseForm(AidRequestSchema, form);
    if (!answers) return refused({ fieldErrors });
    const accountId = await getOrCreateAccountFor(db, user.id);
    const result = await createAidRequest(db, accountId, user.id, answers);
    if (!result.ok) return refused({ formError: m.pay_aid_open() }, 409);
    throw await redirectWithToast(context, "/account/payments", { type: "success", title: m.pay_aid_sent_toast(), inPage: true });
  }
  if (intent === "pay-online") {
    const accountId = await findAccountFor(db, user.id);
    if (!accountId) return refused({ formError: m.pay_due_nothing() }, 409);
    const back = `${config.publicUrl}${localizePath("/account/payments", getLocale())}`;
    const result = await startCheckout(db, paymentProviderFor(config), {
      accountId,
      userId: user.id,
      email: user.email,
      locale: getLocale(),
      description: m.pay_checkout_description({ org: config.site.orgName }),
      successUrl: `${back}?paid=1`,
      cancelUrl: back,
    });
    if (!result.ok) return refused({ formError: checkoutRefusal[result.reason]() }, 409);
    throw redirect(result.url);
  }
  return refused({ formError: m.pay_error_unknown() });
}

export default function AccountPayments({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<AccountPaymentsResult>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader heading={m.pay_heading()} intro={m.pay_intro()} />
      <AccountPaymentsPage view={loaderData} actionData={actionData} busy={busy} />
    </>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.pay_heading()} documentTitle={`${m.pay_heading()} | NLTE`} />;
}
