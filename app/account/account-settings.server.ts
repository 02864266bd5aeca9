// What a signed-in person may do to their own account. Each takes the person from requireUser and acts on them
// only; the Better Auth calls carry the person's own session, so Better Auth checks the same.
import type { AppLoadContext } from "react-router";
import { anonymizeUser, getOwnSessionToken } from "./account.server";
import { hitMailLimits } from "~/mail/index.server";
import { isLastAdmin, updateOwnProfile } from "~/models/users.server";
import { m } from "~/paraglide/messages";
import { apiErrorMessage, clearedSessionCookies, cookiesOnly, forwardHeaders, unexpectedError } from "~/auth/index.server";

export type SettingsResult =
  { ok: true; headers?: Headers } | { ok: false; status: number; error: string; field?: string; retryAfterSeconds?: number };

function refused(err: unknown, field?: string, what = "settings"): SettingsResult {
  const message = apiErrorMessage(err);
  if (message) return { ok: false, status: 400, error: message, ...(field ? { field } : {}) };
  console.error(`account ${what} failed:`, err instanceof Error ? err.message : err);
  return { ok: false, status: 500, error: unexpectedError() };
}

/** Whether Better Auth refused a password (its English words say so, whatever the page's language). */
function isPasswordRefusal(err: unknown) {
  const e = err as { body?: { message?: string }; message?: string } | null;
  return /password/i.test(e?.body?.message || e?.message || "");
}

/**
 * The profile form (name and phone, already through ProfileSchema). A coach's name is shown to every family they
 * message, so it obeys the contact-details rule (coachNameProblem): refused beside the field, and nothing changes.
 */
export async function saveProfile(
  context: AppLoadContext,
  userId: string,
  input: { fullName: string; phone?: string | undefined },
): Promise<SettingsResult> {
  const problem = await updateOwnProfile(context.db, userId, input);
  return problem ? { ok: false, status: 400, error: problem, field: "fullName" } : { ok: true };
}

export async function changePassword(
  request: Request,
  context: AppLoadContext,
  input: { currentPassword: string; newPassword: string },
): Promise<SettingsResult> {
  try {
    const { headers } = await context.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: forwardHeaders(request, context),
      returnHeaders: true,
    });
    return { ok: true, headers: cookiesOnly(headers) };
  } catch (err) {
    const r = refused(err, "currentPassword", "password change");
    if (!r.ok && r.status === 400 && isPasswordRefusal(err)) return { ...r, error: m.account_error_current_password_wrong() };
    return r;
  }
}

/** Refuses, beside the field, a mail over the sender's or the address's limit (decision 0024); nothing changes. */
async function overMailLimit(context: AppLoadContext, userId: string, to: string, field?: string): Promise<SettingsResult | null> {
  const refusal = await hitMailLimits(context.db, context.secret, { senderId: userId, to });
  if (!refusal) return null;
  return { ok: false, status: 429, error: refusal.error, retryAfterSeconds: refusal.retryAfterSeconds, ...(field ? { field } : {}) };
}

export async function changeEmail(request: Request, context: AppLoadContext, userId: string, newEmail: string): Promise<SettingsResult> {
  const limited = await overMailLimit(context, userId, newEmail, "newEmail");
  if (limited) return limited;
  try {
    // Better Auth mails a confirmation link to the new address; the account keeps the old one until it is followed.
    await context.auth.api.changeEmail({ body: { newEmail, callbackURL: "/account" }, headers: forwardHeaders(request, context) });
    return { ok: true };
  } catch (err) {
    return refused(err, "newEmail", "email change");
  }
}

export async function resendVerification(context: AppLoadContext, user: { id: string; email: string }): Promise<SettingsResult> {
  const limited = await overMailLimit(context, user.id, user.email);
  if (limited) return limited;
  const { email } = user;
  try {
    await context.auth.api.sendVerificationEmail({ body: { email, callbackURL: "/account" } });
    return { ok: true };
  } catch (err) {
    return refused(err, undefined, "verification mail");
  }
}

export async function endSession(request: Request, context: AppLoadContext, userId: string, sessionId: string): Promise<SettingsResult> {
  const token = await getOwnSessionToken(context.db, userId, sessionId);
  if (!token) return { ok: false, status: 404, error: m.account_error_session_ended() };
  try {
    await context.auth.api.revokeSession({ body: { token }, headers: forwardHeaders(request, context) });
    return { ok: true };
  } catch (err) {
    return refused(err, undefined, "session end");
  }
}

export async function endOtherSessions(request: Request, context: AppLoadContext): Promise<SettingsResult> {
  try {
    await context.auth.api.revokeOtherSessions({ headers: forwardHeaders(request, context) });
    return { ok: true };
  } catch (err) {
    return refused(err, undefined, "sign out everywhere");
  }
}

/** `password` null: an account with no password (Google only), confirmed by the typed word alone. */
export async function deleteAccount(request: Request, context: AppLoadContext, userId: string, password: string | null): Promise<SettingsResult> {
  const headers = forwardHeaders(request, context);
  if (password !== null) {
    try {
      await context.auth.api.verifyPassword({ body: { password }, headers });
    } catch (err) {
      const r = refused(err, "password", "deletion");
      return !r.ok && r.status === 400 ? { ...r, error: m.account_error_password_wrong() } : r;
    }
  }
  // The site keeps an administrator (as /staff keeps the last one's role): asked before anything ends, and again
  // under the staff roles' lock in anonymizeUser, where two administrators deleting at once are told apart.
  const lastAdmin = { ok: false as const, status: 409, error: m.account_error_delete_last_admin() };
  if (await isLastAdmin(context.db, userId)) return lastAdmin;
  try {
    // Better Auth's own revocation, so whatever listens for ended sessions (open sockets) sees it.
    await context.auth.api.revokeSessions({ headers });
    if ((await anonymizeUser(context.db, userId, context, context)) === "last-admin") return lastAdmin;
  } catch (err) {
    return refused(err, undefined, "deletion");
  }
  return { ok: true, headers: clearedSessionCookies(context) };
}
