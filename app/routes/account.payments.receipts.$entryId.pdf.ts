// /account/payments/receipts/:entryId/pdf: the receipt as a PDF, for the account's own holders only (404 otherwise).
import type { Route } from "./+types/account.payments.receipts.$entryId.pdf";
import { getLocale } from "~/i18n/language";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { findAccountFor, getReceipt, receiptPdf, requireAccountHolder } from "~/payments/index.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAccountHolder(request, context);
  const { db, config } = context;
  const accountId = await findAccountFor(db, user.id);
  const valid = /^[0-9a-f-]{36}$/.test(params.entryId);
  const receipt = accountId && valid ? await getReceipt(db, accountId, params.entryId) : null;
  invariantResponse(receipt, m.pay_receipt_not_found(), 404);
  const pdf = await receiptPdf(receipt, config.site.orgName, config.site.timeZone, getLocale());
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="receipt-${receipt.number}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
