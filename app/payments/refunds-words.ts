// A refund as the family reads it (decision 0060): how the money went back and why, in their language. Pure: the
// family's page, the staff's view of the account and the refund mail say it the same way.
import type { Locale } from "~/i18n/language";
import { m } from "~/paraglide/messages";
import type { PaymentMethod } from "./ledger.server";

/** The reason a refund the provider told us of carries (made in its dashboard): no reason was typed on the site. */
export const PROVIDER_REFUND_REASON = "refund:provider";

/** "to the card it was paid with", "in cash", "by check", "by Zelle". */
export const refundMethodWords = (method: PaymentMethod | null, locale: Locale) =>
  ({
    card: m.refunds_by_card,
    cash: m.refunds_by_cash,
    check: m.refunds_by_check,
    zelle: m.refunds_by_zelle,
  })[method ?? "cash"]({}, { locale });

/** The reason as the family reads it: staff's words, or that the card processor made it. */
export const refundReasonWords = (reason: string, locale: Locale) =>
  reason === PROVIDER_REFUND_REASON || reason === "refund" ? m.refunds_reason_provider({}, { locale }) : reason;

/** One refund row: "Refund to the card it was paid with: the session was cancelled". */
export const refundRowWords = (row: { method: PaymentMethod | null; reason: string }, locale: Locale) =>
  m.refunds_row({ how: refundMethodWords(row.method, locale), why: refundReasonWords(row.reason, locale) }, { locale });
