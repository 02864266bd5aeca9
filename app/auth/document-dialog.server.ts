// The sign-in dialog of pages without React posts plain forms. When the server refuses one, the visitor goes back to
// the page they were on, where the dialog opens again with the reason, the fields' errors and what they typed
// (never the password), and the same 'Sign In Failed' / 'Sign Up Failed' toast as the other dialog.
import { redirect, type AppLoadContext } from "react-router";
import { AUTH_DIALOG_TEXT } from "~/content/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { setFlashCookie } from "~/lib/toast.server";
import type { FieldErrors } from "~/lib/forms";

const KEPT_FIELDS = ["fullName", "email", "phone"] as const;

export async function backToDocumentDialog(
  context: Pick<AppLoadContext, "secret" | "config">,
  form: FormData,
  mode: "signin" | "signup",
  refusal: { fieldErrors?: FieldErrors | null | undefined; error?: string | undefined },
): Promise<never> {
  const values: Record<string, string> = {};
  for (const key of KEPT_FIELDS) {
    const v = form.get(key);
    if (typeof v === "string" && v) values[key] = v.slice(0, 254);
  }
  const fieldErrors = Object.fromEntries(Object.entries(refusal.fieldErrors ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
  const toast = refusal.error ? ({ type: "error", title: AUTH_DIALOG_TEXT[mode].failed, description: refusal.error } as const) : undefined;
  const cookie = await setFlashCookie(context, { ...(toast ? { toast } : {}), authDialog: { mode, error: refusal.error, fieldErrors, values } });
  throw redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
}
