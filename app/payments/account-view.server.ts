// /account/payments as words: the account's due state, aid, rows and balance in the family's language. While a request
// for help waits, no amount is given at all (the page shows no rows either): nothing is due until staff answer. The rows
// are a page of them (the latest first, HISTORY_PAGE_ROWS; older pages behind a link), with what the rows before the
// page sum to, so a family with five years of history gets its page as fast as a new one (bench:payments).
import type { Locale } from "~/i18n/language";
import { formatDateIn, formatter } from "~/lib/datetime";
import { inReaderLanguage } from "~/lib/typed-content";
import type { SqlExecutor } from "~/mail/index.server";
import { m } from "~/paraglide/messages";
import { formatDollars } from "~/programs/session-facts";
import type { AccountView } from "./account-page";
import type { LedgerPaging } from "./ledger-table";
import { getAidState, type AidState } from "./aid.server";
import { getDue, getEntriesPage, type EntriesPage, type LedgerRow } from "./ledger.server";
import { methodWords } from "./receipts.server";
import { refundRowWords } from "./refunds-words";
import { lessonRowWords } from "./lesson-fees";

/** "December 15, 2026" for a YYYY-MM-DD day. */
export const dayWithYear = (day: string, locale: Locale) => formatDateIn(`${day}T12:00:00Z`, "UTC", locale);

export function aidTermsWords(aid: Extract<AidState, { state: "granted" }>, locale: Locale): string {
  const floor = aid.floorCents ? m.pay_aid_terms_floor({ amount: formatDollars(aid.floorCents, locale) }, { locale }) : "";
  if (aid.decision === "waiver") return m.pay_aid_terms_waiver({}, { locale });
  if (aid.decision === "percent") return m.pay_aid_terms_percent({ percent: String(aid.percent) }, { locale }) + floor;
  return m.pay_aid_terms_amount({ amount: formatDollars(aid.amountCents ?? 0, locale) }, { locale }) + floor;
}

/** "January 2027" / "enero de 2027" for a month's first day (migration 0050's periods). */
const monthWords = (period: string, locale: Locale) =>
  formatter("UTC", { month: "long", year: "numeric" }, locale).format(new Date(`${period}T12:00:00Z`));

/** What one row says: a charge its session, aid and credits why, a payment how. */
export function rowWords(row: LedgerRow, locale: Locale): string {
  switch (row.kind) {
    case "charge": {
      if (!row.session) return m.pay_row_charge({ what: row.reason }, { locale });
      const title = inReaderLanguage({ en: row.session.title, es: row.session.titleEs }, locale).text;
      const per = row.session.per ?? "session";
      const perWords = { month: m.programs_fee_per_month, season: m.programs_fee_per_season, session: m.programs_fee_per_session }[per](
        {},
        { locale },
      );
      const what = `${title} (${perWords})`;
      if (!row.session.period) return m.pay_row_charge({ what }, { locale });
      const month = monthWords(row.session.period, locale);
      return m.pay_row_charge({ what: m.seasonfees_charge_month({ session: what, month }, { locale }) }, { locale });
    }
    case "aid":
      return m.pay_row_aid({}, { locale });
    case "credit":
      if (row.reason === "credit:session-cancelled") return m.seasonfees_credit_cancelled({}, { locale });
      return row.reason === "credit:withdrawn" ? m.pay_row_credit_withdrawn({}, { locale }) : m.pay_row_credit({ why: row.reason }, { locale });
    case "payment":
      return m.pay_row_payment({ method: methodWords(row.method ?? "cash", locale) }, { locale });
    case "refund":
      return refundRowWords(row, locale);
    case "correction":
      return m.pay_row_correction({ why: row.reason }, { locale });
  }
}

/**
 * A page of an account's rows in the reader's words, with the balance after them and the page's place: what the family's
 * /account/payments and payment staff's /aid/accounts/:accountId both show (one statement, getEntriesPage; one wording).
 */
export function historyWords(
  history: EntriesPage,
  locale: Locale,
  timeZone: string,
): { balance: string; paging: LedgerPaging; rows: AccountView["rows"] } {
  return {
    balance: formatDollars(history.balanceAfterCents, locale),
    paging: {
      page: history.page,
      pages: history.pages,
      broughtForward: history.page === history.pages ? null : formatDollars(history.broughtForwardCents, locale),
    },
    rows: history.rows.map((e) => ({
      id: e.id,
      date: formatDateIn(e.createdAt, timeZone, locale),
      what:
        e.lesson && (e.kind === "charge" || e.kind === "credit")
          ? lessonRowWords({ kind: e.kind, reason: e.reason, lesson: e.lesson }, locale, timeZone)
          : rowWords(e, locale),
      amount: formatDollars(e.effectCents, locale),
      receipt: e.kind === "payment",
    })),
  };
}

export async function getAccountView(
  db: SqlExecutor,
  accountId: string | null,
  opts: { locale: Locale; timeZone: string; online: boolean; phone: string; email: string; page?: number },
): Promise<AccountView> {
  const { locale, timeZone } = opts;
  const base = { online: opts.online, inPerson: { phone: opts.phone, email: opts.email } };
  // No account yet (nothing was ever charged or asked): no rows, a balance of $0, as an account with none.
  const none: EntriesPage = { rows: [], page: 1, pages: 1, broughtForwardCents: 0, balanceAfterCents: 0 };
  const [due, aid, history] = accountId
    ? await Promise.all([getDue(db, accountId), getAidState(db, accountId), getEntriesPage(db, accountId, opts.page ?? 1)])
    : ([{ state: "nothing" }, { state: "none" }, none] as const);
  const waived = aid.state === "granted" && aid.decision === "waiver" && due.state === "nothing";
  // While a request for help waits, no amount leaves the server, not even in the page's data (issue 41).
  if (due.state === "aid-pending") return { ...base, due, aid: { state: "open" }, balance: null, rows: [], paging: null };
  return {
    ...base,
    due:
      due.state === "due"
        ? { state: "due", amount: formatDollars(due.cents, locale), dueOn: due.dueOn ? dayWithYear(due.dueOn, locale) : null }
        : waived
          ? { state: "waived" }
          : due,
    aid:
      aid.state === "granted"
        ? { state: "granted", terms: aidTermsWords(aid, locale), until: dayWithYear(aid.validUntil, locale) }
        : { state: aid.state },
    ...historyWords(history, locale, timeZone),
  };
}
