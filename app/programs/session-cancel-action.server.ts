// The one server step behind every page's "Cancel this session" form (the programs editor and the roster; issue 41,
// decision 0068): who may first (canCancelSession: anyone else is refused with 403 and nothing is read or changed),
// then the reasons (beside their fields), then the question asked once (an unconfirmed post changes nothing and the
// page asks in place of the form), then payments' cancelSession through cancelSessionAs, which credits every enrolled
// family once, as /aid/sessions does.
import type { AppLoadContext } from "react-router";
import { askUnlessConfirmed } from "~/lib/confirm-action";
import type { Profile } from "~/lib/profile";
import { invariantResponse, notFound } from "~/lib/responses.server";
import { readInPageAnswer, redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { CANCEL_SESSION_INTENT } from "./session-cancel-answer";
import { SessionCancelSchema } from "./session-cancel-schemas";
import { canCancelSession, cancelSessionAs } from "./session-cancel.server";
import { done, parseForm, refused } from "~/lib/forms";

export type { SessionCancelAnswer } from "./session-cancel-answer";

/** Handles a cancel form's post for `actor`; answers the page (400, 409 or the question) or throws its redirect. */
export async function handleSessionCancel(context: AppLoadContext, actor: Pick<Profile, "id" | "role">, form: FormData, back: string) {
  const eventId = String(form.get("eventId") ?? "");
  invariantResponse(await canCancelSession(context.db, actor, eventId), m.site_no_permission(), 403);
  const values = { eventId, reason: String(form.get("reason") ?? ""), reasonEs: String(form.get("reasonEs") ?? "") };
  const intent = CANCEL_SESSION_INTENT;
  const { data: input, fieldErrors } = parseForm(SessionCancelSchema, form);
  if (!input) return refused({ intent, values, fieldErrors });
  const ask = askUnlessConfirmed(form);
  if (ask) return done<{ confirm: string; values: typeof values }>({ intent, values, ...ask });
  const result = await cancelSessionAs(context, actor, input.eventId, { en: input.reason, es: input.reasonEs });
  if (!result.ok && result.reason === "not-found") notFound();
  invariantResponse(result.ok || result.reason !== "forbidden", m.site_no_permission(), 403);
  if (!result.ok) return refused({ intent, values, formError: m.seasonfees_cancel_already() }, 409);
  // Written in place of the form, on the session's card, and focused (issue 41): a toast was gone before a phone read it.
  // The address says which session's card (an editor lists several); the answer itself rides in the one-time cookie.
  const to = `${back}?${new URLSearchParams({ [CANCELLED_PARAM]: input.eventId })}`;
  const title = m.seasonfees_cancel_done_toast({ count: String(result.credited) });
  throw await redirectWithToast(context, to, { type: "success", title, inPage: true });
}

const CANCELLED_PARAM = "cancelled";

/**
 * The answer of a cancellation just made, for the page its redirect lands on: the session it belongs to and its words
 * (a loader writes them on that session's card), or null on any other visit (the cookie is read once).
 */
export async function sessionCancelledAnswer(context: AppLoadContext, request: Request): Promise<{ eventId: string; text: string } | null> {
  const text = await readInPageAnswer(context, request);
  const eventId = new URL(request.url).searchParams.get(CANCELLED_PARAM);
  return text && eventId ? { eventId, text } : null;
}
