// One-time messages carried across a redirect in a short-lived cookie: a toast, and for the sign-in dialog of pages
// without React, what it must show again when it reopens (its mode, the refusal, the fields' errors and values).
import { createCookie, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { getLocale, localizePath, type Locale } from "~/i18n/locale";
import { z } from "zod";
import type { AuthDialogFlash, Toast } from "./toast";

const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
  inPage: z.boolean().optional(),
});

const AuthDialogSchema = z.object({
  mode: z.enum(["signin", "signup"]),
  error: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()).default({}),
  values: z.record(z.string(), z.string()).default({}),
});

const FlashSchema = z.object({ toast: ToastSchema.optional(), authDialog: AuthDialogSchema.optional() });
type Flash = { toast?: Toast; authDialog?: AuthDialogFlash };

type CookieContext = Pick<AppLoadContext, "secret" | "config">;

function flashCookie(context: CookieContext) {
  return createCookie("nlte_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: context.config.secure,
    secrets: [context.secret],
    maxAge: 60,
  });
}

export async function setFlashCookie(context: CookieContext, flash: Flash) {
  return flashCookie(context).serialize(flash);
}

export async function setToastCookie(context: CookieContext, toast: Toast) {
  return setFlashCookie(context, { toast });
}

export async function readToast(context: CookieContext, request: Request) {
  const cookie = flashCookie(context);
  const value = await cookie.parse(request.headers.get("cookie"));
  if (!value) return { toast: null, authDialog: null, clear: null };
  const parsed = FlashSchema.safeParse(value);
  return {
    toast: parsed.success ? (parsed.data.toast ?? null) : null,
    authDialog: parsed.success ? (parsed.data.authDialog ?? null) : null,
    clear: await cookie.serialize("", { maxAge: 0 }),
  };
}

/**
 * The answer a redirect carried to be written in place on the page it lands on (a toast sent with `inPage`: the page
 * shows it as a focused status, app/components/ui/confirmation.tsx), or null. A page's loader asks it; the root loader
 * clears the one-time cookie in the same response, so a later visit finds none.
 */
export async function readInPageAnswer(context: CookieContext, request: Request): Promise<string | null> {
  const { toast } = await readToast(context, request);
  return toast?.inPage ? toast.title : null;
}

/**
 * A redirect that carries a toast to the page it lands on (the one way an action says "done" and moves on).
 * A path inside the site opens in the language of the page the form was sent from, or in `locale` (issue 27);
 * `document: true` makes the browser load that page whole, also with JavaScript (a page in another language).
 */
export async function redirectWithToast(
  context: CookieContext,
  to: string,
  toast: Toast,
  init: { headers?: HeadersInit; document?: boolean; locale?: Locale } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setToastCookie(context, toast));
  return (init.document ? redirectDocument : redirect)(localizePath(to, init.locale ?? getLocale()), { headers });
}
