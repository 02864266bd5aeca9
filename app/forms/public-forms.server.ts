// Receiving a public form: spam checks that cost a person nothing (a honeypot field and a per-address limit),
// then the server-side rules, then the store.
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { parseForm, type FieldErrors } from "~/auth/schemas";
import { FORM_TEXT, HONEYPOT_FIELD } from "~/content/forms";
import { hitRateLimit } from "~/models/rate-limit.server";

/** Submissions one address may make per form in the window: generous for a family, costly for a bot. */
export const FORM_LIMIT = 8;
export const FORM_WINDOW_SECONDS = 600;

export type PublicFormResult = { ok: true } | { ok: false; fieldErrors?: FieldErrors; error?: string; values: Record<string, string> };

export async function receivePublicForm<S extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  formName: string,
  schema: S,
  store: (input: z.output<S>) => Promise<unknown>,
) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  // Kept whole: the schema refuses a text over its limit beside the field, where cutting it lost the end unseen.
  for (const [key, value] of form) if (typeof value === "string" && key !== HONEYPOT_FIELD) values[key] = value;

  const limit = await hitRateLimit(context.db, `form:${formName}:${context.clientIp}`, FORM_LIMIT, FORM_WINDOW_SECONDS);
  if (!limit.allowed) {
    return data<PublicFormResult>(
      { ok: false, error: FORM_TEXT.rateLimited, values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // A bot that filled the invisible field is told it succeeded, and nothing is stored.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return data<PublicFormResult>({ ok: true });

  const { data: input, fieldErrors } = parseForm(schema, values);
  if (!input) return data<PublicFormResult>({ ok: false, fieldErrors: fieldErrors ?? {}, error: FORM_TEXT.fixErrors, values }, { status: 400 });
  await store(input);
  return data<PublicFormResult>({ ok: true });
}
