// Calling a route's loader or action as a visitor, a client or a coach, with a real database. Only the session
// lookup is stood in for (Better Auth is tested end to end in tests/e2e); the users exist in the database.
// A route that uses more of Better Auth than the session (sending a confirmation link, say) gets the site's own
// Better Auth instead: contextWithAuth, and signedInUser for a real session's cookie.
import { clearCoach } from "./cleared";
import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { updateUserRole } from "../../app/models/users.server";
import { createAuth } from "../../server/auth";
import { loadConfig } from "../../server/config";

export type Who = "visitor" | "client" | "coach";

export async function createRouteUsers(db: Db) {
  await db
    .insert(users)
    .values([
      { id: "client-1", email: "client@example.com", fullName: "Client Rowe", role: "client" },
      { id: "coach-1", email: "coach@example.com", fullName: "Coach Vega", role: "coach" },
    ])
    .onConflictDoNothing();
}

export function contextFor(db: Db, who: Who, env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: "test", ...env });
  const session = who === "visitor" ? null : { user: { id: `${who}-1`, email: `${who}@example.com`, name: who, role: who } };
  return { db, config, secret: "s".repeat(32), auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

/** Someone in the test database, signed in (only the session lookup is stood in for). */
export type SignedInPerson = { id: string; email: string; role: "client" | "coach" };

/** A context signed in as `who` (null: a visitor), with Safe Play's clock fixed at `now` (an ISO 8601 instant). */
export function contextAsPerson(db: Db, who: SignedInPerson | null, now: string): AppLoadContext {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3999", SAFE_PLAY_NOW: now });
  const session = who ? { user: { id: who.id, email: who.email, name: who.id, role: who.role } } : null;
  return { db, config, secret: "s".repeat(40), auth: { api: { getSession: async () => session } } } as unknown as AppLoadContext;
}

/** The site's origin in contextWithAuth: Better Auth checks a request's Origin against it. */
export const AUTH_ORIGIN = "http://localhost:3999";

/** A context with the site's own Better Auth on the test database: real sign-ups, sessions and cookies. */
export function contextWithAuth(db: Db, env: Record<string, string> = {}) {
  // A cheap password hash unless told otherwise (decision 0034; server/test-password-hash.test.ts covers both).
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: AUTH_ORIGIN, TEST_PASSWORD_HASH: "fast", ...env });
  const secret = crypto.randomBytes(32).toString("hex");
  return { db, config, secret, auth: createAuth(db, config, secret), cspNonce: "", clientIp: "127.0.0.1" } as unknown as AppLoadContext;
}

/**
 * A new person, signed up and then signed in through Better Auth (sign-up never signs in: decision 0012), a coach
 * when asked: their session cookie (for a request's `cookie` header), id and email.
 */
export async function signedInUser(context: AppLoadContext, name: string, role: "client" | "coach" = "client") {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await context.auth.api.signUpEmail({ body: { name, email, password: "secret12" } });
  const { headers, response } = await context.auth.api.signInEmail({ body: { email, password: "secret12" }, returnHeaders: true });
  if (role === "coach") {
    await updateUserRole(context.db, email, role);
    await clearCoach(context.db, response.user.id);
  }
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, id: response.user.id, email };
}

type Callable = (args: never) => unknown;

/** Runs a loader or action; a thrown Response or data() becomes { status, body, headers } like a returned one. */
export async function call(fn: Callable, args: { request: Request; context: AppLoadContext; params?: Record<string, string> }) {
  const unwrap = async (value: unknown) => {
    if (value instanceof Response)
      return {
        status: value.status,
        headers: value.headers,
        body: value.headers.get("content-type")?.includes("json") ? await value.json() : await value.text(),
      };
    const v = value as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
    if (v && typeof v === "object" && v.type === "DataWithResponseInit")
      return { status: v.init?.status ?? 200, headers: new Headers(v.init?.headers), body: v.data };
    return { status: 200, headers: new Headers(), body: value };
  };
  try {
    return await unwrap(await fn({ params: {}, ...args } as never));
  } catch (thrown) {
    return unwrap(thrown);
  }
}

export function postForm(url: string, fields: Record<string, string | string[] | Blob>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v instanceof Blob) body.append(k, v, "photo");
    else for (const one of [v].flat()) body.append(k, one);
  }
  return new Request(`http://localhost${url}`, { method: "POST", body, headers });
}
