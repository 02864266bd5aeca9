// The language switch (issue 27): "Español" / "English" in the header and footer post here, with or without
// JavaScript. The choice is kept on this device (a cookie) and, for a signed-in person, on their account; then the
// same page opens in the chosen language.
import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { getUser } from "~/auth/index.server";
import { localeCookie, setAccountLocale } from "~/i18n/choice.server";
import { isLocale, localizePath } from "~/i18n/language";
import { safeRedirect } from "~/lib/safe-redirect";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const next = safeRedirect(form.get("next"));
  // Only a forged form names another language: nothing changes, and the page opens again as it was.
  if (!isLocale(locale)) return redirect(next);
  const user = await getUser(request, context);
  if (user) await setAccountLocale(context.db, user.id, locale);
  return redirect(localizePath(next, locale), { headers: { "Set-Cookie": localeCookie(locale, context.config.secure) } });
}

/** Opened as a page (a bookmark of the form's address): the home page. */
export function loader() {
  return redirect("/");
}
