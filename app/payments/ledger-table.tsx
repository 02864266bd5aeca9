// An account's rows as a table (date, what, amount) and its balance: the family's /account/payments (with a receipt
// link per payment) and payment staff's /aid/accounts/:accountId (without) show the same rows the same way. Every
// word was written by the loader in the reader's language.
import { Link } from "react-router";
import { CardSection } from "~/components/ui/card-section";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type LedgerTableRow = { id: string; date: string; what: string; amount: string; receipt?: boolean };

export function LedgerHistory({ rows, balance, receipts }: { rows: LedgerTableRow[]; balance: string | null; receipts: boolean }) {
  const last = receipts ? "py-1 pr-3 text-right" : "py-1 text-right";
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
                    {m.pay_balance()}
                  </th>
                  <td className={last}>{balance}</td>
                  {receipts ? <td /> : null}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
      )}
    </CardSection>
  );
}
