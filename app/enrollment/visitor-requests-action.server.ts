// /account/enrollments' answers to a visitor's request (issue 37): keep or drop, each asked once more before it is
// done. The first post (no `confirm`) changes nothing and answers with the question, naming what will happen; the
// second (`confirm=yes`, from the question's own button) does it. So nothing irreversible happens at one tap, with or
// without the page's script, and the server decides it, not a dialog. Who may is getReviewerAddress's rule, asked by
// every function called here.
import { z } from "zod";
import type { AppLoadContext } from "react-router";
import { getLocale } from "~/i18n/language";
import type { Profile } from "~/lib/profile";
import { m } from "~/paraglide/messages";
import { statusWords } from "./words";
import { done, refused } from "~/lib/forms";
import { VISITOR_REQUEST_INTENTS, type VisitorRequestAsk } from "./visitor-requests-types";
import { dropVisitorRequest, getVisitorRequestToReview, keepChoiceProblem, keepVisitorRequestAsGuardian } from "./visitor-requests-review.server";

export { VISITOR_REQUEST_INTENTS };

const ReviewSchema = z.object({
  intent: z.enum(VISITOR_REQUEST_INTENTS),
  requestId: z.string().max(100),
  as: z.string().max(100).optional(),
  confirm: z.literal("yes").optional(),
});

/** A refusal beside the request (its id among what was sent); the choice of child's message beside that choice. */
const refusal = (intent: string, requestId: string, status: number, error: string, field?: "as") =>
  refused<{ requestId: string }>(
    field ? { intent, values: { requestId }, fieldErrors: { [field]: error } } : { intent, values: { requestId }, formError: error },
    status,
  );

/** The question, asked before anything is done. */
const ask = (intent: string, question: VisitorRequestAsk) => done<VisitorRequestAsk>({ intent, ...question });

/** Reads a keep or drop post for the signed-in `user` (the route's guard ran first) and answers it. */
export async function answerVisitorRequest(context: AppLoadContext, user: Profile, form: FormData) {
  const parsed = ReviewSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return refusal(String(form.get("intent") ?? ""), "", 400, m.enroll_kept_error_gone());
  const { intent, requestId, as, confirm } = parsed.data;
  const view = await getVisitorRequestToReview(context.db, user, requestId, getLocale());
  if (!view) return refusal(intent, requestId, 404, m.enroll_kept_error_gone());

  if (intent === "drop-request") {
    if (!confirm) return ask(intent, { requestId, confirm: "drop" });
    const dropped = await dropVisitorRequest(context.db, user, requestId);
    if (!dropped.ok) return refusal(intent, requestId, dropped.status, dropped.error);
    return done({ intent, message: m.enroll_kept_dropped({ name: dropped.studentName }), savedAt: Date.now() });
  }

  // Keep: the choice (a new athlete, or the household's child of that name and birthday) is the guardian's to make.
  const problem = keepChoiceProblem(view, as);
  if (problem) return refusal(intent, requestId, 400, problem, "as");
  if (!confirm) return ask(intent, as === undefined ? { requestId, confirm: "keep" } : { requestId, confirm: "keep", as });
  const kept = await keepVisitorRequestAsGuardian(context, user, requestId, as);
  if (!kept.ok) return refusal(intent, requestId, kept.status, kept.error, kept.field);
  const status = kept.position
    ? `${statusWords(kept.status)} · ${m.enroll_family_position({ position: String(kept.position) })}`
    : statusWords(kept.status);
  const words = m.enroll_kept_done({ name: kept.studentName, session: kept.session, status });
  // The visitor asked for financial help (issue 41): keeping it asked staff, and nothing is due until they answer.
  return done({ intent, message: kept.helpAsked ? `${words} ${m.pay_due_aid_pending()}` : words, savedAt: Date.now() });
}
