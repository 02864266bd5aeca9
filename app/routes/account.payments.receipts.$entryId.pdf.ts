// /account/payments/receipts/:entryId/pdf: the receipt as a PDF, for the account's own holders only (404 otherwise).
import type { Route } from "./+types/account.payments.receipts.$entryId.pdf";
import { getLocale } from "~/i18n/language";
import { receiptPdf, requireOwnReceipt } from "~/payments/index.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const receipt = await requireOwnReceipt(request, context, params.entryId);
  const { orgName, timeZone } = context.config.site;
  const pdf = await receiptPdf(receipt, orgName, timeZone, getLocale());
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="receipt-${receipt.number}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
