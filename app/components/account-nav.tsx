// The account's pages side by side (settings, family, notifications): one short row of links at the top of each,
// the current one marked for screen readers. /account was one long page; its family and notifications have their
// own pages so that each page's script stays within the signed-in budget (decision 0023) and a guardian finds the
// family in one tap.
import { Link } from "react-router";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";

export type AccountPage = "settings" | "family" | "notifications";

export function AccountNav({ current, family }: { current: AccountPage; family: boolean }) {
  const pages: Array<[AccountPage, string, string]> = [
    ["settings", "/account", m.account_nav_settings()],
    ...(family ? [["family", "/account/family", m.account_nav_family()] as [AccountPage, string, string]] : []),
    ["notifications", "/account/notifications", m.account_nav_notifications()],
  ];
  return (
    <nav aria-label={m.account_nav_label()}>
      <ul className="flex flex-wrap gap-2">
        {pages.map(([page, to, label]) => (
          <li key={page}>
            <Link
              to={localHref(to)}
              aria-current={page === current ? "page" : undefined}
              className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                page === current ? "border-court-700 bg-court-700 text-white" : "border-slate-300 bg-white text-court-800 hover:bg-court-50"
              }`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
