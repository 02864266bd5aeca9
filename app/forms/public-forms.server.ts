// Receiving a public form: spam checks that cost a person nothing (a honeypot field and a per-address limit),
// then the server-side rules, then the store.
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { FORM_TEXT } from "~/content/forms";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { hitRateLimit } from "~/models/rate-limit.server";
import { parseForm, type FieldErrors } from "~/lib/forms";

/** Submissions one address may make per form in the window: generous for a family, costly for a bot. */
export const FORM_LIMIT = 8;
export const FORM_WINDOW_SECONDS = 600;

/** What the page says after a stored form, beyond the form's own success words (the registration's session, say). */
export type FormAnswer = Record<string, string>;

export type PublicFormResult =
  { ok: true; answer?: FormAnswer } | { ok: false; fieldErrors?: FieldErrors; error?: string; values: Record<string, string> };

/** What a store may answer besides storing: a refusal (nothing stored, said beside its field) or words for the page. */
export type StoreOutcome = { refused: { status: number; error: string; fieldErrors: FieldErrors } } | { answer: FormAnswer };

const isOutcome = (v: unknown): v is StoreOutcome => typeof v === "object" && v !== null && ("refused" in v || "answer" in v);

type Parsed<T> = { data: T; fieldErrors: null } | { data: null; fieldErrors: FieldErrors | null };

export async function receivePublicForm<T>(
  request: Request,
  context: AppLoadContext,
  formName: string,
  /** The form's zod schema, or a parser of the typed values for a form whose rules depend on one another. */
  parse: z.ZodType<T> | ((values: Record<string, string>) => Parsed<T>),
  store: (input: T) => Promise<unknown>,
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

  const { data: input, fieldErrors } = typeof parse === "function" ? parse(values) : parseForm(parse, values);
  if (input === null)
    return data<PublicFormResult>({ ok: false, fieldErrors: fieldErrors ?? {}, error: FORM_TEXT.fixErrors, values }, { status: 400 });
  const outcome = await store(input as T);
  if (isOutcome(outcome) && "refused" in outcome) {
    const { status, error, fieldErrors: refusedFields } = outcome.refused;
    return data<PublicFormResult>({ ok: false, fieldErrors: refusedFields, error, values }, { status });
  }
  return data<PublicFormResult>(isOutcome(outcome) && "answer" in outcome ? { ok: true, answer: outcome.answer } : { ok: true });
}
