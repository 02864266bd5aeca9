// Password reset the OWASP way, on Better Auth's own tokens (random, single use, stored hashed, 30 minutes).
import type { AppLoadContext } from "react-router";
import { RESET_TEXT } from "~/content/account";
import { hitRateLimit } from "~/models/rate-limit.server";
import { apiErrorMessage, unexpectedError } from "./accounts.server";

const PER_ADDRESS = 3;
const PER_IP = 10;
const WINDOW_SECONDS = 900;
/** Every answer takes at least this long, so the time does not tell whether the address has an account. */
const ANSWER_FLOOR_MS = 600;

export async function requestPasswordReset(
  context: AppLoadContext,
  email: string,
): Promise<{ ok: true } | { ok: false; status: number; error: string }> {
  const started = Date.now();
  const byIp = await hitRateLimit(context.db, `reset:ip:${context.clientIp}`, PER_IP, WINDOW_SECONDS);
  if (!byIp.allowed) return { ok: false, status: 429, error: RESET_TEXT.tooMany(Math.ceil(byIp.retryAfterSeconds / 60)) };
  // Over the per-address limit the answer stays the same; only the mail is not sent again.
  const byAddress = await hitRateLimit(context.db, `reset:address:${email}`, PER_ADDRESS, WINDOW_SECONDS);
  if (byAddress.allowed) {
    try {
      await context.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    } catch (err) {
      console.error("password reset request failed:", err instanceof Error ? err.message : err);
    }
  }
  const wait = ANSWER_FLOOR_MS - (Date.now() - started);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return { ok: true };
}

/** Whether a reset link can still be used (without using it up). */
export async function isResetTokenUsable(context: AppLoadContext, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  try {
    const res = await context.auth.api.requestPasswordResetCallback({
      params: { token },
      query: { callbackURL: `${context.config.publicUrl}/reset-password` },
      asResponse: true,
    });
    const location = res.headers.get("location") ?? "";
    return location !== "" && !location.includes("error=");
  } catch {
    return false;
  }
}

export async function resetPassword(
  context: AppLoadContext,
  token: string,
  newPassword: string,
): Promise<{ ok: true } | { ok: false; status: number; error: string }> {
  try {
    // Ends every session of the account (revokeSessionsOnPasswordReset) and queues "your password was changed".
    await context.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (err) {
    if (apiErrorMessage(err)) return { ok: false, status: 400, error: RESET_TEXT.invalidLink };
    console.error("password reset failed:", err instanceof Error ? err.message : err);
    return { ok: false, status: 500, error: unexpectedError() };
  }
}
