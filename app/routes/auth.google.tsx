import { redirect } from "react-router";
import type { Route } from "./+types/auth.google";
import { startGoogleSignIn } from "~/auth/index.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isLocale } from "~/i18n/language";

export function loader() {
  throw redirect("/signin");
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    if (!context.config.google) throw new Error("Google sign-in is not set up on this site.");
    const lang = (await request.formData()).get("lang");
    const { url, headers } = await startGoogleSignIn(request, context, isLocale(lang) ? lang : "en");
    throw redirect(url, { headers });
  } catch (err) {
    if (err instanceof Response) throw err;
    console.error("Google sign-in could not start:", err);
    const message = err instanceof Error && err.message ? err.message : "Please try again.";
    throw await redirectWithToast(context, "/signin", { type: "error", title: "Google Sign In Failed", description: message });
  }
}
