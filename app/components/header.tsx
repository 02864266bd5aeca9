import { ChevronRight, LogOut, Menu, MessageSquare, Settings, X } from "lucide-react";
import { LanguageSwitch } from "~/components/language-switch";
import { localHref } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { useId, useState } from "react";
import { Form, Link, NavLink, useNavigation } from "react-router";
import { SignInButton } from "~/components/auth-dialog";
import { ProgramsMenu } from "~/components/programs-menu";
import { NAV_LINKS, PROGRAM_OVERVIEW_LINKS, PROGRAM_LINKS, SHORT_NAME } from "~/content/site";
import { disclosure } from "~/lib/page-behaviours-contract";
import { roleLabel, type Profile } from "~/lib/profile";
import { useRealtime } from "~/messaging/realtime-client";

/** The phone menu's Programs: the overview and registration first (the wide header reaches them from its pages). */
const MOBILE_PROGRAM_LINKS = [...PROGRAM_OVERVIEW_LINKS, ...PROGRAM_LINKS];

/** `menu`: the pages this person has besides Messages and Settings, with their words (app/account/account-menu.server.ts). */
type HeaderUser = Pick<Profile, "id" | "email" | "fullName" | "role"> & { menu?: { to: string; label: string }[] };

function visibleLinks(user: HeaderUser | null) {
  return NAV_LINKS.filter((l) => !("coachOnly" in l) || user?.role === "coach");
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium ${isActive ? "text-court-800 underline decoration-2 underline-offset-8" : "text-slate-700 hover:text-court-800"}`;

export function Header({ user, orgName, unreadCount = 0 }: { user: HeaderUser | null; orgName: string; unreadCount?: number }) {
  const mobileId = useId();
  // The menus' behaviour is app/lib/page-behaviours.js (`disclosure`), so they work on pages without React.
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* From 1280 px the links get a row of their own under the name and account: on one row they leave no
          room for the organisation's name and push the account menu off the edge. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-3 xl:pb-1">
        <Link to={localHref("/")} className="flex min-w-0 items-center gap-2 font-bold text-navy-800" data-testid="site-name">
          <LogoMark />
          <span className="sr-only font-display text-lg sm:not-sr-only">{orgName}</span>
        </Link>
        <nav aria-label={m.nav_main_label()} className="order-last -mx-2 mt-2 hidden w-full flex-wrap items-center gap-x-1 xl:flex">
          {visibleLinks(user).map((l) => (
            <NavLink key={l.to} to={localHref(l.to)} end={l.to === "/"} className={navLinkClass} prefetch="intent">
              {l.label()}
            </NavLink>
          ))}
          <ProgramsMenu />
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <LanguageSwitch className="hidden sm:block" />
          <AccountArea user={user} unreadCount={unreadCount} />
          <button type="button" {...disclosure.button(mobileId)} className="group rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden">
            <X aria-hidden className="hidden size-6 group-aria-expanded:block" />
            <Menu aria-hidden className="size-6 group-aria-expanded:hidden" />
            {/* Both names are rendered; aria-expanded picks one, so the script never changes text React owns. */}
            <span className="sr-only group-aria-expanded:hidden">{m.menu_open()}</span>
            <span className="sr-only hidden group-aria-expanded:inline">{m.menu_close()}</span>
          </button>
        </div>
      </div>
      {/* Scrolls on its own when taller than the screen, with room at the end so nothing floats over its last link. */}
      <nav
        {...disclosure.panel(mobileId, { lockScroll: true })}
        aria-label={m.nav_mobile_label()}
        className="max-h-[calc(100dvh-4.5rem)] overflow-y-auto overscroll-contain border-t border-slate-200 px-4 pb-24 xl:hidden"
      >
        <ul className="grid gap-1 pt-2 sm:grid-cols-2">
          {visibleLinks(user).map((l) => (
            <li key={l.to}>
              <NavLink to={localHref(l.to)} end={l.to === "/"} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                {l.label()}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mt-3 px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{m.nav_programs()}</p>
        <ul className="grid gap-1 sm:grid-cols-2">
          {MOBILE_PROGRAM_LINKS.map((p) => (
            <li key={p.to}>
              <NavLink to={localHref(p.to)} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                {p.name()}
              </NavLink>
            </li>
          ))}
        </ul>
        <LanguageSwitch className="mt-3 border-t border-slate-200 pt-2 sm:hidden" />
      </nav>
    </header>
  );
}

/** The logo: a tennis ball with the short name drawn to fit inside it at any font size. */
function LogoMark() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="size-11 shrink-0" data-testid="logo-mark">
      <circle cx="24" cy="24" r="23" className="fill-ball-400" />
      <path d="M9 8.5c6 4.5 6 26.5 0 31M39 8.5c-6 4.5-6 26.5 0 31" fill="none" stroke="#fff" strokeWidth="1.5" opacity="0.7" />
      <text
        x="24"
        y="28.2"
        textAnchor="middle"
        textLength="30"
        lengthAdjust="spacingAndGlyphs"
        fontSize="12"
        fontWeight="900"
        className="fill-navy-900"
      >
        {SHORT_NAME}
      </text>
    </svg>
  );
}

function AccountArea({ user, unreadCount }: { user: HeaderUser | null; unreadCount: number }) {
  const navigation = useNavigation();
  const signingOut = navigation.formAction === localHref("/signout");
  if (signingOut) return <div aria-hidden className="h-9 w-28 animate-pulse rounded-md bg-slate-200" data-testid="auth-skeleton" />;
  if (!user) {
    return <SignInButton className="px-3">{m.sign_in()}</SignInButton>;
  }
  return <UserMenu user={user} unreadCount={unreadCount} />;
}

/** The unread count from the last page load, then as the server pushes it. */
function useUnreadCount(initial: number) {
  const [live, setLive] = useState<{ count: number; base: number } | null>(null);
  useRealtime(
    (e) => {
      if (e.type === "unread") setLive({ count: e.count, base: initial });
    },
    { watchUnread: true },
  );
  // A newer page load wins over an older push.
  return live && live.base === initial ? live.count : initial;
}

function UserMenu({ user, unreadCount }: { user: HeaderUser; unreadCount: number }) {
  const unread = useUnreadCount(unreadCount);
  const menuId = useId();
  const name = user.fullName || user.email;
  return (
    <div className="relative" {...disclosure.box()}>
      <button
        type="button"
        {...disclosure.button(menuId)}
        className="flex items-center gap-2 rounded-full border border-slate-300 py-1 pl-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <span aria-hidden className="grid size-7 place-items-center rounded-full bg-court-700 text-xs font-bold text-white">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="max-w-36 truncate">{name}</span>
        <span className="sr-only">{m.account_menu()}</span>
        {unread > 0 ? (
          <span aria-hidden className="rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
            {unread}
          </span>
        ) : null}
      </button>
      <div
        {...disclosure.panel(menuId)}
        className="absolute right-0 top-full z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-2 shadow-lg"
      >
        <p className="truncate px-4 pb-2 text-xs text-slate-600">
          {user.email} · {roleLabel(user.role)}
        </p>
        <Link to={localHref("/messages")} className="flex items-center gap-2 px-4 py-2 text-sm text-slate-800 hover:bg-slate-50">
          <MessageSquare aria-hidden className="size-4" /> {m.account_messages()}
          {unread > 0 ? (
            <span className="ml-auto rounded-full bg-red-700 px-2 text-xs font-bold text-white" data-testid="unread-count">
              {unread}
              <span className="sr-only">{m.account_unread()}</span>
            </span>
          ) : null}
        </Link>
        <Link to={localHref("/account")} className="flex items-center gap-2 px-4 py-2 text-sm text-slate-800 hover:bg-slate-50">
          <Settings aria-hidden className="size-4" /> {m.account_settings()}
        </Link>
        {user.menu?.map((link) => (
          <Link key={link.to} to={link.to} className="flex items-center gap-2 px-4 py-2 text-sm text-slate-800 hover:bg-slate-50">
            <ChevronRight aria-hidden className="size-4" /> {link.label}
          </Link>
        ))}
        <Form method="post" action={localHref("/signout")}>
          <button type="submit" className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-50">
            <LogOut aria-hidden className="size-4" /> {m.sign_out()}
          </button>
        </Form>
      </div>
    </div>
  );
}
