// Sign-in, sign-up and sign-out through Better Auth, with our validation and rate limits in front.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { getAccountLocale, localeCookie } from "~/i18n/choice.server";
import { getLocale, type Locale } from "~/i18n/locale";
import { m } from "~/paraglide/messages";
import { addressKey, clearRateLimit, clearRateLimitsUnder, giveBackRateLimit, hitRateLimit } from "~/models/rate-limit.server";

/** A refusal for too many attempts says when to try again (the Retry-After header). */
export type AuthResult = { ok: true; headers: Headers; locale?: Locale } | { ok: false; error: string; status: number; retryAfterSeconds?: number };

/** The answer to a failure nobody foresaw, in the language of the request. */
export const unexpectedError = () => m.account_error_unexpected();

/** Better Auth's refusals, in the language of the request; English pages show Better Auth's own words. */
const AUTH_ERRORS: Record<string, () => string> = {
  INVALID_EMAIL_OR_PASSWORD: m.account_auth_invalid_email_or_password,
  INVALID_PASSWORD: m.account_auth_invalid_password,
  INVALID_EMAIL: m.account_auth_invalid_email,
  PASSWORD_TOO_SHORT: m.account_auth_password_too_short,
  PASSWORD_TOO_LONG: m.account_auth_password_too_long,
  CREDENTIAL_ACCOUNT_NOT_FOUND: m.account_auth_credential_account_not_found,
  INVALID_TOKEN: m.account_auth_invalid_token,
  TOKEN_EXPIRED: m.account_auth_token_expired,
  SESSION_EXPIRED: m.account_auth_session_expired,
  EMAIL_CAN_NOT_BE_UPDATED: m.account_auth_email_cannot_change,
};

/** The words of a refusal Better Auth answered (a status under 500), or null for a failure of its own. */
export function apiErrorMessage(err: unknown): string | null {
  if (err && typeof err === "object") {
    const e = err as { body?: { message?: string; code?: string }; message?: string; status?: unknown; statusCode?: number };
    if (typeof e.statusCode === "number" && e.statusCode < 500) {
      const english = e.body?.message || e.message || null;
      if (getLocale() === "en") return english;
      const known = e.body?.code ? AUTH_ERRORS[e.body.code] : undefined;
      return known ? known() : english && m.account_auth_refused();
    }
  }
  return null;
}

export function forwardHeaders(request: Request, context: AppLoadContext) {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) headers.set("user-agent", ua);
  headers.set("origin", context.config.publicUrl);
  return headers;
}

export function cookiesOnly(source: Headers | undefined) {
  const out = new Headers();
  for (const c of source?.getSetCookie() ?? []) out.append("Set-Cookie", c);
  return out;
}

export function tooManyAttempts(retryAfterSeconds: number) {
  return m.account_error_too_many_signins({ minutes: Math.ceil(retryAfterSeconds / 60) });
}

/** The key under which every sign-in counter of one account lives (its address, hashed: decision 0024). */
export function signInAccountKey(secret: string, email: string) {
  return `signin:account:${addressKey(secret, email)}`;
}

/** A password reset through the mailed link proves the owner: the account's sign-in counters start again. */
export async function clearSignInLimits(db: Db, secret: string, email: string) {
  await clearRateLimitsUnder(db, signInAccountKey(secret, email));
}

/**
 * Checks a password behind three counters (decision 0024), each counted *before* the check in one atomic statement,
 * so that guesses sent at once cannot all slip past a count not yet taken: the client address (any account), the
 * account from this address (a stranger's guesses throttle the stranger, not the owner at home), and the account
 * from everywhere (a much higher cap against many addresses; a password reset clears it). A refused attempt gives
 * back what it counted before the counter that refused it; a successful sign-in gives back its address's and the
 * account's counts (families behind one school network must not lock each other out by signing in).
 */
export async function signInWithPassword(request: Request, context: AppLoadContext, input: { email: string; password: string }): Promise<AuthResult> {
  const { db, config } = context;
  const { perIp, perAccount, accountWide, windowSeconds } = config.signInLimits;
  const ipKey = `signin:ip:${context.clientIp}`;
  const accountKey = signInAccountKey(context.secret, input.email);
  const pairKey = `${accountKey}:ip:${context.clientIp}`;
  const counted: string[] = [];
  for (const [key, limit] of [
    [ipKey, perIp],
    [pairKey, perAccount],
    [accountKey, accountWide],
  ] as const) {
    const hit = await hitRateLimit(db, key, limit, windowSeconds);
    if (!hit.allowed) {
      for (const earlier of counted) await giveBackRateLimit(db, earlier);
      return { ok: false, status: 429, error: tooManyAttempts(hit.retryAfterSeconds), retryAfterSeconds: hit.retryAfterSeconds };
    }
    counted.push(key);
  }
  try {
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: forwardHeaders(request, context),
      returnHeaders: true,
    });
    await giveBackRateLimit(db, ipKey);
    await giveBackRateLimit(db, accountKey);
    await clearRateLimit(db, pairKey);
    // The account's chosen language follows it to this device (issue 27): the caller sends the person to pages in
    // it. An account that never chose one keeps the language of the page it signed in on.
    const locale = await getAccountLocale(db, response.user.id);
    const cookies = cookiesOnly(headers);
    if (locale) cookies.append("Set-Cookie", localeCookie(locale, context.config.secure));
    return { ok: true, headers: cookies, ...(locale ? { locale } : {}) };
  } catch (err) {
    const message = apiErrorMessage(err);
    if (message) return { ok: false, status: 400, error: message };
    for (const key of counted) await giveBackRateLimit(db, key);
    console.error("sign-in failed:", err);
    return { ok: false, status: 500, error: unexpectedError() };
  }
}

export const SIGNUP_WINDOW_SECONDS = 3600;

/**
 * Creates the login and the users row (full name, phone, role client) in one transaction, and queues the
 * verification mail. Never signs in, and answers an address that already has an account exactly as a new one
 * (Better Auth mails the owner instead): a stranger learns nothing about who has an account.
 */
export async function signUpWithPassword(
  request: Request,
  context: AppLoadContext,
  input: {
    fullName: string;
    email: string;
    password: string;
    phone?: string | undefined;
    kind: "guardian" | "athlete";
    dateOfBirth?: string | undefined;
  },
): Promise<AuthResult> {
  const limit = await hitRateLimit(
    context.db,
    `signup:ip:${context.clientIp}`,
    context.config.signInLimits.signUpsPerIpPerHour,
    SIGNUP_WINDOW_SECONDS,
  );
  if (!limit.allowed) {
    return { ok: false, status: 429, error: m.account_error_too_many_signups({ minutes: Math.ceil(limit.retryAfterSeconds / 60) }) };
  }
  try {
    const { response } = await context.auth.api.signUpEmail({
      // Safe Play: the caller checked the kind and date of birth (clientKindProblem); Better Auth stores them only
      // on a new account (an address that has one is answered as new and left untouched).
      body: {
        name: input.fullName,
        email: input.email,
        password: input.password,
        phone: input.phone ?? null,
        clientKind: input.kind,
        dateOfBirth: input.dateOfBirth ?? null,
        kindAnswered: true,
        locale: getLocale(),
      },
      headers: forwardHeaders(request, context),
      returnHeaders: true,
    });
    // autoSignIn is off (server/auth.ts): there is no session to end, but make sure of it.
    if (response.token) await context.db.delete(sessions).where(eq(sessions.token, response.token));
    return { ok: true, headers: new Headers() };
  } catch (err) {
    const message = apiErrorMessage(err);
    if (message) return { ok: false, status: 400, error: message };
    console.error("sign-up failed:", err);
    return { ok: false, status: 500, error: unexpectedError() };
  }
}

/** Headers that clear the session cookies in the browser (after a sign-out, or a deleted account). */
export function clearedSessionCookies(context: Pick<AppLoadContext, "config">) {
  const cleared = new Headers();
  const secure = context.config.secure;
  for (const name of ["nlte.session_token", "nlte.session_data"])
    cleared.append("Set-Cookie", `${secure ? "__Secure-" : ""}${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
  return cleared;
}

/** Ends the session on the server and clears the cookie. A missing session counts as success. */
export async function signOut(request: Request, context: AppLoadContext): Promise<AuthResult> {
  try {
    const { headers } = await context.auth.api.signOut({ headers: forwardHeaders(request, context), returnHeaders: true });
    return { ok: true, headers: cookiesOnly(headers) };
  } catch (err) {
    const message = apiErrorMessage(err);
    if (message) {
      // No session (already signed out, expired, or ended elsewhere): the outcome the person wanted.
      return { ok: true, headers: clearedSessionCookies(context) };
    }
    console.error("sign-out failed:", err);
    return { ok: false, status: 500, error: m.account_error_sign_out_failed() };
  }
}

/** Starts Google sign-in: returns the provider's address to go to, with the state cookie to set. */
export async function startGoogleSignIn(request: Request, context: AppLoadContext, pageLocale: Locale = "en") {
  // The callback has one address; the language of the page the person started on travels with it.
  const callbackURL = pageLocale === "en" ? "/auth/callback" : `/auth/callback?lang=${pageLocale}`;
  const { headers, response } = await context.auth.api.signInSocial({
    body: { provider: "google", callbackURL, errorCallbackURL: callbackURL, disableRedirect: true },
    headers: forwardHeaders(request, context),
    returnHeaders: true,
  });
  if (!response.url) throw new Error("The sign-in provider gave no address");
  return { url: response.url, headers: cookiesOnly(headers) };
}
