// An account's rows as a table (date, what, amount) and its balance: the family's /account/payments (with a receipt
// link per payment) and payment staff's /aid/accounts/:accountId (without) show the same rows the same way. Every
// word was written by the loader in the reader's language. The family's is a page of the rows (HISTORY_PAGE_ROWS, the
// newest first): a first row says what the older rows sum to, so the page still adds up to the balance under it, and
// plain links lead to older and newer rows (no script needed). Staff's /aid/accounts/:accountId pages the same way.
import { Link } from "react-router";
import { CardSection } from "~/components/ui/card-section";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type LedgerTableRow = { id: string; date: string; what: string; amount: string; receipt?: boolean };

/** Which page of the rows is shown (1: the newest), and what the rows before it sum to (null on the oldest page). */
export type LedgerPaging = { page: number; pages: number; broughtForward: string | null };

/** Page `page` of the rows shown at `path`: page 1 is the path itself. */
const pageHref = (path: string, page: number) => localHref(page === 1 ? path : `${path}?page=${page}`);

function PageLinks({ paging, path }: { paging: LedgerPaging; path: string }) {
  if (paging.pages === 1) return null;
  return (
    <nav aria-label={m.pay_history_pages_label()} className="mt-3 flex flex-wrap items-center gap-4 text-sm">
      <span>{m.pay_history_page({ page: String(paging.page), pages: String(paging.pages) })}</span>
      {paging.page < paging.pages ? (
        <Link className="text-court-800 underline" to={pageHref(path, paging.page + 1)}>
          {m.pay_history_older()}
        </Link>
      ) : null}
      {paging.page > 1 ? (
        <Link className="text-court-800 underline" to={pageHref(path, paging.page - 1)}>
          {m.pay_history_newer()}
        </Link>
      ) : null}
    </nav>
  );
}

export function LedgerHistory({
  rows,
  balance,
  receipts,
  paging,
  pagesAt = "/account/payments",
}: {
  rows: LedgerTableRow[];
  balance: string | null;
  receipts: boolean;
  paging?: LedgerPaging | null;
  /** The page the rows are on (its older pages are `?page=N` of it). */
  pagesAt?: string;
}) {
  const last = receipts ? "py-1 pr-3 text-right" : "py-1 text-right";
  const newest = !paging || paging.page === 1;
  return (
    <CardSection title={m.pay_history_heading()}>
      {rows.length === 0 ? (
        <p>{m.pay_history_empty()}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {m.pay_col_date()}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {m.pay_col_what()}
                </th>
                <th scope="col" className={last}>
                  {m.pay_col_amount()}
                </th>
                {receipts ? (
                  <th scope="col" className="py-1">
                    <span className="sr-only">{m.pay_col_receipt()}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {paging?.broughtForward != null ? (
                <tr className="border-t border-slate-200">
                  <td className="py-1 pr-3" />
                  <th scope="row" className="py-1 pr-3 font-normal italic">
                    {m.pay_history_brought_forward()}
                  </th>
                  <td className={`${last} whitespace-nowrap`}>{paging.broughtForward}</td>
                  {receipts ? <td /> : null}
                </tr>
              ) : null}
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="py-1 pr-3 whitespace-nowrap">{r.date}</td>
                  <td className="py-1 pr-3">{r.what}</td>
                  <td className={`${last} whitespace-nowrap`}>{r.amount}</td>
                  {receipts ? (
                    <td className="py-1">
                      {r.receipt ? (
                        <Link className="text-court-800 underline" to={localHref(`/account/payments/receipts/${r.id}`)}>
                          {m.pay_receipt_link()}
                        </Link>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            {balance !== null ? (
              <tfoot>
                <tr className="border-t-2 border-slate-400 font-semibold">
                  <th scope="row" colSpan={2} className="py-1 pr-3">
                    {newest ? m.pay_balance() : m.pay_history_balance_after()}
                  </th>
                  <td className={last}>{balance}</td>
                  {receipts ? <td /> : null}
                </tr>
              </tfoot>
            ) : null}
          </table>
          {paging ? <PageLinks paging={paging} path={pagesAt} /> : null}
        </div>
      )}
    </CardSection>
  );
}
