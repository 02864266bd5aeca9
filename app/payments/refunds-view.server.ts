// A family's account as payment staff see it (decision 0060), worded in the staff member's language: whose it is, its
// rows and balance (the same words the family reads), and each payment with what was refunded of it and what may
// still be. The rows are a page of them, the same page (one statement, getEntriesPage) and words (historyWords) as the
// family's /account/payments: the newest first, what the older rows sum to, older and newer pages behind links. Only administrators are offered the refund form; the action asks the same rule.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "~/i18n/language";
import { formatDateIn } from "~/lib/datetime";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { Db } from "../../db/client";
import { maybeRow } from "../../db/rows";
import { historyWords } from "./account-view.server";
import { getEntriesPage } from "./ledger.server";
import { methodWords } from "./receipts.server";
import type { StaffAccountView } from "./refunds-page";
import { getRefundablePayments, type RefundablePayment } from "./refunds.server";

/** The account's family name (its guardians', or its adult athlete's); null for no such account. */
export async function getAccountFamilyName(db: Db, accountId: string): Promise<string | null> {
  // Never null: the names coalesce to '' for a family with none.
  const account = await maybeRow(
    db,
    z.object({ family_name: z.string() }),
    sql`
    select coalesce((select string_agg(u.full_name, ', ' order by u.full_name) from household_members hm join users u on u.id = hm.user_id
                     where hm.household_id = a.household_id and hm.role = 'guardian'),
                    (select full_name from users where id = a.user_id), '') as family_name
    from payment_accounts a where a.id = ${accountId}`,
  );
  return account?.family_name ?? null;
}

/** "Card payment of $75 on November 29, 2026". */
export const paymentLabel = (p: RefundablePayment, timeZone: string, locale: Locale) =>
  m.refunds_payment_label(
    { method: methodWords(p.method, locale), amount: formatDollars(p.amountCents, locale), date: formatDateIn(p.paidAt, timeZone, locale) },
    { locale },
  );

export async function getStaffAccountView(
  db: Db,
  accountId: string,
  opts: { locale: Locale; timeZone: string; canRefund: boolean; cardRefunds: boolean; page?: number },
): Promise<StaffAccountView | null> {
  const familyName = await getAccountFamilyName(db, accountId);
  if (familyName === null) return null;
  const { locale, timeZone } = opts;
  const [history, payments] = await Promise.all([getEntriesPage(db, accountId, opts.page ?? 1), getRefundablePayments(db, accountId)]);
  return {
    accountId,
    familyName,
    ...historyWords(history, locale, timeZone),
    canRefund: opts.canRefund,
    cardRefunds: opts.cardRefunds,
    payments: payments.map((p) => ({
      id: p.id,
      label: paymentLabel(p, timeZone, locale),
      reference: p.reference,
      card: p.method === "card",
      method: p.method,
      refunded: formatDollars(p.refundedCents, locale),
      left: formatDollars(p.amountCents - p.refundedCents, locale),
      leftDollars: ((p.amountCents - p.refundedCents) / 100).toFixed(2),
    })),
  };
}
