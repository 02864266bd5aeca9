// One payment's receipt for the account's own holders (the printable page and its PDF ask the same): a guardian of
// the household, or an adult athlete of none (requireAccountHolder, 403 for anyone else); another family's payment,
// or an id that is no payment, is the same 404 (no one learns whether it exists).
import type { AppLoadContext } from "react-router";
import { invariantResponse } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";
import { requireAccountHolder } from "./access.server";
import { findAccountFor } from "./ledger.server";
import { getReceipt, type Receipt } from "./receipts.server";

/** The first line of the receipt's loaders: the receipt of payment `entryId`, if it is the signed-in holder's. */
export async function requireOwnReceipt(request: Request, context: AppLoadContext, entryId: string): Promise<Receipt> {
  const user = await requireAccountHolder(request, context);
  const accountId = await findAccountFor(context.db, user.id);
  const valid = /^[0-9a-f-]{36}$/.test(entryId);
  const receipt = accountId && valid ? await getReceipt(context.db, accountId, entryId) : null;
  invariantResponse(receipt, m.pay_receipt_not_found(), 404);
  return receipt;
}
