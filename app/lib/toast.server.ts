// One-time messages carried across a redirect in a short-lived cookie, shown by the root as toasts.
import { createCookie, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { Toast } from "./toast";

const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
});

type CookieContext = Pick<AppLoadContext, "secret" | "config">;

function toastCookie(context: CookieContext) {
  return createCookie("nlte_toast", { httpOnly: true, sameSite: "lax", path: "/", secure: context.config.secure, secrets: [context.secret], maxAge: 60 });
}

export async function setToastCookie(context: CookieContext, toast: Toast) {
  return toastCookie(context).serialize(toast);
}

export async function readToast(context: CookieContext, request: Request) {
  const cookie = toastCookie(context);
  const value = await cookie.parse(request.headers.get("cookie"));
  if (!value) return { toast: null, clear: null };
  const parsed = ToastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
