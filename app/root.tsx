import { Suspense } from "react";
import { localHref } from "~/i18n/locale";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { AuthDialogProvider } from "~/components/auth-dialog";
import { ChatWidget } from "~/components/chat-widget";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { DocumentToast, Toaster } from "~/components/toaster";
import { getUser } from "~/auth/index.server";
import { messagingBlockFor } from "~/safe-play/index.server";
import { getAccountMenu } from "~/account/index.server";
import { lazyComponent } from "~/lib/lazy-component";
import { getClearanceNotice } from "~/staff/index.server";
import { getCoaches, getUnreadCount } from "~/messaging/index.server";
import { readToast } from "~/lib/toast.server";
import { useNonce } from "~/lib/nonce";
import { useHydrated } from "~/lib/use-hydrated";
import { useDocumentPage, useScreenPage } from "~/lib/page-mode";
import siteBehaviours from "~/lib/page-behaviours.js?url";
// The same file app.css names in its @font-face, so the preload and the stylesheet fetch it once.
import figtreeLatin from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import type { SiteConfig } from "~/lib/site-config";
import { m } from "~/paraglide/messages";
import { getLocale, localizePath, pathWithoutLocale } from "~/i18n/locale";
import { invariantResponse } from "~/lib/responses.server";
import { siteYear } from "~/lib/site-year.server";
import "./app.css";

// Shown to a few (a coach not cleared; a visitor reading English), so loaded where shown: the script every page loads
// (scripts/shell-chunk.ts) does not carry them for everyone else (decision 0023). The server renders them in place.
const ClearanceBanner = lazyComponent(() => import("~/staff/clearance-banner").then((mod) => mod.ClearanceBanner));
const LanguageOffer = lazyComponent(() => import("~/components/language-offer").then((mod) => mod.LanguageOffer));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // The optional first segment of every page's address is its language: only "es" is one (app/routes.ts).
  invariantResponse(params.locale === undefined || params.locale === "es", "Not found", 404);
  const user = await getUser(request, context);
  const { toast, authDialog, clear } = await readToast(context, request);
  const site: SiteConfig = { ...context.config.site, googleEnabled: Boolean(context.config.google) };
  // The chat widget's coaches are part of the page, so its form works before (and without) the page's scripts.
  // Safe Play: an athlete under 18 without a linked guardian is told what is missing instead of offered coaches.
  const client = user && user.role !== "coach";
  const [unreadCount, messagingBlocked, allCoaches, menu, clearance] = await Promise.all([
    user ? getUnreadCount(context.db, user.id) : 0,
    client ? messagingBlockFor(context.db, user.id, context.config.safePlay) : null,
    client ? getCoaches(context.db) : [],
    // The pages this person has (the lead's /safeguarding, an administrator's /staff) in the account menu.
    user ? getAccountMenu(context.db, user.id, context.config.safePlay) : [],
    // Safe Play (issue 37): a coach whose training or background check is not current is told on every page.
    user?.role === "coach" ? getClearanceNotice(context.db, user.id, context.config.safePlay) : null,
  ]);
  const coaches = messagingBlocked ? [] : allCoaches;
  return data(
    {
      user: user ? { ...user, menu } : null,
      toast,
      authDialog,
      site,
      // The footer's year, from the site's clock (issue 39).
      year: siteYear(context.config.safePlay.clock(), context.config.site.timeZone),
      publicUrl: context.config.publicUrl,
      unreadCount,
      coaches,
      messagingBlocked,
      clearance,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

// A message sent (or a conversation marked read) changes nothing the layout shows; the unread count arrives
// over the socket. Reloading the layout's loaders after every send is the cost issue 17 removed.
export function shouldRevalidate({ formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction && /^(\/es)?\/messages\/[^/?]+(\?|$)/.test(formAction)) return false;
  return defaultShouldRevalidate;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Content pages a visitor reads are sent without the React runtime (app/lib/page-mode.ts).
  const screen = useScreenPage();
  const documentPage = useDocumentPage();
  // Marks the document once React runs in it (the same moment every useHydrated control turns from its form into its
  // scripted self): the end-to-end tests wait for it before pressing such a control (tests/e2e/support/browser.ts).
  const hydrated = useHydrated();
  return (
    <html lang={getLocale()} data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#136a3d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable (issue 27): the app's name, icons and colours; public/sw.js is registered when notifications are turned on. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-180.png" />
        <link rel="preload" href={figtreeLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <LanguageAlternates />
        <Links />
        <script type="module" src={siteBehaviours} nonce={nonce} />
        {/* With JavaScript off, the menu button cannot open the small screens' menu: show it open. */}
        <noscript>
          <style>{`@media (width < 80rem) { nav[aria-label="Mobile"][hidden] { display: block; } }`}</style>
        </noscript>
      </head>
      <body className={screen ? "flex h-dvh flex-col overflow-hidden" : "flex min-h-screen flex-col"}>
        {children}
        {documentPage ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** The page's address in each language, for search engines (and x-default: the English one). */
function LanguageAlternates() {
  const { pathname, search } = useLocation();
  const publicUrl = useRootData()?.publicUrl;
  if (!publicUrl) return null;
  const page = pathWithoutLocale(pathname) + search;
  return (
    <>
      <link rel="alternate" hrefLang="en" href={new URL(localizePath(page, "en"), publicUrl).href} />
      <link rel="alternate" hrefLang="es" href={new URL(localizePath(page, "es"), publicUrl).href} />
      <link rel="alternate" hrefLang="x-default" href={new URL(localizePath(page, "en"), publicUrl).href} />
    </>
  );
}

/** A quiet reminder while the address is not confirmed; nothing is blocked by it. Works without JavaScript. */
function VerifyEmailBanner() {
  const location = useLocation();
  return (
    <div role="region" aria-label={m.verify_banner_region()} className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-slate-900">
      <form method="post" action={localHref("/account")} className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <span>{m.verify_banner_text()}</span>
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="min-h-6 font-semibold text-court-800 underline">
          {m.verify_banner_resend()}
        </button>
      </form>
    </div>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const site = root?.site;
  const screen = useScreenPage();
  const documentPage = useDocumentPage();
  const toast = root?.toast ?? null;
  return (
    <AuthDialogProvider googleEnabled={Boolean(site?.googleEnabled)} documentFlash={root?.authDialog ?? null}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {m.skip_to_content()}
      </a>
      <Header user={root?.user ?? null} orgName={site?.orgName ?? "Next Level Tennis & Education"} unreadCount={root?.unreadCount ?? 0} />
      {root?.user && root.user.emailVerified === false ? <VerifyEmailBanner /> : null}
      <Suspense fallback={null}>
        {root?.clearance ? <ClearanceBanner notice={root.clearance} /> : null}
        {!root?.user && getLocale() === "en" ? <LanguageOffer /> : null}
      </Suspense>
      <main id="main" className={screen ? "flex min-h-0 flex-1 flex-col" : "flex-1"}>
        {children}
      </main>
      {site ? <Footer site={site} year={root?.year ?? new Date().getFullYear()} hidden={screen} /> : null}
      <ChatWidget user={root?.user ?? null} coaches={root?.coaches ?? []} blocked={root?.messagingBlocked ?? null} />
      {/* Pages without React exist only on the server: `import.meta.env.SSR` keeps DocumentToast out of the browser's code. */}
      {import.meta.env.SSR && documentPage ? toast && <DocumentToast toast={toast} /> : <Toaster toast={toast} />}
    </AuthDialogProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
