// The refund mail (decision 0060): each holder of the account is told, in their language, how much went back, how,
// why, and what the account owes after, with a link to their payments page. Queued in the refund's own transaction.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { localizePath } from "~/i18n/language";
import { formatDateIn } from "~/lib/datetime";
import { enqueueMail, type DbOrTx } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import { maybeRow } from "../../db/rows";
import { PAYMENT_METHODS } from "../../db/schema-payments";
import { holders, type ReceiptServices } from "./receipts.server";
import { refundMethodWords, refundReasonWords } from "./refunds-words";

// A refund's method may be null (the ledger allows it, ledger_entries_payment_whole); the balance is a bigint sum.
const RefundRow = z.object({
  amount_cents: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reason: z.string(),
  paid_at: z.string(),
  balance: z.coerce.number(),
});

export async function mailRefund(tx: DbOrTx, services: ReceiptServices, accountId: string, refundId: string) {
  const r = await maybeRow(
    tx,
    RefundRow,
    sql`
    select r.amount_cents, r.method, r.reason, to_json(p.created_at) #>> '{}' as paid_at,
      (select coalesce(sum(effect_cents), 0) from ledger_entries l where l.account_id = r.account_id)::bigint as balance
    from ledger_entries r join ledger_entries p on p.id = r.applies_to
    where r.id = ${refundId} and r.account_id = ${accountId} and r.kind = 'refund'`,
  );
  if (!r) return;
  const { orgName, timeZone } = services.config.site;
  for (const h of await holders(tx, accountId)) {
    const locale = h.locale ?? "en";
    const amount = formatDollars(r.amount_cents, locale);
    const balance = r.balance;
    await enqueueMail(tx, services, {
      to: h.email,
      kind: "payment-refund",
      locale,
      subject: m.refunds_mail_subject({ org: orgName, amount }, { locale }),
      paragraphs: [
        m.refunds_mail_what({ amount, date: formatDateIn(r.paid_at, timeZone, locale), how: refundMethodWords(r.method, locale) }, { locale }),
        m.refunds_mail_why({ why: refundReasonWords(r.reason, locale) }, { locale }),
        balance > 0 ? m.refunds_mail_owes({ amount: formatDollars(balance, locale) }, { locale }) : m.refunds_mail_nothing_owed({}, { locale }),
      ],
      action: {
        label: m.refunds_mail_open({}, { locale }),
        url: `${services.config.publicUrl}${localizePath("/account/payments", locale)}`,
      },
    });
  }
}
