// One-time messages carried across a redirect in a short-lived cookie, shown by the root as toasts.
import { createCookie } from "react-router";
import { z } from "zod";
import type { Toast } from "./toast";

const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
});

function toastCookie(secret: string, secure: boolean) {
  return createCookie("nlte_toast", { httpOnly: true, sameSite: "lax", path: "/", secure, secrets: [secret], maxAge: 60 });
}

export async function setToastCookie(ctx: { secret: string; secure: boolean }, toast: Toast) {
  return toastCookie(ctx.secret, ctx.secure).serialize(toast);
}

export async function readToast(ctx: { secret: string; secure: boolean }, request: Request) {
  const cookie = toastCookie(ctx.secret, ctx.secure);
  const value = await cookie.parse(request.headers.get("cookie"));
  if (!value) return { toast: null, clear: null };
  const parsed = ToastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
