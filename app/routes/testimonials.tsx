// POST /testimonials: the home page's testimonial form (intent=create) and the coaches' delete (intent=delete).
// The section posts with a fetcher and sends via=fetcher once hydrated; a plain form post (no JavaScript) is
// answered with a redirect back to the home page and a toast cookie.
import { data, redirect } from "react-router";
import { localHref } from "~/i18n/locale";
import type { Route } from "./+types/testimonials";
import { getUser, isCoach } from "~/auth/index.server";
import { addedToast, awaitingGuardianToast, deletedToast, isFallbackId, isUuid, passesPositivityGate, positivityToast } from "~/testimonials/rules";
import { DeleteTestimonialSchema, TestimonialSchema, type TestimonialAnswer } from "~/testimonials/schemas";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { Profile } from "~/lib/profile";
import { hitRateLimit } from "~/models/rate-limit.server";
import { createTestimonial, deleteTestimonial } from "~/testimonials/index.server";
import { m } from "~/paraglide/messages";
import { parseForm } from "~/lib/forms";

/** Submissions per user per window: plenty for a family, too few to flood the home page. */
export const TESTIMONIAL_LIMIT = 5;
export const TESTIMONIAL_LIMIT_WINDOW_SECONDS = 60 * 60;

type Outcome = { status: number; body: TestimonialAnswer };

/** The refusal past the limit, in the request's language. */
export function rateLimitMessage(retryAfterSeconds: number) {
  return m.help_testimonial_rate_limited({ minutes: Math.ceil(retryAfterSeconds / 60) });
}

export async function loader() {
  throw redirect(localHref("/"));
}

export async function action({ request, context }: Route.ActionArgs) {
  // Not requireUser: a visitor's request must get a plain refusal the form can show, not an error page.
  const user = await getUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const outcome =
    intent === "create"
      ? await create(context, user, form)
      : intent === "delete"
        ? await remove(context, user, form)
        : { status: 400, body: { ok: false, intent: "unknown", fieldErrors: {}, formError: m.help_testimonial_unknown_action() } as const };

  if (form.get("via") === "fetcher") return data(outcome.body, { status: outcome.status });
  throw await redirectWithToast(context, "/", toastFor(outcome.body));
}

async function create(context: Route.ActionArgs["context"], user: Profile | null, form: FormData): Promise<Outcome> {
  if (!user) return { status: 401, body: { ok: false, intent: "create", fieldErrors: {}, formError: m.help_testimonial_not_signed_in() } };
  const { data: input, fieldErrors } = parseForm(TestimonialSchema, {
    name: form.get("name") ?? undefined,
    content: form.get("content") ?? undefined,
    rating: form.get("rating") ?? undefined,
  });
  if (!input) return { status: 400, body: { ok: false, intent: "create", fieldErrors } };
  if (!passesPositivityGate(input))
    return { status: 400, body: { ok: false, intent: "create", fieldErrors: { form: m.help_testimonial_gate_text() } } };

  const limit = await hitRateLimit(context.db, `testimonial:create:${user.id}`, TESTIMONIAL_LIMIT, TESTIMONIAL_LIMIT_WINDOW_SECONDS);
  if (!limit.allowed)
    return { status: 429, body: { ok: false, intent: "create", fieldErrors: {}, formError: rateLimitMessage(limit.retryAfterSeconds) } };

  try {
    const { awaitingGuardian } = await createTestimonial(context.db, { ...input, createdBy: user.id }, context.config.safePlay);
    return { status: 200, body: { ok: true, intent: "create", toast: awaitingGuardian ? awaitingGuardianToast() : addedToast() } };
  } catch (err) {
    console.error("adding a testimonial failed:", err);
    return { status: 500, body: { ok: false, intent: "create", fieldErrors: {}, formError: m.help_testimonial_add_failed_text() } };
  }
}

async function remove(context: Route.ActionArgs["context"], user: Profile | null, form: FormData): Promise<Outcome> {
  if (!user) return { status: 401, body: { ok: false, intent: "delete", fieldErrors: {}, formError: m.help_testimonial_not_signed_in() } };
  if (!isCoach(user)) return { status: 403, body: { ok: false, intent: "delete", fieldErrors: {}, formError: m.help_testimonial_not_a_coach() } };
  const { data: input, fieldErrors } = parseForm(DeleteTestimonialSchema, { id: form.get("id") ?? undefined });
  if (!input)
    return { status: 400, body: { ok: false, intent: "delete", fieldErrors: {}, formError: fieldErrors?.id ?? m.help_testimonial_not_found() } };
  if (isFallbackId(input.id))
    return { status: 400, body: { ok: false, intent: "delete", fieldErrors: {}, formError: m.help_testimonial_sample_not_deletable() } };
  // Ids that are not UUIDs cannot be in the table; asking PostgreSQL would only raise a cast error.
  if (!isUuid(input.id) || !(await deleteTestimonial(context.db, input.id))) {
    return { status: 404, body: { ok: false, intent: "delete", fieldErrors: {}, formError: m.help_testimonial_not_found() } };
  }
  return { status: 200, body: { ok: true, intent: "delete", toast: deletedToast() } };
}

/** The toast a person without JavaScript sees after the redirect home. */
function toastFor(body: TestimonialAnswer): Toast {
  if (body.ok) return body.toast;
  if (body.intent === "create") {
    if (body.fieldErrors.form) return positivityToast();
    const firstFieldError = Object.values(body.fieldErrors)[0];
    return {
      type: "error",
      title: m.help_testimonial_add_failed_title(),
      description: firstFieldError ?? body.formError ?? m.help_testimonial_add_failed_text(),
    };
  }
  return { type: "error", title: m.help_testimonial_delete_failed_title(), description: body.formError };
}
