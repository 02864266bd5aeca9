// What the sign-in page says after sign-up (issue 39): the address the confirmation mail went to, and what to do if
// it does not arrive. The address travels in a short-lived, signed, HttpOnly cookie, never in the address bar (a
// 13-year-old athlete's address must not sit in a URL, a log or the browser's history).
import { createCookie, type AppLoadContext } from "react-router";
import { z } from "zod";

type CookieContext = Pick<AppLoadContext, "secret" | "config">;

const NOTICE_SECONDS = 15 * 60;

function noticeCookie(context: CookieContext) {
  return createCookie("nlte_signed_up", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: context.config.secure,
    secrets: [context.secret],
    maxAge: NOTICE_SECONDS,
  });
}

/** The Set-Cookie value that makes the sign-in page name the address the confirmation mail went to. */
export async function signedUpCookie(context: CookieContext, email: string) {
  return noticeCookie(context).serialize({ email });
}

/** The address sign-up sent its confirmation mail to, when this browser signed up in the last minutes. */
export async function readSignedUpAddress(context: CookieContext, request: Request): Promise<string | null> {
  const value: unknown = await noticeCookie(context).parse(request.headers.get("cookie"));
  const parsed = z.object({ email: z.string().max(254) }).safeParse(value);
  return parsed.success ? parsed.data.email : null;
}
