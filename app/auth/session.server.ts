// Who is asking. Every loader and action that needs a user or a role calls one of these on its first line.
import { redirect, type AppLoadContext } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Profile, Role } from "~/lib/profile";
import { invariantResponse, stopRequest } from "~/lib/responses.server";
import { m } from "~/paraglide/messages";

const cache = new WeakMap<object, Promise<Profile | null>>();

async function readUser(request: Request, context: AppLoadContext): Promise<Profile | null> {
  const session = await context.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { phone?: string | null; role?: string | null };
  return {
    id: u.id,
    email: u.email,
    fullName: u.name || null,
    phone: u.phone ?? null,
    role: u.role === "coach" ? "coach" : "client",
    avatarUrl: u.image ?? null,
    emailVerified: Boolean(u.emailVerified),
  };
}

/**
 * The signed-in user's profile, or null. Read once per page request however many loaders ask (the root's and the
 * page's: two statements each time otherwise): React Router gives each loader its own copy of the Request, so they
 * share the answer through the request's own scope object (server/http.ts). A POST's loaders read again, after its
 * action (which may have signed in or out).
 */
export function getUser(request: Request, context: AppLoadContext): Promise<Profile | null> {
  const key = context.requestScope && (request.method === "GET" || request.method === "HEAD") ? context.requestScope : request;
  let pending = cache.get(key);
  if (!pending) {
    pending = readUser(request, context);
    cache.set(key, pending);
  }
  return pending;
}

export function isCoach(user: Pick<Profile, "role"> | null | undefined): boolean {
  return user?.role === "coach";
}

function signInPath(request: Request) {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return localHref(`/signin?${new URLSearchParams({ redirectTo })}`);
}

/** The signed-in user; a visitor is sent to the sign-in page (or gets 401 for a non-page request). */
export async function requireUser(request: Request, context: AppLoadContext): Promise<Profile> {
  const user = await getUser(request, context);
  if (!user) {
    if (request.method === "GET") throw redirect(signInPath(request));
    stopRequest(401, m.site_not_signed_in());
  }
  return user;
}

export async function requireRole(request: Request, context: AppLoadContext, role: Role): Promise<Profile> {
  const user = await requireUser(request, context);
  invariantResponse(user.role === role, m.site_no_permission(), 403);
  return user;
}

export const requireCoach = (request: Request, context: AppLoadContext) => requireRole(request, context, "coach");

/** For pages only visitors need (sign in, sign up): a signed-in user is sent home. */
export async function requireVisitor(request: Request, context: AppLoadContext) {
  if (await getUser(request, context)) throw redirect(localHref("/"));
}
