// Where Google sign-in returns (no session: /signin?error=auth_failed; any other failure: /signin?error=oauth_callback_failed; success: /). Better Auth has already checked the state,
// exchanged the code and set the session cookie; this page shows 'Completing sign in...' while it confirms
// the session and the profile, then goes on to /, or to /signin with the spec's error codes.
import { useEffect } from "react";
import { getAccountLocale, localeCookie } from "~/i18n/choice.server";
import { Form, redirect, useSubmit } from "react-router";
import type { Route } from "./+types/auth.callback";
import { getUser } from "~/auth/index.server";
import { AUTH_TOASTS } from "~/content/auth";
import { pageWords } from "~/content/words.server";
import { localeOfCookie, localizePath } from "~/i18n/locale";
import { isLocale, type Locale } from "~/i18n/language";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData.page), { name: "robots", content: "noindex" }] : [];

/**
 * This page has one address: the device's language (its nlte-lang cookie), else the language of the page sign-in
 * started on (`?lang=`), says which page to go on to.
 */
function deviceLocale(request: Request): Locale {
  const started = new URL(request.url).searchParams.get("lang");
  return localeOfCookie(request.headers.get("cookie")) ?? (isLocale(started) ? started : "en");
}

const signInAgain = (request: Request, error: string) => redirect(localizePath(`/signin?error=${error}`, deviceLocale(request)));

export function loader() {
  return { page: pageWords("callback") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("error")) {
    console.warn(`Google sign-in failed at the provider or callback: ${url.searchParams.get("error")}`);
    throw signInAgain(request, "oauth_callback_failed");
  }
  let user;
  try {
    user = await getUser(request, context);
  } catch (err) {
    console.error("auth callback:", err);
    throw signInAgain(request, "oauth_callback_failed");
  }
  if (!user) throw signInAgain(request, "auth_failed");
  // The profile is the users row Better Auth created with the account (role client), so it always exists. The
  // account's language follows it to this device (issue 27).
  const locale = await getAccountLocale(context.db, user.id);
  if (!locale) {
    // An account that never chose a language lands in the device's.
    const device = deviceLocale(request);
    throw await redirectWithToast(context, "/", AUTH_TOASTS.signedIn(device), { locale: device, document: device !== "en" });
  }
  throw await redirectWithToast(context, "/", AUTH_TOASTS.signedIn(locale), {
    locale,
    headers: { "Set-Cookie": localeCookie(locale, context.config.secure) },
    document: true,
  });
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  useEffect(() => {
    submit(null, { method: "post", action: `/auth/callback${window.location.search}`, replace: true });
  }, [submit]);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center" aria-live="polite">
      <span aria-hidden className="size-10 animate-spin rounded-full border-4 border-court-200 border-t-court-700" />
      <h1 className="mt-6 text-xl font-semibold text-slate-900">{loaderData.page.heading}</h1>
      <noscript>
        <Form method="post" className="mt-4">
          <button type="submit" className="underline">
            {m.account_google_continue_plain()}
          </button>
        </Form>
      </noscript>
    </section>
  );
}
