import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { AuthDialogProvider } from "~/components/auth-dialog";
import { ChatWidget } from "~/components/chat-widget";
import { ErrorFallback } from "~/components/error-fallback";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { NotFound } from "~/components/not-found";
import { DocumentToast, Toaster } from "~/components/toaster";
import { getUser } from "~/auth/session.server";
import { getUnreadCount } from "~/models/conversations.server";
import { readToast } from "~/lib/toast.server";
import { useNonce } from "~/lib/nonce";
import { useDocumentPage } from "~/lib/page-mode";
import siteBehaviours from "~/lib/page-behaviours.js?url";
import type { SiteConfig } from "../server/config";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const { toast, authDialog, clear } = await readToast(context, request);
  const site: SiteConfig = { ...context.config.site, googleEnabled: Boolean(context.config.google) };
  const unreadCount = user ? await getUnreadCount(context.db, user.id) : 0;
  return data(
    { user, toast, authDialog, site, publicUrl: context.config.publicUrl, unreadCount },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

// A message sent (or a conversation marked read) changes nothing the layout shows; the unread count arrives
// over the socket. Reloading the layout's loaders after every send is the cost issue 17 removed.
export function shouldRevalidate({ formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction && /^\/messages\/[^/?]+(\?|$)/.test(formAction)) return false;
  return defaultShouldRevalidate;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Content pages a visitor reads are sent without the React runtime (app/lib/page-mode.ts).
  const documentPage = useDocumentPage();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#136a3d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <script type="module" src={siteBehaviours} nonce={nonce} />
        {/* With JavaScript off, the menu button cannot open the small screens' menu: show it open. */}
        <noscript>
          <style>{`@media (width < 80rem) { nav[aria-label="Mobile"][hidden] { display: block; } }`}</style>
        </noscript>
      </head>
      <body className="flex min-h-screen flex-col">
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

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const site = root?.site;
  const documentPage = useDocumentPage();
  const toast = root?.toast ?? null;
  return (
    <AuthDialogProvider googleEnabled={Boolean(site?.googleEnabled)} documentFlash={root?.authDialog ?? null}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header user={root?.user ?? null} orgName={site?.orgName ?? "Next Level Tennis & Education"} unreadCount={root?.unreadCount ?? 0} />
      <main id="main" className="flex-1">
        {children}
      </main>
      {site ? <Footer site={site} /> : null}
      <ChatWidget user={root?.user ?? null} />
      {documentPage ? toast && <DocumentToast toast={toast} /> : <Toaster toast={toast} />}
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  // On the server, handleError (entry.server.tsx) has logged it without its message (which may hold what people typed).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <Shell>
      <ErrorFallback status={isRouteErrorResponse(error) ? error.status : undefined} />
    </Shell>
  );
}
