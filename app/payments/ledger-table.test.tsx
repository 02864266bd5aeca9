// The account's rows as the family and payment staff read them (one table, LedgerHistory): the family's has a receipt
// link beside each payment, staff's none; both end with the balance, and an account with no rows says so.
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LedgerHistory, type LedgerTableRow } from "./ledger-table";

const rows: LedgerTableRow[] = [
  { id: "c1", date: "Sep 1, 2026", what: "Fall clinic (per season)", amount: "$120.00", receipt: false },
  { id: "p1", date: "Sep 3, 2026", what: "Payment (cash)", amount: "-$120.00", receipt: true },
];

const html = (props: Parameters<typeof LedgerHistory>[0]) => {
  const Stub = createRoutesStub([{ path: "/", Component: () => <LedgerHistory {...props} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
};

describe("an account's rows", () => {
  it("gives the family a receipt link beside a payment, and the balance", () => {
    const page = html({ rows, balance: "$0.00", receipts: true });
    expect(page).toMatch(/<a [^>]*href="\/account\/payments\/receipts\/p1"[^>]*>Receipt<\/a>/);
    expect(page).not.toContain("/receipts/c1");
    expect(page).toMatch(/Balance<\/th><td[^>]*>\$0\.00<\/td>/);
  });

  it("shows payment staff the same rows and balance without receipt links", () => {
    const page = html({ rows, balance: "$0.00", receipts: false });
    expect(page).toContain("Fall clinic (per season)");
    expect(page).toContain("-$120.00");
    expect(page).not.toContain("Receipt");
    expect(page).toMatch(/Balance<\/th><td[^>]*>\$0\.00<\/td>/);
  });

  it("says so when there is nothing yet", () => {
    expect(html({ rows: [], balance: null, receipts: true })).toContain("Nothing yet.");
  });
});
