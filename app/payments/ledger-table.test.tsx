// The account's rows as the family and payment staff read them (one table, LedgerHistory): the family's has a receipt
// link beside each payment, staff's none; both end with the balance, and an account with no rows says so. The family's
// is a page of its rows, with what the older rows sum to and links to older and newer pages.
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

  it("starts an older page with what the rows before it sum to, ends it with the balance after it, and links the pages", () => {
    const page = html({ rows, balance: "$40.00", receipts: true, paging: { page: 2, pages: 3, broughtForward: "$40.00" } });
    expect(page).toMatch(/Earlier entries, all together<\/th><td[^>]*>\$40\.00<\/td>/);
    expect(page).toMatch(/Balance after these entries<\/th><td[^>]*>\$40\.00<\/td>/);
    expect(page).toContain("Page 2 of 3");
    expect(page).toMatch(/<a [^>]*href="\/account\/payments\?page=3"[^>]*>Older entries<\/a>/);
    expect(page).toMatch(/<a [^>]*href="\/account\/payments"[^>]*>Newer entries<\/a>/);
  });

  it("gives the newest page its balance and only a link to older rows; one page has no links", () => {
    const newest = html({ rows, balance: "$0.00", receipts: true, paging: { page: 1, pages: 2, broughtForward: "$120.00" } });
    expect(newest).toMatch(/Balance<\/th><td[^>]*>\$0\.00<\/td>/);
    expect(newest).toContain("?page=2");
    expect(newest).not.toContain("Newer entries");
    const only = html({ rows, balance: "$0.00", receipts: true, paging: { page: 1, pages: 1, broughtForward: null } });
    expect(only).not.toContain("Earlier entries");
    expect(only).not.toContain("Older entries");
  });

  it("links staff's pages of a family's rows to the staff page", () => {
    const page = html({
      rows,
      balance: "$40.00",
      receipts: false,
      paging: { page: 2, pages: 3, broughtForward: "$40.00" },
      pagesAt: "/aid/accounts/a1",
    });
    expect(page).toMatch(/<a [^>]*href="\/aid\/accounts\/a1\?page=3"[^>]*>Older entries<\/a>/);
    expect(page).toMatch(/<a [^>]*href="\/aid\/accounts\/a1"[^>]*>Newer entries<\/a>/);
    expect(page).toMatch(/Earlier entries, all together<\/th><td[^>]*>\$40\.00<\/td>/);
  });

  it("says so when there is nothing yet", () => {
    expect(html({ rows: [], balance: null, receipts: true })).toContain("Nothing yet.");
  });
});
