// /account/payments/receipts/:entryId: one payment's receipt, a page made to print, and its PDF beside it. Only the
// account's own holders read it; another family's payment, or an id that is no payment, is the same 404.
import { Link } from "react-router";
import type { Route } from "./+types/account.payments.receipts.$entryId";
import { RefusalBoundary } from "~/components/refusal-boundary";
import { getLocale } from "~/i18n/language";
import { localHref } from "~/i18n/locale";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { receiptLines, requireOwnReceipt } from "~/payments/index.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: `${m.pay_receipt_heading()} | NLTE`, description: m.pay_intro() }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const receipt = await requireOwnReceipt(request, context, params.entryId);
  const { orgName, timeZone } = context.config.site;
  return {
    id: receipt.id,
    title: m.pay_receipt_title({ number: String(receipt.number) }),
    lines: receiptLines(receipt, orgName, timeZone, getLocale()),
  };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{loaderData.title}</h1>
      <ul className="flex flex-col gap-1">
        {loaderData.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="flex gap-4 print:hidden">
        <a className="text-court-800 underline" href={localHref(`/account/payments/receipts/${loaderData.id}/pdf`)} download>
          {m.pay_receipt_pdf()}
        </a>
        <Link className="text-court-800 underline" to={localHref("/account/payments")}>
          {m.pay_back()}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <RefusalBoundary title={m.pay_receipt_heading()} documentTitle={`${m.pay_receipt_heading()} | NLTE`} />;
}
