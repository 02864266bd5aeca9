// "I would like financial help" on the public registration form (issue 41), the request form's own ask: the same
// fields (RequestAidSection), the same rule of who may ask (parseRequestHelp: only the one who holds the family's
// purse, canHoldAccount; an adult athlete of a household is not asked) and the same one request an account, made in
// the registration's transaction before the request for a place (withHelpRequested), so a place enrolled at once is
// charged with the request already waiting and no price is sent. It goes with a session chosen, by someone signed in:
// a visitor's request joins no family until its guardian keeps it (decision 0024), so there is no account to ask for.
import type { AppLoadContext } from "react-router";
import type { FieldErrors } from "~/auth/schemas";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { getRequestHelpState, parseRequestHelp, type RequestHelp } from "~/payments/index.server";

/** What the form offers with the chosen session: the tick, that a request waits, that help is granted, or nothing. */
export async function getRegistrationHelpState(context: AppLoadContext, user: Profile | null, sessionChosen: boolean, today: string) {
  if (!sessionChosen || user?.role !== "client") return null;
  const state = await getRequestHelpState(context.db, user, context.config.safePlay, today);
  return state === "not-holder" ? null : state;
}

/**
 * The posted form's ask, read before the form is parsed (its messages then land with the others). Without a session
 * there is nothing to ask with; a tick from anyone but a signed-in family (a forged post: the form shows it to nobody
 * else) is refused beside it.
 */
export async function parseRegistrationHelp(request: Request, context: AppLoadContext, user: Profile | null): Promise<RequestHelp> {
  const form = await request.clone().formData();
  if (!String(form.get("sessionId") ?? "").trim()) return { wanted: false };
  if (!user) return form.get("wantsHelp") === "on" ? { wanted: true, fieldErrors: { wantsHelp: m.lessonfees_help_not_holder() } } : { wanted: false };
  return parseRequestHelp(context.db, user, context.config.safePlay, form);
}

/** The registration's own parse with the ask's messages beside their fields, all at once. */
export function withHelpErrors<T>(
  parsed: { data: T; fieldErrors: null } | { data: null; fieldErrors: FieldErrors },
  help: RequestHelp,
): { data: T; fieldErrors: null } | { data: null; fieldErrors: FieldErrors } {
  if (!("fieldErrors" in help)) return parsed;
  return { data: null, fieldErrors: { ...help.fieldErrors, ...(parsed.fieldErrors ?? {}) } };
}
